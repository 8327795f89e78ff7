/**
 * GET /_internal/stats after a sweep of 1,000 shops (issue 29, item 2): the process's memory (RSS, heap, external,
 * array buffers) and where page requests were answered (the page cache in memory, or a render, direct or Vike's).
 * The 100,000-shop run stays in the bench (`npm run bench`, scale rows); no figure here is a timing.
 */
import { request } from 'node:http';
import type { ShopPage, Theme } from '@barberly/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const TOKEN = 'test-internal-token';
const DOMAIN = 'barberly.test';
const SHOPS = 1_000;
const THEMES: Theme[] = ['classic', 'urban', 'minimalist'];

let api: FakeApi;
let sf: StorefrontProcess;

beforeAll(async () => {
  const shops: Record<string, ShopPage> = {};
  for (let i = 1; i <= SHOPS; i++) {
    shops[`sweep-${i}`] = shopPage(`sweep-${i}`, { theme: THEMES[i % 3], name: `Sweep Barbers ${i}` });
  }
  api = await startFakeApi(shops);
  sf = await startStorefront({ API_URL: api.url, INTERNAL_TOKEN: TOKEN, APP_DOMAIN: DOMAIN, ACCESS_LOG: 'false' });
});

afterAll(async () => {
  await sf?.stop();
  await api?.close();
});

function visit(i: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${sf.url}/`, { headers: { host: `sweep-${i}.${DOMAIN}`, 'accept-encoding': 'br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every shop once, 8 at a time, as the bench's sweep does. */
async function sweep(): Promise<number[]> {
  const statuses: number[] = [];
  let next = 1;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next <= SHOPS) statuses.push(await visit(next++));
    }),
  );
  return statuses;
}

interface Stats {
  renders: number;
  directRenders: number;
  pageHits: number;
  pagesHeld: number;
  pageBytes: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  tiers: {
    memory: { hits: number; pages: number; bytes: number };
    render: { renders: number; direct: number; vike: number };
  };
}

async function stats(): Promise<Stats> {
  const res = await fetch(`${sf.url}/_internal/stats`, { headers: { 'x-internal-token': TOKEN } });
  expect(res.status).toBe(200);
  return (await res.json()) as Stats;
}

it('after a sweep of 1,000 shops, the stats say what the process holds and where each page came from', async () => {
  const before = await stats();
  const first = await sweep();
  expect(first.filter((s) => s === 200)).toHaveLength(SHOPS);
  const swept = await stats();
  // Every page was rendered once: the first few of each theme by Vike (8 at a time, until one gives the direct path
  // its theme's shell), the rest directly.
  expect(swept.tiers.render.renders - before.tiers.render.renders).toBe(SHOPS);
  expect(swept.tiers.render.direct).toBeGreaterThanOrEqual(SHOPS - 8 * THEMES.length);
  expect(swept.tiers.render.vike).toBe(swept.tiers.render.renders - swept.tiers.render.direct);
  expect(swept.tiers.memory.pages).toBe(SHOPS);
  expect(swept.pagesHeld).toBe(SHOPS);

  // A second sweep is answered from memory: no render at all.
  const second = await sweep();
  expect(second.filter((s) => s === 200)).toHaveLength(SHOPS);
  const after = await stats();
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
