import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam } from './shop-access';
import {
  completeOnboarding,
  createShop,
  getShopPage,
  listMyShops,
  patchShop,
  type ShopsDeps,
  slugAvailability,
} from './shops.service';

/** Shops: anyone reads an active shop's page; signed-in users create shops; only a shop's owner changes it. */
export function shopsRouter(deps: ShopsDeps): Router {
  const router = Router();

  router.post('/shops', requireAuth, async (req, res) => {
    res.status(201).json(await createShop(deps, currentUser(req), req.body));
  });

  // Before /shops/:slugOrId, which would otherwise take 'slug-available' for a slug.
  router.get('/shops/slug-available', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await slugAvailability(deps.dataSource.manager, req.query.slug));
  });

  router.get('/shops/:slugOrId', async (req, res) => {
    res.json(await getShopPage(deps, pathParam(req.params, 'slugOrId'), req.auth?.id));
  });

  router.patch('/shops/:shopId', requireAuth, async (req, res) => {
    res.json(await patchShop(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  router.get('/my/shops', requireAuth, async (req, res) => {
    res.json(await listMyShops(deps, currentUser(req).id));
  });

  router.post('/auth/complete-onboarding', requireAuth, async (req, res) => {
    res.json(await completeOnboarding(deps, currentUser(req), req.body));
  });

  return router;
}
