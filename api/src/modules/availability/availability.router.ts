import { Router } from 'express';
import type { Config } from '../../config';
import { publicBookingCors } from '../appointments/public-cors';
import { pathParam } from '../shops/shop-access';
import { type AvailabilityDeps, getAvailabilityAnswer } from './availability.service';

/**
 * Public: the booking page asks which starts are free. The answer carries an ETag and may be kept by the browser
 * only to ask again with If-None-Match (`no-cache`): an unchanged day then costs a 304 and no body.
 */
export function availabilityRouter(
  deps: AvailabilityDeps & { config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'> },
): Router {
  const router = Router();
  const cors = publicBookingCors(deps.config);
  router.options('/shops/:slugOrId/availability', cors);
  router.get('/shops/:slugOrId/availability', cors, async (req, res) => {
    const answer = await getAvailabilityAnswer(deps, pathParam(req.params, 'slugOrId'), req.query, req.auth?.id);
    res.set('Cache-Control', 'no-cache');
    res.set('ETag', answer.etag);
    res.type('json');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(answer.body);
  });
  return router;
}
