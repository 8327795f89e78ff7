import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bareHost, isCustomHost } from '@barberly/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { renderPage } from 'vike/server';
import type { ShopLoad, StorefrontContext } from '../lib/storefront-context';
import { type DirectRenderer, directInput, renderThrough } from './direct-render';
import type { Env } from './env';
import type { HostMap } from './host-map';
import {
  type CachedResponse,
  cachedResponse,
  type HtmlCache,
  PAGE_SECURITY_HEADERS,
  pageCacheKey,
  sendCachedResponse,
  setHeaders,
} from './html-cache';
import type { LoadManaged } from './managed-api';
import { labelRoute, type StorefrontCounts } from './metrics';
import type { SharedPages } from './shared-pages';
import type { ShopCache } from './shop-cache';
import { ShopChangedEventSchema } from './shop-events';
import { requestHost, resolveShopRequest, type ShopRequest } from './shop-request';

export interface AppDeps {
  env: Pick<Env, 'APP_DOMAIN' | 'INTERNAL_TOKEN'>;
  shops: ShopCache;
  htmlCache: HtmlCache;
  /** Custom domains' shops (issue 16); absent: hosts outside APP_DOMAIN serve nothing but the product's paths. */
  hosts?: HostMap;
  /** Built client assets (dist/client), served under /_sf/. Absent in development. */
  clientDir?: string | null;
  /** Vite's dev middleware in development. */
  devMiddleware?: RequestHandler | null;
  now?: () => Date;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** Reads a manage link's appointment for its page (issue 28); absent: the browser reads it. */
  loadManaged?: LoadManaged;
  /** Renders the shop page without Vike (issue 29); absent: Vike renders every page. */
  direct?: DirectRenderer | null;
  /**
   * The page cache's second tier in Redis, shared by the processes (issue 29, server/shared-pages.ts); absent: pages
   * are held in this process only.
   */
  shared?: SharedPages | null;
}

interface Rendered {
  statusCode: number;
  headers: [string, string][];
  body: string;
  /** Set when the page went into the rendered-page cache. */
  cached: CachedResponse | null;
}

/** How long one rendering of the 'Error loading shop' page is reused. */
const FAILED_PAGE_MS = 2_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function apiError(res: Response, status: number, code: string, message: string) {
  res.status(status).json({ error: { code, message } });
}

/**
 * Who asks, for the unknown-slug budgets: the last X-Forwarded-For entry, which the hop in front of us (the proxy,
 * or nginx from its connection) wrote; the socket's address when nothing is in front.
 */
function clientOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  const last = list[list.length - 1]?.trim();
  return last || req.socket.remoteAddress || 'unknown';
}

function plainPage(res: Response, status: number, title: string, text: string) {
  res
    .status(status)
    .set('cache-control', 'no-store')
    .set(PAGE_SECURITY_HEADERS)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
        '</head><body style="font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;' +
        `color:#1e293b;line-height:1.5"><h1>${title}</h1><p>${text}</p></body></html>`,
    );
}

/**
 * A 301 between a shop's hosts (an alias or its subdomain to its primary domain) that browsers do not keep: a
 * browser caches a bare 301 for good, so once the owner removed the domain its visitors' subdomain would still
 * lead to the dead domain. Search engines still read a permanent move.
 */
function permanentRedirect(res: Response, location: string) {
  res.set('cache-control', 'no-store').redirect(301, location);
}

/** An unknown host: never another shop. */
const NOT_CONNECTED_TITLE = 'This domain is not connected';
const NOT_CONNECTED_TEXT =
  'No Barberly shop has connected this domain. If it is yours, connect it from your dashboard: once its DNS ' +
  'records are in place and checked, your shop appears here.';

/** Express's res.send() rewrites a string body's content type with its charset parameter as ' charset=utf-8'. */
function expressContentType(value: string): string {
  const [type, ...params] = value.split(';');
  const rest = params.map((p) => p.trim()).filter((p) => p && !/^charset=/i.test(p));
  return [type?.trim() ?? '', ...rest, 'charset=utf-8'].join('; ');
}

