import { DOMAIN_MESSAGES, type ShopDomain } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { type BookingTestApp, createBookingTestApp, createTestClock } from '../appointments/booking.test-helper';
import { bearer, createShopAs } from '../shops/shops.test-helper';
import { createDnsChecker } from './dns-check';
import { startDomainCheckWorker } from './domain-check-worker';
import { DOMAIN_CHECK_QUEUE, DOMAIN_CHECK_WINDOW_MS, runDomainCheck } from './domain-verification';
import { createHostAllowlist } from './host-allowlist';
import { startTestDns, type TestDns } from './test-dns.test-helper';

const APP_DOMAIN = 'barberly.test';
let db: TestDatabase;
let dns: TestDns;
let app: BookingTestApp;
let owner: TestUser;
let shop: { id: string; slug: string };

beforeAll(async () => {
  db = await createTestDatabase();
  dns = await startTestDns();
  app = await createBookingTestApp(db, {
    clock: createTestClock('2026-12-01T12:00:00Z'),
    configOverrides: { APP_DOMAIN, DNS_RESOLVER: dns.address, CUSTOM_DOMAIN_IPV4: '203.0.113.10' },
  });
});
afterAll(async () => {
  await app?.close();
  await dns?.close();
  await db?.drop();
});

beforeEach(async () => {
  owner = await signUpTestUser(app);
  shop = await createShopAs(app, owner.accessToken);
});

let hostCounter = 0;
/** A fresh hostname under a real suffix for each test: the checks and the claims are global. */
const freshHost = (label = 'www') => `${label}.joes-${Date.now().toString(36)}-${hostCounter++}.com`;

async function add(hostname: string, user: TestUser = owner, shopId = shop.id) {
  return request(app).post(`/api/shops/${shopId}/domains`).set(bearer(user.accessToken)).send({ hostname });
}
async function verify(domain: ShopDomain, user: TestUser = owner, shopId = shop.id) {
  return request(app).post(`/api/shops/${shopId}/domains/${domain.id}/verify`).set(bearer(user.accessToken)).send();
}
/** Publishes the records the dashboard asked for, as the owner would at their DNS provider. */
function publish(domain: ShopDomain) {
  for (const record of domain.records) {
    if (record.type === 'TXT') dns.set(record.name, [{ type: 'TXT', data: record.value }]);
    else if (record.type === 'CNAME') dns.set(record.name, [{ type: 'CNAME', domain: record.value }]);
    else dns.set(record.name, [{ type: record.type, address: record.value }]);
  }
}
const shopPage = async (slug: string) => (await request(app).get(`/api/shops/${slug}`)).body.shop;

