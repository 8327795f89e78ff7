import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { isOwnOrigin, safeRedirectTo } from './redirects';

const dev = testConfig({ PUBLIC_ORIGIN: 'http://localhost:3000', APP_DOMAIN: 'localhost' });
const prod = testConfig({ PUBLIC_ORIGIN: 'https://barberly.app', APP_DOMAIN: 'barberly.app' });

describe('safeRedirectTo', () => {
  it('keeps addresses on the public origin and on shop subdomains', () => {
    expect(safeRedirectTo('http://localhost:3000/auth/callback', dev)).toBe('http://localhost:3000/auth/callback');
    expect(safeRedirectTo('http://fades.localhost:3000/auth/callback', dev)).toBe(
      'http://fades.localhost:3000/auth/callback',
    );
    expect(safeRedirectTo('https://fades.barberly.app/x?y=1', prod)).toBe('https://fades.barberly.app/x?y=1');
  });

  it('falls back to the public origin for anything else', () => {
    for (const target of [
      'https://evil.example.com/auth/callback',
      'https://barberly.app.evil.com/',
      'https://evilbarberly.app/',
      'http://fades.barberly.app/', // a downgrade to http
      'https://user@fades.barberly.app/',
      'javascript:alert(1)',
      '//evil.example.com',
      '/relative',
      '',
      undefined,
      ['https://barberly.app/'],
    ]) {
      expect(safeRedirectTo(target, prod)).toBe('https://barberly.app');
    }
  });
});

describe('isOwnOrigin', () => {
  it('accepts the admin origin and subdomains of APP_DOMAIN only', () => {
    expect(isOwnOrigin(new URL('http://localhost:3000'), dev)).toBe(true);
    expect(isOwnOrigin(new URL('http://a.localhost:3000'), dev)).toBe(true);
    expect(isOwnOrigin(new URL('http://notlocalhost:3000'), dev)).toBe(false);
    expect(isOwnOrigin(new URL('https://a.localhost:3000'), dev)).toBe(false);
  });
});
