/**
 * Custom domains (issue 16) through the production server (dist/start.mjs): a proven host serves its shop exactly
 * as the subdomain does, an alias and the subdomain redirect to the primary domain, links name it, and an unknown
 * or removed host never serves a shop.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const TOKEN = 'test-internal-token';
let api: FakeApi;
let sf: StorefrontProcess;

beforeAll(async () => {
  api = await startFakeApi({
    'joes-cuts': shopPage('joes-cuts', { name: 'Joe Custom Cuts', shop: { customDomain: 'www.joescuts.com' } }),
    'plain-cuts': shopPage('plain-cuts', { name: 'Plain Cuts' }),
  });
  api.setDomain('www.joescuts.com', { slug: 'joes-cuts', primary: 'www.joescuts.com' });
  api.setDomain('joescuts.com', { slug: 'joes-cuts', primary: 'www.joescuts.com' });
  sf = await startStorefront({ API_URL: api.url, INTERNAL_TOKEN: TOKEN, APP_DOMAIN: 'barberly.test' });
});

afterAll(async () => {
  await sf?.stop();
  await api?.close();
});

interface Answer {
  status: number;
  html: string;
  location: string | undefined;
  cacheControl: string | undefined;
}

/** node:http, which lets a test send the Host a browser would. */
function getAs(host: string, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${sf.url}${path}`, { headers: { host } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        html += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          html,
          location: res.headers.location,
          cacheControl: res.headers['cache-control'],
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function announce(body: Record<string, unknown>) {
  const res = await fetch(`${sf.url}/_internal/shop-changed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(204);
}

describe('a custom domain', () => {
  it('serves its shop on every path, with the canonical link, og:url and JSON-LD on the domain', async () => {
    const page = await getAs('www.joescuts.com');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Joe Custom Cuts');
    expect(page.html).toContain('<link rel="canonical" href="http://www.joescuts.com/"');
    expect(page.html).toContain('"url":"http://www.joescuts.com/"');
    expect(page.html).not.toContain('joes-cuts.barberly.test');
    // Booking links stay on the domain ('/book', not '/shop/joes-cuts/book').
    expect(page.html).toContain('href="/book');
    const book = await getAs('www.joescuts.com', '/book');
    expect(book.status).toBe(200);
    expect(book.html).toContain('Joe Custom Cuts');
    // Held in memory the second time (the fast path), still the same page.
    const again = await getAs('www.joescuts.com');
    expect(again.html).toBe(page.html);
  });

  it('never shows another shop under its name', async () => {
    const other = await getAs('www.joescuts.com', '/shop/plain-cuts');
    expect(other.status).toBe(404);
    expect(other.html).not.toContain('Plain Cuts');
  });

  it('an alias redirects to the primary domain, path kept', async () => {
    const res = await getAs('joescuts.com', '/book?serviceId=x');
    expect(res.status).toBe(301);
    expect(res.location).toBe('http://www.joescuts.com/book?serviceId=x');
    // Not kept by browsers: a removed domain must not keep its visitors away from the shop.
    expect(res.cacheControl).toBe('no-store');
  });

  it("the shop's subdomain redirects to its domain; the owner's preview at /shop/{slug} stays", async () => {
    const res = await getAs('joes-cuts.barberly.test', '/book');
    expect(res.status).toBe(301);
    expect(res.location).toBe('http://www.joescuts.com/book');
    expect(res.cacheControl).toBe('no-store');
    const preview = await getAs('barberly.test', '/shop/joes-cuts');
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('<link rel="canonical" href="http://www.joescuts.com/"');
    // A shop without a domain keeps its subdomain.
    const plain = await getAs('plain-cuts.barberly.test');
    expect(plain.status).toBe(200);
    expect(plain.html).toContain('<link rel="canonical" href="http://plain-cuts.barberly.test/"');
  });

  it('lists its pages in sitemap.xml on the domain', async () => {
    const res = await getAs('www.joescuts.com', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.html).toContain('<loc>http://www.joescuts.com/</loc>');
    expect(res.html).toContain('<loc>http://www.joescuts.com/book</loc>');
  });
});

describe('an unknown host', () => {
  it.each(['www.unknown-shop.com', 'plain-cuts.evil.com', 'joescuts.com.evil.com'])(
    '%s gets the not connected page, never a shop',
    async (host) => {
      const res = await getAs(host);
      expect(res.status).toBe(404);
      expect(res.html).toContain('This domain is not connected');
      expect(res.html).not.toMatch(/Joe Custom Cuts|Plain Cuts/);
    },
  );

  it('is asked about once per host while the answer is remembered', async () => {
    const host = 'www.scanned-once.com';
    for (let i = 0; i < 5; i++) await getAs(host);
    expect(api.hostCalls(host)).toBe(1);
  });
});

describe('removal', () => {
  it('a removed domain stops serving the shop as soon as the change is announced', async () => {
    api.setDomain('www.going-away.com', { slug: 'plain-cuts', primary: 'www.going-away.com' });
    api.set(
      'plain-cuts',
      shopPage('plain-cuts', { name: 'Plain Cuts', version: 2, shop: { customDomain: 'www.going-away.com' } }),
    );
    await announce({ shopId: 'id-plain-cuts', slug: 'plain-cuts', version: 2, hosts: ['www.going-away.com'] });
    expect((await getAs('www.going-away.com')).status).toBe(200);

    api.setDomain('www.going-away.com', null);
    api.set('plain-cuts', shopPage('plain-cuts', { name: 'Plain Cuts', version: 3 }));
    await announce({ shopId: 'id-plain-cuts', slug: 'plain-cuts', version: 3, hosts: ['www.going-away.com'] });
    const gone = await getAs('www.going-away.com');
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('This domain is not connected');
    // Its subdomain serves it again instead of redirecting.
    expect((await getAs('plain-cuts.barberly.test')).status).toBe(200);
  });
});