describe('connecting a domain', () => {
  it('answers the records to create: a CNAME to the shop subdomain and a TXT with its token', async () => {
    const hostname = freshHost();
    const res = await add(`  HTTPS://${hostname.toUpperCase()}/  `);
    expect(res.status).toBe(201);
    const domain = res.body as ShopDomain;
    expect(domain).toMatchObject({ hostname, status: 'pending', reason: null, primary: false });
    expect(domain.records).toEqual([
      { type: 'CNAME', name: hostname, value: `${shop.slug}.${APP_DOMAIN}` },
      { type: 'TXT', name: `_barberly.${hostname}`, value: expect.stringMatching(/^barberly-verify=[0-9a-f]{32}$/) },
    ]);
    const list = await request(app).get(`/api/shops/${shop.id}/domains`).set(bearer(owner.accessToken));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([domain]);
    // The background check went into the durable queue with the domain, a minute out.
    const jobs = await db.dataSource.query(
      `SELECT "data", "start_after" > now() AS "later" FROM pgboss.job WHERE "name" = $1 AND "data"->>'domainId' = $2`,
      [DOMAIN_CHECK_QUEUE, domain.id],
    );
    expect(jobs).toEqual([{ data: { domainId: domain.id, delay: 60 }, later: true }]);
  });

  it('an apex domain gets A records to the platform address', async () => {
    const apex = freshHost('x').slice(2);
    const res = await add(apex);
    expect(res.status).toBe(201);
    expect(
      res.body.records.map((r: { type: string; name: string; value: string }) => [
        r.type,
        r.name,
        r.value.slice(0, 16),
      ]),
    ).toEqual([
      ['A', apex, '203.0.113.10'],
      ['TXT', `_barberly.${apex}`, 'barberly-verify='],
    ]);
  });

  it('stays pending while the records are missing, and becomes active when they appear', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    const before = await verify(domain);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      status: 'pending',
      reason: DOMAIN_MESSAGES.txtMissing(`_barberly.${domain.hostname}`),
    });

    // TXT only: the CNAME is still missing.
    const txt = domain.records.find((r) => r.type === 'TXT');
    dns.set(`_barberly.${domain.hostname}`, [{ type: 'TXT', data: txt?.value ?? '' }]);
    expect((await verify(domain)).body).toMatchObject({
      status: 'pending',
      reason: DOMAIN_MESSAGES.cnameMissing(domain.hostname, `${shop.slug}.${APP_DOMAIN}`),
    });

    publish(domain);
    const after = await verify(domain);
    expect(after.body).toMatchObject({ status: 'active', reason: null, primary: true });
    expect(after.body.checkedAt).toEqual(expect.any(String));
    // The shop's links follow; the storefront's host map and Caddy's ask both know it now.
    expect(await shopPage(shop.slug)).toMatchObject({ customDomain: domain.hostname });
    const resolved = await request(app)
      .get('/api/domains/resolve')
      .query({ host: `${domain.hostname.toUpperCase()}:443` });
    expect(resolved.body).toEqual({ slug: shop.slug, primary: domain.hostname });
    expect((await request(app).get('/api/domains/allowed').query({ domain: domain.hostname })).status).toBe(200);
  });

  it('a TXT or CNAME with the wrong value fails with the reason', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    dns.set(`_barberly.${domain.hostname}`, [{ type: 'TXT', data: 'barberly-verify=someone-else' }]);
    expect((await verify(domain)).body).toMatchObject({
      status: 'failed',
      reason: DOMAIN_MESSAGES.txtWrong(`_barberly.${domain.hostname}`),
    });

    publish(domain);
    dns.set(domain.hostname, [{ type: 'CNAME', domain: 'other-shop.barberly.test' }]);
    expect((await verify(domain)).body).toMatchObject({
      status: 'failed',
      reason: DOMAIN_MESSAGES.cnameWrong(domain.hostname, 'other-shop.barberly.test', `${shop.slug}.${APP_DOMAIN}`),
    });
    // Fixed: a failed domain checked again is proven.
    publish(domain);
    expect((await verify(domain)).body).toMatchObject({ status: 'active' });
  });

  it('an apex with a stray A record fails; the right one verifies', async () => {
    const apex = freshHost('x').slice(2);
    const domain = (await add(apex)).body as ShopDomain;
    publish(domain);
    dns.set(apex, [{ type: 'A', address: '198.51.100.7' }]);
    expect((await verify(domain)).body).toMatchObject({
      status: 'failed',
      reason: DOMAIN_MESSAGES.addressWrong('A', apex, '198.51.100.7', '203.0.113.10'),
    });
    publish(domain);
    expect((await verify(domain)).body).toMatchObject({ status: 'active' });
  });

  it('a domain another shop has proven is refused, and a second claimant fails with the reason', async () => {
    const hostname = freshHost();
    const rival = await signUpTestUser(app);
    const rivalShop = await createShopAs(app, rival.accessToken);
    // Both ask while nobody has proven it: a pending claim cannot squat a domain.
    const mine = (await add(hostname)).body as ShopDomain;
    const theirs = (await add(hostname, rival, rivalShop.id)).body as ShopDomain;
    expect(theirs.status).toBe('pending');

    publish(mine);
    expect((await verify(mine)).body.status).toBe('active');
    // The rival publishes their own token too; the name is proven by us already.
    const theirTxt = theirs.records.find((r) => r.type === 'TXT')?.value ?? '';
    const myTxt = mine.records.find((r) => r.type === 'TXT')?.value ?? '';
    dns.set(`_barberly.${hostname}`, [
      { type: 'TXT', data: myTxt },
      { type: 'TXT', data: theirTxt },
    ]);
    dns.set(hostname, [{ type: 'CNAME', domain: `${rivalShop.slug}.${APP_DOMAIN}` }]);
    expect((await verify(theirs, rival, rivalShop.id)).body).toMatchObject({
      status: 'failed',
      reason: DOMAIN_MESSAGES.taken,
    });

    const again = await add(hostname, rival, rivalShop.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'domain_exists' });
    const third = await signUpTestUser(app);
    const thirdShop = await createShopAs(app, third.accessToken);
    const refused = await add(hostname, third, thirdShop.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'domain_taken', message: DOMAIN_MESSAGES.taken });
    expect((await request(app).get('/api/domains/resolve').query({ host: hostname })).body.slug).toBe(shop.slug);
  });

  it.each([
    ['203.0.113.5', DOMAIN_MESSAGES.ipAddress],
    ['[2001:db8::1]', DOMAIN_MESSAGES.ipAddress],
    ['localhost', DOMAIN_MESSAGES.tooShort],
    ['shop.localhost', DOMAIN_MESSAGES.invalid],
    ['example', DOMAIN_MESSAGES.tooShort],
    ['co.uk', DOMAIN_MESSAGES.publicSuffix],
    ['github.io', DOMAIN_MESSAGES.publicSuffix],
    [`joes.${APP_DOMAIN}`, DOMAIN_MESSAGES.platform(APP_DOMAIN)],
    [APP_DOMAIN, DOMAIN_MESSAGES.platform(APP_DOMAIN)],
    ['exa mple.com', DOMAIN_MESSAGES.invalid],
    ['<script>.com', DOMAIN_MESSAGES.invalid],
    ['www.example.com:8080', DOMAIN_MESSAGES.invalid],
    ['user@www.example.com', DOMAIN_MESSAGES.invalid],
    ['-bad.example.com', DOMAIN_MESSAGES.invalid],
    [`${'a'.repeat(64)}.com`, DOMAIN_MESSAGES.invalid],
    ['www.example.notatld', DOMAIN_MESSAGES.invalid],
    ['', DOMAIN_MESSAGES.invalid],
  ])('refuses %j with a clear message', async (hostname, message) => {
    const res = await add(hostname);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_hostname', message });
    const list = await request(app).get(`/api/shops/${shop.id}/domains`).set(bearer(owner.accessToken));
    expect(list.body).toEqual([]);
  });

  it('keeps an international name in its ASCII form', async () => {
    const res = await add(`www.café-${hostCounter++}.com`);
    expect(res.status).toBe(201);
    expect(res.body.hostname).toMatch(/^www\.xn--caf-[a-z0-9-]+\.com$/);
  });

  it('refuses a body that is not {hostname}', async () => {
    const res = await request(app)
      .post(`/api/shops/${shop.id}/domains`)
      .set(bearer(owner.accessToken))
      .send({ host: 'x.com' });
    expect(res.status).toBe(400);
  });

  it('only the owner sees or changes the shop domains', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    const stranger = await signUpTestUser(app);
    expect((await request(app).get(`/api/shops/${shop.id}/domains`).set(bearer(stranger.accessToken))).status).toBe(
      403,
    );
    expect((await add(freshHost(), stranger)).status).toBe(403);
    expect((await verify(domain, stranger)).status).toBe(403);
    const del = await request(app)
      .delete(`/api/shops/${shop.id}/domains/${domain.id}`)
      .set(bearer(stranger.accessToken));
    expect(del.status).toBe(403);
    // Their own shop cannot reach our domain by its id either.
    const theirShop = await createShopAs(app, stranger.accessToken);
    expect((await verify(domain, stranger, theirShop.id)).status).toBe(404);
    expect((await request(app).get(`/api/shops/${shop.id}/domains`)).status).toBe(401);
    expect((await request(app).get(`/api/shops/${shop.id}/domains`).set(bearer(owner.accessToken))).body).toHaveLength(
      1,
    );
  });
});

