/**
 * Operations around the proxy's handler: every request gets an X-Request-Id (the client's when sane, else a new
 * one) that the upstreams receive and the client sees; GET /readyz asks the upstreams' /healthz; one JSON
 * access-log line per request on stdout (ACCESS_LOG=false turns it off); Connection: close while stopping.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { logSafePath, shopSlugFromHost } from '@barberly/common';
import { formatAccessLine, writeLogLine } from '@barberly/common/server';
import type { ProxyConfig } from './config';
import { classifyRequest, type ProxyHandler, type Route } from './routes';
import { adminSecurityHeaders, connectExtraFor } from './security-headers';

const REQUEST_ID = /^[\w.-]{1,100}$/;

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, { timeout: 2000, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export function withOps(
  handler: http.RequestListener | ProxyHandler,
  config: Pick<ProxyConfig, 'apiUrl' | 'storefrontUrl' | 'appDomain'>,
  options: { isStopping: () => boolean; accessLog: boolean },
): http.RequestListener {
  const adminHeaders = Object.entries(adminSecurityHeaders(connectExtraFor(process.env.SUPABASE_URL)));
  const handsOver = 'handsOpsToStorefront' in handler ? handler.handsOpsToStorefront : null;
  return (req, res) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const logged = options.accessLog && path !== '/healthz' && path !== '/readyz';
    const started = logged ? process.hrtime.bigint() : 0n;
    const readyz = path === '/readyz' && req.method === 'GET' && !shopSlugFromHost(req.headers.host, config.appDomain);
    // Classified once here and handed on: the handler routes by the same answer.
    const route: Route | null = readyz
      ? null
      : { path, destination: classifyRequest({ host: req.headers.host, path, appDomain: config.appDomain }) };
    // A shop page for the storefront in this process: its ops write the request id (and Connection: close while
    // stopping) with the page's own headers, once; everything else gets them here.
    if (!route || !handsOver?.(req, route)) {
      res.setHeader('X-Request-Id', requestId);
      if (options.isStopping()) res.setHeader('Connection', 'close');
    }
    if (readyz) {
      void Promise.all([healthy(config.apiUrl), healthy(config.storefrontUrl)]).then(([api, storefront]) => {
        const ready = api && storefront && !options.isStopping();
        res.writeHead(ready ? 200 : 503, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        res.end(
          JSON.stringify({
            status: ready ? 'ready' : options.isStopping() ? 'stopping' : 'not ready',
            checks: { api: api ? 'ok' : 'down', storefront: storefront ? 'ok' : 'down' },
          }),
        );
      });
      return;
    }
    if (route?.destination === 'admin') {
      for (const [name, value] of adminHeaders) res.setHeader(name, value);
    }
    handler(req, res, route ?? undefined);
    if (!logged) return;
    // A page from memory has been written by now: its line is queued at once, without a listener per request.
    if (res.writableEnded) writeAccessLine(req, res, requestId, path, started);
    else logWhenFinished(req, res, requestId, path, started);
  };
}

/**
 * One access line per request, written in batches (common/server/access-log.ts): one write per line cost more than
 * the page it logs. The duration runs to the answer's last byte handed to the socket.
 */
function writeAccessLine(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  requestId: string,
  path: string,
  started: bigint,
): void {
  writeLogLine(
    formatAccessLine({
      service: 'proxy',
      requestId,
      method: req.method,
      host: req.headers.host,
      path: logSafePath(path),
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    }),
  );
}

function logWhenFinished(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  requestId: string,
  path: string,
  started: bigint,
): void {
  res.once('finish', () => writeAccessLine(req, res, requestId, path, started));
}
