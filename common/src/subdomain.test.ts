import { describe, expect, it } from 'vitest';
import { detectShop, isCustomHost, shopSlugFromHost } from './subdomain';

describe('shopSlugFromHost on the product domain', () => {
  it.each([
    ['joes.localhost:3000', 'localhost', 'joes'],
    ['joes.localhost', 'localhost', 'joes'],
    ['joes.barberly.app', 'barberly.app', 'joes'],
    ['joes.barberly.app:443', 'barberly.app', 'joes'],
    ['a.b.barberly.app', 'barberly.app', 'a'],
    ['JOES.Barberly.App', 'barberly.app', 'joes'],
    ['joes.barberly.app.', 'barberly.app', 'joes'],
    ['fade-2-blade.barberly.app', 'barberly.app', 'fade-2-blade'],
  ])('%s with appDomain %s gives %s', (host, appDomain, slug) => {
    expect(shopSlugFromHost(host, appDomain)).toBe(slug);
  });

  it.each([
    ['barberly.app', 'barberly.app'],
    ['barberly.app:443', 'barberly.app'],
    ['www.barberly.app', 'barberly.app'],
    ['WWW.barberly.app', 'barberly.app'],
    ['api.barberly.app', 'barberly.app'],
    ['admin.barberly.app', 'barberly.app'],
    ['auth.barberly.app', 'barberly.app'],
    ['app.barberly.app', 'barberly.app'],
    ['static.barberly.app', 'barberly.app'],
    ['assets.barberly.app', 'barberly.app'],
    ['localhost', 'localhost'],
    ['localhost:3000', 'localhost'],
    ['www.localhost:3000', 'localhost'],
    ['127.0.0.1', 'localhost'],
    ['127.0.0.1:3000', 'localhost'],
    ['10.0.0.5:8080', 'barberly.app'],
    ['[::1]:3000', 'localhost'],
    ['evilbarberly.app', 'barberly.app'],
    ['joes.barberly.app.evil.com', 'barberly.app'],
    ['joes_cuts.barberly.app', 'barberly.app'],
    ['', 'barberly.app'],
  ])('%j with appDomain %s gives null', (host, appDomain) => {
    expect(shopSlugFromHost(host, appDomain)).toBeNull();
  });

  it('gives null for a missing host', () => {
    expect(shopSlugFromHost(undefined, 'barberly.app')).toBeNull();
    expect(shopSlugFromHost(null, 'barberly.app')).toBeNull();
  });

  it('ignores long hyphenated project ids', () => {
    expect(shopSlugFromHost('3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b.barberly.app', 'barberly.app')).toBeNull();
    expect(
      shopSlugFromHost('a1b2c3d4-e5f6-7890-abcd-ef1234567890-00-2x3y4z5w6v7u.barberly.app', 'barberly.app'),
    ).toBeNull();
    expect(shopSlugFromHost(`${'project-'.repeat(8)}id.barberly.app`, 'barberly.app')).toBeNull();
  });

  it('still finds valid shop slugs with several hyphens (as slugify makes them)', () => {
    expect(shopSlugFromHost('joe-and-sons-barber-shop.barberly.app', 'barberly.app')).toBe('joe-and-sons-barber-shop');
    expect(shopSlugFromHost('the-best-barber-shop.localhost:3000', 'localhost')).toBe('the-best-barber-shop');
    const longest = 'downtown-gentlemens-grooming-lounge-and-barber-cos'; // 50 characters
    expect(longest).toHaveLength(50);
    expect(shopSlugFromHost(`${longest}.barberly.app`, 'barberly.app')).toBe(longest);
  });

  it('does not treat other hosts as shops unless custom hosts are allowed', () => {
    expect(shopSlugFromHost('joes.example.com', 'barberly.app')).toBeNull();
  });
});

