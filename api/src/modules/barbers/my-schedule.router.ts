import { type Request, Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import type { ScheduleFreedHook } from '../shops/schedule-freed';
import { pathParam } from '../shops/shop-access';
import {
  addTimeOff,
  deleteTimeOff,
  getMyBarberSettings,
  loadLinkedBarber,
  patchMyBarberSettings,
} from './barber-settings.service';

/**
 * /api/barber/settings and /api/barber/time-off: the signed-in barber's own hours and time off. No id in the path:
 * the barber is always the one linked to the caller's account, so nobody reaches another barber's schedule here.
 */
export function myScheduleRouter(deps: {
  dataSource: DataSource;
  /** Removed time off and changed hours may free time the waitlist wants (issue 14): routes.ts wires it. */
  scheduleFreed?: ScheduleFreedHook;
}): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const linked = (req: Request) => loadLinkedBarber(manager, currentUser(req).id);

  router.get('/barber/settings', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getMyBarberSettings(manager, await linked(req)));
  });

  router.patch('/barber/settings', requireAuth, async (req, res) => {
    const barber = await linked(req);
    res.json(
      await deps.dataSource.transaction(async (tx) => {
        const saved = await patchMyBarberSettings(tx, barber, req.body);
        await deps.scheduleFreed?.(tx, barber.shopId);
        return saved;
      }),
    );
  });

  router.post('/barber/time-off', requireAuth, async (req, res) => {
    res.status(201).json(await addTimeOff(manager, await linked(req), req.body));
  });

  router.delete('/barber/time-off/:timeOffId', requireAuth, async (req, res) => {
    const barber = await linked(req);
    await deps.dataSource.transaction(async (tx) => {
      const range = await deleteTimeOff(tx, barber, pathParam(req.params, 'timeOffId'));
      await deps.scheduleFreed?.(tx, barber.shopId, range);
    });
    res.status(204).end();
  });

  return router;
}
