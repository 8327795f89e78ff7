import { type Request, Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam } from '../shops/shop-access';
import {
  addTimeOff,
  deleteTimeOff,
  getBarberSettings,
  loadOwnedBarber,
  patchBarberSettings,
} from './barber-settings.service';

/** /api/shops/{id}/barbers/{barberId}/settings and /time-off: owner only. */
export function barberSettingsRouter(deps: { dataSource: DataSource }): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const owned = (req: Request) =>
    loadOwnedBarber(manager, pathParam(req.params, 'shopId'), pathParam(req.params, 'barberId'), currentUser(req).id);

  router.get('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    res.json(await getBarberSettings(manager, await owned(req)));
  });

  router.patch('/shops/:shopId/barbers/:barberId/settings', requireAuth, async (req, res) => {
    res.json(await patchBarberSettings(manager, await owned(req), req.body));
  });

  router.post('/shops/:shopId/barbers/:barberId/time-off', requireAuth, async (req, res) => {
    res.status(201).json(await addTimeOff(manager, await owned(req), req.body));
  });

  router.delete('/shops/:shopId/barbers/:barberId/time-off/:timeOffId', requireAuth, async (req, res) => {
    await deleteTimeOff(manager, await owned(req), pathParam(req.params, 'timeOffId'));
    res.status(204).end();
  });

  return router;
}