describe('shopSlugFromHost with custom hosts allowed', () => {
  it('uses the first label of a host with more than two labels', () => {
    expect(shopSlugFromHost('joes.example.com', 'barberly.app', true)).toBe('joes');
    expect(shopSlugFromHost('joes.cuts.example.co.uk', 'barberly.app', true)).toBe('joes');
  });

  it('still handles the product domain the same way', () => {
    expect(shopSlugFromHost('joes.barberly.app', 'barberly.app', true)).toBe('joes');
    expect(shopSlugFromHost('www.barberly.app', 'barberly.app', true)).toBeNull();
  });

  it.each([
    'example.com',
    'www.example.com',
    'api.example.com',
    'x.vercel.app',
    'my-preview-git-main.vercel.app',
    'x.netlify.app',
    'x.pages.dev',
    'x.onrender.com',
    'x.herokuapp.com',
    'x.replit.dev',
    'x.repl.co',
    'x.replit.app',
    'joes.localhost',
    'joes.localhost:3000',
    'localhost',
    '192.168.1.20',
  ])('never uses %s', (host) => {
    expect(shopSlugFromHost(host, 'barberly.app', true)).toBeNull();
  });
});

describe('detectShop', () => {
  it('lets a /shop/{slug} path win over the host', () => {
    expect(detectShop({ host: 'other.barberly.app', path: '/shop/joes', appDomain: 'barberly.app' })).toEqual({
      slug: 'joes',
      method: 'path',
    });
  });

  it.each(['/shop/joes', '/shop/joes/', '/shop/joes?x=1', '/shop/joes#top', '/shop/joes/services', '/shop/Joes'])(
    'reads the slug from %s',
    (path) => {
      expect(detectShop({ host: 'localhost:3000', path, appDomain: 'localhost' })).toEqual({
        slug: 'joes',
        method: 'path',
      });
    },
  );

  it('finds a subdomain shop when the path is not a shop path', () => {
    expect(detectShop({ host: 'joes.localhost:3000', path: '/', appDomain: 'localhost' })).toEqual({
      slug: 'joes',
      method: 'subdomain',
    });
    expect(detectShop({ host: 'joes.barberly.app', appDomain: 'barberly.app' })).toEqual({
      slug: 'joes',
      method: 'subdomain',
    });
  });

  it('marks custom hosts as such, only when allowed', () => {
    expect(detectShop({ host: 'joes.example.com', appDomain: 'barberly.app', allowCustomHosts: true })).toEqual({
      slug: 'joes',
      method: 'custom-host',
    });
    expect(detectShop({ host: 'joes.example.com', appDomain: 'barberly.app' })).toBeNull();
  });

  it.each(['/', '/dashboard', '/shop', '/shop/', '/shopping/joes', '/demo/shop/joes', '/api/shops/joes'])(
    'gives null on the bare domain for path %s',
    (path) => {
      expect(detectShop({ host: 'barberly.app', path, appDomain: 'barberly.app' })).toBeNull();
    },
  );

  it('gives null without a host or path', () => {
    expect(detectShop({ host: undefined, appDomain: 'barberly.app' })).toBeNull();
  });

  it('does not throw on a malformed percent-encoded path', () => {
    expect(detectShop({ host: 'barberly.app', path: '/shop/%E0%A4%A', appDomain: 'barberly.app' })).toBeNull();
    expect(detectShop({ host: 'joes.barberly.app', path: '/shop/%', appDomain: 'barberly.app' })).toEqual({
      slug: 'joes',
      method: 'subdomain',
    });
  });
});

describe('isCustomHost', () => {
  it.each(['www.joescuts.com', 'joescuts.co.uk:443', 'WWW.JOESCUTS.COM.', 'shop.example.org:8080'])(
    '%s may be a custom domain',
    (host) => {
      expect(isCustomHost(host, 'barberly.app')).toBe(true);
    },
  );
  it.each([
    'barberly.app',
    'joes.barberly.app:443',
    'localhost',
    'joes.localhost:3000',
    '127.0.0.1',
    '[::1]:3000',
    'my-project.replit.dev',
    'example',
    'bad_host.com',
    '',
  ])('%j is not', (host) => {
    expect(isCustomHost(host, 'barberly.app')).toBe(false);
  });
});
