import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam, type ShopChangeDeps } from '../shops/shop-access';
import { getShopBarberPermissions, patchBarberPermissions, putShopBarberPermissions } from './barber-permissions';
import { getMyProfile, getMyServices, patchMyProfile, putMyServices } from './my-barber.service';

/**
 * Issue 26: the barber's own profile and services (/api/my/profile, /api/my/services), and the owner's permission
 * settings for barbers (/api/shops/{shopId}/barber-permissions, /api/shops/{shopId}/barbers/{barberId}/permissions).
 */
export function myBarberRouter(deps: ShopChangeDeps): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const privately = { 'Cache-Control': 'private, no-store' };

  router.get('/my/profile', requireAuth, async (req, res) => {
    res.set(privately).json(await getMyProfile(manager, currentUser(req).id));
  });
  router.patch('/my/profile', requireAuth, async (req, res) => {
    res.set(privately).json(await patchMyProfile(deps, currentUser(req).id, req.body));
  });
  router.get('/my/services', requireAuth, async (req, res) => {
    res.set(privately).json(await getMyServices(manager, currentUser(req).id));
  });
  router.put('/my/services', requireAuth, async (req, res) => {
    res.set(privately).json(await putMyServices(deps, currentUser(req).id, req.body));
  });

  router.get('/shops/:shopId/barber-permissions', requireAuth, async (req, res) => {
    res
      .set(privately)
      .json(await getShopBarberPermissions(manager, pathParam(req.params, 'shopId'), currentUser(req).id));
  });
  router.put('/shops/:shopId/barber-permissions', requireAuth, async (req, res) => {
    res
      .set(privately)
      .json(await putShopBarberPermissions(manager, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });
  router.patch('/shops/:shopId/barbers/:barberId/permissions', requireAuth, async (req, res) => {
    res
      .set(privately)
      .json(
        await patchBarberPermissions(
          manager,
          pathParam(req.params, 'shopId'),
          pathParam(req.params, 'barberId'),
          currentUser(req).id,
          req.body,
        ),
      );
  });

  return router;
}
