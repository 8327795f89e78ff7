import { Router } from 'express';
import type { Redis } from 'ioredis';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { publicBookingCors, publicRequestLimit } from '../appointments/public-cors';
import { pathParam } from '../shops/shop-access';
import { claimHold, getHeldSlot } from './held-slot.service';
import type { WaitlistDeps } from './holds';
import { getPublicEntry, joinWaitlist, leaveWaitlist, listWaitlist, offerSlot, removeEntry } from './waitlist.service';

export interface WaitlistRouterDeps extends WaitlistDeps {
  redis: Redis | null;
  keyPrefix: string;
  /** Scales the per-address limit of joins and claims (AUTH_RATE_LIMIT_MULTIPLIER); 0 turns it off. */
  rateLimitMultiplier: number;
}

/** The public paths (relative to /api) that answer browsers on shop sites, like the booking ones. */
export const PUBLIC_WAITLIST_PATHS = [
  '/shops/:slugOrId/waitlist',
  '/waitlist/:token',
  '/waitlist/:token/leave',
  '/waitlist/holds/:token',
  '/waitlist/holds/:token/claim',
];

/**
 * The waitlist: clients join it and leave it without an account (the link's token is the credential), claim a
 * held slot from the offer's link; a shop's owner reads a day's line, offers a time by hand, takes an entry out.
 */
export function waitlistRouter(deps: WaitlistRouterDeps): Router {
  const router = Router();
  const limited = publicRequestLimit('waitlist', deps);

  const cors = publicBookingCors(deps.config);
  for (const path of PUBLIC_WAITLIST_PATHS) router.options(path, cors);

  router.post('/shops/:slugOrId/waitlist', cors, async (req, res) => {
    await limited(req.ip);
    res.status(201).json(await joinWaitlist(deps, pathParam(req.params, 'slugOrId'), req.body));
  });

  router.get('/waitlist/holds/:token', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getHeldSlot(deps, pathParam(req.params, 'token')));
  });

  router.post('/waitlist/holds/:token/claim', cors, async (req, res) => {
    await limited(req.ip);
    res.status(201).json(await claimHold(deps, pathParam(req.params, 'token'), req.body));
  });

  router.get('/waitlist/:token', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getPublicEntry(deps, pathParam(req.params, 'token')));
  });

  router.post('/waitlist/:token/leave', cors, async (req, res) => {
    await leaveWaitlist(deps, pathParam(req.params, 'token'));
    res.status(204).end();
  });

  router.get('/shops/:shopId/waitlist', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listWaitlist(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.query));
  });

  router.post('/shops/:shopId/waitlist/:entryId/offer', requireAuth, async (req, res) => {
    res.json(
      await offerSlot(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'entryId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.delete('/shops/:shopId/waitlist/:entryId', requireAuth, async (req, res) => {
    await removeEntry(deps, pathParam(req.params, 'shopId'), pathParam(req.params, 'entryId'), currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
