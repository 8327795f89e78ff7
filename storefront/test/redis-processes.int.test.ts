/**
 * Two production storefront processes sharing a real Redis, as in docker compose: a page cached by one is served
 * by the other without an api call, and a change published on the channel (what the api does) shows on the next
 * load in both.
 */
import { randomBytes } from 'node:crypto';
import { shopChangedChannel } from '@barberly/common';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sf_test_${randomBytes(6).toString('hex')}:`;

let redis: Redis;
let api: FakeApi;
let one: StorefrontProcess;
let two: StorefrontProcess;

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  api = await startFakeApi({ 'twin-shop': shopPage('twin-shop', { name: 'Twin Cuts', theme: 'urban', version: 1 }) });
  const env = { API_URL: api.url, REDIS_URL, REDIS_KEY_PREFIX: prefix, INTERNAL_TOKEN: 'x' };
  [one, two] = await Promise.all([startStorefront(env), startStorefront(env)]);
});

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await api?.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

async function title(sf: StorefrontProcess): Promise<string | undefined> {
  const html = await (await fetch(`${sf.url}/shop/twin-shop`)).text();
  return /<title>(.*?)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

describe('storefront processes sharing Redis', () => {
  it('serve a cached shop page from either process with a single api call', async () => {
    expect(await title(one)).toBe('Twin Cuts | Modern Haircuts & Styling');
    expect(await title(two)).toBe('Twin Cuts | Modern Haircuts & Styling');
    expect(await title(one)).toBe('Twin Cuts | Modern Haircuts & Styling');
    expect(api.calls('twin-shop')).toBe(1);
  });

  it('show an edit on the next load in every process once the change is published', async () => {
    api.set('twin-shop', shopPage('twin-shop', { name: 'Twin Cuts Studio', theme: 'minimalist', version: 2 }));
    await redis.publish(
      shopChangedChannel(prefix),
      JSON.stringify({ shopId: 'id-twin-shop', slug: 'twin-shop', version: 2 }),
    );
    for (const sf of [one, two]) {
      let seen: string | undefined;
      for (let i = 0; i < 50 && seen !== 'Twin Cuts Studio | Book Online'; i++) {
        seen = await title(sf);
        if (seen !== 'Twin Cuts Studio | Book Online') await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe('Twin Cuts Studio | Book Online');
    }
  });
});