describe('primary, aliases and removal', () => {
  it('the first proven domain is the primary; another becomes an alias until made primary; removal promotes the alias', async () => {
    const www = (await add(freshHost())).body as ShopDomain;
    const apex = (await add(freshHost('y').slice(2))).body as ShopDomain;
    publish(www);
    publish(apex);
    expect((await verify(www)).body.status).toBe('active');
    expect((await verify(apex)).body).toMatchObject({ status: 'verified', primary: false });
    expect((await request(app).get('/api/domains/resolve').query({ host: apex.hostname })).body).toEqual({
      slug: shop.slug,
      primary: www.hostname,
    });

    const swapped = await request(app)
      .patch(`/api/shops/${shop.id}/domains/${apex.id}`)
      .set(bearer(owner.accessToken))
      .send({ primary: true });
    expect(swapped.status).toBe(200);
    expect(swapped.body.map((d: ShopDomain) => [d.hostname, d.status])).toEqual([
      [www.hostname, 'verified'],
      [apex.hostname, 'active'],
    ]);
    expect((await shopPage(shop.slug)).customDomain).toBe(apex.hostname);

    const removed = await request(app)
      .delete(`/api/shops/${shop.id}/domains/${apex.id}`)
      .set(bearer(owner.accessToken));
    expect(removed.status).toBe(204);
    expect((await shopPage(shop.slug)).customDomain).toBe(www.hostname);
    expect((await request(app).get('/api/domains/resolve').query({ host: apex.hostname })).status).toBe(404);
    expect((await request(app).get('/api/domains/allowed').query({ domain: apex.hostname })).status).toBe(404);

    await request(app).delete(`/api/shops/${shop.id}/domains/${www.id}`).set(bearer(owner.accessToken));
    expect((await shopPage(shop.slug)).customDomain).toBeNull();
  });

  it('a pending domain cannot be made primary', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    const res = await request(app)
      .patch(`/api/shops/${shop.id}/domains/${domain.id}`)
      .set(bearer(owner.accessToken))
      .send({ primary: true });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(DOMAIN_MESSAGES.notVerified);
  });
});