function versionOf(load: ShopLoad | null | undefined): number | null {
  const version = load?.status === 'found' ? load.page.shop?.version : undefined;
  return typeof version === 'number' ? version : null;
}

/**
 * The storefront's HTTP handler: a fast path answering rendered pages this process already holds (no Express,
 * no promise, no I/O), and the Express app for everything else (rendering, assets, health, invalidation).
 */
export function createStorefront(deps: AppDeps) {
  const { env, shops, htmlCache } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message, fields) => console.error(JSON.stringify({ message, ...fields })));
  /** One render per cache key at a time: a burst of requests after an edit renders the page once. */
  const renders = new Map<string, Promise<Rendered>>();
  /**
   * The 'Error loading shop' page (api down, or a flood of unknown slugs refused) names no shop: one rendering per
   * origin serves every such request for FAILED_PAGE_MS, so a flood costs no render per request.
   */
  const failedPages = new Map<string, { until: number; response: CachedResponse }>();
  /** Pages rendered by Vike since start (GET /_internal/stats; the bench reads the page cache's hit ratio). */
  let renderCount = 0;
  /** Page requests answered from the page cache without a render. */
  let pageHits = 0;
  /** Requests whose page the fast path already asked Redis for, in vain: the long way does not ask again. */
  const sharedMissed = new WeakSet<IncomingMessage>();

  /**
   * The page from the shared tier (Redis) when a process shared it (kept in this process's hot set from then on),
   * else rendered. `version` is the shop's, for the shared copy; `askShared` false: Redis was already asked.
   */
  async function obtain(
    request: ShopRequest,
    req: Request,
    preload: Promise<ShopLoad> | null,
    at: Date,
    key: string | null,
    version: number | null,
    askShared: boolean,
  ): Promise<Rendered> {
    if (askShared && deps.shared && key && request.slug && version !== null) {
      const shared = await deps.shared.get(request.slug, key);
      if (shared) {
        htmlCache.set(key, request.slug, shared);
        return { statusCode: 200, headers: [], body: '', cached: shared };
      }
    }
    return render(request, req, preload, at, key, version);
  }

  async function render(
    request: ShopRequest,
    req: Request,
    preload: Promise<ShopLoad> | null,
    at: Date,
    key: string | null,
    version: number | null,
  ) {
    renderCount++;
    const storefront: StorefrontContext = {
      loadShop: (slug) => (slug === request.slug && preload ? preload : shops.get(slug, clientOf(req))),
      shopUrl: request.shopUrl,
      shopBase: request.shopBase,
      origin: request.origin,
      now: at,
      ...(deps.loadManaged ? { loadManaged: (token: string) => deps.loadManaged!(token, clientOf(req)) } : {}),
    };
    // The shop page skips Vike once a Vike render gave its shell (issue 29, server/direct-render.ts).
    const pageContext = await renderThrough(deps.direct, directInput(request, storefront), () =>
      renderPage({ urlOriginal: request.url, headersOriginal: req.headers, homeUrl: request.homeUrl, storefront }),
    );
    const { httpResponse } = pageContext;
    if (!httpResponse) return { statusCode: 404, headers: [], body: 'Not found', cached: null } satisfies Rendered;
    const body = httpResponse.body;
    let cached: CachedResponse | null = null;
    if (key && httpResponse.statusCode === 200) {
      const contentType = httpResponse.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      cached = cachedResponse(body, contentType ?? 'text/html;charset=utf-8');
      htmlCache.set(key, request.slug ?? '#demo', cached);
      if (deps.shared && request.slug && version !== null) deps.shared.set(request.slug, key, version, cached);
    }
    return { statusCode: httpResponse.statusCode, headers: httpResponse.headers, body, cached } satisfies Rendered;
  }

  const app = express();
  app.disable('x-powered-by');
  // Cached pages carry their own ETag (computed once); hashing every response would cost more than rendering.
  app.set('etag', false);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.post('/_internal/shop-changed', express.json({ limit: '4kb' }), async (req, res) => {
    if (!tokenMatches(req.get('x-internal-token'), env.INTERNAL_TOKEN)) {
      apiError(res, 403, 'forbidden', 'A valid x-internal-token header is required');
      return;
    }
    const parsed = ShopChangedEventSchema.safeParse(req.body);
    if (!parsed.success) {
      apiError(res, 400, 'invalid_event', 'Expected {shopId, slug, version}');
      return;
    }
    deps.hosts?.forget(parsed.data.hosts ?? []);
    await shops.invalidate(parsed.data);
    res.status(204).end();
  });

  // Operator and bench counters; /_internal never passes the front door, and the token is required here too.
  app.get('/_internal/stats', (req, res) => {
    if (!tokenMatches(req.get('x-internal-token'), env.INTERNAL_TOKEN)) {
      apiError(res, 403, 'forbidden', 'A valid x-internal-token header is required');
      return;
    }
    const memory = process.memoryUsage();
    const sharedHits = deps.shared?.hits ?? 0;
    const answered = pageHits + sharedHits + renderCount;
    res.set('cache-control', 'no-store').json({
      renders: renderCount,
      // Of those, rendered without Vike (issue 29, server/direct-render.ts), and the shells that made it possible.
      directRenders: deps.direct?.direct ?? 0,
      directShells: deps.direct?.shellCount ?? 0,
      // Answered from this process's memory, and from the shared tier in Redis.
      pageHits,
      sharedHits,
      // Share of page requests answered without a render (from memory or Redis) since start; null before the first.
      hitRatio: answered ? (pageHits + sharedHits) / answered : null,
      apiCalls: shops.apiCalls,
      shopsHeld: shops.size,
      pagesHeld: htmlCache.size,
      pageBytes: htmlCache.bytes,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
      arrayBuffersBytes: memory.arrayBuffers,
      // Where page requests were answered (issue 29): from this process's page cache (its hot set, bounded by
      // bytes), from the pages the processes share in Redis (null without it), or rendered (directly or by Vike);
      // the 'Error loading shop' page reused for a flood counts as none of them.
      tiers: {
        memory: { hits: pageHits, pages: htmlCache.size, bytes: htmlCache.bytes, maxBytes: htmlCache.maxBytes },
        redis: deps.shared
          ? {
              hits: sharedHits,
              misses: deps.shared.misses,
              errors: deps.shared.errors,
              writes: deps.shared.writes,
            }
          : null,
        render: {
          renders: renderCount,
          direct: deps.direct?.direct ?? 0,
          vike: renderCount - (deps.direct?.direct ?? 0),
        },
      },
    });
  });

  // Shop sites answer these on their own host (every path of {slug}.{APP_DOMAIN} comes here): cheap, no render.
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('cache-control', 'public, max-age=3600').send('User-agent: *\nAllow: /\n');
  });
  app.get('/favicon.ico', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  if (deps.clientDir) {
    app.use(
      '/_sf',
      // The .br/.gz siblings written at build time (scripts/precompress.mjs) go to clients that accept them.
      expressStaticGzip(deps.clientDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { index: false, maxAge: '1y', immutable: true, fallthrough: true },
      }),
      (_req, res) => {
        res.status(404).type('text/plain').send('Not found');
      },
    );
  }
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  /**
   * A custom domain (issue 16): the shop it serves, or the answer already sent (not connected, a redirect from an
   * alias to the primary domain, the api away). undefined: not a custom host.
   */
  async function customRoute(req: Request, res: Response): Promise<string | null | undefined> {
    const host = requestHost(req.headers);
    if (!deps.hosts || !isCustomHost(host, env.APP_DOMAIN)) return undefined;
    let route: Awaited<ReturnType<HostMap['lookup']>>;
    try {
      route = await deps.hosts.lookup(host);
    } catch {
      plainPage(res, 503, 'Temporarily unavailable', 'This site cannot be loaded right now. Please try again shortly.');
      return null;
    }
    if (!route) {
      plainPage(res, 404, NOT_CONNECTED_TITLE, NOT_CONNECTED_TEXT);
      return null;
    }
    if (route.primary && route.primary !== bareHost(host)) {
      const request = resolveShopRequest({ url: '/', headers: req.headers, appDomain: env.APP_DOMAIN });
      permanentRedirect(res, `${request.originOf(route.primary)}${req.originalUrl}`);
      return null;
    }
    return route.slug;
  }

  app.get('/sitemap.xml', async (req, res, next) => {
    const custom = await customRoute(req, res);
    if (custom === null) return;
    const request = resolveShopRequest({
      url: '/',
      headers: req.headers,
      appDomain: env.APP_DOMAIN,
      customSlug: custom,
    });
    if (!request.subdomain) {
      next();
      return;
    }
    const load = await shops.get(request.subdomain, clientOf(req)).catch(() => null);
    if (load?.status !== 'found') {
      res
        .status(load ? 404 : 503)
        .type('text/plain')
        .send(load ? 'Not found' : 'Try again shortly');
      return;
    }
    const site = request.shopUrl(request.subdomain, load.page.shop.customDomain);
    const urls = [site, `${site}book`].map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`).join('');
    res
      .type('application/xml')
      .set('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
      );
  });

  app.get('/{*splat}', async (req, res) => {
    const custom = await customRoute(req, res);
    if (custom === null) return;
    const request = resolveShopRequest({
      url: req.originalUrl,
      headers: req.headers,
      appDomain: env.APP_DOMAIN,
      customSlug: custom,
    });
    if (request.redirect) {
      res.redirect(302, request.redirect);
      return;
    }
    const at = now();
    // The shop's record comes first: its version is part of the rendered-page key, and +data reuses it.
    const preload = request.slug ? shops.get(request.slug, clientOf(req)) : null;
    const load = preload ? await preload.catch(() => null) : null;
    // A shop with an active custom domain lives there: its subdomain redirects (the owner's preview at
    // /shop/{slug} on the main domain stays).
    const customDomain = load?.status === 'found' ? load.page.shop.customDomain : null;
    const shopPath = request.slug ? `/shop/${request.slug}` : null;
    if (customDomain && request.subdomain && !request.customHost && shopPath && request.url.startsWith(shopPath)) {
      permanentRedirect(res, `${request.originOf(customDomain)}${request.url.slice(shopPath.length) || '/'}`);
      return;
    }
    const key = pageCacheKey(request, versionOf(load), at);
    const failedKey =
      preload && load === null && pageCacheKey(request, 0, at)
        ? `failed|${request.origin}|${request.homeUrl}|${at.getUTCFullYear()}`
        : null;
    if (failedKey) {
      const failed = failedPages.get(failedKey);
      if (failed && failed.until > Date.now()) {
        sendCachedResponse(req, res, failed.response);
        return;
      }
    }

    if (key) {
      const hit = htmlCache.get(key);
      if (hit) {
        pageHits++;
        sendCachedResponse(req, res, hit);
        return;
      }
    }
    let pending = key ? renders.get(key) : undefined;
    if (!pending) {
      pending = obtain(request, req, preload, at, key, versionOf(load), !sharedMissed.has(req));
      if (key) {
        renders.set(key, pending);
        const settled = pending;
        void settled.finally(() => renders.delete(key)).catch(() => {});
      }
    }
    const rendered = await pending;
    if (failedKey && rendered.statusCode === 503 && !deps.devMiddleware) {
      const contentType = rendered.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      const response = cachedResponse(rendered.body, contentType ?? 'text/html;charset=utf-8', 503);
      if (failedPages.size > 100) failedPages.clear();
      failedPages.set(failedKey, { until: Date.now() + FAILED_PAGE_MS, response });
      sendCachedResponse(req, res, response);
      return;
    }
    if (rendered.cached) {
      sendCachedResponse(req, res, rendered.cached);
      return;
    }
    // Vite's dev client runs inline scripts: the policy is for the built pages only.
    if (!deps.devMiddleware) res.set(PAGE_SECURITY_HEADERS);
    for (const [name, value] of rendered.headers) res.setHeader(name, value);
    res.status(rendered.statusCode).send(rendered.body);
  });

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 400 && status < 500) {
      apiError(res, status, 'bad_request', 'The request could not be read');
      return;
    }
    log('storefront request failed', { err: err instanceof Error ? err.stack : String(err) });
    if (!res.headersSent) apiError(res, 500, 'internal', 'Something went wrong');
  });

  /** A page this process has rendered for the shop's current version: answered without Express. */
  /**
   * The last requests' resolutions (issue 29: resolving and keying a page cost about 4% of a page from memory
   * through the front door): the same scheme, host, custom domain's shop and URL resolve the same way, and give the
   * same key for the same shop version and day. Bounded: cleared when full.
   */
  const kept = new Map<string, { request: ShopRequest; version: number | null; day: number; key: string | null }>();

  function keptResolution(url: string, req: IncomingMessage, host: string, customSlug: string | null) {
    const proto = req.headers['x-forwarded-proto'];
    const memo = `${typeof proto === 'string' ? proto : String(proto ?? '')}\n${host}\n${customSlug ?? ''}\n${url}`;
    let entry = kept.get(memo);
    if (!entry) {
      const request = resolveShopRequest({ url, headers: req.headers, appDomain: env.APP_DOMAIN, customSlug });
      entry = { request, version: null, day: Number.NaN, key: null };
      if (kept.size >= 1024) kept.clear();
      kept.set(memo, entry);
    }
    return entry;
  }

  /**
   * A page in this process's memory (or the shared tier's) for the shop's current version: answered without
   * Express. `before`: headers that go first (the request id, server/ops.ts), written with the page's own in one
   * writeHead, or set before the long way when it turns out to be needed.
   */
  function answerFromCache(req: IncomingMessage, res: ServerResponse, before: readonly string[] = []): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url.startsWith('/_')) return false;
    let customSlug: string | null = null;
    const host = requestHost(req.headers);
    if (deps.hosts && isCustomHost(host, env.APP_DOMAIN)) {
      // Only a host this process knows serves its shop from memory; the rest (and redirects) take the long way.
      const route = deps.hosts.peek(host);
      if (!route || (route.primary && route.primary !== bareHost(host))) return false;
      customSlug = route.slug;
    }
    const resolution = keptResolution(url, req, host, customSlug);
    const request = resolution.request;
    if (request.redirect) return false;
    let version: number | null = null;
    let fresh = true;
    if (request.slug) {
      const held = shops.peekHeldVersion(request.slug);
      if (!held) return false;
      ({ version, fresh } = held);
    }
    const at = now();
    const day = Math.floor(at.getTime() / 86_400_000);
    if (resolution.version !== version || resolution.day !== day) {
      resolution.key = pageCacheKey(request, version, at);
      resolution.version = version;
      resolution.day = day;
    }
    const key = resolution.key;
    if (!key) return false;
    const slug = request.slug;
    const hit = htmlCache.get(key);
    if (hit) {
      pageHits++;
      labelRoute(req, '/{*splat}');
      sendCachedResponse(req, res, hit, before);
      // Past its freshness: the answer still goes out from memory (or Redis), and the record is fetched again behind
      // it (one fetch per shop at a time), so a busy long tail costs no api round trip per request.
      if (!fresh && slug) void shops.get(slug, clientOf(req)).catch(() => undefined);
      return true;
    }
    const refresh = () => {
      if (!fresh && slug) void shops.get(slug, clientOf(req)).catch(() => undefined);
    };
    // Not in this process's hot set: the shared tier, for the version held here (no record needed); on a miss the
    // long way renders it, without asking Redis again.
    const shared = deps.shared;
    if (!shared || !slug || version === null) return false;
    labelRoute(req, '/{*splat}');
    void shared
      .get(slug, key)
      .then((page) => {
        if (page) {
          htmlCache.set(key, slug, page);
          sendCachedResponse(req, res, page, before);
          refresh();
          return;
        }
        sharedMissed.add(req);
        setHeaders(res, before);
        answerAfterCache(req, res);
      })
      .catch((err: unknown) => {
        log('storefront request failed', { err: err instanceof Error ? err.stack : String(err) });
        if (!res.headersSent) {
          setHeaders(res, before);
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }));
        }
      });
    return true;
  }

  /**
   * The shop page that must be rendered, rendered without Express (issue 29): its URL is exactly the shop's page
   * (any query, e.g. the bench's ?bench=render), this process holds the shop's fresh record, no redirect applies and
   * the direct path is ready. Anything else (custom domains, redirects, a record to fetch) takes the long way, which
   * answers the same.
   */
  function renderWithoutExpress(req: IncomingMessage, res: ServerResponse): boolean {
    if (!deps.direct?.ready || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '/';
    if (url.startsWith('/_')) return false;
    if (deps.hosts && isCustomHost(requestHost(req.headers), env.APP_DOMAIN)) return false;
    const request = resolveShopRequest({ url, headers: req.headers, appDomain: env.APP_DOMAIN });
    if (request.redirect || !request.slug) return false;
    const q = request.url.indexOf('?');
    if ((q === -1 ? request.url : request.url.slice(0, q)) !== `/shop/${request.slug}`) return false;
    const load = shops.peek(request.slug);
    // A shop with a custom domain redirects its subdomain there (the Express route does it).
    if (load?.status !== 'found' || (load.page.shop.customDomain && request.subdomain)) return false;
    const at = now();
    const key = pageCacheKey(request, versionOf(load), at);
    if (key && htmlCache.get(key)) return false;
    labelRoute(req, '/{*splat}');
    let pending = key ? renders.get(key) : undefined;
    if (!pending) {
      pending = obtain(
        request,
        req as Request,
        Promise.resolve(load),
        at,
        key,
        versionOf(load),
        !sharedMissed.has(req),
      );
      if (key) {
        renders.set(key, pending);
        const settled = pending;
        void settled.finally(() => renders.delete(key)).catch(() => {});
      }
    }
    pending.then(
      (rendered) => {
        if (rendered.cached) {
          sendCachedResponse(req, res, rendered.cached);
          return;
        }
        // What Express's res.send() writes for Vike's answer (the route below): the policy, Vike's headers with the
        // charset written its way, the length.
        for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
        for (const [name, value] of rendered.headers) {
          res.setHeader(name, name.toLowerCase() === 'content-type' ? expressContentType(value) : value);
        }
        res.setHeader('Content-Length', Buffer.byteLength(rendered.body));
        res.statusCode = rendered.statusCode;
        res.end(req.method === 'HEAD' ? undefined : rendered.body);
      },
      (err: unknown) => {
        log('storefront request failed', { err: err instanceof Error ? err.stack : String(err) });
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }));
        }
      },
    );
    return true;
  }

  /** Everything the page cache's fast path did not answer. */
  function answerAfterCache(req: IncomingMessage, res: ServerResponse) {
    if (!renderWithoutExpress(req, res)) app(req, res);
  }
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (!answerFromCache(req, res)) answerAfterCache(req, res);
  };
  /** Pages answered from memory and rendered; shop records held and loaded (server/metrics.ts). */
  const counts = (): StorefrontCounts => ({
    page: { hits: pageHits + (deps.shared?.hits ?? 0), misses: renderCount },
    shop: { hits: shops.localHits, misses: shops.localMisses },
  });
  return { app, handler, counts, answerFromCache, answerAfterCache };
}
