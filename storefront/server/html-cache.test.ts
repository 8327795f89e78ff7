import { describe, expect, it } from 'vitest';
import { cachedResponse, HtmlCache, pageCacheKey } from './html-cache';

const at = new Date('2026-11-21T00:00:00Z');
const req = (url: string, slug: string | null = 'joes') => ({
  url,
  slug,
  origin: 'http://localhost:3000',
  homeUrl: '/',
});

describe('pageCacheKey', () => {
  it("keys a shop page by the shop's version, so an edit can never be answered with the old page", () => {
    expect(pageCacheKey(req('/shop/joes'), 3, at)).not.toBe(pageCacheKey(req('/shop/joes'), 4, at));
    expect(pageCacheKey(req('/shop/joes'), null, at)).toBeNull();
  });

  it('shares one entry for links that differ only by tracking parameters', () => {
    const plain = pageCacheKey(req('/shop/joes'), 1, at);
    expect(pageCacheKey(req('/shop/joes?utm_source=ig&fbclid=abc'), 1, at)).toBe(plain);
    expect(pageCacheKey(req('/shop/joes?service=1'), 1, at)).toBeNull();
  });

  it('caches demos, never client navigation data or unknown paths without a shop', () => {
    expect(pageCacheKey(req('/demo/shop/urban', null), null, at)).toMatch(/^demo\|/);
    expect(pageCacheKey(req('/shop/joes/index.pageContext.json'), 1, at)).toBeNull();
    expect(pageCacheKey(req('/about', null), null, at)).toBeNull();
  });

  it('never caches the booking pages: the booking flow and the private manage link render per request', () => {
    expect(pageCacheKey(req('/shop/joes/book'), 1, at)).toBeNull();
    expect(pageCacheKey(req('/shop/joes/appointments/secret-token'), 1, at)).toBeNull();
    expect(pageCacheKey(req('/shop/joes/'), 1, at)).not.toBeNull();
  });
});

describe('HtmlCache', () => {
  const page = (text: string) => cachedResponse(`<!doctype html><p>${text}</p>`, 'text/html;charset=utf-8');

  it("purges a shop's pages on every host and day, and only that shop's", () => {
    const cache = new HtmlCache(1024 * 1024);
    cache.set('shop|joes|1|a|/|/|2026-11-21', 'joes', page('joes on a'));
    cache.set('shop|joes|1|b|/|/|2026-11-21', 'joes', page('joes on b'));
    cache.set('shop|joes-2|1|a|/|/|2026-11-21', 'joes-2', page('joes-2'));
    const bytesOfOther = cache.bytes;
    cache.purge('joes');
    expect(cache.size).toBe(1);
    expect(cache.get('shop|joes|1|a|/|/|2026-11-21')).toBeUndefined();
    expect(cache.get('shop|joes-2|1|a|/|/|2026-11-21')).toBeDefined();
    expect(cache.bytes).toBeLessThan(bytesOfOther);
    // A page set again after a purge (or after its eviction) is purged again.
    cache.set('shop|joes|2|a|/|/|2026-11-21', 'joes', page('joes v2'));
    cache.purge('joes');
    cache.purge('joes-2');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used pages past its bound, and forgets them for purges', () => {
    const one = page('x'.repeat(50));
    const cache = new HtmlCache(3 * (one.br.length + 40 + 300));
    for (let i = 1; i <= 5; i++) cache.set(`shop|s${i}|1|a|/|/|2026-11-21`, `s${i}`, page(`s${i}`));
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('shop|s1|1|a|/|/|2026-11-21')).toBeUndefined();
    expect(cache.get('shop|s5|1|a|/|/|2026-11-21')).toBeDefined();
    for (let i = 1; i <= 5; i++) cache.purge(`s${i}`);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
