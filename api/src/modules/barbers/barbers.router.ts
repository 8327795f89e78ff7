import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { loadVisibleShop, pathParam, type ShopChangeDeps } from '../shops/shop-access';
import { createBarber, deleteBarber, listBarbers, setBarberServices, updateBarber } from './barbers.service';

/** /api/shops/{id}/barbers: anyone lists a visible shop's barbers; only its owner changes them. */
export function barbersRouter(deps: ShopChangeDeps): Router {
  const router = Router();

  router.get('/shops/:shopId/barbers', async (req, res) => {
    const shop = await loadVisibleShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), req.auth?.id);
    res.json(await listBarbers(deps.dataSource.manager, shop.id));
  });

  router.post('/shops/:shopId/barbers', requireAuth, async (req, res) => {
    res.status(201).json(await createBarber(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  router.patch('/shops/:shopId/barbers/:barberId', requireAuth, async (req, res) => {
    res.json(
      await updateBarber(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'barberId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.put('/shops/:shopId/barbers/:barberId/services', requireAuth, async (req, res) => {
    res.json(
      await setBarberServices(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'barberId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.delete('/shops/:shopId/barbers/:barberId', requireAuth, async (req, res) => {
    await deleteBarber(deps, pathParam(req.params, 'shopId'), pathParam(req.params, 'barberId'), currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
