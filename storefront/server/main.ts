/**
 * The storefront server. Production: `node storefront/dist/start.mjs` (this file bundled next to Vike's build,
 * any working directory). Development: `npm run dev -w storefront` (tsx with Vite's dev middleware).
 */
import { createServer, type RequestListener } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { createStorefront } from './app';
import { DirectRenderer } from './direct-render';
import { parseEnv } from './env';
import { createHostMap } from './host-map';
import { HtmlCache } from './html-cache';
import { createManagedApi } from './managed-api';
import { countAnswers, startMetricsServer, withRequestMetrics } from './metrics';
import { type OpsHandler, withOps } from './ops';
import { SharedPages } from './shared-pages';
import { createShopApi } from './shop-api';
import { ShopCache } from './shop-cache';
import { subscribeToShopChanges } from './shop-events';

/** Replaced by `true` when scripts/build-server.mjs bundles this file into dist/. */
declare const __STOREFRONT_BUNDLE__: boolean | undefined;
const bundled = typeof __STOREFRONT_BUNDLE__ !== 'undefined' && __STOREFRONT_BUNDLE__;

function log(message: string, fields?: Record<string, unknown>) {
  console.error(JSON.stringify({ time: new Date().toISOString(), service: 'storefront', message, ...fields }));
}

export interface StorefrontInstance {
  /** The storefront's request handler, with its ops (request id, access log, drain): what its server answers with. */
  handler: RequestListener;
  /** The same for a front door in this process that already gave the request its id (server/ops.ts). */
  fromFrontDoor: OpsHandler['fromFrontDoor'];
  /** Where its own server listens (the api's notifications and direct traffic arrive here). */
  url: string;
  /** Graceful stop: stop accepting, close idle keep-alive sockets, finish in-flight requests, close Redis. */
  stop: () => Promise<void>;
}

/**
 * Starts a storefront: its own HTTP server on PORT, and the handler. Its own process (`node dist/start.mjs`) runs
 * this once; `npm start`'s front door runs it inside the proxy process and calls `handler` straight away for shop
 * pages, which saves the proxy hop (docs/decisions/0041-front-door-serves-shop-pages-in-process.md).
 */
export async function startStorefront(source: NodeJS.ProcessEnv): Promise<StorefrontInstance> {
  const env = parseEnv(source);
  const here = dirname(fileURLToPath(import.meta.url));

  let clientDir: string | null = null;
  let devMiddleware: RequestHandler | null = null;
  if (bundled) {
    // Vike's server build registers the pages with vike/server's renderPage.
    await import(pathToFileURL(join(here, 'server', 'entry.mjs')).href);
    clientDir = join(here, 'client');
  } else {
    const { createDevMiddleware } = await import('vike/server');
    ({ devMiddleware } = await createDevMiddleware({ root: join(here, '..') }));
  }

  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: 'storefront' })
    : null;
  redis?.on('error', (err: Error) => log('redis error', { err: err.message }));

  // The long tail's pages in Redis, shared by the processes (issue 29); this process keeps a hot set of them.
  const shared =
    redis && env.PAGE_REDIS_TTL_S > 0
      ? new SharedPages({ redis, keyPrefix: env.REDIS_KEY_PREFIX, ttlMs: env.PAGE_REDIS_TTL_S * 1000, log })
      : null;
  const htmlCache = new HtmlCache((env.PAGE_CACHE_MB ?? (shared ? 96 : 480)) * 1024 * 1024);
  const shops = new ShopCache({
    fetchShop: createShopApi(env.API_URL, { log }),
    redis,
    keyPrefix: env.REDIS_KEY_PREFIX,
    onInvalidate: (slug) => htmlCache.purge(slug),
    log,
    maxLocalEntries: env.SHOP_CACHE_ENTRIES,
    // Without Redis, POST /_internal/shop-changed is the only invalidation path and it reaches every process.
    ttls: redis ? {} : { localFoundMs: 5 * 60_000, localNotFoundMs: 15_000 },
  });
  const hosts = createHostMap({ apiUrl: env.API_URL });
  const events = redis ? subscribeToShopChanges({ redis, keyPrefix: env.REDIS_KEY_PREFIX, shops, hosts, log }) : null;
  events?.ready.catch((err: unknown) => log('redis subscribe failed', { err: String(err) }));

  const {
    app: routes,
    counts,
    answerFromCache,
    answerAfterCache,
  } = createStorefront({
    env,
    shops,
    hosts,
    htmlCache,
    clientDir,
    devMiddleware,
    log,
    loadManaged: createManagedApi(env.API_URL),
    // The shop page without Vike on the request path (issue 29); in development Vite reloads the pages: Vike only.
    direct: bundled && source.DIRECT_RENDER !== 'false' ? new DirectRenderer(log) : null,
    shared,
  });
  let stopping = false;
  // A page in memory is answered first, with the request id in its one writeHead; the rest is counted by route.
  const handler = withOps(withRequestMetrics(answerAfterCache, routes), {
    answerFromMemory: countAnswers(answerFromCache),
    redis,
    apiUrl: env.API_URL,
    isStopping: () => stopping,
    accessLog: env.ACCESS_LOG,
  });
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  const url = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : env.PORT;
      resolve(`http://${env.HOST}:${port}`);
    });
  });
  log('storefront listening', {
    url,
    redis: Boolean(redis),
    sharedPages: Boolean(shared),
    pageCacheMb: htmlCache.maxBytes / 1024 / 1024,
    api: env.API_URL,
  });
  // Prometheus metrics on METRICS_PORT, a port of its own that no front door routes to (decision 0178).
  const metricsServer = await startMetricsServer({
    port: env.METRICS_PORT,
    host: env.METRICS_HOST,
    counts,
    redis,
    log,
  });

  // Graceful stop (a rolling restart drops nothing): stop accepting, close idle keep-alive sockets, answer what is
  // in flight with Connection: close (server/ops.ts), then close Redis; SHUTDOWN_GRACE_MS bounds the wait.
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      stopping = true;
      log('storefront stopping', { inFlightGraceMs: env.SHUTDOWN_GRACE_MS });
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      idle.unref();
      const force = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_GRACE_MS);
      force.unref();
      metricsServer?.close();
      server.close(() => {
        clearInterval(idle);
        clearTimeout(force);
        events?.subscriber.disconnect();
        redis?.disconnect();
        log('storefront stopped');
        resolve();
      });
      server.closeIdleConnections();
    });
    return stopped;
  };
  return { handler, fromFrontDoor: handler.fromFrontDoor, url, stop };
}

/** `node dist/start.mjs` (and `npm run dev`): the storefront as its own process. */
export async function runStorefrontProcess(): Promise<void> {
  let storefront: StorefrontInstance;
  try {
    storefront = await startStorefront(process.env);
  } catch (err) {
    log('storefront failed to start', { err: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  const shutdown = () => void storefront.stop().then(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

// The bundle (dist/storefront-server.mjs) only exports: dist/start.mjs runs it, the proxy may load it in-process.
if (!bundled) void runStorefrontProcess();
