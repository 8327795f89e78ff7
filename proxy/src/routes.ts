import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { isCustomHost, shopSlugFromHost } from '@barberly/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ProxyConfig } from './config';
import { forwardedClient } from './trusted-front';

/** Where a request goes. */
export type Destination = 'blocked' | 'health' | 'storefront' | 'api' | 'admin';

/** Paths that always belong to one upstream (prefix match on a path segment boundary). */
const STOREFRONT_PREFIXES = ['/shop/', '/demo/shop/', '/_sf/'];
/** The api: REST, the built-in auth, and the assistant's MCP server with its OAuth protected-resource metadata. */
const API_PREFIXES = ['/api', '/auth/v1', '/mcp', '/.well-known/oauth-protected-resource'];

function hasPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix) && pathname.length > prefix.length;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Per APP_DOMAIN, whether a Host's pages are the storefront's: worked out once per host, not once per request. */
const storefrontHosts = new Map<string, Map<string, boolean>>();
/** Bounds the hosts kept per domain (a flood of made-up hosts costs a recount, not memory). */
const HOSTS_KEPT = 2000;

/**
 * A shop's subdomain, or a shop's own domain (issue 16: the storefront answers its shop, or that it is not
 * connected).
 */
function isStorefrontHost(host: string, appDomain: string): boolean {
  let hosts = storefrontHosts.get(appDomain);
  if (!hosts) {
    hosts = new Map();
    storefrontHosts.set(appDomain, hosts);
  }
  let storefront = hosts.get(host);
  if (storefront === undefined) {
    storefront = Boolean(shopSlugFromHost(host, appDomain)) || isCustomHost(host, appDomain);
    if (hosts.size >= HOSTS_KEPT) hosts.clear();
    hosts.set(host, storefront);
  }
  return storefront;
}

/**
 * The routing table of the front door (team contract):
 * - /_internal/* never leaves the machine: 404 on every host. The check ignores case and percent-encoding because
 *   Express routes case-insensitively, so '/_INTERNAL/shop-changed' would otherwise reach the storefront.
 * - /api/*, /auth/v1/*, /mcp and /.well-known/oauth-protected-resource go to the api on every host: a shop's
 *   booking pages call /api on their own origin.
 * - a shop host ('joes.localhost' for APP_DOMAIN=localhost; not www, the bare domain or a reserved name) goes to the
 *   storefront, every other path; so does any host outside APP_DOMAIN that is not localhost, an IP address or a
 *   preview domain (a custom domain: the storefront serves the shop that proved it, or says it is not connected).
 * - /healthz is the proxy's own health check.
 * - /shop/*, /demo/shop/*, /_sf/* go to the storefront.
 * - everything else is the admin SPA.
 */
export function classifyRequest(input: { host: string | undefined; path: string; appDomain: string }): Destination {
  let normalised = input.path;
  // Nearly every path has no escape to decode (a shop page never does): the try and the copy are skipped.
  if (normalised.includes('%')) {
    try {
      normalised = decodeURIComponent(input.path);
    } catch {
      // A malformed escape cannot name /_internal after decoding either; route the raw path.
    }
  }
  normalised = normalised.toLowerCase();
  if (normalised === '/_internal' || normalised.startsWith('/_internal/')) return 'blocked';
  if (API_PREFIXES.some((prefix) => hasPrefix(input.path, prefix))) return 'api';
  if (input.host && isStorefrontHost(input.host, input.appDomain)) return 'storefront';
  if (input.path === '/healthz') return 'health';
  if (STOREFRONT_PREFIXES.some((prefix) => hasPrefix(input.path, prefix))) return 'storefront';
  return 'admin';
}

