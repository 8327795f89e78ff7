/**
 * GET /_internal/stats after a sweep of 1,000 shops (issue 29, item 2): the process's memory (RSS, heap, external,
 * array buffers) and where page requests were answered (the page cache in memory, the pages shared in Redis, or a
 * render, direct or Vike's). With Redis, a process keeps a small hot set and the rest comes back from Redis with the
 * same bytes; an edit drops the shop's shared pages; Redis going away costs renders, never an error page. The
 * 100,000-shop run stays in the bench (`npm run bench`, scale rows); no figure here is a timing.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import net from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { ShopPage, Theme } from '@barberly/common';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const TOKEN = 'test-internal-token';
const DOMAIN = 'barberly.test';
const SHOPS = 1_000;
const THEMES: Theme[] = ['classic', 'urban', 'minimalist'];
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let api: FakeApi;

beforeAll(async () => {
  const shops: Record<string, ShopPage> = {};
  for (let i = 1; i <= SHOPS; i++) {
    shops[`sweep-${i}`] = shopPage(`sweep-${i}`, { theme: THEMES[i % 3], name: `Sweep Barbers ${i}` });
  }
  api = await startFakeApi(shops);
});

afterAll(async () => {
  await api?.close();
});

interface Answer {
  status: number;
  etag: string | undefined;
  encoding: string | undefined;
  body: Buffer;
}

function visit(sf: StorefrontProcess, i: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${sf.url}/`, { headers: { host: `sweep-${i}.${DOMAIN}`, 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          etag: res.headers.etag,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every shop once, 8 at a time, as the bench's sweep does: the answers by shop number. */
async function sweep(sf: StorefrontProcess): Promise<Map<number, Answer>> {
  const answers = new Map<number, Answer>();
  let next = 1;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next <= SHOPS) {
        const i = next++;
        answers.set(i, await visit(sf, i));
      }
    }),
  );
  return answers;
}

const ok = (answers: Map<number, Answer>) => [...answers.values()].filter((a) => a.status === 200).length;

interface Stats {
  renders: number;
  directRenders: number;
  pageHits: number;
  sharedHits: number;
  hitRatio: number | null;
  pagesHeld: number;
  pageBytes: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  tiers: {
    memory: { hits: number; pages: number; bytes: number; maxBytes: number };
    redis: { hits: number; misses: number; errors: number; writes: number } | null;
    render: { renders: number; direct: number; vike: number };
  };
}

async function stats(sf: StorefrontProcess): Promise<Stats> {
  const res = await fetch(`${sf.url}/_internal/stats`, { headers: { 'x-internal-token': TOKEN } });
  expect(res.status).toBe(200);
  return (await res.json()) as Stats;
}

describe('one storefront process without Redis', () => {
  let sf: StorefrontProcess;
  beforeAll(async () => {
    sf = await startStorefront({ API_URL: api.url, INTERNAL_TOKEN: TOKEN, APP_DOMAIN: DOMAIN, ACCESS_LOG: 'false' });
  });
  afterAll(async () => {
    await sf?.stop();
  });

  it('after a sweep of 1,000 shops, the stats say what the process holds and where each page came from', async () => {
    const before = await stats(sf);
    const first = await sweep(sf);
    expect(ok(first)).toBe(SHOPS);
    const swept = await stats(sf);
    // Every page was rendered once: the first few of each theme by Vike (8 at a time, until one gives the direct path
    // its theme's shell), the rest directly.
    expect(swept.tiers.render.renders - before.tiers.render.renders).toBe(SHOPS);
    expect(swept.tiers.render.direct).toBeGreaterThanOrEqual(SHOPS - 8 * THEMES.length);
    expect(swept.tiers.render.vike).toBe(swept.tiers.render.renders - swept.tiers.render.direct);
    expect(swept.tiers.memory.pages).toBe(SHOPS);
    expect(swept.pagesHeld).toBe(SHOPS);

    // A second sweep is answered from memory: no render at all, and there is no Redis tier.
    const second = await sweep(sf);
    expect(ok(second)).toBe(SHOPS);
    const after = await stats(sf);
    expect(after.tiers.redis).toBeNull();
    expect(after.sharedHits).toBe(0);
    expect(after.hitRatio).toBeCloseTo(SHOPS / (SHOPS + after.renders));
    expect(after.tiers.memory.hits - swept.tiers.memory.hits).toBe(SHOPS);
    expect(after.tiers.render.renders).toBe(swept.tiers.render.renders);
    expect(after.pageHits).toBe(after.tiers.memory.hits);
    expect(after.renders).toBe(after.tiers.render.renders);

    // Memory: plausible figures, each part within the whole. The pages are about 4-5 KB each, brotli-compressed.
    const m = after;
    for (const value of [m.rssBytes, m.heapUsedBytes, m.heapTotalBytes, m.externalBytes, m.arrayBuffersBytes]) {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
    }
    expect(m.heapUsedBytes).toBeLessThanOrEqual(m.heapTotalBytes);
    expect(m.heapTotalBytes).toBeLessThan(m.rssBytes);
    expect(m.arrayBuffersBytes).toBeLessThanOrEqual(m.externalBytes);
    expect(m.tiers.memory.bytes).toBe(m.pageBytes);
    expect(m.pageBytes / SHOPS).toBeGreaterThan(1_000);
    expect(m.pageBytes / SHOPS).toBeLessThan(12_000);
    // The pages' copies live outside the heap, in array buffers.
    expect(m.arrayBuffersBytes).toBeGreaterThan(m.pageBytes * 0.5);
    // 2,000 page loads, half of them renders: minutes on a busy two-core machine (a budget, not an assertion).
  }, 240_000);
});

