import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { flushLogLines } from '@barberly/common/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { withOps } from './ops';
import { createProxyHandler, type InProcessStorefront } from './routes';
import { closeServer, listenOnFreePort, request } from './testing/http';

/** What an upstream saw; each fake upstream answers with this as JSON. */
interface Seen {
  upstream: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

function fakeUpstream(name: string): http.Server {
  return http.createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (chunk: Buffer) => {
      bodyLength += chunk.length;
    });
    req.on('end', () => {
      const seen: Seen = {
        upstream: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyLength,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(seen));
    });
  });
}

const servers: http.Server[] = [];
let proxyPort = 0;
let adminDir = '';
/** TCP connections the fake api has accepted so far. */
let apiConnections = 0;

async function start(server: http.Server): Promise<number> {
  servers.push(server);
  return listenOnFreePort(server);
}

/** The proxy's configuration for upstreams on these local ports (1 MB body limit, APP_DOMAIN localhost). */
function configFor(apiPort: number, storefrontPort: number) {
  return loadConfig({
    PORT: '0',
    API_URL: `http://127.0.0.1:${apiPort}`,
    STOREFRONT_URL: `http://127.0.0.1:${storefrontPort}`,
    ADMIN_DIR: adminDir,
    APP_DOMAIN: 'localhost',
    MAX_BODY_BYTES: String(1024 * 1024),
  });
}

function seen(body: string): Seen {
  return JSON.parse(body) as Seen;
}

