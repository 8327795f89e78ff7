/**
 * The production front door for real: nginx with the rendered nginx/nginx.conf.template in front of the built api,
 * two storefront processes and the admin build, on loopback. Requests carry the Host a browser would send.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isCustomHost, shopSlugFromHost } from '@barberly/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDns } from '../api/src/modules/domains/test-dns.test-helper';
import { adminSecurityHeaders } from '../proxy/src/security-headers';
import { repoRoot } from './support/nginx-config';
import {
  apiService,
  buildMissing,
  createDatabase,
  freePort,
  nginxService,
  request,
  type Service,
  storefrontService,
  testRedisUrl,
} from './support/processes';

const DOMAIN = 'barberly.test';
const adminRoot = path.join(repoRoot, 'admin/dist');

let api: Service;
let storefronts: Service[] = [];
let nginx: Service;
let nginxDir: string;
let nginxPort: number;
let dropDatabase: (() => Promise<void>) | undefined;
let slug: string;
let apiPort: number;
let storefrontPorts: number[] = [];
/** The DNS the api's domain checks ask (issue 16). */
let dns: TestDns;

const main = () => `${DOMAIN}:${nginxPort}`;
const get = (pathname: string, host = main(), headers: http.OutgoingHttpHeaders = {}) =>
  request(nginxPort, pathname, { host, headers });

beforeAll(async () => {
  buildMissing();
  const database = await createDatabase();
  dropDatabase = database.drop;
  const prefix = `bb_ops_${crypto.randomBytes(4).toString('hex')}:`;
  const token = crypto.randomBytes(16).toString('hex');
  apiPort = await freePort();
  const [sf1, sf2] = [await freePort(), await freePort()];
  storefrontPorts = [sf1, sf2];
  nginxPort = await freePort();
  const shared = { APP_DOMAIN: DOMAIN, INTERNAL_TOKEN: token, REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix };
  dns = await startTestDns();
  api = await apiService(apiPort, {
    ...shared,
    DNS_RESOLVER: dns.address,
    DATABASE_URL: database.url,
    PUBLIC_ORIGIN: `http://${DOMAIN}:${nginxPort}`,
    STOREFRONT_NOTIFY_URLS: `http://127.0.0.1:${sf1},http://127.0.0.1:${sf2}`,
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
  }).start();
  storefronts = await Promise.all(
    [sf1, sf2].map((port) => storefrontService(port, { ...shared, API_URL: `http://127.0.0.1:${apiPort}` }).start()),
  );
  const front = nginxService({
    appDomain: DOMAIN,
    port: nginxPort,
    apiUpstreams: [`127.0.0.1:${apiPort}`],
    storefrontUpstreams: [`127.0.0.1:${sf1}`, `127.0.0.1:${sf2}`],
    adminRoot,
  });
  nginxDir = front.dir;
  nginx = await front.service.start();

  // A real shop, created the way the admin does it: sign up on /auth/v1, POST /api/shops, through nginx.
  const email = `ops+${crypto.randomBytes(4).toString('hex')}@example.com`;
  const signup = await request(nginxPort, '/auth/v1/signup', {
    host: main(),
    method: 'POST',
    body: JSON.stringify({ email, password: 'Barberly-ops-Passw0rd!' }),
  });
  expect(signup.status, signup.text).toBe(200);
  const session = JSON.parse(signup.text) as { access_token: string };
  slug = `ops-${crypto.randomBytes(3).toString('hex')}`;
  const created = await request(nginxPort, '/api/shops', {
    host: main(),
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ name: 'Ops Test Barbers', slug }),
  });
  expect(created.status, created.text).toBe(201);
}, 240_000);

afterAll(async () => {
  await nginx?.stop('SIGQUIT');
  if (nginxDir && !process.env.OPS_NGINX_DEBUG) fs.rmSync(nginxDir, { recursive: true, force: true });
  await Promise.all(storefronts.map((s) => s.stop()));
  await api?.stop();
  await dns?.close();
  await dropDatabase?.();
});

