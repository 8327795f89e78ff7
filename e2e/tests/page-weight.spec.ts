/// <reference lib="dom" />
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { baseURL, httpRequest, signUp, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';

/**
 * What the landing page and a shop page cost a phone (issue 11): Chromium throttled like a mid-range phone on a slow
 * connection (4x CPU slowdown, 1.6 Mbps down, 750 kbps up, 150 ms round trip, no cache). The test asserts bytes
 * only (a budget, and that no script or style sheet arrives uncompressed); it records the Largest Contentful Paint
 * beside them for docs/benchmarks.md, because timings on a shared machine are not a test's business.
 */

const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Loaded {
  url: string;
  type: string;
  encoding: string;
  /** On the wire, headers included. */
  bytes: number;
  /** The body as the page reads it. */
  decoded: number;
}

async function throttle(page: Page): Promise<{ cdp: CDPSession; loaded: Loaded[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const pending = new Map<string, Omit<Loaded, 'bytes' | 'decoded'>>();
  const decoded = new Map<string, number>();
  const loaded: Loaded[] = [];
  cdp.on('Network.dataReceived', (event) => {
    decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: String(headers['content-encoding'] ?? ''),
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (response)
      loaded.push({ ...response, bytes: event.encodedDataLength, decoded: decoded.get(event.requestId) ?? 0 });
  });
  return { cdp, loaded };
}

/** The page's Largest Contentful Paint, in ms from navigation start. */
function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function measure(page: Page, url: string) {
  const { cdp, loaded } = await throttle(page);
  await page.goto(url, { waitUntil: 'load' });
  // Let the app finish what it starts after load (the auth client, lazy chunks) before counting bytes.
  await page.waitForLoadState('networkidle');
  const lcp = await largestContentfulPaint(page);
  await cdp.detach();
  const total = loaded.reduce((sum, r) => sum + r.bytes, 0);
  const uncompressed = loaded.filter(
    // Files under 1 KiB are not worth compressing (scripts/precompress.mjs skips them too).
    (r) =>
      (r.type === 'Script' || r.type === 'Stylesheet' || r.type === 'Document') && r.decoded >= 1024 && !r.encoding,
  );
  return { lcp, total, loaded, uncompressed };
}

test.use({ viewport: { width: 375, height: 740 }, isMobile: true });

test('the landing page under the phone profile: compressed, within its byte budget', async ({ page }) => {
  const result = await measure(page, '/');
  test.info().annotations.push({
    type: 'landing',
    description: `LCP ${Math.round(result.lcp)} ms, ${Math.round(result.total / 1024)} kB transferred in ${result.loaded.length} responses`,
  });
  console.log(`[page-weight] ${test.info().annotations.at(-1)?.type}: ${test.info().annotations.at(-1)?.description}`);
  expect(result.uncompressed.map((r) => r.url)).toEqual([]);
  // The landing page's first paint is in the HTML itself (prerendered at build time).
  const documentBytes = result.loaded.find((r) => r.type === 'Document')?.bytes ?? 0;
  expect(documentBytes).toBeLessThan(20 * 1024);
  expect(result.total).toBeLessThan(400 * 1024);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a shop page under the phone profile: compressed, within its byte budget', async ({ page }) => {
  const owner = await signUpOwnerWithShop({ name: 'Weight Watch Cuts', slug: uniqueSlug('weight') });
  const result = await measure(page, `/shop/${owner.shop.slug}`);
  test.info().annotations.push({
    type: 'shop page',
    description: `LCP ${Math.round(result.lcp)} ms, ${Math.round(result.total / 1024)} kB transferred in ${result.loaded.length} responses`,
  });
  console.log(`[page-weight] ${test.info().annotations.at(-1)?.type}: ${test.info().annotations.at(-1)?.description}`);
  expect(result.uncompressed.map((r) => r.url)).toEqual([]);
  expect(result.total).toBeLessThan(250 * 1024);
  await expect(page.getByRole('heading', { name: 'Weight Watch Cuts' })).toBeVisible();
});

test("a shop page whose barber has a full portfolio stays within the shop page's budget", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signUpOwnerWithShop({ name: 'Gallery Weight Cuts', slug: uniqueSlug('gallery') });
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  const barber = await signUp(uniqueEmail('folio'));
  const joined = await httpRequest('/api/barbers/join', {
    method: 'POST',
    token: barber.access_token,
    body: { code: code.json.code, name: 'Folio Barber' },
  });
  expect(joined.status, joined.text).toBe(200);
  // Issue 26: 30 photos (the most a portfolio holds), 2000 px originals, each a different colour.
  for (let n = 0; n < 30; n++) {
    const jpeg = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 90 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `p${n}.jpg`);
    const res = await fetch(new URL('/api/my/portfolio', baseURL()), {
      method: 'POST',
      headers: { authorization: `Bearer ${barber.access_token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const result = await measure(page, `/shop/${owner.shop.slug}`);
  test.info().annotations.push({
    type: 'shop page, 30 portfolio photos',
    description: `LCP ${Math.round(result.lcp)} ms, ${Math.round(result.total / 1024)} kB transferred in ${result.loaded.length} responses`,
  });
  console.log(`[page-weight] ${test.info().annotations.at(-1)?.type}: ${test.info().annotations.at(-1)?.description}`);
  expect(result.uncompressed.map((r) => r.url)).toEqual([]);
  expect(result.total).toBeLessThan(250 * 1024);
  await expect(page.getByRole('heading', { name: 'Gallery Weight Cuts' })).toBeVisible();
});
