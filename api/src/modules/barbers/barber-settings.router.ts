import { type Request, Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import type { ScheduleFreedHook } from '../shops/schedule-freed';
import { pathParam } from '../shops/shop-access';
import {
  addTimeOff,
  deleteTimeOff,
  getBarberSettings,
  loadOwnedBarber,
  patchBarberSettings,
} from './barber-settings.service';
import { loadChairBarber } from './own-chair';

/** /api/shops/{id}/barbers/{barberId}/settings and /time-off: owner only. */
export function barberSettingsRouter(deps: {
  dataSource: DataSource;
  /** Removed time off and changed hours may free time the waitlist wants (issue 14): routes.ts wires it. */
  scheduleFreed?: ScheduleFreedHook;
}): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const owned = (req: Request) =>
    loadOwnedBarber(manager, pathParam(req.params, 'shopId'), pathParam(req.params, 'barberId'), currentUser(req).id);
  // My Calendar (issue 26): the barber of the chair reads its schedule and blocks time (with the owner's leave).
  const chair = async (req: Request, write: boolean) =>
    (await loadChairBarber(
      manager,
      pathParam(req.params, 'shopId'),
      pathParam(req.params, 'barberId'),
      currentUser(req).id,
      write,
    )) ?? owned(req);

  router.get('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    res.json(await getBarberSettings(manager, await chair(req, false)));
  });

  router.patch('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    const barber = await owned(req);
    res.json(
      await deps.dataSource.transaction(async (tx) => {
        const saved = await patchBarberSettings(tx, barber, req.body);
        await deps.scheduleFreed?.(tx, barber.shopId);
        return saved;
      }),
    );
  });

  router.post('/shops/:shopId/barbers/:barberId/time-off', requireAuth, async (req, res) => {
    res.status(201).json(await addTimeOff(manager, await chair(req, true), req.body));
  });

  router.delete('/shops/:shopId/barbers/:barberId/time-off/:timeOffId', requireAuth, async (req, res) => {
    const barber = await chair(req, true);
    await deps.dataSource.transaction(async (tx) => {
      const range = await deleteTimeOff(tx, barber, pathParam(req.params, 'timeOffId'));
      await deps.scheduleFreed?.(tx, barber.shopId, range);
    });
    res.status(204).end();
  });

  return router;
}