/** Plain Node responses: used both inside Express and on the fast path that bypasses it. */
function send(res: http.ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function errorJson(res: http.ServerResponse, status: number, code: string, message: string): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify({ error: { code, message } }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorHtml(res: http.ServerResponse, status: number, title: string, detail: string): void {
  send(
    res,
    status,
    'text/html; charset=utf-8',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Barberly</title>` +
      '<link rel="icon" href="data:,"><meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
      '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1e293b">' +
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`,
  );
}

/** '::ffff:127.0.0.1' -> '127.0.0.1', so upstream rate limits see one address per client. */
function clientAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

interface ProxiedRequest extends http.IncomingMessage {
  /** The body read (and size-checked) before proxying; absent when the request has none. */
  body?: unknown;
  proxyTimedOut?: boolean;
}

/** Hands a request to an upstream: over HTTP (http-proxy) or to a handler in this process. */
type Upstream = (req: ProxiedRequest, res: http.ServerResponse, next: (err?: unknown) => void) => unknown;

/**
 * The X-Forwarded-* headers an upstream receives, always set (overwritten), never appended: X-Forwarded-For is one
 * address, the connection's, or the one a trusted front wrote (TRUST_PROXY). A client's own X-Forwarded-For never
 * reaches the api, so it cannot dodge the per-address limits by sending a new one with each request (issue 23).
 */
function forwardedHeaders(req: http.IncomingMessage, config: ProxyConfig) {
  const address = clientAddress(req);
  const host = req.headers.host ?? '';
  if (config.trustProxy?.(address)) {
    return {
      'x-forwarded-for': forwardedClient(address, headerValue(req.headers['x-forwarded-for']), config.trustProxy),
      'x-forwarded-host': headerValue(req.headers['x-forwarded-host']) ?? host,
      'x-forwarded-proto': headerValue(req.headers['x-forwarded-proto']) ?? 'http',
    };
  }
  return { 'x-forwarded-for': address, 'x-forwarded-host': host, 'x-forwarded-proto': 'http' };
}

/**
 * The storefront as `npm start` runs it, inside this process (docs/decisions/0041): its handler with its own ops
 * (request id, readiness, drain), and the entry for a front door that already gave the request its id.
 */
export interface InProcessStorefront {
  handler: http.RequestListener;
  /**
   * The storefront's handler for a request whose X-Request-Id this front door already checked or made: it sets the
   * response's X-Request-Id itself (once) and `Connection: close` when `stopping` says this front door is draining.
   * Absent in a storefront built before it: the handler then sets the id again.
   */
  fromFrontDoor?: (req: http.IncomingMessage, res: http.ServerResponse, stopping: boolean) => void;
}

/** Where withOps found a request to go: computed once per request and handed to the handler. */
export interface Route {
  /** The URL's path (no query). */
  path: string;
  destination: Destination;
}

/**
 * The proxy's handler: a request listener that may be told the request's route (withOps classifies each request
 * once), and which says which requests it hands, with their ops, to the storefront in this process.
 */
export interface ProxyHandler {
  (req: http.IncomingMessage, res: http.ServerResponse, route?: Route): void;
  /** True when this request goes to the in-process storefront's `fromFrontDoor`, which writes the request id. */
  handsOpsToStorefront: (req: http.IncomingMessage, route: Route) => boolean;
}

/**
 * The storefront running inside this process (`npm start`): requests are handed to its handler as they are, with
 * the same X-Forwarded-* headers the HTTP hop would add, and no socket, parse or copy in between.
 */
function inProcessUpstream(storefront: InProcessStorefront, config: ProxyConfig, isStopping: () => boolean) {
  const { handler, fromFrontDoor } = storefront;
  return (req: ProxiedRequest, res: http.ServerResponse): void => {
    Object.assign(req.headers, forwardedHeaders(req, config));
    // Only a request whose response has no X-Request-Id yet (the fast path below, which withOps left it to) takes
    // the entry that writes it; a request that came through Express already has it.
    if (fromFrontDoor && !res.hasHeader('x-request-id')) fromFrontDoor(req, res, isStopping());
    else handler(req, res);
  };
}

function createUpstream(name: 'api' | 'storefront', target: string, config: ProxyConfig) {
  const agent = target.startsWith('https:')
    ? new https.Agent({ keepAlive: true })
    : new http.Agent({ keepAlive: true });
  return createProxyMiddleware<ProxiedRequest, http.ServerResponse>({
    target,
    // Keep the browser's Host: the storefront tells shops apart by it, the api builds URLs from it.
    changeOrigin: false,
    xfwd: false,
    agent,
    proxyTimeout: config.proxyTimeoutMs,
    on: {
      proxyReq(proxyReq, req) {
        for (const [name, value] of Object.entries(forwardedHeaders(req, config))) proxyReq.setHeader(name, value);
        // Connection is hop-by-hop: a client's 'close' (curl, HTTP/1.0) must not close the pooled upstream socket.
        proxyReq.setHeader('Connection', 'keep-alive');
        proxyReq.on('timeout', () => {
          req.proxyTimedOut = true;
        });
        // The body was already read to enforce the size limit: send those bytes on.
        if (Buffer.isBuffer(req.body)) {
          proxyReq.removeHeader('Transfer-Encoding');
          proxyReq.setHeader('Content-Length', req.body.length);
          proxyReq.write(req.body);
        }
      },
      error(err, req, res) {
        const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
        console.error(`${name} ${req.method} ${req.url} failed: ${code} ${err.message}`);
        if (!(res instanceof http.ServerResponse)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const timedOut = req.proxyTimedOut === true;
        const status = timedOut ? 504 : 502;
        if (name === 'api') {
          errorJson(
            res,
            status,
            timedOut ? 'upstream_timeout' : 'upstream_unavailable',
            timedOut
              ? 'The API took too long to answer. Please try again.'
              : 'The API is unavailable. Please try again shortly.',
          );
        } else {
          errorHtml(
            res,
            status,
            timedOut ? 'This page took too long' : 'Barberly is temporarily unavailable',
            'Please try again in a moment.',
          );
        }
      },
    },
  });
}

/** Hop-by-hop headers (RFC 9110 7.6.1) and what the hop sets itself: never copied across. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The hop for body-less api requests (nearly all api traffic: availability, reads), written on node:http alone:
 * measured on this machine http-proxy spent about a third of the front door's time per availability answer on its
 * own bookkeeping (URL parsing, event plumbing, header passes) around the same two socket writes (docs/benchmarks.md,
 * issue 12). Same contract as the http-proxy upstream: the browser's Host kept, X-Forwarded-* set, pooled keep-alive
 * sockets, 502 when the api is unreachable and 504 after PROXY_TIMEOUT_MS, in the same JSON shape.
 */
function createLeanApiUpstream(target: string, config: ProxyConfig): Upstream {
  const url = new URL(target);
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const base = url.pathname.replace(/\/+$/, '');
  return (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    }
    Object.assign(headers, forwardedHeaders(req, config));
    headers.connection = 'keep-alive';
    let finished = false;
    const fail = (timedOut: boolean, err?: Error) => {
      if (finished) return;
      finished = true;
      console.error(
        `api ${req.method} ${req.url} failed: ${timedOut ? 'timeout' : ((err as NodeJS.ErrnoException)?.code ?? 'unknown')} ${err?.message ?? ''}`,
      );
      if (res.headersSent) {
        res.destroy();
        return;
      }
      errorJson(
        res,
        timedOut ? 504 : 502,
        timedOut ? 'upstream_timeout' : 'upstream_unavailable',
        timedOut
          ? 'The API took too long to answer. Please try again.'
          : 'The API is unavailable. Please try again shortly.',
      );
    };
    const upstream = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        method: req.method,
        path: base + (req.url ?? '/'),
        headers,
        agent,
        timeout: config.proxyTimeoutMs,
      },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
        answer.on('end', () => {
          finished = true;
        });
        answer.on('error', (err) => fail(false, err));
      },
    );
    upstream.on('timeout', () => {
      fail(true);
      upstream.destroy();
    });
    upstream.on('error', (err) => fail(false, err));
    // A client that went away stops waiting for the api's answer.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end();
  };
}

interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Whether a request carries a body (the same test body parsers use). */
function hasBody(req: http.IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
}

/**
 * The proxy's request handler. Body-less requests for the api and the storefront (nearly all traffic: page views,
 * assets, GETs) go straight to http-proxy; measured on this machine, Express in front of it cut the throughput of
 * the hop to less than half. Everything else (bodies to size-check, /healthz, /_internal, the admin's static
 * files) goes through the Express app.
 */
export function createProxyHandler(
  config: ProxyConfig,
  options: {
    /** The storefront in this process (npm start); absent: STOREFRONT_URL over HTTP. */
    storefront?: InProcessStorefront;
    /** Whether the process is draining (the in-process storefront then answers with `Connection: close`). */
    isStopping?: () => boolean;
  } = {},
): ProxyHandler {
  const api = createUpstream('api', config.apiUrl, config);
  const storefront: Upstream = options.storefront
    ? inProcessUpstream(options.storefront, config, options.isStopping ?? (() => false))
    : createUpstream('storefront', config.storefrontUrl, config);
  const app = createApp(config, { api, storefront });
  const leanApi = createLeanApiUpstream(config.apiUrl, config);
  /** Body-less requests with an origin-form URL skip Express (see above). */
  const fastPath = (req: http.IncomingMessage) => (req.url ?? '/').startsWith('/') && !hasBody(req);
  const handler = (req: http.IncomingMessage, res: http.ServerResponse, route?: Route) => {
    const url = req.url ?? '/';
    if (fastPath(req)) {
      let destination = route?.destination;
      if (destination === undefined) {
        const query = url.indexOf('?');
        const path = query === -1 ? url : url.slice(0, query);
        destination = classifyRequest({ host: req.headers.host, path, appDomain: config.appDomain });
      }
      if (destination === 'api' || destination === 'storefront') {
        const upstream = destination === 'api' ? leanApi : storefront;
        void upstream(req as ProxiedRequest, res, (err?: unknown) => {
          console.error(`${req.method} ${url} failed:`, err);
          if (!res.headersSent) errorJson(res, 500, 'internal_error', 'Something went wrong in the proxy.');
        });
        return;
      }
    }
    app(req, res);
  };
  const hasFrontDoorEntry = Boolean(options.storefront?.fromFrontDoor);
  return Object.assign(handler, {
    handsOpsToStorefront: (req: http.IncomingMessage, route: Route) =>
      hasFrontDoorEntry && route.destination === 'storefront' && fastPath(req),
  });
}

