/**
 * Operations around the storefront's handler: GET /readyz, one JSON access-log line per request, and the drain
 * that makes a rolling restart lose nothing (server/main.ts): once SIGTERM arrived every response says
 * `Connection: close`, so keep-alive clients (nginx, the proxy) send their next request to another process.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { logSafePath } from '@barberly/common';
import { formatAccessLine, writeLogLine } from '@barberly/common/server';
import type { Redis } from 'ioredis';

type Check = 'ok' | 'down' | 'not configured';

const REQUEST_ID = /^[\w.-]{1,100}$/;

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/** Ready when Redis (if configured) answers PING and the api answers /healthz: a miss can then be served. */
export async function readiness(deps: {
  redis: Redis | null;
  apiUrl: string;
}): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const [redis, api] = await Promise.all([
    deps.redis
      ? within(2000, deps.redis.ping()).then(
          (): Check => 'ok',
          (): Check => 'down',
        )
      : Promise.resolve<Check>('not configured'),
    fetch(`${deps.apiUrl.replace(/\/+$/, '')}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (res): Check => {
        void res.body?.cancel();
        return res.ok ? 'ok' : 'down';
      },
      (): Check => 'down',
    ),
  ]);
  return { ready: redis !== 'down' && api === 'ok', checks: { redis, api } };
}

export interface OpsOptions {
  redis: Redis | null;
  apiUrl: string;
  isStopping: () => boolean;
  /** One JSON line per request on stdout; off with ACCESS_LOG=false (nginx logs every request too). */
  accessLog: boolean;
}

export function withOps(handler: RequestListener, options: OpsOptions): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    if (options.isStopping()) res.setHeader('connection', 'close');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (options.accessLog && path !== '/healthz' && path !== '/readyz') {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        writeLogLine(
          formatAccessLine({
            service: 'storefront',
            requestId,
            method: req.method,
            host: req.headers['x-forwarded-host'] ?? req.headers.host,
            path: logSafePath(path),
            status: res.statusCode,
            durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      });
    }
    if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
      void readiness(options).then(({ ready, checks }) => {
        const ok = ready && !options.isStopping();
        res.writeHead(ok ? 200 : 503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify({ status: options.isStopping() ? 'stopping' : ready ? 'ready' : 'not ready', checks }));
      });
      return;
    }
    handler(req, res);
  };
}
