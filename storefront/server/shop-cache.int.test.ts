/**
 * The shop cache against real Redis and a real HTTP api double. Two ShopCache instances stand for two
 * storefront processes sharing one Redis.
 */
import { randomBytes } from 'node:crypto';
import { shopChangedChannel } from '@barberly/common';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../test/fake-api';
import { shopPage } from '../test/fixtures';
import { createShopApi } from './shop-api';
import { ShopCache } from './shop-cache';
import { subscribeToShopChanges } from './shop-events';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let redis: Redis;
let api: FakeApi;
let prefix: string;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

function newCache(opts: { redis?: Redis | null } = {}) {
  return new ShopCache({
    fetchShop: createShopApi(api.url),
    redis: opts.redis === undefined ? redis : opts.redis,
    keyPrefix: prefix,
  });
}

async function subscribed(cache: ShopCache) {
  const { subscriber, ready } = subscribeToShopChanges({ redis, keyPrefix: prefix, shops: cache, log: () => {} });
  cleanups.push(() => subscriber.disconnect());
  await ready;
}

/** Pub/sub delivery is asynchronous: wait until the cache has dropped the slug (it then asks again). */
async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met within 2 s');
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  api = await startFakeApi();
});

afterAll(async () => {
  await api.close();
  redis.disconnect();
});

beforeEach(() => {
  prefix = `sf_test_${randomBytes(6).toString('hex')}:`;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
});

describe('ShopCache with Redis', () => {
  it('serves a cached shop without calling the api, in this process and in another one', async () => {
    api.set('hit-shop', shopPage('hit-shop'));
    const first = newCache();
    const second = newCache();

    await first.get('hit-shop');
    expect(api.calls('hit-shop')).toBe(1);

    const fromMemory = await first.get('hit-shop');
    const fromRedis = await second.get('hit-shop');
    expect(fromMemory.status).toBe('found');
    expect(fromRedis).toEqual(fromMemory);
    expect(api.calls('hit-shop')).toBe(1);
  });

  it('makes one api call for misses of one slug arriving together', async () => {
    api.set('busy-shop', shopPage('busy-shop'));
    const release = api.hold('busy-shop');
    const cache = newCache();
    const loads = Array.from({ length: 20 }, () => cache.get('busy-shop'));
    await until(async () => api.calls('busy-shop') === 1);
    release();
    const results = await Promise.all(loads);
    expect(results.every((r) => r.status === 'found')).toBe(true);
    expect(api.calls('busy-shop')).toBe(1);
  });

  it('remembers an unknown slug briefly, so repeated requests for it do not reach the api', async () => {
    const first = newCache();
    const second = newCache();
    expect((await first.get('ghost-shop')).status).toBe('not-found');
    expect((await first.get('ghost-shop')).status).toBe('not-found');
    expect((await second.get('ghost-shop')).status).toBe('not-found');
    expect(api.calls('ghost-shop')).toBe(1);
  });

  it('drops a shop in every process when its change is published, and the next load shows the edit', async () => {
    api.set('edit-shop', shopPage('edit-shop', { name: 'Before', version: 1 }));
    const first = newCache();
    const second = newCache();
    await subscribed(first);
    await subscribed(second);
    await first.get('edit-shop');
    await second.get('edit-shop');
    expect(api.calls('edit-shop')).toBe(1);

    api.set('edit-shop', shopPage('edit-shop', { name: 'After', version: 2 }));
    await redis.publish(
      shopChangedChannel(prefix),
      JSON.stringify({ shopId: 'id-edit-shop', slug: 'edit-shop', version: 2 }),
    );

    const nameIn = async (cache: ShopCache) => {
      const load = await cache.get('edit-shop');
      return load.status === 'found' ? load.page.shop.name : null;
    };
    await until(async () => (await nameIn(first)) === 'After');
    await until(async () => (await nameIn(second)) === 'After');
  });

  it('forgets an unknown slug as soon as a shop is created there', async () => {
    const cache = newCache();
    expect((await cache.get('new-shop')).status).toBe('not-found');
    api.set('new-shop', shopPage('new-shop', { version: 1 }));
    await cache.invalidate({ shopId: 'id-new-shop', slug: 'new-shop', version: 1 });
    expect((await cache.get('new-shop')).status).toBe('found');
  });

  it('does not let a fetch that started before a change put the old shop back after the invalidation', async () => {
    api.set('race-shop', shopPage('race-shop', { name: 'Old', version: 1 }));
    const first = newCache();
    const release = api.hold('race-shop');
    const slowLoad = first.get('race-shop');
    await until(async () => api.calls('race-shop') === 1);

    // The owner saves while that fetch is in flight; the api then answers it with what it read before the save.
    api.set('race-shop', shopPage('race-shop', { name: 'New', version: 2 }));
    await first.invalidate({ shopId: 'id-race-shop', slug: 'race-shop', version: 2 });
    release();
    await slowLoad;

    const again = await first.get('race-shop');
    const elsewhere = await newCache().get('race-shop');
    expect(again.status === 'found' && again.page.shop.name).toBe('New');
    expect(elsewhere.status === 'found' && elsewhere.page.shop.name).toBe('New');
  });

  it('never stores a page older than the newest version announced, even from a fetch that started later', async () => {
    // An event can overtake the api's commit: the first fetch after it still reads version 1.
    api.set('lag-shop', shopPage('lag-shop', { name: 'Old', version: 1 }));
    const cache = newCache();
    await cache.invalidate({ shopId: 'id-lag-shop', slug: 'lag-shop', version: 2 });
    await cache.get('lag-shop');
    api.set('lag-shop', shopPage('lag-shop', { name: 'New', version: 2 }));
    const next = await cache.get('lag-shop');
    expect(next.status === 'found' && next.page.shop.name).toBe('New');
  });

  it('keeps serving from the api when Redis is unreachable', async () => {
    api.set('no-redis-shop', shopPage('no-redis-shop'));
    const broken = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    broken.on('error', () => {});
    cleanups.push(() => broken.disconnect());
    const cache = newCache({ redis: broken });
    const load = await cache.get('no-redis-shop');
    expect(load.status).toBe('found');
  });
});

