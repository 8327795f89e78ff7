/**
 * A page answered from memory (issue 29, item 4: the front door's fast path), through the production server
 * (dist/start.mjs): the headers it sends, in order, with the request id once; one access line per request; and the
 * request metrics, counted in plain numbers and folded into prom-client when /metrics is read, exact after N answers
 * and not counted twice by a second scrape.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

let api: FakeApi;
let sf: StorefrontProcess;
let metricsPort = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  /** Header names and values in the order they came, as sent. */
  raw: string[];
  body: Buffer;
}

function ask(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: sf.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The names of the headers the storefront wrote (Node's own Date, Connection and Keep-Alive left out). */
function names(answer: Answer): string[] {
  return answer.raw.filter((_, i) => i % 2 === 0).filter((n) => !['Date', 'Connection', 'Keep-Alive'].includes(n));
}

function header(answer: Answer, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < answer.raw.length; i += 2) {
    if (answer.raw[i]?.toLowerCase() === name) values.push(answer.raw[i + 1] ?? '');
  }
  return values;
}

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  return res.text();
}

/** The value of one series: the metric name and exactly these labels (plus the component's). */
function value(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = { ...labels, component: 'storefront' };
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const keys = Object.keys(got);
    if (keys.length === Object.keys(wanted).length && keys.every((k) => got[k] === wanted[k as keyof typeof wanted])) {
      return Number(match[3]);
    }
  }
  return undefined;
}

const GET_PAGE = { route: '/{*splat}', method: 'GET' };
const HEAD_PAGE = { route: '/{*splat}', method: 'HEAD' };

beforeAll(async () => {
  api = await startFakeApi({ 'fast-cuts': shopPage('fast-cuts', { name: 'Fast Cuts' }) });
  metricsPort = await freePort();
  sf = await startStorefront({ API_URL: api.url, METRICS_PORT: String(metricsPort), ACCESS_LOG: 'true' });
});

afterAll(async () => {
  await sf?.stop();
  await api?.close();
});

