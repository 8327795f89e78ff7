import { describe, expect, it } from 'vitest';
import { resolveShopRequest } from './shop-request';

const appDomain = 'localhost';
const at = (host: string, url: string, extra: Record<string, string> = {}) =>
  resolveShopRequest({ url, headers: { host, ...extra }, appDomain });

describe('resolveShopRequest', () => {
  it("serves a shop subdomain's root as that shop's page, with Go Home on the main domain", () => {
    const req = at('joes.localhost:3000', '/');
    expect(req).toMatchObject({ url: '/shop/joes', slug: 'joes', subdomain: 'joes', redirect: null });
    expect(req.homeUrl).toBe('http://localhost:3000/');
  });

  it("links a shop's pages from its own root on its subdomain, under /shop/{slug} elsewhere", () => {
    expect(at('joes.localhost:3000', '/book').shopBase('joes')).toBe('');
    expect(at('localhost:3000', '/shop/joes').shopBase('joes')).toBe('/shop/joes');
    expect(at('joes.localhost:3000', '/shop/anna').shopBase('anna')).toBe('/shop/anna');
  });

  it('keeps sub-paths and queries under the shop on its subdomain', () => {
    expect(at('joes.localhost:3000', '/book?service=1').url).toBe('/shop/joes/book?service=1');
    expect(at('joes.localhost:3000', '/?utm=x').url).toBe('/shop/joes?utm=x');
  });

  it('leaves assets, demos and explicit /shop paths alone on a subdomain (the path wins)', () => {
    expect(at('joes.localhost:3000', '/_sf/assets/a.js').url).toBe('/_sf/assets/a.js');
    expect(at('joes.localhost:3000', '/demo/shop/urban').url).toBe('/demo/shop/urban');
    expect(at('joes.localhost:3000', '/shop/anna').slug).toBe('anna');
  });

  it('prefers X-Forwarded-Host, which the proxy sets', () => {
    const req = at('127.0.0.1:4102', '/', { 'x-forwarded-host': 'anna.localhost:3000', 'x-forwarded-proto': 'https' });
    expect(req.slug).toBe('anna');
    expect(req.homeUrl).toBe('https://localhost:3000/');
    expect(req.shopUrl('anna')).toBe('https://anna.localhost:3000/');
  });

  it('does not treat www, reserved names or the bare domain as shops', () => {
    expect(at('www.localhost:3000', '/').subdomain).toBeNull();
    expect(at('api.localhost:3000', '/').subdomain).toBeNull();
    expect(at('localhost:3000', '/').slug).toBeNull();
  });

  it('redirects /shop without a slug to /', () => {
    expect(at('localhost:3000', '/shop/').redirect).toBe('/');
    expect(at('localhost:3000', '/shop').redirect).toBe('/');
  });

  it('never takes a slug that could not be one to the api', () => {
    expect(at('localhost:3000', '/shop/%3Cscript%3E').slug).toBeNull();
    expect(at('localhost:3000', '/shop/%E0%A4%A').slug).toBeNull();
    expect(at('localhost:3000', '/shop/Joes').slug).toBe('joes');
  });

  it('links the canonical shop site on the subdomain even for /shop/{slug} requests', () => {
    expect(at('localhost:3000', '/shop/joes').shopUrl('joes')).toBe('http://joes.localhost:3000/');
  });
});