describe('ShopCache without Redis', () => {
  it('caches in process memory and invalidates on an event', async () => {
    api.set('memory-shop', shopPage('memory-shop', { name: 'One', version: 1 }));
    const cache = newCache({ redis: null });
    await cache.get('memory-shop');
    await cache.get('memory-shop');
    expect(api.calls('memory-shop')).toBe(1);
    api.set('memory-shop', shopPage('memory-shop', { name: 'Two', version: 2 }));
    await cache.invalidate({ shopId: 'id-memory-shop', slug: 'memory-shop', version: 2 });
    const load = await cache.get('memory-shop');
    expect(load.status === 'found' && load.page.shop.name).toBe('Two');
  });

  it('remembers versions of more shops than it keeps records of, and forgets one on its change', async () => {
    const cache = new ShopCache({
      fetchShop: async (slug) => ({ status: 'found', page: shopPage(slug, { version: 3 }) }),
      keyPrefix: 'versions:',
      maxLocalEntries: 2,
      maxVersionEntries: 5,
    });
    for (const slug of ['v1', 'v2', 'v3', 'v4', 'v5', 'v6']) await cache.get(slug);
    // Records: the last two only. Versions: the last five (v1 made room for v6).
    expect(cache.size).toBe(2);
    expect(cache.peek('v2')).toBeUndefined();
    expect(['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].map((slug) => cache.peekVersion(slug))).toEqual([null, 3, 3, 3, 3, 3]);
    await cache.invalidate({ shopId: 'id-v3', slug: 'v3', version: 4 });
    expect(cache.peekVersion('v3')).toBeNull();
  });

  it('offers a version past its freshness as stale for one more period, and never after a change', async () => {
    const clock = { now: 1_000_000 };
    const cache = new ShopCache({
      fetchShop: async (slug) => ({ status: 'found', page: shopPage(slug, { version: 7 }) }),
      keyPrefix: 'stale:',
      now: () => clock.now,
      ttls: { localFoundMs: 60_000 },
    });
    await cache.get('s1');
    await cache.get('s2');
    expect(cache.peekHeldVersion('s1')).toEqual({ version: 7, fresh: true });
    clock.now += 90_000;
    expect(cache.peekVersion('s1')).toBeNull();
    expect(cache.peekHeldVersion('s1')).toEqual({ version: 7, fresh: false });
    await cache.invalidate({ shopId: 'id-s2', slug: 's2', version: 8 });
    expect(cache.peekHeldVersion('s2')).toBeNull();
    clock.now += 40_000;
    expect(cache.peekHeldVersion('s1')).toBeNull();
  });
});

describe('ShopCache against a flood of unknown slugs', () => {
  /** An api double in process: 'joes' and 'anna' exist, every other slug is unknown. */
  function floodCache(clock: { now: number }) {
    const calls: string[] = [];
    const cache = new ShopCache({
      fetchShop: async (slug) => {
        calls.push(slug);
        return ['joes', 'anna'].includes(slug) ? { status: 'found', page: shopPage(slug) } : { status: 'not-found' };
      },
      keyPrefix: 'flood:',
      now: () => clock.now,
    });
    return { cache, calls };
  }
  const unknown = (i: number) => `nosuch-${i}`;

  it("never costs a real shop its page: one client's flood blocks only that client", async () => {
    const clock = { now: 1_000_000 };
    const { cache } = floodCache(clock);
    for (let i = 0; i < 12; i++) {
      await cache.get(unknown(i), '198.51.100.1').catch(() => undefined);
    }
    // The flooding client is refused for slugs this process does not hold...
    await expect(cache.get('anna', '198.51.100.1')).rejects.toThrow('lookup refused');
    // ...everybody else gets the real shop, from the api.
    const visitor = await cache.get('joes', '203.0.113.9');
    expect(visitor.status).toBe('found');
    expect((await cache.get('anna', '203.0.113.10')).status).toBe('found');
  });

  it('does not extend a block for the refused requests: one request every 2 s cannot keep a client out', async () => {
    const clock = { now: 2_000_000 };
    const { cache, calls } = floodCache(clock);
    for (let i = 0; i < 10; i++) await cache.get(unknown(i), '198.51.100.7').catch(() => undefined);
    const before = calls.length;
    for (let t = 0; t < 2; t++) {
      clock.now += 2_000;
      await expect(cache.get(unknown(100 + t), '198.51.100.7')).rejects.toThrow('lookup refused');
    }
    expect(calls.length).toBe(before);
    // Six seconds after the budget ran out the block (five seconds) is over, whatever was refused meanwhile.
    clock.now += 2_000;
    expect((await cache.get('joes', '198.51.100.7')).status).toBe('found');
  });

  it('counts only unknown slugs: a client browsing many real shops is never refused', async () => {
    const clock = { now: 3_000_000 };
    const { cache } = floodCache(clock);
    for (let i = 0; i < 30; i++) {
      cache.clearLocal();
      expect((await cache.get('joes', '198.51.100.20')).status).toBe('found');
    }
  });
});
