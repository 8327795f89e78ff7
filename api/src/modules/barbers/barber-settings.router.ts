import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam } from '../shops/shop-access';
import { addTimeOff, deleteTimeOff, getBarberSettings, patchBarberSettings } from './barber-settings.service';

/** /api/shops/{id}/barbers/{barberId}/settings and /time-off: owner only. */
export function barberSettingsRouter(deps: { dataSource: DataSource }): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const ids = (req: { params: Record<string, string | string[] | undefined> }) =>
    [pathParam(req.params, 'shopId'), pathParam(req.params, 'barberId')] as const;

  router.get('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    res.json(await getBarberSettings(manager, ...ids(req), currentUser(req).id));
  });

  router.patch('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    res.json(await patchBarberSettings(manager, ...ids(req), currentUser(req).id, req.body));
  });

  router.post('/shops/:shopId/barbers/:barberId/time-off', requireAuth, async (req, res) => {
    res.status(201).json(await addTimeOff(manager, ...ids(req), currentUser(req).id, req.body));
  });

  router.delete('/shops/:shopId/barbers/:barberId/time-off/:timeOffId', requireAuth, async (req, res) => {
    await deleteTimeOff(manager, ...ids(req), pathParam(req.params, 'timeOffId'), currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
