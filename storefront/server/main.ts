/**
 * The storefront server. Production: `node storefront/dist/start.mjs` (this file bundled next to Vike's build,
 * any working directory). Development: `npm run dev -w storefront` (tsx with Vite's dev middleware).
 */
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { createStorefront } from './app';
import { parseEnv } from './env';
import { HtmlCache } from './html-cache';
import { withOps } from './ops';
import { createShopApi } from './shop-api';
import { ShopCache } from './shop-cache';
import { subscribeToShopChanges } from './shop-events';

/** Replaced by `true` when scripts/build-server.mjs bundles this file into dist/. */
declare const __STOREFRONT_BUNDLE__: boolean | undefined;
const bundled = typeof __STOREFRONT_BUNDLE__ !== 'undefined' && __STOREFRONT_BUNDLE__;

function log(message: string, fields?: Record<string, unknown>) {
  console.error(JSON.stringify({ time: new Date().toISOString(), service: 'storefront', message, ...fields }));
}

async function main() {
  const env = parseEnv(process.env);
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

  const htmlCache = new HtmlCache(env.PAGE_CACHE_MB * 1024 * 1024);
  const shops = new ShopCache({
    fetchShop: createShopApi(env.API_URL),
    redis,
    keyPrefix: env.REDIS_KEY_PREFIX,
    onInvalidate: (slug) => htmlCache.purge(slug),
    log,
    // Without Redis, POST /_internal/shop-changed is the only invalidation path and it reaches every process.
    ttls: redis ? {} : { localFoundMs: 5 * 60_000, localNotFoundMs: 15_000 },
  });
  const events = redis ? subscribeToShopChanges({ redis, keyPrefix: env.REDIS_KEY_PREFIX, shops, log }) : null;
  events?.ready.catch((err: unknown) => log('redis subscribe failed', { err: String(err) }));

  const { handler } = createStorefront({ env, shops, htmlCache, clientDir, devMiddleware, log });
  let stopping = false;
  const server = createServer(
    withOps(handler, { redis, apiUrl: env.API_URL, isStopping: () => stopping, accessLog: env.ACCESS_LOG }),
  );
  server.on('error', (err) => {
    log('storefront failed to listen', { err: err.message });
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    log('storefront listening', { url: `http://${env.HOST}:${port}`, redis: Boolean(redis), api: env.API_URL });
  });
  server.keepAliveTimeout = 65_000;

  // Graceful stop (a rolling restart drops nothing): stop accepting, close idle keep-alive sockets, answer what is
  // in flight with Connection: close (server/ops.ts), then close Redis; SHUTDOWN_GRACE_MS bounds the wait.
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    log('storefront stopping', { inFlightGraceMs: env.SHUTDOWN_GRACE_MS });
    server.close(() => {
      events?.subscriber.disconnect();
      redis?.disconnect();
      log('storefront stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, env.SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
