import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { notFound } from '../../platform/http/errors';
import { isStorageKey } from '../../platform/storage/file-storage';
import { pathParam } from '../shops/shop-access';
import { readSingleFile } from './multipart-upload';
import {
  deleteMyPortfolioImage,
  listMyPortfolio,
  listPublicPortfolio,
  listShopPortfolio,
  ownerPatchPortfolioImage,
  type PortfolioDeps,
  patchMyPortfolioImage,
  uploadMyPhoto,
  uploadPortfolioImage,
} from './portfolio.service';

/**
 * Portfolio (issue 26 item 3): the barber's own photos under /api/my/portfolio, the public list per barber, the
 * owner's hide switch, and the stored files at /api/uploads/<key> (immutable: a key is never written twice).
 */
export function portfolioRouter(deps: PortfolioDeps & { publicOrigin: string }): Router {
  const router = Router();

  router.post('/my/portfolio', requireAuth, async (req, res) => {
    const image = await uploadPortfolioImage(deps, currentUser(req).id, () => readSingleFile(req, 'image'));
    res.status(201).json(image);
  });

  router.post('/my/photo', requireAuth, async (req, res) => {
    res.json(await uploadMyPhoto(deps, currentUser(req).id, () => readSingleFile(req, 'image')));
  });

  router.get('/my/portfolio', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await listMyPortfolio(deps, currentUser(req).id));
  });

  router.patch('/my/portfolio/:imageId', requireAuth, async (req, res) => {
    res.json(await patchMyPortfolioImage(deps, currentUser(req).id, pathParam(req.params, 'imageId'), req.body));
  });

  router.delete('/my/portfolio/:imageId', requireAuth, async (req, res) => {
    await deleteMyPortfolioImage(deps, currentUser(req).id, pathParam(req.params, 'imageId'));
    res.status(204).end();
  });

  router.get('/shops/:slugOrId/barbers/:barberId/portfolio', async (req, res) => {
    res.json(
      await listPublicPortfolio(
        deps,
        pathParam(req.params, 'slugOrId'),
        pathParam(req.params, 'barberId'),
        req.auth?.id,
      ),
    );
  });

  router.get('/shops/:shopId/portfolio', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await listShopPortfolio(deps, pathParam(req.params, 'shopId'), currentUser(req).id));
  });

  router.patch('/shops/:shopId/portfolio/:imageId', requireAuth, async (req, res) => {
    res.json(
      await ownerPatchPortfolioImage(
        deps,
        pathParam(req.params, 'shopId'),
        currentUser(req).id,
        pathParam(req.params, 'imageId'),
        req.body,
      ),
    );
  });

  router.get('/uploads/*key', async (req, res) => {
    const parts = (req.params as { key?: string[] }).key ?? [];
    const key = parts.join('/');
    const file = isStorageKey(key) ? await deps.storage.get(key) : null;
    if (!file) throw notFound('File not found');
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ...(file.size !== undefined ? { 'Content-Length': String(file.size) } : {}),
    });
    file.body.on('error', () => res.destroy());
    file.body.pipe(res);
  });

  return router;
}
