import { Router } from 'express';
import type { Redis } from 'ioredis';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { pathParam } from '../shops/shop-access';
import {
  addDomain,
  type DomainsDeps,
  domainAllowed,
  listDomains,
  makePrimary,
  removeDomain,
  resolveHost,
  verifyDomain,
} from './domains.service';

/**
 * Custom domains (issue 16). The owner's routes under /api/shops/{id}/domains; GET /api/domains/allowed is Caddy's
 * on-demand TLS `ask` (200 only for a proven domain); GET /api/domains/resolve is the storefront's host map.
 */
export function domainsRouter(
  deps: DomainsDeps & { redis: Redis | null; keyPrefix: string; askPerMinute?: number },
): Router {
  const router = Router();
  // Per asking address: Caddy asks once per new name, so a flood of names cannot become a flood of queries.
  const askLimit = createRateLimiter({
    name: 'domain-ask',
    rule: { points: deps.askPerMinute ?? 120, durationSeconds: 60 },
    redis: deps.redis,
    keyPrefix: deps.keyPrefix,
  });

  router.get('/domains/allowed', async (req, res) => {
    const limited = await askLimit.consume(req.ip ?? 'unknown');
    if (!limited.allowed) throw tooManyRequests(limited.retryAfterSeconds);
    res.set('Cache-Control', 'no-store');
    const allowed = await domainAllowed(deps, req.query.domain);
    res.status(allowed ? 200 : 404).json({ allowed });
  });

  router.get('/domains/resolve', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const found = await resolveHost(deps, req.query.host);
    if (!found) {
      res.status(404).json({ error: { code: 'not_found', message: 'This domain is not connected to a shop' } });
      return;
    }
    res.json(found);
  });

  router.get('/shops/:shopId/domains', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listDomains(deps, pathParam(req.params, 'shopId'), currentUser(req).id));
  });

  router.post('/shops/:shopId/domains', requireAuth, async (req, res) => {
    res.status(201).json(await addDomain(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  router.post('/shops/:shopId/domains/:domainId/verify', requireAuth, async (req, res) => {
    const { shopId, domainId } = {
      shopId: pathParam(req.params, 'shopId'),
      domainId: pathParam(req.params, 'domainId'),
    };
    res.json(await verifyDomain(deps, shopId, domainId, currentUser(req).id));
  });

  router.patch('/shops/:shopId/domains/:domainId', requireAuth, async (req, res) => {
    const { shopId, domainId } = {
      shopId: pathParam(req.params, 'shopId'),
      domainId: pathParam(req.params, 'domainId'),
    };
    res.json(await makePrimary(deps, shopId, domainId, currentUser(req).id, req.body));
  });

  router.delete('/shops/:shopId/domains/:domainId', requireAuth, async (req, res) => {
    const { shopId, domainId } = {
      shopId: pathParam(req.params, 'shopId'),
      domainId: pathParam(req.params, 'domainId'),
    };
    await removeDomain(deps, shopId, domainId, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
