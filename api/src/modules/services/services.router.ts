import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { loadVisibleShop, pathParam, type ShopChangeDeps } from '../shops/shop-access';
import { createService, deleteService, listServices, updateService } from './services.service';

/** /api/shops/{id}/services: anyone lists a visible shop's services; only its owner changes them. */
export function servicesRouter(deps: ShopChangeDeps): Router {
  const router = Router();

  router.get('/shops/:shopId/services', async (req, res) => {
    const shop = await loadVisibleShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), req.auth?.id);
    res.json(await listServices(deps.dataSource.manager, shop.id));
  });

  router.post('/shops/:shopId/services', requireAuth, async (req, res) => {
    res.status(201).json(await createService(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  router.patch('/shops/:shopId/services/:serviceId', requireAuth, async (req, res) => {
    res.json(
      await updateService(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'serviceId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.delete('/shops/:shopId/services/:serviceId', requireAuth, async (req, res) => {
    await deleteService(deps, pathParam(req.params, 'shopId'), pathParam(req.params, 'serviceId'), currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
