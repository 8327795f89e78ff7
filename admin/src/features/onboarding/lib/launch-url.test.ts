import { describe, expect, it } from 'vitest';
import { chooseLaunchUrl } from './launch-url';

const shop = {
  slug: 'joes',
  subdomain_url: 'http://joes.localhost:3000',
  production_url: 'http://joes.localhost:3000',
};
const response = {
  template: 'urban' as const,
  urls: {
    production: 'https://joes.barberly.com',
    primary: 'primary.example',
    development: 'http://localhost/shop/joes',
  },
  productionUrl: 'legacy.example',
  shopUrl: '/shop/joes',
};

describe('chooseLaunchUrl', () => {
  it('prefers urls.production', () => {
    expect(chooseLaunchUrl(response, shop)).toEqual({ url: 'https://joes.barberly.com', relative: false });
  });

  it('then urls.primary, adding https:// to a URL without a scheme', () => {
    const r = { ...response, urls: { ...response.urls, production: '' } };
    expect(chooseLaunchUrl(r, shop)).toEqual({ url: 'https://primary.example', relative: false });
  });

  it('then urls.development, keeping its http scheme', () => {
    const r = { ...response, urls: { production: '', primary: '', development: 'http://joes.localhost:3000' } };
    expect(chooseLaunchUrl(r, shop).url).toBe('http://joes.localhost:3000');
  });

  it('then the legacy productionUrl, then shopUrl', () => {
    expect(chooseLaunchUrl({ productionUrl: 'joes.example.com', shopUrl: '/shop/joes' }, shop).url).toBe(
      'https://joes.example.com',
    );
    expect(chooseLaunchUrl({ shopUrl: '/shop/joes' }, shop)).toEqual({ url: '/shop/joes', relative: true });
  });

  it("without an answer (complete-onboarding failed) the shop's own subdomain URL", () => {
    expect(chooseLaunchUrl(null, shop).url).toBe('http://joes.localhost:3000');
  });

  it('without anything else, /shop/{slug} as a relative URL', () => {
    expect(chooseLaunchUrl(undefined, { slug: 'joes' })).toEqual({ url: '/shop/joes', relative: true });
  });

  it("gives '//host' an https: scheme", () => {
    expect(
      chooseLaunchUrl({ urls: { production: '//joes.example.com', primary: '', development: '' } }, shop).url,
    ).toBe('https://joes.example.com');
  });
});