describe('nginx routes by Host and path like the proxy', () => {
  it('answers a shop subdomain with that shop’s storefront page, on any path', async () => {
    const home = await get('/', `${slug}.${main()}`);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.text).toContain('Ops Test Barbers');
    // A path the admin owns on the main domain is the shop's on its own host.
    const assets = await get('/assets/nothing.js', `${slug}.${main()}`);
    expect(assets.status).toBe(404);
    expect(assets.text).toContain('Page Not Found');
    expect(assets.text).not.toContain('<div id="root"></div>');
  });

  it('serves the admin app on www, the bare domain and reserved names', async () => {
    for (const host of [main(), `www.${main()}`, `api.${main()}`, `admin.${main()}`, `127.0.0.1:${nginxPort}`]) {
      const page = await get('/', host);
      expect(page.status, host).toBe(200);
      expect(page.text, host).toContain('<div id="root">');
    }
  });

  it('serves /shop/{slug} and /demo/shop/{theme} from the storefront on the main domain', async () => {
    const shop = await get(`/shop/${slug}`);
    expect(shop.status).toBe(200);
    expect(shop.text).toContain('Ops Test Barbers');
    const demo = await get('/demo/shop/classic');
    expect(demo.status).toBe(200);
    const policies = String(demo.headers['content-security-policy']);
    expect(policies).toContain("script-src 'self'");
    // Only the product's own pages may frame a shop page (the dashboard's preview does).
    expect(policies).toContain("frame-ancestors 'self'");
  });

  it('sends /api and /auth/v1 to the api on every host, shop sites included', async () => {
    for (const host of [main(), `${slug}.${main()}`]) {
      const shop = await get(`/api/shops/${slug}`, host);
      expect(shop.status, host).toBe(200);
      expect(JSON.parse(shop.text).shop.slug).toBe(slug);
      const jwks = await get('/auth/v1/.well-known/jwks.json', host);
      expect(jwks.status, host).toBe(200);
      expect(JSON.parse(jwks.text).keys.length).toBeGreaterThan(0);
    }
    expect((await get('/api/no-such-route')).status).toBe(404);
  });

  it("sends the assistant's MCP server and its protected-resource metadata to the api", async () => {
    const metadata = await get('/.well-known/oauth-protected-resource/mcp');
    expect(metadata.status).toBe(200);
    expect(JSON.parse(metadata.text).authorization_servers[0]).toMatch(/\/auth\/v1$/);
    const mcp = await request(nginxPort, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(mcp.status).toBe(401);
    expect(String(mcp.headers['www-authenticate'])).toContain('resource_metadata=');
  });

  it('sets X-Forwarded-For from the connection, so a forged one cannot dodge a per-address limit', async () => {
    // The landing page's lead form allows 10 a client an hour. Each forged X-Forwarded-For used to count as a
    // new client; nginx now tells the api the address it really sees.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await request(nginxPort, '/api/leads', {
        host: main(),
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({
          fullName: 'Pat Doe',
          email: `pat${i}@example.com`,
          phone: '555 0100',
          barbershopName: 'Pat Cuts',
        }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it('refuses a body over 1 MB with the api’s JSON error shape', async () => {
    const answer = await request(nginxPort, '/api/shops', {
      host: main(),
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is larger than 1 MB.' },
    });
  });

  it('never lets /_internal through, in any spelling', async () => {
    for (const pathname of ['/_internal/shop-changed', '/_INTERNAL/shop-changed', '/%5Finternal/shop-changed']) {
      for (const host of [main(), `${slug}.${main()}`]) {
        const answer = await request(nginxPort, pathname, { host, method: 'POST', body: '{}' });
        expect(answer.status, `${host}${pathname}`).toBe(404);
      }
    }
  });

  it('falls back to the app shell for a deep admin route, which must revalidate and carries the CSP', async () => {
    const deep = await get('/dashboard/owner/settings/hours');
    expect(deep.status).toBe(200);
    // spa.html, not the prerendered landing page (index.html, for '/'): a deep link never flashes the landing page.
    expect(deep.text).toBe(fs.readFileSync(path.join(adminRoot, 'spa.html'), 'utf8'));
    expect(deep.text).toContain('<div id="root"></div>');
    const landing = await get('/');
    expect(landing.text).toBe(fs.readFileSync(path.join(adminRoot, 'index.html'), 'utf8'));
    expect(landing.text).toMatch(/<div id="root"><.*<h1/s);
    expect(deep.headers['cache-control']).toBe('no-cache');
    const csp = String(deep.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The Node proxy (npm start) sends the admin app the very same policy.
    expect(csp.replace(/\s+;/g, ';')).toBe(adminSecurityHeaders()['Content-Security-Policy']);
    expect(deep.headers['x-content-type-options']).toBe('nosniff');
    expect(deep.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS; behind a TLS terminator: HSTS.
    expect(deep.headers['strict-transport-security']).toBeUndefined();
    const behindTls = await get('/', main(), { 'x-forwarded-proto': 'https' });
    expect(behindTls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('caches hashed admin assets for a year and never answers a missing one with HTML', async () => {
    const asset = fs.readdirSync(path.join(adminRoot, 'assets')).find((name) => name.endsWith('.js'));
    const hit = await get(`/assets/${asset}`);
    expect(hit.status).toBe(200);
    expect(hit.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hit.headers['content-type']).toMatch(/javascript/);
    const missing = await get('/assets/index-doesnotexist.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<div id="root">');
  });

  it('sends the gzip copy made at build time, byte for byte, instead of compressing per request', async () => {
    const asset = fs
      .readdirSync(path.join(adminRoot, 'assets'))
      .find((name) => name.endsWith('.js') && fs.existsSync(path.join(adminRoot, 'assets', `${name}.gz`)));
    expect(asset).toBeDefined();
    const zipped = await get(`/assets/${asset}`, main(), { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.equals(fs.readFileSync(path.join(adminRoot, 'assets', `${asset}.gz`)))).toBe(true);
    const landing = await get('/', main(), { 'accept-encoding': 'gzip' });
    expect(landing.body.equals(fs.readFileSync(path.join(adminRoot, 'index.html.gz')))).toBe(true);
  });

  it('compresses with gzip when the client accepts it', async () => {
    const asset = fs
      .readdirSync(path.join(adminRoot, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, size: fs.statSync(path.join(adminRoot, 'assets', name)).size }))
      .sort((a, b) => b.size - a.size)[0];
    const zipped = await get(`/assets/${asset?.name}`, main(), { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(asset?.size ?? 0);
    expect(gunzipSync(zipped.body).length).toBe(asset?.size);
    const page = await get('/', main(), { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
  });

  it('gives every request an id that reaches the api’s access log', async () => {
    const chosen = `ops-${crypto.randomBytes(6).toString('hex')}`;
    const answer = await get(`/api/shops/${slug}`, main(), { 'x-request-id': chosen });
    expect(answer.headers['x-request-id']).toBe(chosen);
    const generated = await get('/api/config');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => api.output.includes(`"requestId":"${chosen}"`)).toBe(true);
    const line = api.output.split('\n').find((l) => l.includes(`"requestId":"${chosen}"`)) ?? '{}';
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: `/api/shops/${slug}`, status: 200 });
    const accessLog = () => fs.readFileSync(path.join(nginxDir, 'access.log'), 'utf8');
    await expect.poll(() => accessLog().includes(`"requestId":"${chosen}"`)).toBe(true);
  });

  it('keeps the secret of a manage link out of the nginx, storefront and api access logs', async () => {
    const secret = `LeakCheck${crypto.randomBytes(12).toString('hex')}`;
    const chosen = `ops-${crypto.randomBytes(6).toString('hex')}`;
    await get(`/shop/${slug}/appointments/${secret}`, main(), { 'x-request-id': chosen });
    await get(`/api/appointments/manage/${secret}/calendar.ics`, main(), { 'x-request-id': `${chosen}-api` });
    const accessLog = () => fs.readFileSync(path.join(nginxDir, 'access.log'), 'utf8');
    await expect.poll(() => accessLog().includes(`"requestId":"${chosen}-api"`)).toBe(true);
    await expect.poll(() => api.output.includes(`"requestId":"${chosen}-api"`)).toBe(true);
    const nginxLine = accessLog()
      .split('\n')
      .find((l) => l.includes(`"requestId":"${chosen}"`));
    expect(nginxLine).toContain(`/shop/${slug}/appointments/[redacted]`);
    expect(accessLog()).toContain('/api/appointments/manage/[redacted]/calendar.ics');
    expect(accessLog()).not.toContain(secret);
    expect(api.output).toContain('/api/appointments/manage/[redacted]/calendar.ics');
    expect(api.output).not.toContain(secret);
    const storefrontLogs = () => storefronts.map((s) => s.output).join('\n');
    await expect.poll(() => storefrontLogs().includes(`/shop/${slug}/appointments/[redacted]`)).toBe(true);
    expect(storefrontLogs()).not.toContain(secret);
  });

  it('agrees with common’s shopSlugFromHost and isCustomHost on which hosts are shops', async () => {
    const hosts = [
      `joes.${DOMAIN}`,
      `a.b.${DOMAIN}`,
      `JOES.Barberly.Test`,
      `joes.${DOMAIN}.`,
      `fade-2-blade.${DOMAIN}`,
      DOMAIN,
      `www.${DOMAIN}`,
      `WWW.${DOMAIN}`,
      ...['api', 'admin', 'auth', 'app', 'static', 'assets'].map((name) => `${name}.${DOMAIN}`),
      `evilbarberly.test`,
      `joes.${DOMAIN}.evil.com`,
      `joes_cuts.${DOMAIN}`,
      `3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b.${DOMAIN}`,
      `${'project-'.repeat(8)}id.${DOMAIN}`,
      `downtown-gentlemens-grooming-lounge-and-barber-cos.${DOMAIN}`,
      `barberlyxtest`,
      `joes.barberlyxtest`,
    ];
    for (const host of hosts) {
      const page = await get('/', `${host}:${nginxPort}`);
      const isShop = shopSlugFromHost(host, DOMAIN) !== null || isCustomHost(host, DOMAIN);
      // The storefront answers an unknown shop with its 404 page (an unproven custom domain: 'not connected');
      // the admin shell is the main site.
      expect(page.text.includes('<title>Barberly | Booking and websites for barbershops</title>'), host).toBe(!isShop);
    }
  });

  it('reports liveness and readiness (Postgres, Redis, the api) of each service', async () => {
    const apiReady = await request(apiPort, '/readyz');
    expect(apiReady.status).toBe(200);
    expect(JSON.parse(apiReady.text)).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    const sfReady = await request(storefrontPorts[0] as number, '/readyz');
    expect(sfReady.status).toBe(200);
    expect(JSON.parse(sfReady.text)).toEqual({ status: 'ready', checks: { redis: 'ok', api: 'ok' } });
    expect((await get('/healthz')).status).toBe(200);
  });
});

/** A new owner signed up on /auth/v1 and their shop, both through nginx as the admin app does it. */
async function ownerWithShop(prefix: string, name: string): Promise<{ slug: string; id: string; token: string }> {
  const email = `${prefix}+${crypto.randomBytes(4).toString('hex')}@example.com`;
  const signup = await request(nginxPort, '/auth/v1/signup', {
    host: main(),
    method: 'POST',
    body: JSON.stringify({ email, password: 'Barberly-ops-Passw0rd!' }),
  });
  expect(signup.status, signup.text).toBe(200);
  const token = (JSON.parse(signup.text) as { access_token: string }).access_token;
  const slug = `${prefix}-${crypto.randomBytes(3).toString('hex')}`;
  const created = await request(nginxPort, '/api/shops', {
    host: main(),
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, slug }),
  });
  expect(created.status, created.text).toBe(201);
  return { slug, id: (JSON.parse(created.text) as { id: string }).id, token };
}

describe('the micro-cache for shop pages', () => {
  let second: { slug: string; id: string; token: string };

  beforeAll(async () => {
    second = await ownerWithShop('ops-cache', 'Second Chair Studio');
  });

  it('answers a repeat request for a shop page itself, and never with another shop’s page', async () => {
    // The storefront renders each page once; nginx then keeps it for a second. The first of these may already be a
    // HIT if an earlier test asked for the same page within the second.
    const first = await get('/', `${slug}.${main()}`);
    const repeat = await get('/', `${slug}.${main()}`);
    expect(repeat.status).toBe(200);
    expect(repeat.headers['x-cache']).toBe('HIT');
    expect(repeat.text).toBe(first.text);
    expect(repeat.headers['x-accel-expires']).toBeUndefined();
    expect(repeat.headers['content-security-policy']).toBeDefined();
    // Same path, other shop: its own page, from the storefront.
    const other = await get('/', `${second.slug}.${main()}`);
    expect(other.text).toContain('Second Chair Studio');
    expect(other.text).not.toContain('Ops Test Barbers');
    const onMain = await get(`/shop/${second.slug}`);
    expect(onMain.text).toContain('Second Chair Studio');
    // One copy per encoding: a gzip client never gets the plain bytes, a plain client never gzip.
    const zipped = await get('/', `${slug}.${main()}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(first.text);
    const plain = await get('/', `${slug}.${main()}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(first.text);
  });

  it('keys a cached page on the Host the storefront saw, so another port cannot poison a shop page', async () => {
    // The storefront builds the canonical link from the Host, port included.
    const odd = await get('/', `${slug}.${DOMAIN}:1234`);
    expect(odd.status).toBe(200);
    expect(odd.text).toContain(`//${slug}.${DOMAIN}:1234/`);
    const visitor = await get('/', `${slug}.${main()}`);
    expect(visitor.text).toContain(`//${slug}.${main()}/`);
    expect(visitor.text).not.toContain(':1234');
  });

  it('never keeps the booking page, a manage page, an unknown shop or the api', async () => {
    for (const [pathname, host] of [
      [`/shop/${slug}/book`, main()],
      [`/shop/${slug}/appointments/not-a-real-token`, main()],
      ['/', `no-such-shop-${crypto.randomBytes(3).toString('hex')}.${main()}`],
      [`/api/shops/${slug}`, main()],
    ] as const) {
      await get(pathname, host);
      const again = await get(pathname, host);
      expect(again.headers['x-cache'], `${host}${pathname}`).not.toBe('HIT');
    }
  });

  it('shows an owner’s edit within a second', async () => {
    const host = `${second.slug}.${main()}`;
    await get('/', host);
    expect((await get('/', host)).headers['x-cache']).toBe('HIT');
    const edited = await request(nginxPort, `/api/shops/${second.id}`, {
      host: main(),
      method: 'PATCH',
      headers: { authorization: `Bearer ${second.token}` },
      body: JSON.stringify({ name: 'Second Chair Studio Renamed' }),
    });
    expect(edited.status, edited.text).toBe(200);
    await expect
      .poll(async () => (await get('/', host)).text.includes('Second Chair Studio Renamed'), { timeout: 5000 })
      .toBe(true);
  });

  it('serves the last good page while no storefront answers, and fresh pages once they are back', async () => {
    const host = `${slug}.${main()}`;
    const good = await get('/', host);
    expect(good.status).toBe(200);
    for (const storefront of storefronts) await storefront.stop('SIGTERM');
    try {
      // Fresh for a second (HIT), then past its time with no storefront to ask (STALE): the page all along.
      const answers: { status: number; cache: unknown; same: boolean }[] = [];
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && answers.at(-1)?.cache !== 'STALE') {
        const answer = await get('/', host);
        answers.push({ status: answer.status, cache: answer.headers['x-cache'], same: answer.text === good.text });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(answers.at(-1)?.cache).toBe('STALE');
      expect(answers.every((a) => a.status === 200 && a.same)).toBe(true);
    } finally {
      for (const storefront of storefronts) await storefront.start();
    }
    await expect.poll(async () => (await get('/', host)).headers['x-cache'], { timeout: 10_000 }).not.toBe('STALE');
  });
});

describe('custom domains through nginx (issue 16)', () => {
  let shop: { slug: string; id: string; token: string };
  const hostname = `www.ops-${crypto.randomBytes(3).toString('hex')}.com`;
  /** The Host a browser sends for the domain on this port. */
  const site = () => `${hostname}:${nginxPort}`;
  const api = (pathname: string, method = 'GET', body?: unknown) =>
    request(nginxPort, pathname, {
      host: main(),
      method,
      headers: { authorization: `Bearer ${shop.token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    shop = await ownerWithShop('ops-domain', 'Own Domain Barbers');
  });

  it('serves a verified domain its shop, never before, and stops within the invalidation window once removed', async () => {
    const added = await api(`/api/shops/${shop.id}/domains`, 'POST', { hostname });
    expect(added.status, added.text).toBe(201);
    const domain = JSON.parse(added.text) as {
      id: string;
      records: Array<{ type: string; name: string; value: string }>;
    };

    // Pending: the host is not connected (and never the admin app or another shop).
    const before = await get('/', site());
    expect(before.status).toBe(404);
    expect(before.text).toContain('This domain is not connected');
    expect(before.text).not.toContain('Own Domain Barbers');

    for (const record of domain.records) {
      if (record.type === 'TXT') dns.set(record.name, [{ type: 'TXT', data: record.value }]);
      if (record.type === 'CNAME') dns.set(record.name, [{ type: 'CNAME', domain: record.value }]);
    }
    const verified = await api(`/api/shops/${shop.id}/domains/${domain.id}/verify`, 'POST');
    expect(JSON.parse(verified.text)).toMatchObject({ status: 'active' });

    const page = await get('/', site());
    expect(page.status).toBe(200);
    expect(page.text).toContain('Own Domain Barbers');
    expect(page.text).toContain(`<link rel="canonical" href="http://${hostname}:${nginxPort}/"`);
    // Its booking pages call the api on the same host.
    const availability = await get(`/api/shops/${shop.slug}`, site());
    expect(availability.status).toBe(200);
    // The subdomain now sends visitors to the domain.
    const sub = await get('/', `${shop.slug}.${main()}`);
    expect(sub.status).toBe(301);
    expect(sub.headers.location).toBe(`http://${hostname}:${nginxPort}/`);

    const removed = await api(`/api/shops/${shop.id}/domains/${domain.id}`, 'DELETE');
    expect(removed.status).toBe(204);
    // The micro-cache may hold the page for its one second; after that, both storefront processes know.
    await expect.poll(async () => (await get('/', site())).status, { timeout: 3000, interval: 100 }).toBe(404);
    for (let i = 0; i < 4; i++) {
      const after = await get('/', site());
      expect(after.text).not.toContain('Own Domain Barbers');
    }
    expect((await get('/', `${shop.slug}.${main()}`)).status).toBe(200);
  });

  it('never serves a shop on a host nobody proved, whatever the path', async () => {
    for (const path of ['/', `/shop/${slug}`, '/book', '/assets/x.js']) {
      const res = await get(path, 'www.nobody-proved-this.com');
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('Ops Test Barbers');
      expect(res.text).not.toContain('<div id="root">');
    }
  });
});

describe('a rolling restart of the storefront', () => {
  it('drops no request while each of the two storefront processes is stopped with SIGTERM and started again', async () => {
    const paths = [
      { path: `/shop/${slug}`, host: main() },
      { path: '/', host: `${slug}.${main()}` },
      { path: '/demo/shop/classic', host: main() },
      { path: '/demo/shop/urban', host: main() },
    ];
    // Keep-alive clients, like browsers: the connections to nginx stay open across the restarts.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const failures: string[] = [];
    let done = 0;
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const target = paths[i % paths.length] as (typeof paths)[number];
        try {
          const answer = await request(nginxPort, target.path, { host: target.host, agent });
          if (answer.status !== 200) failures.push(`${target.host}${target.path}: ${answer.status}`);
        } catch (err) {
          failures.push(`${target.host}${target.path}: ${(err as Error).message}`);
        }
        done++;
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await wait(1500);
    const counts: number[] = [];
    for (const storefront of storefronts) {
      const before = done;
      const code = await storefront.stop('SIGTERM');
      expect(code, `${storefront.name} exits cleanly on SIGTERM`).toBe(0);
      await wait(1000); // the other process carries the load alone
      await storefront.start();
      // Let the restarted process take its share of the load before the next one goes.
      await wait(1500);
      counts.push(done - before);
    }
    running = false;
    await load;
    agent.destroy();

    const errorLog = nginx.output
      .split('\n')
      .filter((line) => !line.includes('no live upstreams'))
      .slice(-40)
      .join('\n');
    // Failures grouped by what happened, with nginx's error log, so a failing run says why.
    const summary: Record<string, number> = {};
    for (const failure of failures) summary[failure] = (summary[failure] ?? 0) + 1;
    if (failures.length) {
      const notable = (s: Service) =>
        s.output
          .split('\n')
          .filter((line) => !line.includes('"msg":"request"'))
          .slice(-40)
          .join('\n');
      const tails = [nginx, ...storefronts].map((s) => `--- ${s.name}\n${notable(s)}`).join('\n');
      console.error(`nginx error log:\n${errorLog}\n${tails}`);
    }
    expect(summary).toEqual({});
    // The load really ran through both restarts.
    for (const count of counts) expect(count).toBeGreaterThan(20);
  });
});
