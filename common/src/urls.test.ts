import { describe, expect, it } from 'vitest';
import { buildShopUrls, isDevelopmentHost, withScheme } from './urls';

describe('buildShopUrls', () => {
  it('builds the path and subdomain URLs for local development', () => {
    expect(buildShopUrls('joes', { publicOrigin: 'http://localhost:3000', appDomain: 'localhost' })).toEqual({
      standard: 'http://localhost:3000/shop/joes',
      subdomain: 'http://joes.localhost:3000',
    });
  });

  it('builds production URLs without a default port', () => {
    expect(buildShopUrls('joes', { publicOrigin: 'https://barberly.app', appDomain: 'barberly.app' })).toEqual({
      standard: 'https://barberly.app/shop/joes',
      subdomain: 'https://joes.barberly.app',
    });
    expect(buildShopUrls('joes', { publicOrigin: 'https://barberly.app:443/', appDomain: 'barberly.app' })).toEqual({
      standard: 'https://barberly.app/shop/joes',
      subdomain: 'https://joes.barberly.app',
    });
  });

  it('ignores a path on the public origin', () => {
    expect(
      buildShopUrls('joes', { publicOrigin: 'https://barberly.app/app/', appDomain: 'barberly.app' }).standard,
    ).toBe('https://barberly.app/shop/joes');
  });

  it('encodes an unexpected slug instead of breaking the URL', () => {
    expect(buildShopUrls('a/b', { publicOrigin: 'https://barberly.app', appDomain: 'barberly.app' }).standard).toBe(
      'https://barberly.app/shop/a%2Fb',
    );
  });
});

describe('isDevelopmentHost', () => {
  it.each(['localhost', 'joes.localhost', 'LOCALHOST', 'myapp.replit.dev', 'x.repl.replit.app', 'Replit.com'])(
    '%s is development',
    (host) => {
      expect(isDevelopmentHost(host)).toBe(true);
    },
  );

  it.each(['barberly.app', 'joes.barberly.app', 'example.com', '127.0.0.1'])('%s is not development', (host) => {
    expect(isDevelopmentHost(host)).toBe(false);
  });
});

describe('withScheme', () => {
  it('prepends https:// to an absolute URL without a scheme', () => {
    expect(withScheme('joes.barberly.app')).toBe('https://joes.barberly.app');
    expect(withScheme('joes.barberly.app/path?x=1')).toBe('https://joes.barberly.app/path?x=1');
    expect(withScheme('joes.localhost:3000')).toBe('https://joes.localhost:3000');
  });

  it('prepends https: to a scheme-relative URL', () => {
    expect(withScheme('//joes.barberly.app')).toBe('https://joes.barberly.app');
  });

  it('keeps an http or https scheme as it is', () => {
    expect(withScheme('http://joes.localhost:3000')).toBe('http://joes.localhost:3000');
    expect(withScheme('https://joes.barberly.app')).toBe('https://joes.barberly.app');
    expect(withScheme('HTTPS://joes.barberly.app')).toBe('HTTPS://joes.barberly.app');
  });

  it('leaves relative paths unchanged', () => {
    expect(withScheme('/shop/joes')).toBe('/shop/joes');
    expect(withScheme('/')).toBe('/');
  });
});
