import { Router } from 'express';
import type { Config } from '../../config';
import { publicBookingCors } from '../appointments/public-cors';
import { pathParam } from '../shops/shop-access';
import { type AvailabilityDeps, getAvailability } from './availability.service';

/** Public: the booking page asks which starts are free. */
export function availabilityRouter(
  deps: AvailabilityDeps & { config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'> },
): Router {
  const router = Router();
  const cors = publicBookingCors(deps.config);
  router.options('/shops/:slugOrId/availability', cors);
  router.get('/shops/:slugOrId/availability', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getAvailability(deps, pathParam(req.params, 'slugOrId'), req.query, req.auth?.id));
  });
  return router;
}