beforeAll(async () => {
  adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-'));
  fs.mkdirSync(path.join(adminDir, 'assets'));
  // index.html: the prerendered landing page ('/'); spa.html: the empty shell (every other client route).
  fs.writeFileSync(
    path.join(adminDir, 'index.html'),
    '<!doctype html><title>Barberly admin shell</title><h1>Landing</h1>',
  );
  fs.writeFileSync(path.join(adminDir, 'spa.html'), '<!doctype html><title>Barberly admin shell</title>');
  fs.writeFileSync(path.join(adminDir, 'assets', 'index-3f9a2c1b.js'), 'console.log("admin")');
  // What scripts/precompress.mjs writes at build time beside each asset.
  for (const file of ['index.html', path.join('assets', 'index-3f9a2c1b.js')]) {
    const data = fs.readFileSync(path.join(adminDir, file));
    fs.writeFileSync(path.join(adminDir, `${file}.br`), zlib.brotliCompressSync(data));
    fs.writeFileSync(path.join(adminDir, `${file}.gz`), zlib.gzipSync(data));
  }
  fs.writeFileSync(path.join(adminDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const api = fakeUpstream('api');
  api.on('connection', () => {
    apiConnections += 1;
  });
  const apiPort = await start(api);
  const storefrontPort = await start(fakeUpstream('storefront'));
  proxyPort = await start(http.createServer(createProxyHandler(configFor(apiPort, storefrontPort))));
});

afterAll(async () => {
  await Promise.all(servers.map(closeServer));
  fs.rmSync(adminDir, { recursive: true, force: true });
});

describe('routing by host', () => {
  it('sends every other path of a shop subdomain to the storefront, keeping the Host header', async () => {
    for (const p of ['/', '/book?service=1', '/appointments/abc', '/apiary', '/assets/index-3f9a2c1b.js']) {
      const res = await request(proxyPort, { path: p, host: `joes.localhost:${proxyPort}` });
      expect(res.status).toBe(200);
      expect(seen(res.body)).toMatchObject({ upstream: 'storefront', url: p });
      expect(seen(res.body).headers.host).toBe(`joes.localhost:${proxyPort}`);
    }
  });

  it("sends /api and /auth/v1 of a shop subdomain to the api (the booking pages' same-origin calls)", async () => {
    for (const p of ['/api/shops/joes/availability?date=2026-12-01', '/api/appointments/manage/t', '/auth/v1/user']) {
      const res = await request(proxyPort, { path: p, host: `joes.localhost:${proxyPort}` });
      expect(res.status).toBe(200);
      expect(seen(res.body)).toMatchObject({ upstream: 'api', url: p });
      expect(seen(res.body).headers.host).toBe(`joes.localhost:${proxyPort}`);
    }
    const res = await request(proxyPort, {
      path: '/api/shops/joes/appointments',
      host: `joes.localhost:${proxyPort}`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(seen(res.body)).toMatchObject({ upstream: 'api', url: '/api/shops/joes/appointments' });
  });

  it('treats www, the bare domain and reserved names as the product itself (admin app)', async () => {
    for (const host of [
      `www.localhost:${proxyPort}`,
      `localhost:${proxyPort}`,
      `api.localhost:${proxyPort}`,
      'admin.localhost',
    ]) {
      const res = await request(proxyPort, { path: '/', host });
      expect(res.status).toBe(200);
      expect(res.body).toContain('Barberly admin shell');
    }
  });

  it("sends a custom domain's pages to the storefront (which knows its shop) and its /api to the api", async () => {
    for (const p of ['/', '/book', '/shop/other', '/healthz', '/login']) {
      const res = await request(proxyPort, { path: p, host: 'www.joescuts.com' });
      expect(seen(res.body)).toMatchObject({ upstream: 'storefront', url: p });
      expect(seen(res.body).headers.host).toBe('www.joescuts.com');
    }
    const api = await request(proxyPort, { path: '/api/shops/joes/availability', host: 'www.joescuts.com' });
    expect(seen(api.body)).toMatchObject({ upstream: 'api' });
    const internal = await request(proxyPort, { path: '/_internal/stats', host: 'www.joescuts.com' });
    expect(internal.status).toBe(404);
  });

  it('keeps IP addresses, localhost and preview domains on the product (admin app)', async () => {
    for (const host of ['127.0.0.1', `127.0.0.1:${proxyPort}`, '[::1]', 'my-app.replit.dev', 'localhost']) {
      const res = await request(proxyPort, { path: '/', host });
      expect(res.body).toContain('Barberly admin shell');
    }
  });

  it('routes /api on the bare domain to the api even though api.localhost is not a shop', async () => {
    const res = await request(proxyPort, { path: '/api/shops/joes', host: `api.localhost:${proxyPort}` });
    expect(seen(res.body)).toMatchObject({ upstream: 'api', url: '/api/shops/joes' });
  });
});

describe('routing by path', () => {
  it.each([
    ['/shop/joes', 'storefront'],
    ['/shop/joes/book?service=1', 'storefront'],
    ['/demo/shop/urban', 'storefront'],
    ['/_sf/assets/entry-abc.js', 'storefront'],
    ['/api/shops/joes', 'api'],
    ['/api/logout', 'api'],
    ['/api', 'api'],
    ['/auth/v1/signup', 'api'],
    ['/auth/v1/.well-known/jwks.json', 'api'],
    ['/mcp', 'api'],
    ['/.well-known/oauth-protected-resource/mcp', 'api'],
  ])('%s goes to the %s with its full path', async (p, upstream) => {
    const res = await request(proxyPort, { path: p });
    expect(res.status).toBe(200);
    expect(seen(res.body)).toMatchObject({ upstream, url: p });
  });

  it('never exposes /_internal, on any host, in any spelling', async () => {
    for (const [p, host] of [
      ['/_internal/shop-changed', undefined],
      ['/_internal/shop-changed', `joes.localhost:${proxyPort}`],
      ['/_INTERNAL/shop-changed', undefined],
      ['/%5Finternal/shop-changed', `joes.localhost:${proxyPort}`],
    ] as const) {
      for (const method of ['GET', 'POST']) {
        const res = await request(proxyPort, {
          path: p,
          host,
          method,
          ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        });
        expect(res.status).toBe(404);
        expect(JSON.parse(res.body)).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
      }
    }
  });

  it('does not mistake look-alike paths for upstream prefixes', async () => {
    for (const p of ['/apiary', '/shop', '/shopping', '/auth/v2/x', '/auth/callback']) {
      const res = await request(proxyPort, { path: p });
      expect(res.body).toContain('Barberly admin shell');
    }
  });

  it('answers its own health check', async () => {
    const res = await request(proxyPort, { path: '/healthz' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });
});

describe('admin static files', () => {
  it('answers deep client-side routes with the app shell, which must revalidate', async () => {
    const res = await request(proxyPort, { path: '/dashboard/owner/joes-barbers' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Barberly admin shell');
    // Not the prerendered landing page: a deep link must not flash it.
    expect(res.body).not.toContain('Landing');
    expect(res.headers['cache-control']).toBe('no-cache');
    const landing = await request(proxyPort, { path: '/' });
    expect(landing.body).toContain('<h1>Landing</h1>');
  });

  it('sends the brotli or gzip copy made at build time to clients that accept it, the plain file to others', async () => {
    for (const [encoding, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await rawGet(proxyPort, '/assets/index-3f9a2c1b.js', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = expected === 'br' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
      expect(body.toString()).toBe('console.log("admin")');
    }
    const page = await rawGet(proxyPort, '/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<h1>Landing</h1>');
    const plain = await rawGet(proxyPort, '/assets/index-3f9a2c1b.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log("admin")');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await request(proxyPort, { path: '/assets/index-3f9a2c1b.js' });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("admin")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const index = await request(proxyPort, { path: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const favicon = await request(proxyPort, { path: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not the HTML shell', async () => {
    const res = await request(proxyPort, { path: '/assets/index-00000000.js' });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('Barberly admin shell');
  });
});

describe('forwarded headers', () => {
  it('tells the upstream the original host, scheme and client address', async () => {
    const res = await request(proxyPort, { path: '/api/me', host: `localhost:${proxyPort}` });
    const headers = seen(res.body).headers;
    expect(headers['x-forwarded-host']).toBe(`localhost:${proxyPort}`);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers.host).toBe(`localhost:${proxyPort}`);
  });

  it('reuses upstream connections instead of opening one per request, even for clients that close theirs', async () => {
    await request(proxyPort, { path: '/api/warm-up' });
    const before = apiConnections;
    for (let i = 0; i < 3; i++) {
      const res = await request(proxyPort, { path: '/api/shops/joes', headers: { connection: 'close' } });
      expect(res.status).toBe(200);
    }
    expect(apiConnections - before).toBe(0);
  });

  it('does not let a client spoof its address through X-Forwarded-For', async () => {
    const res = await request(proxyPort, {
      path: '/auth/v1/token',
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' },
    });
    const headers = seen(res.body).headers;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).toBe(`localhost:${proxyPort}`);
  });
});

describe('request bodies', () => {
  it('forwards a body under the limit intact', async () => {
    const body = Buffer.alloc(200 * 1024, 'a');
    const res = await request(proxyPort, {
      path: '/api/shops',
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(seen(res.body)).toMatchObject({ upstream: 'api', method: 'POST', bodyLength: body.length });
  });

  it('forwards a chunked body under the limit with its length', async () => {
    const res = await request(proxyPort, {
      path: '/shop/joes',
      method: 'POST',
      body: 'x'.repeat(5000),
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' },
    });
    expect(seen(res.body)).toMatchObject({ upstream: 'storefront', bodyLength: 5000 });
  });

  it('refuses a body over 1 MB with 413 and a JSON error, declared or chunked', async () => {
    const body = Buffer.alloc(1024 * 1024 + 1, 'a');
    for (const headers of [{ 'content-type': 'application/json' }, { 'transfer-encoding': 'chunked' }]) {
      const res = await request(proxyPort, { path: '/api/shops', method: 'POST', body, headers });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'payload_too_large', message: 'The request body is larger than 1 MB.' },
      });
    }
  });
});

describe('the storefront inside the proxy process (npm start)', () => {
  let inProcessPort = 0;
  let storefrontConnections = 0;

  beforeAll(async () => {
    const api = fakeUpstream('api');
    const apiPort = await start(api);
    // The storefront's handler is called directly; its own server (unused here) counts connections to prove it.
    const storefront = fakeUpstream('storefront in process');
    storefront.on('connection', () => {
      storefrontConnections += 1;
    });
    const storefrontPort = await start(storefront);
    const handler = storefront.listeners('request')[0] as http.RequestListener;
    inProcessPort = await start(
      http.createServer(createProxyHandler(configFor(apiPort, storefrontPort), { storefront: { handler } })),
    );
  });

  it('hands shop pages to the storefront handler without a connection, with the forwarded headers', async () => {
    for (const [host, path] of [
      [`joes.localhost:${inProcessPort}`, '/services?x=1'],
      [`localhost:${inProcessPort}`, '/shop/joes/book'],
      [`localhost:${inProcessPort}`, '/demo/shop/urban'],
    ] as const) {
      const res = await request(inProcessPort, { path, host, headers: { 'x-forwarded-for': '6.6.6.6' } });
      const body = seen(res.body);
      expect(body.upstream).toBe('storefront in process');
      expect(body.url).toBe(path);
      expect(body.headers.host).toBe(host);
      expect(body.headers['x-forwarded-host']).toBe(host);
      expect(body.headers['x-forwarded-proto']).toBe('http');
      expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    }
    expect(storefrontConnections).toBe(0);
  });

  it('still sends /api to the api, the admin shell for everything else, and never /_internal', async () => {
    expect(seen((await request(inProcessPort, { path: '/api/shops/joes' })).body).upstream).toBe('api');
    const admin = await request(inProcessPort, { path: '/dashboard/owner' });
    expect(admin.body).toContain('Barberly admin shell');
    const internal = await request(inProcessPort, {
      path: '/_internal/shop-changed',
      host: `joes.localhost:${inProcessPort}`,
    });
    expect(internal.status).toBe(404);
  });
});

/** A GET whose body stays bytes (compressed answers are not text). */
function rawGet(port: number, pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the in-process storefront behind withOps (npm start)', () => {
  /** What the storefront saw: which entry, the request id it was given, whether the response had one already. */
  const calls: { entry: string; id: unknown; stopping?: boolean; idSetBefore: boolean }[] = [];
  let stopping = false;
  let port = 0;
  const lines: string[] = [];

  beforeAll(async () => {
    const api = await start(fakeUpstream('api'));
    const answer = (res: http.ServerResponse, body: string) => {
      res.writeHead(200, ['content-type', 'text/plain']);
      res.end(body);
    };
    const storefront: InProcessStorefront = {
      handler: (req, res) => {
        calls.push({ entry: 'handler', id: req.headers['x-request-id'], idSetBefore: res.hasHeader('x-request-id') });
        // The proxy read the body already (to check its size).
        answer(res, 'from the handler');
      },
      fromFrontDoor: (req, res, frontStopping) => {
        calls.push({
          entry: 'fromFrontDoor',
          id: req.headers['x-request-id'],
          stopping: frontStopping,
          idSetBefore: res.hasHeader('x-request-id'),
        });
        // What the storefront's ops do (server/ops.ts): the id once, and Connection: close while draining.
        res.setHeader('x-request-id', String(req.headers['x-request-id']));
        if (frontStopping) res.setHeader('Connection', 'close');
        answer(res, 'from memory');
      },
    };
    const config = configFor(api, await start(fakeUpstream('unused')));
    const handler = createProxyHandler(config, { storefront, isStopping: () => stopping });
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (String(chunk).includes('"msg":"request"')) lines.push(...String(chunk).trim().split('\n'));
      else return write(chunk, ...(rest as []));
      return true;
    });
    port = await start(http.createServer(withOps(handler, config, { isStopping: () => stopping, accessLog: true })));
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('hands a shop page its request id to write once, and says when the front door drains', async () => {
    const given = await request(port, { path: '/shop/joes', headers: { 'x-request-id': 'given-1' } });
    expect(given.body).toBe('from memory');
    expect(given.headers['x-request-id']).toBe('given-1');
    const made = await request(port, { path: '/', host: `joes.localhost:${port}` });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    stopping = true;
    const draining = await request(port, { path: '/shop/joes', headers: { 'x-request-id': 'given-2' } });
    stopping = false;
    expect(draining.headers.connection).toBe('close');
    expect(calls).toEqual([
      { entry: 'fromFrontDoor', id: 'given-1', stopping: false, idSetBefore: false },
      { entry: 'fromFrontDoor', id: made.headers['x-request-id'], stopping: false, idSetBefore: false },
      { entry: 'fromFrontDoor', id: 'given-2', stopping: true, idSetBefore: false },
    ]);
  });

  it('sets the id itself for a request that goes through Express (a body), and the api and admin as before', async () => {
    calls.length = 0;
    const posted = await request(port, {
      path: '/shop/joes',
      method: 'POST',
      body: 'x=1',
      headers: { 'x-request-id': 'p-1' },
    });
    expect(posted.body).toBe('from the handler');
    expect(posted.headers['x-request-id']).toBe('p-1');
    expect(calls).toEqual([{ entry: 'handler', id: 'p-1', idSetBefore: true }]);
    const api = await request(port, { path: '/api/shops/joes', headers: { 'x-request-id': 'a-1' } });
    expect(api.headers['x-request-id']).toBe('a-1');
    expect(seen(api.body).headers['x-request-id']).toBe('a-1');
    const admin = await request(port, { path: '/dashboard/owner' });
    expect(admin.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(admin.headers['content-security-policy']).toBeDefined();
  });

  it('writes one access line per request, whether answered at once or later', async () => {
    flushLogLines();
    lines.length = 0;
    await request(port, { path: '/shop/joes', headers: { 'x-request-id': 'l-1' } });
    await request(port, { path: '/api/shops/joes', headers: { 'x-request-id': 'l-2' } });
    await request(port, { path: '/healthz', headers: { 'x-request-id': 'l-3' } });
    flushLogLines();
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.map(({ requestId, method, path, status }) => ({ requestId, method, path, status }))).toEqual([
      { requestId: 'l-1', method: 'GET', path: '/shop/joes', status: 200 },
      { requestId: 'l-2', method: 'GET', path: '/api/shops/joes', status: 200 },
    ]);
    for (const line of logged) expect(line.durationMs).toBeGreaterThanOrEqual(0);
  });
});
