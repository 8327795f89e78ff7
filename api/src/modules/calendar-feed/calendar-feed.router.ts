import { type Request, Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { notFound } from '../../platform/http/errors';
import { loadLinkedBarber } from '../barbers/barber-settings.service';
import { loadOwnedShop, pathParam } from '../shops/shop-access';
import { type FeedScope, feedInfo, loadFeed, makeFeed, revokeFeed } from './calendar-feed.service';

/**
 * GET /api/calendar/{token}.ics (the token is the credential), and where each person makes, replaces and revokes
 * theirs: /api/my/calendar-feed (a barber: their chair) and /api/shops/{shopId}/calendar-feed (the owner: the shop).
 */
export function calendarFeedRouter(deps: { dataSource: DataSource; publicOrigin: string; now: () => Date }): Router {
  const router = Router();
  const manager = deps.dataSource.manager;

  const barberScope = async (req: Request): Promise<FeedScope> => {
    const barber = await loadLinkedBarber(manager, currentUser(req).id);
    return { shopId: barber.shopId, barberId: barber.id, userId: currentUser(req).id };
  };
  const ownerScope = async (req: Request): Promise<FeedScope> => {
    const shop = await loadOwnedShop(manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    return { shopId: shop.id, barberId: null, userId: currentUser(req).id };
  };

  for (const [path, scopeOf] of [
    ['/my/calendar-feed', barberScope],
    ['/shops/:shopId/calendar-feed', ownerScope],
  ] as const) {
    router.get(path, requireAuth, async (req, res) => {
      res.set('Cache-Control', 'private, no-store');
      res.json(await feedInfo(manager, await scopeOf(req)));
    });
    // Makes a feed, or replaces the one there (its old address stops working).
    router.post(path, requireAuth, async (req, res) => {
      res.set('Cache-Control', 'private, no-store');
      res.status(201).json(await makeFeed(manager, await scopeOf(req), deps.publicOrigin));
    });
    router.delete(path, requireAuth, async (req, res) => {
      await revokeFeed(manager, await scopeOf(req));
      res.status(204).end();
    });
  }

  router.get('/calendar/:file', async (req, res) => {
    const file = pathParam(req.params, 'file');
    const feed = file.endsWith('.ics') ? await loadFeed(manager, file.slice(0, -4), deps.now()) : null;
    if (!feed) throw notFound('Calendar feed not found');
    const lastModified = new Date(Math.floor(feed.lastModified.getTime() / 1000) * 1000);
    res.set({
      'Cache-Control': 'private, no-cache',
      ETag: feed.etag,
      'Last-Modified': lastModified.toUTCString(),
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    });
    const inm = req.get('if-none-match');
    const ims = req.get('if-modified-since');
    const unchanged = inm
      ? inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)
      : ims !== undefined && !Number.isNaN(Date.parse(ims)) && lastModified.getTime() <= Date.parse(ims);
    if (unchanged) {
      res.status(304).end();
      return;
    }
    res.type('text/calendar; charset=utf-8').send(feed.body);
  });

  return router;
}
