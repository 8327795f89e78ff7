import { type ShopChangedEvent, shopChangedChannel } from '@barberly/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotifyTarget, startNotifyTarget } from '../../platform/events/notify-target.test-helper';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, uniquePrefix } from '../../test/test-db';
import { bearer, createShopAs } from './shops.test-helper';

/**
 * Every committed change to a shop, its services or its barbers bumps the shop's version and is announced on the
 * Redis channel and to each storefront, so cached shop pages never go stale.
 */
let db: TestDatabase;
let app: TestApp;
let target: NotifyTarget;
let subscriber: Redis;
let owner: TestUser;
let stranger: TestUser;
const published: ShopChangedEvent[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  target = await startNotifyTarget();
  const prefix = uniquePrefix();
  subscriber = new Redis(TEST_REDIS_URL);
  subscriber.on('message', (_channel: string, message: string) => published.push(JSON.parse(message)));
  await subscriber.subscribe(shopChangedChannel(prefix));
  app = await createTestApp(db, {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    STOREFRONT_NOTIFY_URLS: target.url,
    INTERNAL_TOKEN: 'shared-internal-token',
  });
  await new Promise<void>((resolve) => (app.redis?.status === 'ready' ? resolve() : app.redis?.once('ready', resolve)));
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await subscriber?.quit();
  await target?.close();
  await db?.drop();
});

/** Waits for the n-th storefront notification and for the same event on Redis. */
async function nthEvent(n: number): Promise<ShopChangedEvent> {
  const received = await target.waitFor(n);
  const notification = received[n - 1]!;
  expect(notification.path).toBe('/_internal/shop-changed');
  expect(notification.headers['x-internal-token']).toBe('shared-internal-token');
  await expect.poll(() => published.length).toBeGreaterThanOrEqual(n);
  expect(published[n - 1]).toEqual(notification.body);
  return notification.body;
}

async function version(slug: string): Promise<number> {
  return (await request(app).get(`/api/shops/${slug}`)).body.shop.version;
}

describe('shop change events', () => {
  it('announce the creation and every later change with the bumped version', async () => {
    const auth = bearer(owner.accessToken);
    let n = target.received.length;
    const shop = await createShopAs(app, owner.accessToken);
    expect(await nthEvent(++n)).toEqual({ shopId: shop.id, slug: shop.slug, version: 1 });

    const changes: Array<() => Promise<request.Response>> = [];
    let serviceId = '';
    let barberId = '';
    changes.push(() => request(app).patch(`/api/shops/${shop.id}`).set(auth).send({ bio: 'New bio' }));
    changes.push(async () => {
      const res = await request(app).post(`/api/shops/${shop.id}/services`).set(auth).send({ name: 'Cut', price: 20 });
      serviceId = res.body.id;
      return res;
    });
    changes.push(() => request(app).patch(`/api/shops/${shop.id}/services/${serviceId}`).set(auth).send({ price: 22 }));
    changes.push(() => request(app).delete(`/api/shops/${shop.id}/services/${serviceId}`).set(auth));
    changes.push(async () => {
      const res = await request(app).post(`/api/shops/${shop.id}/barbers`).set(auth).send({ name: 'Sam' });
      barberId = res.body.id;
      return res;
    });
    changes.push(() =>
      request(app).patch(`/api/shops/${shop.id}/barbers/${barberId}`).set(auth).send({ bio: 'Fades' }),
    );
    changes.push(() => request(app).delete(`/api/shops/${shop.id}/barbers/${barberId}`).set(auth));

    let expected = 1;
    for (const change of changes) {
      const res = await change();
      expect(res.status).toBeLessThan(300);
      expected += 1;
      expect(await nthEvent(++n)).toEqual({ shopId: shop.id, slug: shop.slug, version: expected });
      expect(await version(shop.slug)).toBe(expected);
    }
  });

  it('refused changes neither bump the version nor announce anything', async () => {
    const before = target.received.length;
    const shop = await createShopAs(app, owner.accessToken);
    expect(await nthEvent(before + 1)).toMatchObject({ shopId: shop.id, version: 1 });
    const attempts = [
      request(app).patch(`/api/shops/${shop.id}`).set(bearer(stranger.accessToken)).send({ name: 'Hijacked' }),
      request(app)
        .patch(`/api/shops/${shop.id}`)
        .set(bearer(owner.accessToken))
        .send({ primaryColor: 'red;}body{x:y' }),
      request(app)
        .post(`/api/shops/${shop.id}/services`)
        .set(bearer(stranger.accessToken))
        .send({ name: 'Cut', price: 5 }),
      request(app).post(`/api/shops/${shop.id}/barbers`).set(bearer(owner.accessToken)).send({ name: 'X' }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([403, 400, 403, 400]);

    // A later good change is announced as version 2: nothing happened in between.
    await request(app).patch(`/api/shops/${shop.id}`).set(bearer(owner.accessToken)).send({ name: 'Still Mine' });
    expect(await nthEvent(before + 2)).toEqual({ shopId: shop.id, slug: shop.slug, version: 2 });
  });

  it("a storefront that is down never fails the owner's change", async () => {
    await target.close();
    try {
      const shop = await createShopAs(app, owner.accessToken);
      const res = await request(app)
        .patch(`/api/shops/${shop.id}`)
        .set(bearer(owner.accessToken))
        .send({ name: 'Works Anyway' });
      expect(res.status).toBe(200);
      expect(res.body.version).toBe(2);
    } finally {
      target = await startNotifyTarget();
    }
  });
});
