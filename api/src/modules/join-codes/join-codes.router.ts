import { Router } from 'express';
import type { Redis } from 'ioredis';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { pathParam } from '../shops/shop-access';
import {
  acceptInvite,
  getJoinCode,
  type InviteDeps,
  joinShop,
  previewInvite,
  regenerateJoinCode,
} from './join-codes.service';

/** Barber accounts: the owner hands out the shop's join code; a signed-in user joins with it. */
export function joinCodesRouter(
  deps: InviteDeps & { redis: Redis | null; keyPrefix: string; rateLimitMultiplier: number },
): Router {
  const router = Router();
  // Codes are 8 of 31 characters: guessing one takes far more than 10 tries per user per 10 minutes allow.
  const limiter =
    deps.rateLimitMultiplier > 0
      ? createRateLimiter({
          name: 'join-shop',
          rule: { points: Math.max(1, Math.round(10 * deps.rateLimitMultiplier)), durationSeconds: 600 },
          redis: deps.redis,
          keyPrefix: deps.keyPrefix,
        })
      : null;

  router.get('/shops/:shopId/join-code', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getJoinCode(deps, pathParam(req.params, 'shopId'), currentUser(req).id));
  });

  router.post('/shops/:shopId/join-code/regenerate', requireAuth, async (req, res) => {
    res.json(await regenerateJoinCode(deps, pathParam(req.params, 'shopId'), currentUser(req).id));
  });

  router.post('/barbers/join', requireAuth, async (req, res) => {
    const limit = await limiter?.consume(currentUser(req).id);
    if (limit && !limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    res.json(await joinShop(deps, currentUser(req), req.body));
  });

  router.get('/barbers/invites/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await previewInvite(deps, pathParam(req.params, 'token')));
  });

  router.post('/barbers/invites/accept', requireAuth, async (req, res) => {
    const limit = await limiter?.consume(currentUser(req).id);
    if (limit && !limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    res.json(await acceptInvite(deps, currentUser(req), req.body));
  });

  return router;
}
