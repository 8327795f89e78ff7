import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import type { BookingDeps } from '../appointments/booking.service';
import { type PublicLimitDeps, publicBookingCors, publicRequestLimit } from '../appointments/public-cors';
import { pathParam } from '../shops/shop-access';
import {
  acceptCollision,
  acceptCollisionAsClient,
  createSeries,
  dismissCollision,
  getSeries,
  listSeries,
} from './series.service';

/**
 * Recurring series (issue 14): the owner makes and reads a shop's series and resolves their collisions; a client
 * accepts an alternative for a collision through any visit's manage link.
 */
export function seriesRouter(
  /** The public accept route is limited per address like booking. */
  deps: BookingDeps & PublicLimitDeps,
): Router {
  const router = Router();
  const limited = publicRequestLimit('series-accept', deps);
  const owner = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  router.post('/shops/:shopId/series', requireAuth, async (req, res) => {
    res.status(201).json(await createSeries(deps, pathParam(req.params, 'shopId'), owner(req), req.body));
  });

  router.get('/shops/:shopId/series', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listSeries(deps, pathParam(req.params, 'shopId'), owner(req), req.query));
  });

  router.get('/shops/:shopId/series/:seriesId', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getSeries(deps, pathParam(req.params, 'shopId'), pathParam(req.params, 'seriesId'), owner(req)));
  });

  router.post('/shops/:shopId/series/:seriesId/collisions/:date/accept', requireAuth, async (req, res) => {
    const { shopId, seriesId, date } = {
      shopId: pathParam(req.params, 'shopId'),
      seriesId: pathParam(req.params, 'seriesId'),
      date: pathParam(req.params, 'date'),
    };
    res.status(201).json(await acceptCollision(deps, shopId, seriesId, date, owner(req), req.body));
  });

  router.post('/shops/:shopId/series/:seriesId/collisions/:date/dismiss', requireAuth, async (req, res) => {
    await dismissCollision(
      deps,
      pathParam(req.params, 'shopId'),
      pathParam(req.params, 'seriesId'),
      pathParam(req.params, 'date'),
      owner(req),
    );
    res.status(204).end();
  });

  // The client's side is public like the rest of the manage link (the token is the credential).
  const cors = publicBookingCors(deps.config);
  const clientAccept = '/appointments/manage/:token/series/collisions/:date/accept';
  router.options(clientAccept, cors);
  router.post(clientAccept, cors, async (req, res) => {
    await limited(req.ip);
    res
      .status(201)
      .json(
        await acceptCollisionAsClient(deps, pathParam(req.params, 'token'), pathParam(req.params, 'date'), req.body),
      );
  });

  return router;
}
