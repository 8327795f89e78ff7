/**
 * Rendered pages, keyed by everything that shapes their HTML: the shop's version, the URL, the origin, the Go
 * Home target and the year. A shop change bumps the version, so an entry is never served for newer data;
 * invalidation still purges the slug's entries at once to free the memory. Bounded by count, oldest first.
 * Each entry is compressed once (brotli and gzip), not once per response.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import type { ShopRequest } from './shop-request';

export interface CachedResponse {
  /** 200 unless set: the 'Error loading shop' page is kept briefly with its 503. */
  status?: number;
  contentType: string;
  /**
   * The page, brotli-compressed: the only copy held (issue 12, decision 0060). Nearly every client accepts br; the
   * rare one that does not gets it decompressed (and gzipped when it accepts that) per request, for about 0.1 ms.
   * A 20 KB page is about 4 KB here, so one process holds 100,000 shops' pages in a few hundred MB.
   */
  br: Buffer;
  etag: string;
}

export function cachedResponse(html: string, contentType: string, status = 200): CachedResponse {
  const body = Buffer.from(html);
  return {
    ...(status === 200 ? {} : { status }),
    contentType,
    // Quality 5 compresses a 20 KB page in about a millisecond, within a few per cent of quality 11. zlib hands back
    // a view of its 16 KB output chunk: copied to its own size, a 4 KB page holds 4 KB, not 16 (issue 12).
    br: Buffer.from(
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** Parameters that links shared on social sites and in campaigns carry; no page reads them. */
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|gbraid|wbraid|msclkid|dclid|igshid|mc_cid|mc_eid|ref)$/i;

/** '/shop/joes?utm_source=x&fbclid=y' gives '/shop/joes'; any other parameter keeps the page out of the cache. */
function cacheablePath(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of params.keys()) if (!TRACKING_PARAM.test(name)) return null;
  return url.slice(0, q);
}

const SHOP_PAGE = /^\/shop\/[^/]+\/?$/;

const DAY_MS = 86_400_000;
let dayNumber = Number.NaN;
let dayText = '';

/** 'YYYY-MM-DD' of `now` in UTC, as toISOString() writes it: built once a day, not once per request. */
function utcDay(now: Date): string {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (day !== dayNumber) {
    dayText = now.toISOString().slice(0, 10);
    dayNumber = day;
  }
  return dayText;
}

/** The cache key of a page, or null when the page is not cacheable (own query parameters, client navigation data). */
export function pageCacheKey(
  request: Pick<ShopRequest, 'url' | 'origin' | 'homeUrl' | 'slug'>,
  version: number | null,
  now: Date,
): string | null {
  const path = cacheablePath(request.url);
  if (path === null || path.includes('.pageContext.json')) return null;
  // The day, not only the year (the footer's): the page lists the next 14 days' special days (issue 25).
  const base = `${request.origin}|${request.homeUrl}|${path}|${utcDay(now)}`;
  // Only the shop's page itself: its booking pages read query parameters and the manage page carries a private
  // token (never in a shared cache), so they render per request.
  if (request.slug) return version === null || !SHOP_PAGE.test(path) ? null : `shop|${request.slug}|${version}|${base}`;
  return /^\/demo\/shop\/[a-z]+$/.test(path) ? `demo|${base}` : null;
}

/**
 * Sent with every page. The pages run no inline script (Vike's inline scripts are JSON data), so scripts may only
 * come from the storefront itself; styled-components injects style elements, hence 'unsafe-inline' for styles.
 * Logos and photos are owner-supplied http(s) URLs.
 */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: http: data:; " +
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Plain copies of the most asked pages, for clients that accept no compression (tools, some bots, load testers):
 * bounded at PLAIN_COPIES_BYTES, least recently used first, so a hot page is not decompressed per request while the
 * long tail stays brotli-only.
 */
const PLAIN_COPIES_BYTES = 16 * 1024 * 1024;
const plainCopies = new Map<CachedResponse, Buffer>();
let plainBytes = 0;

function plainOf(entry: CachedResponse): Buffer {
  let plain = plainCopies.get(entry);
  if (plain) {
    plainCopies.delete(entry);
  } else {
    plain = brotliDecompressSync(entry.br);
    plainBytes += plain.length;
  }
  plainCopies.set(entry, plain);
  while (plainBytes > PLAIN_COPIES_BYTES && plainCopies.size > 1) {
    const [oldest, bytes] = plainCopies.entries().next().value as [CachedResponse, Buffer];
    plainCopies.delete(oldest);
    plainBytes -= bytes.length;
  }
  return plain;
}

/** Sets headers given as name, value, name, value... (a `before` list that did not go out with a page). */
export function setHeaders(res: ServerResponse, pairs: readonly string[]): void {
  for (let i = 0; i + 1 < pairs.length; i += 2) res.setHeader(pairs[i] as string, pairs[i + 1] as string);
}

/** PAGE_SECURITY_HEADERS as name, value, name, value... (the form writeHead takes without building an object). */
const SECURITY_PAIRS = Object.entries(PAGE_SECURITY_HEADERS).flat();
const NO_HEADERS: readonly string[] = [];

/**
 * 200 with the best encoding the client accepts, or 304 when it already holds this version. The headers go out in
 * one writeHead as a flat list, in this order; `before` (the request id, `Connection: close` while stopping) comes
 * first. A response with no header set yet skips Node's per-header setHeader() pass (issue 29: building and writing
 * these headers cost about 5% of a page from memory through the front door).
 */
export function sendCachedResponse(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  before: readonly string[] = NO_HEADERS,
): void {
  const status = entry.status ?? 200;
  // A public page (the page cache holds only shop and demo pages): nginx may keep it for one second
  // (nginx/nginx.conf.template, decision 0042) and does not pass the header on. It must come before Cache-Control:
  // nginx 1.22 reads the headers in order and a 'no-cache' it meets first makes the response uncacheable.
  const headers: (string | number)[] =
    status === 200
      ? [
          ...before,
          'x-accel-expires',
          '1',
          'content-type',
          entry.contentType,
          ...SECURITY_PAIRS,
          'cache-control',
          'no-cache',
          'vary',
          'Accept-Encoding',
          'etag',
          entry.etag,
        ]
      : [
          ...before,
          'content-type',
          entry.contentType,
          ...SECURITY_PAIRS,
          'cache-control',
          'no-store',
          'vary',
          'Accept-Encoding',
          'retry-after',
          '5',
        ];
  if (status === 200 && req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const accepted = req.headers['accept-encoding'] ?? '';
  let body = entry.br;
  if (accepted.includes('br')) {
    headers.push('content-encoding', 'br');
  } else if (accepted.includes('gzip')) {
    body = gzipSync(plainOf(entry), { level: 6 });
    headers.push('content-encoding', 'gzip');
  } else {
    body = plainOf(entry);
  }
  headers.push('content-length', body.length);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Bounded by bytes (the brotli copy and its key, about 4 KB for a 20 KB page), least recently used first: a page
 * cache bounded at 1000 entries kept only a tenth of 10,000 shops, and under a Zipf spread of visits the misses (a
 * render each) cost more than everything else (docs/benchmarks.md, scale run). PAGE_CACHE_MB (320) holds about
 * 70,000 pages; 100,000 shops' pages take about 430 MB of it (issue 12).
 */
const ENTRY_OVERHEAD_BYTES = 300;

export class HtmlCache {
  private readonly entries = new Map<string, { slug: string; response: CachedResponse; bytes: number }>();
  /**
   * Each slug's keys (usually one: a shop is asked on one host a day), so a purge costs the shop's pages, not a walk
   * of every page held: after a Redis reconnect every slug this process knows (up to 200,000) is purged at once.
   */
  private readonly keysBySlug = new Map<string, string[]>();
  private totalBytes = 0;

  constructor(readonly maxBytes = 256 * 1024 * 1024) {}

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last; the walk to evict starts at the other end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.response;
  }

  set(key: string, slug: string, response: CachedResponse): void {
    this.delete(key);
    // The entry's own objects and the Map slot cost about 300 bytes beside the copy and the key.
    const bytes = response.br.length + key.length + ENTRY_OVERHEAD_BYTES;
    this.entries.set(key, { slug, response, bytes });
    const keys = this.keysBySlug.get(slug);
    if (keys) keys.push(key);
    else this.keysBySlug.set(slug, [key]);
    this.totalBytes += bytes;
    while (this.totalBytes > this.maxBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    const keys = this.keysBySlug.get(entry.slug);
    const at = keys ? keys.indexOf(key) : -1;
    if (keys && at !== -1) keys.splice(at, 1);
    if (keys?.length === 0) this.keysBySlug.delete(entry.slug);
  }

  purge(slug: string): void {
    for (const key of [...(this.keysBySlug.get(slug) ?? [])]) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }
}
