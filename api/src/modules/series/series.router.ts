import { BOOKING_RATE_LIMIT } from '@barberly/common';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import type { BookingDeps } from '../appointments/booking.service';
import { publicBookingCors } from '../appointments/public-cors';
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
  deps: BookingDeps & {
    /** The public accept route is limited per address like booking (AUTH_RATE_LIMIT_MULTIPLIER; 0 turns it off). */
    redis?: Redis | null;
    keyPrefix?: string;
    rateLimitMultiplier?: number;
  },
): Router {
  const router = Router();
  const multiplier = deps.rateLimitMultiplier ?? 0;
  const limiter =
    multiplier > 0
      ? createRateLimiter({
          name: 'series-accept',
          rule: {
            points: Math.max(1, Math.round(BOOKING_RATE_LIMIT.points * multiplier)),
            durationSeconds: BOOKING_RATE_LIMIT.durationSeconds,
          },
          redis: deps.redis ?? null,
          keyPrefix: deps.keyPrefix ?? '',
        })
      : null;
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
    const limit = await limiter?.consume(req.ip ?? 'unknown');
    if (limit && !limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    res
      .status(201)
      .json(
        await acceptCollisionAsClient(deps, pathParam(req.params, 'token'), pathParam(req.params, 'date'), req.body),
      );
  });

  return router;
}