/** Where the api takes files (multipart), with its own size limit enforced while streaming. */
const UPLOAD_PATHS = new Set(['/api/my/portfolio', '/api/my/photo']);

function createApp(config: ProxyConfig, upstreams: { api: Upstream; storefront: Upstream }): express.Express {
  const { api, storefront } = upstreams;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Reads the whole body (any content type, bytes untouched) so an oversized one gets a clean 413 before any
  // upstream sees it. Requests without a body pass straight through.
  const readBody = express.raw({ type: () => true, limit: config.maxBodyBytes, inflate: false });

  // '/' gets index.html, the landing page prerendered at build time; every other client route gets spa.html, the
  // empty shell (a deep link must not flash the landing page). Both, and every asset, go out as the .br or .gz
  // sibling compressed once at build when the client accepts it (decision 0055).
  const adminShell = path.join(config.adminDir, 'spa.html');
  const adminStatic = expressStaticGzip(config.adminDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders(res, filePath) {
        const relative = path.relative(config.adminDir, filePath).split(path.sep);
        // Vite names everything under assets/ by content hash: cache it for a year. The rest must revalidate.
        res.setHeader('Cache-Control', relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });

  function serveAdmin(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      errorJson(res, 405, 'method_not_allowed', 'Method not allowed.');
      return;
    }
    const original = req.url;
    if (req.path === '/') req.url = `/index.html${original.slice(1)}`;
    adminStatic(req, res, () => {
      req.url = original;
      if (req.path.startsWith('/assets/')) {
        // A missing hashed file must not be answered with the HTML shell (the browser would try to run it).
        res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found');
        return;
      }
      if (!fs.existsSync(adminShell)) {
        errorHtml(res, 503, 'The admin app is not built', 'Run `npm run build -w admin` (or `npm start`) and reload.');
        return;
      }
      // Client-side routes (/dashboard/owner/x, unknown paths) all get the app shell; the SPA shows 'Page Not Found'.
      req.url = '/spa.html';
      adminStatic(req, res, (err?: unknown) => {
        req.url = original;
        next(err);
      });
    });
  }

  app.use((req: Request, res: Response, next: NextFunction) => {
    const destination = classifyRequest({ host: req.headers.host, path: req.path, appDomain: config.appDomain });
    switch (destination) {
      case 'blocked':
        errorJson(res, 404, 'not_found', 'Not found.');
        return;
      case 'health':
        send(res, 200, 'application/json; charset=utf-8', '{"status":"ok"}');
        return;
      case 'api':
      case 'storefront': {
        const upstream = destination === 'api' ? api : storefront;
        // Photo uploads (issue 26: up to 10 MB each) stream on to the api, which counts the bytes as they come and
        // refuses past its limit in the spec's words; every other body is read here against MAX_BODY_BYTES.
        if (destination === 'api' && req.method === 'POST' && UPLOAD_PATHS.has(req.path)) {
          void upstream(req, res, next);
          return;
        }
        readBody(req, res, (err?: unknown) => {
          if (err) {
            next(err);
            return;
          }
          void upstream(req, res, next);
        });
        return;
      }
      default:
        serveAdmin(req, res, next);
    }
  });

  app.use((err: HttpError, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err.type === 'entity.too.large') {
      // Do not keep a connection alive for a client that sends more than it may.
      res.setHeader('Connection', 'close');
      errorJson(res, 413, 'payload_too_large', `The request body is larger than ${formatBytes(config.maxBodyBytes)}.`);
      return;
    }
    if (status >= 400 && status < 500) {
      errorJson(res, status, 'bad_request', err.message || 'Bad request.');
      return;
    }
    console.error(`${req.method} ${req.url} failed:`, err);
    errorJson(res, 500, 'internal_error', 'Something went wrong in the proxy.');
  });

  return app;
}
