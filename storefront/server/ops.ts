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
import { setHeaders } from './html-cache';

type Check = 'ok' | 'down' | 'not configured';

const REQUEST_ID = /^[\w.-]{1,100}$/;
const ID = 'x-request-id';

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
  /**
   * Answers a page from memory before anything is set on the response, writing `before` (the request id, and
   * `connection: close` while stopping) with the page's own headers in one writeHead; false: not in memory, the
   * handler answers (server/app.ts answerFromCache).
   */
  answerFromMemory?: (req: IncomingMessage, res: ServerResponse, before: readonly string[]) => boolean;
}

/** One access line (batched: common/server/access-log.ts); the duration runs to the answer's last byte. */
function writeAccessLine(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  path: string,
  started: bigint,
): void {
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
}

/** The storefront's handler with its ops; `fromFrontDoor` is for a front door in the same process (npm start). */
export interface OpsHandler extends RequestListener {
  /**
   * For a request whose X-Request-Id the front door in this process already checked or made (it is in the
   * request's headers, and the response has none yet): the id is written once, and `Connection: close` too when the
   * front door is draining (`stopping`) as well as when this storefront is.
   */
  fromFrontDoor: (req: IncomingMessage, res: ServerResponse, stopping: boolean) => void;
}

export function withOps(handler: RequestListener, options: OpsOptions): OpsHandler {
  const serve = (req: IncomingMessage, res: ServerResponse, requestId: string, before: readonly string[]) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
      setHeaders(res, before);
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
    const logged = options.accessLog && path !== '/healthz' && path !== '/readyz';
    const started = logged ? process.hrtime.bigint() : 0n;
    if (!options.answerFromMemory?.(req, res, before)) {
      setHeaders(res, before);
      handler(req, res);
    }
    if (!logged) return;
    // A page from memory has been written by now: its line is queued at once, without a listener per request.
    if (res.writableEnded) writeAccessLine(req, res, requestId, path, started);
    else res.once('finish', () => writeAccessLine(req, res, requestId, path, started));
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    serve(req, res, requestId, options.isStopping() ? [ID, requestId, 'connection', 'close'] : [ID, requestId]);
  };
  return Object.assign(listener, {
    fromFrontDoor(req: IncomingMessage, res: ServerResponse, stopping: boolean) {
      const incoming = req.headers['x-request-id'];
      // Checked by the front door already; a caller without one (or with a bad one) gets the usual treatment.
      if (typeof incoming !== 'string' || !REQUEST_ID.test(incoming)) {
        listener(req, res);
        return;
      }
      // The name as each side writes it: the front door's 'Connection' while it drains, this storefront's own else.
      const before = options.isStopping()
        ? [ID, incoming, 'connection', 'close']
        : stopping
          ? [ID, incoming, 'Connection', 'close']
          : [ID, incoming];
      serve(req, res, incoming, before);
    },
  });
}