describe('a page answered from memory', () => {
  it('sends the same headers, the request id once, one access line per request, and exact request metrics', async () => {
    const rendered = await ask('/shop/fast-cuts');
    expect(rendered.status).toBe(200);
    const etag = header(rendered, 'etag')[0] ?? '';

    const plain = [];
    for (let i = 0; i < 12; i++) plain.push(await ask('/shop/fast-cuts', { 'x-request-id': `plain-${i}` }));
    const br = [];
    for (let i = 0; i < 5; i++) br.push(await ask('/shop/fast-cuts', { 'accept-encoding': 'gzip, deflate, br' }));
    const heads = [];
    for (let i = 0; i < 3; i++) heads.push(await ask('/shop/fast-cuts', {}, 'HEAD'));
    const unchanged = [];
    for (let i = 0; i < 4; i++) unchanged.push(await ask('/shop/fast-cuts', { 'if-none-match': etag }));

    const security = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];
    const page = ['x-request-id', 'x-accel-expires', 'content-type', ...security, 'cache-control', 'vary', 'etag'];
    for (const [i, answer] of plain.entries()) {
      expect(answer.status).toBe(200);
      expect(names(answer)).toEqual([...page, 'content-length']);
      expect(header(answer, 'x-request-id')).toEqual([`plain-${i}`]);
      expect(header(answer, 'x-accel-expires')).toEqual(['1']);
      expect(header(answer, 'content-type')).toEqual(['text/html;charset=utf-8']);
      expect(header(answer, 'cache-control')).toEqual(['no-cache']);
      expect(header(answer, 'vary')).toEqual(['Accept-Encoding']);
      expect(header(answer, 'etag')).toEqual([etag]);
      expect(answer.body.equals(rendered.body)).toBe(true);
      expect(header(answer, 'content-length')).toEqual([String(rendered.body.length)]);
    }
    for (const answer of br) {
      expect(names(answer)).toEqual([...page, 'content-encoding', 'content-length']);
      expect(header(answer, 'content-encoding')).toEqual(['br']);
      expect(header(answer, 'x-request-id')[0]).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const answer of heads) {
      expect(answer.status).toBe(200);
      expect(names(answer)).toEqual([...page, 'content-length']);
      expect(answer.body.length).toBe(0);
    }
    for (const answer of unchanged) {
      expect(answer.status).toBe(304);
      expect(names(answer)).toEqual(page);
      expect(answer.body.length).toBe(0);
    }

    // The access lines (batched, flushed within 50 ms): one per request, with its id and status.
    await expect
      .poll(
        () =>
          sf
            .output()
            .split('\n')
            .filter((l) => l.includes('"msg":"request"')).length,
      )
      .toBe(1 + 12 + 5 + 3 + 4);
    const lines = sf
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as { requestId: string; method: string; path: string; status: number });
    expect(lines.slice(1, 13).map((l) => l.requestId)).toEqual(plain.map((_, i) => `plain-${i}`));
    expect(lines.map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual([
      ...Array(1 + 12 + 5).fill('GET /shop/fast-cuts 200'),
      ...Array(3).fill('HEAD /shop/fast-cuts 200'),
      ...Array(4).fill('GET /shop/fast-cuts 304'),
    ]);

    const first = await scrape();
    const requests = (method: string, status: string) =>
      value(first, 'barberly_http_requests_total', { route: '/{*splat}', method, status_code: status });
    expect(requests('GET', '200')).toBe(1 + 12 + 5);
    expect(requests('HEAD', '200')).toBe(3);
    expect(requests('GET', '304')).toBe(4);
    expect(value(first, 'barberly_cache_requests_total', { cache: 'page', result: 'hit' })).toBe(12 + 5 + 3 + 4);
    expect(value(first, 'barberly_cache_requests_total', { cache: 'page', result: 'miss' })).toBe(1);
    for (const [labels, count] of [
      [GET_PAGE, 1 + 12 + 5 + 4],
      [HEAD_PAGE, 3],
    ] as const) {
      expect(value(first, 'barberly_http_request_duration_seconds_count', labels)).toBe(count);
      expect(value(first, 'barberly_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count);
      expect(value(first, 'barberly_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
      // Cumulative buckets: never falling, never above the count.
      const buckets = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'].map(
        (le) => value(first, 'barberly_http_request_duration_seconds_bucket', { ...labels, le }) ?? Number.NaN,
      );
      expect(buckets.every((b, i) => b <= (buckets[i + 1] ?? count) && b <= count)).toBe(true);
    }

    // A second scrape after two more answers: each counted once, nothing folded twice.
    await ask('/shop/fast-cuts');
    await ask('/shop/fast-cuts', {}, 'HEAD');
    const second = await scrape();
    expect(
      value(second, 'barberly_http_requests_total', { route: '/{*splat}', method: 'GET', status_code: '200' }),
    ).toBe(1 + 12 + 5 + 1);
    expect(
      value(second, 'barberly_http_requests_total', { route: '/{*splat}', method: 'HEAD', status_code: '200' }),
    ).toBe(3 + 1);
    expect(value(second, 'barberly_http_request_duration_seconds_count', GET_PAGE)).toBe(1 + 12 + 5 + 4 + 1);
    expect(value(second, 'barberly_http_request_duration_seconds_count', HEAD_PAGE)).toBe(3 + 1);
    // Express's routes keep their patterns (caught on the app's request prototype), and the rest is 'unmatched'.
    expect((await ask('/_sf/assets/missing.js')).status).toBe(404);
    expect((await ask('/healthz')).status).toBe(200);
    const third = await scrape();
    expect(
      value(third, 'barberly_http_requests_total', { route: '/healthz', method: 'GET', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(third, 'barberly_http_requests_total', { route: 'unmatched', method: 'GET', status_code: '404' }),
    ).toBe(1);
  });
});