describe("Caddy's ask endpoint", () => {
  it('allows proven domains and existing shop subdomains only', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    const ask = (name: string) => request(app).get('/api/domains/allowed').query({ domain: name });
    expect((await ask(domain.hostname)).status).toBe(404);
    expect((await ask(`${shop.slug}.${APP_DOMAIN}`)).status).toBe(200);
    expect((await ask(`no-such-shop-${hostCounter++}.${APP_DOMAIN}`)).status).toBe(404);
    expect((await ask(`a.b.${APP_DOMAIN}`)).status).toBe(404);
    expect((await ask('')).status).toBe(404);
    publish(domain);
    await verify(domain);
    expect((await ask(domain.hostname)).status).toBe(200);
  });
});

/** What the background check runs with: this test's database, DNS, clock and queue; events go nowhere. */
const checkDeps = () => ({
  dataSource: db.dataSource,
  events: { shopChanged: async () => {}, settled: async () => {} },
  config: { ...app.config },
  dns: createDnsChecker({ resolver: dns.address }),
  now: app.clock.now,
  queue: app.mailQueue,
});

describe('the background check', () => {
  it('re-checks a pending domain with backoff, activates it when the records appear, and gives up after 72 hours', async () => {
    const deps = checkDeps();
    const domain = (await add(freshHost())).body as ShopDomain;
    expect(await runDomainCheck(deps, { domainId: domain.id, delay: 60 })).toBe('pending');
    const next = await db.dataSource.query(
      `SELECT "data" FROM pgboss.job WHERE "name" = $1 AND "data"->>'domainId' = $2 ORDER BY "created_on"`,
      [DOMAIN_CHECK_QUEUE, domain.id],
    );
    expect(next.map((j: { data: { delay: number } }) => j.data.delay)).toEqual([60, 120]);

    publish(domain);
    expect(await runDomainCheck(deps, { domainId: domain.id, delay: 120 })).toBe('active');
    expect(await runDomainCheck(deps, { domainId: domain.id, delay: 240 })).toBe('active');

    const late = (await add(freshHost())).body as ShopDomain;
    const later = { ...deps, now: () => new Date(app.clock.now().getTime() + DOMAIN_CHECK_WINDOW_MS) };
    expect(await runDomainCheck(later, { domainId: late.id, delay: 3600 })).toBe('failed');
    const [row] = await db.dataSource.query('SELECT "reason" FROM "shop_domains" WHERE "id" = $1', [late.id]);
    expect(row.reason).toBe(DOMAIN_MESSAGES.expired);
  });
});

