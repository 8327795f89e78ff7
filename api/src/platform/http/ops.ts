import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { logSafePath } from '@barberly/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

type Check = 'ok' | 'down' | 'not configured';

/** Fails a check that hangs (a half-open socket) instead of hanging the probe. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/** GET /readyz: Postgres answers SELECT 1 and Redis (when configured) answers PING. */
export async function readiness(deps: {
  dataSource: DataSource;
  redis: Redis | null;
}): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const [postgres, redis] = await Promise.all([
    within(2000, deps.dataSource.query('SELECT 1')).then(
      (): Check => 'ok',
      (): Check => 'down',
    ),
    deps.redis
      ? within(2000, deps.redis.ping()).then(
          (): Check => 'ok',
          (): Check => 'down',
        )
      : Promise.resolve<Check>('not configured'),
  ]);
  return { ready: postgres === 'ok' && redis !== 'down', checks: { postgres, redis } };
}

/**
 * Wraps the Express app for the http server: answers /readyz, says `Connection: close` on every response once
 * shutdown began (keep-alive clients such as nginx then open their next request elsewhere), and writes one JSON
 * access-log line per request with the request id the app set (the proxy's or nginx's X-Request-Id).
 */
export function withOps(
  app: RequestListener,
  deps: { dataSource: DataSource; redis: Redis | null; logger: Logger; isStopping: () => boolean },
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0];
    if (deps.isStopping()) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      if (path === '/healthz' || path === '/readyz') return;
      deps.logger.info(
        {
          requestId: res.getHeader('x-request-id'),
          method: req.method,
          path: logSafePath(path ?? '/'),
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
      void readiness(deps).then(({ ready, checks }) => {
        const body = JSON.stringify({ status: deps.isStopping() ? 'stopping' : ready ? 'ready' : 'not ready', checks });
        res.writeHead(ready && !deps.isStopping() ? 200 : 503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(body);
      });
      return;
    }
    app(req, res);
  };
}