/** A TCP relay in front of the test Redis: closing it is Redis going away for the storefront behind it. */
async function startRelay(target: URL): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const auth = target.username || target.password ? `${target.username}:${target.password}@` : '';
  return {
    url: `redis://${auth}127.0.0.1:${port}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('storefront processes sharing pages in Redis', () => {
  const prefix = `sf_pages_${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let sf: StorefrontProcess;
  /** The first sweep's answers: every later answer of the same shop and version must be these bytes. */
  let first: Map<number, Answer>;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    relay = await startRelay(new URL(REDIS_URL));
    // A hot set of 1 MB (about 200 of the 1,000 pages): the rest must come back from Redis.
    sf = await startStorefront({
      API_URL: api.url,
      INTERNAL_TOKEN: TOKEN,
      APP_DOMAIN: DOMAIN,
      ACCESS_LOG: 'false',
      REDIS_URL: relay.url,
      REDIS_KEY_PREFIX: prefix,
      PAGE_CACHE_MB: '1',
    });
  });

  afterAll(async () => {
    await sf?.stop();
    await relay?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  async function settled(expected: (s: Stats) => boolean): Promise<Stats> {
    let last = await stats(sf);
    for (let i = 0; i < 100 && !expected(last); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await stats(sf);
    }
    return last;
  }

  it('keeps a hot set in memory and answers the rest from Redis with the same bytes', async () => {
    first = await sweep(sf);
    expect(ok(first)).toBe(SHOPS);
    expect([...first.values()].every((a) => a.encoding === 'br')).toBe(true);
    // Every page rendered once and shared (the writes go on behind the answers).
    const swept = await settled((s) => s.tiers.redis?.writes === SHOPS);
    expect(swept.tiers.render.renders).toBe(SHOPS);
    expect(swept.tiers.redis?.writes).toBe(SHOPS);
    expect(swept.tiers.redis?.errors).toBe(0);
    expect(await redis.keys(`${prefix}storefront:html:*`)).toHaveLength(SHOPS);
    // The hot set stays within its bound and holds a fraction of the shops.
    expect(swept.tiers.memory.maxBytes).toBe(1024 * 1024);
    expect(swept.tiers.memory.bytes).toBeLessThanOrEqual(swept.tiers.memory.maxBytes);
    expect(swept.tiers.memory.pages).toBeLessThan(SHOPS / 2);

    // A second sweep renders nothing: the pages the hot set let go come from Redis, byte for byte.
    const second = await sweep(sf);
    expect(ok(second)).toBe(SHOPS);
    const after = await stats(sf);
    expect(after.tiers.render.renders).toBe(SHOPS);
    const fromRedis = (after.tiers.redis?.hits ?? 0) - (swept.tiers.redis?.hits ?? 0);
    const fromMemory = after.tiers.memory.hits - swept.tiers.memory.hits;
    expect(fromRedis + fromMemory).toBe(SHOPS);
    expect(fromRedis).toBeGreaterThan(SHOPS / 2);
    expect(after.sharedHits).toBe(after.tiers.redis?.hits);
    expect(after.hitRatio).toBeCloseTo(SHOPS / (2 * SHOPS));
    for (const [i, answer] of second) {
      expect(answer.etag).toBe(first.get(i)?.etag);
      expect(answer.body.equals(first.get(i)?.body ?? Buffer.alloc(0))).toBe(true);
    }
  }, 240_000);

  it("drops a shop's shared pages when the shop is edited, and shares the new page", async () => {
    const slug = 'sweep-7';
    const hash = `${prefix}storefront:html:${slug}`;
    expect(await redis.exists(hash)).toBe(1);
    api.set(slug, shopPage(slug, { theme: THEMES[7 % 3], name: 'Sweep Barbers Renamed', version: 2 }));
    const notice = await fetch(`${sf.url}/_internal/shop-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
      body: JSON.stringify({ shopId: `id-${slug}`, slug, version: 2 }),
    });
    expect(notice.status).toBe(204);
    expect(await redis.exists(hash)).toBe(0);

    const before = await stats(sf);
    const edited = await visit(sf, 7);
    expect(edited.status).toBe(200);
    expect(brotliDecompressSync(edited.body).toString()).toContain('Sweep Barbers Renamed');
    expect(edited.etag).not.toBe(first.get(7)?.etag);
    const after = await settled((s) => s.tiers.redis?.writes === (before.tiers.redis?.writes ?? 0) + 1);
    expect(after.tiers.render.renders).toBe(before.tiers.render.renders + 1);
    // Only the new version's page is shared now.
    const fields = await redis.hkeys(hash);
    expect(fields.filter((f) => f !== '@')).toHaveLength(1);
    expect(fields.find((f) => f !== '@')).toContain(`shop|${slug}|2|`);
  }, 60_000);

  it('renders when Redis goes away: the same page, never an error', async () => {
    await relay.close();
    const before = await stats(sf);
    // Shops the hot set let go long ago (the first of the second sweep): their pages were only in Redis.
    const answers = await Promise.all([1, 2, 3].map((i) => visit(sf, i)));
    for (const [n, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(first.get(n + 1)?.body ?? Buffer.alloc(0))).toBe(true);
    }
    const after = await stats(sf);
    expect(after.tiers.render.renders).toBe(before.tiers.render.renders + 3);
    expect(after.tiers.redis?.hits).toBe(before.tiers.redis?.hits);
  }, 60_000);
});
