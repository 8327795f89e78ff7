import { Router } from 'express';
import type { Redis } from 'ioredis';
import { getDomain } from 'tldts';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { pathParam } from '../shops/shop-access';
import { domainAllowed, normaliseHost, resolveHost } from './domain-hosts';
import type { DomainsDeps } from './domain-rows';
import { addDomain, listDomains, makePrimary, removeDomain, verifyDomain } from './domains.service';
import { createHostAllowlist, type HostAllowlist } from './host-allowlist';

/**
 * Custom domains (issue 16). The owner's routes under /api/shops/{id}/domains; GET /api/domains/allowed is Caddy's
 * on-demand TLS `ask` (200 only for a proven domain); GET /api/domains/resolve is the storefront's host map.
 */
export function domainsRouter(
  deps: DomainsDeps & {
    redis: Redis | null;
    keyPrefix: string;
    askPerMinute?: number;
    /** The in-memory list of names Caddy may ask for; built (listening on DATABASE_URL) when not given. */
    hosts?: HostAllowlist;
    databaseUrl?: string;
  },
): Router {
  const router = Router();
  const hosts =
    deps.hosts ??
    (deps.databaseUrl
      ? createHostAllowlist({
          dataSource: deps.dataSource,
          connectionString: deps.databaseUrl,
          appDomain: deps.config.APP_DOMAIN,
          logger: deps.logger ?? { warn() {}, info() {} },
        })
      : null);
  // Only while the in-memory list is unknown (starting, or Postgres unreachable) do asks reach the database. Then
  // they are limited per registrable domain asked about, never per caller: Caddy is the only caller, and a flood of
  // made-up names must not refuse a real shop's certificate (issue 23 item 6).
  const askLimit = createRateLimiter({
    name: 'domain-ask',
    rule: { points: deps.askPerMinute ?? 120, durationSeconds: 60 },
    redis: deps.redis,
    keyPrefix: deps.keyPrefix,
  });

  router.get('/domains/allowed', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const host = normaliseHost(req.query.domain);
    let allowed = host ? await hosts?.allows(host) : false;
    if (allowed === null || allowed === undefined) {
      const limited = await askLimit.consume(getDomain(host ?? '') ?? host ?? '');
      if (!limited.allowed) throw tooManyRequests(limited.retryAfterSeconds);
      allowed = await domainAllowed(deps, host);
    }
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
    const verified = await verifyDomain(deps, shopId, domainId, currentUser(req).id);
    await hosts?.changed(shopId);
    res.json(verified);
  });

  router.patch('/shops/:shopId/domains/:domainId', requireAuth, async (req, res) => {
    const { shopId, domainId } = {
      shopId: pathParam(req.params, 'shopId'),
      domainId: pathParam(req.params, 'domainId'),
    };
    const changed = await makePrimary(deps, shopId, domainId, currentUser(req).id, req.body);
    await hosts?.changed(shopId);
    res.json(changed);
  });

  router.delete('/shops/:shopId/domains/:domainId', requireAuth, async (req, res) => {
    const { shopId, domainId } = {
      shopId: pathParam(req.params, 'shopId'),
      domainId: pathParam(req.params, 'domainId'),
    };
    await removeDomain(deps, shopId, domainId, currentUser(req).id);
    await hosts?.changed(shopId);
    res.status(204).end();
  });

  return router;
}
