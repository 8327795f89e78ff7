import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './html-cache';

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