describe('the background worker', () => {
  it('takes a due check from the durable queue and activates the domain', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    publish(domain);
    const worker = await startDomainCheckWorker({ ...checkDeps(), pollingIntervalSeconds: 0.5 });
    try {
      await app.mailQueue.boss.send(
        DOMAIN_CHECK_QUEUE,
        { domainId: domain.id, delay: 1 },
        { singletonKey: `${domain.id}:now` },
      );
      await expect
        .poll(
          async () =>
            (await db.dataSource.query('SELECT "status" FROM "shop_domains" WHERE "id" = $1', [domain.id]))[0]?.status,
          { timeout: 15_000, interval: 250 },
        )
        .toBe('active');
    } finally {
      await worker.stop();
    }
  });
});

describe('the ask endpoint under a flood', () => {
  it('answers 130 made-up names from memory, without a query or a limit, and a proven domain still gets 200', async () => {
    const domain = (await add(freshHost())).body as ShopDomain;
    publish(domain);
    expect((await verify(domain)).status).toBe(200);
    const ask = (name: string) => request(app).get('/api/domains/allowed').query({ domain: name });
    expect((await ask(domain.hostname)).status).toBe(200); // the list is loaded and listening from here on

    const queries = vi.spyOn(db.dataSource, 'query');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) statuses.push((await ask(`flood-${i}-${hostCounter}.example.com`)).status);
      expect(new Set(statuses)).toEqual(new Set([404]));
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
    expect((await ask(domain.hostname)).status).toBe(200);
    expect((await ask(`${shop.slug}.${APP_DOMAIN}`)).status).toBe(200);
  });

  it('allows a domain another process proved after its change event, and refuses it once removed or its shop is off', async () => {
    const ask = async (name: string) => (await request(app).get('/api/domains/allowed').query({ domain: name })).status;
    const domain = (await add(freshHost())).body as ShopDomain;
    expect(await ask(domain.hostname)).toBe(404);
    // The background check (the worker process) proves it: only Postgres's notification tells this api.
    publish(domain);
    expect(await runDomainCheck(checkDeps(), { domainId: domain.id, delay: 60 })).toBe('active');
    await expect.poll(() => ask(domain.hostname), { timeout: 5_000, interval: 50 }).toBe(200);

    // Removed by the owner through this api: refused at once.
    const removed = await request(app)
      .delete(`/api/shops/${shop.id}/domains/${domain.id}`)
      .set(bearer(owner.accessToken));
    expect(removed.status).toBe(204);
    expect(await ask(domain.hostname)).toBe(404);

    // A shop switched off elsewhere (psql): its own subdomain is refused after the change event.
    expect(await ask(`${shop.slug}.${APP_DOMAIN}`)).toBe(200);
    await db.dataSource.query('UPDATE "shops" SET "is_active" = false WHERE "id" = $1', [shop.id]);
    await expect.poll(() => ask(`${shop.slug}.${APP_DOMAIN}`), { timeout: 5_000, interval: 50 }).toBe(404);
  });
});

describe('the in-memory list of names', () => {
  it('follows every committed change in order, whoever made it', async () => {
    const hosts = createHostAllowlist({
      dataSource: db.dataSource,
      connectionString: db.url,
      appDomain: APP_DOMAIN,
      logger: { warn() {}, info() {} },
    });
    try {
      const hostname = freshHost();
      expect(await hosts.allows(hostname)).toBe(false);
      expect(hosts.listening).toBe(true);
      const [row] = await db.dataSource.query(
        `INSERT INTO "shop_domains" ("shop_id", "hostname", "token", "status") VALUES ($1, $2, 'tok', 'verified')
         RETURNING "id"`,
        [shop.id, hostname],
      );
      await hosts.sync();
      expect(await hosts.allows(hostname)).toBe(true);
      await db.dataSource.query(`UPDATE "shops" SET "slug" = $2 WHERE "id" = $1`, [shop.id, `${shop.slug}-moved`]);
      await hosts.sync();
      expect(await hosts.allows(`${shop.slug}.${APP_DOMAIN}`)).toBe(false);
      expect(await hosts.allows(`${shop.slug}-moved.${APP_DOMAIN}`)).toBe(true);
      await db.dataSource.query('DELETE FROM "shop_domains" WHERE "id" = $1', [row.id]);
      await hosts.sync();
      expect(await hosts.allows(hostname)).toBe(false);
    } finally {
      await hosts.close();
    }
  });
});
