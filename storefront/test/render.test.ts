/**
 * Server rendering, end to end through the production server (dist/start.mjs) with a fake api:
 * each theme's strings in the first HTML, the states, SEO, the subdomain and invalidation by POST.
 */
import http, { request } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const TOKEN = 'test-internal-token';
let api: FakeApi;
let sf: StorefrontProcess;

beforeAll(async () => {
  api = await startFakeApi({
    'classic-cuts': shopPage('classic-cuts', { theme: 'classic', name: 'Classic Cuts' }),
    'urban-edge': shopPage('urban-edge', { theme: 'urban', name: 'Urban Edge' }),
    'calm-studio': shopPage('calm-studio', {
      theme: 'minimalist',
      name: 'Calm Studio',
      services: [{ id: 'svc-x', shopId: 'id-calm-studio', name: '', description: '', price: 20, durationMinutes: 0 }],
    }),
    'empty-studio': shopPage('empty-studio', { theme: 'minimalist', name: 'Empty Studio', services: [] }),
    // Money and clock the shop's way (issue 13): euros written in French, a 24-hour clock.
    'salon-paris': shopPage('salon-paris', {
      name: 'Salon Paris',
      shop: { currency: 'EUR', locale: 'fr-FR', clock: '24h', timeZone: 'Europe/Paris' },
    }),
    // Billing on (issue 17): a Basic shop shows the line, a Premium one does not; a lapsed one pauses booking.
    'basic-cuts': {
      ...shopPage('basic-cuts', { name: 'Basic Cuts' }),
      billing: { whiteLabel: false, bookingsPaused: false },
    },
    'premium-cuts': {
      ...shopPage('premium-cuts', { name: 'Premium Cuts' }),
      billing: { whiteLabel: true, bookingsPaused: false },
    },
    'lapsed-cuts': {
      ...shopPage('lapsed-cuts', { name: 'Lapsed Cuts' }),
      billing: { whiteLabel: false, bookingsPaused: true },
    },
    'broken-shop': { shop: { slug: 'broken-shop' } } as never,
    'sleepy-shop': shopPage('sleepy-shop', { shop: { is_active: false } }),
    'evil-shop': shopPage('evil-shop', {
      name: '</script><script>alert(1)</script>',
      shop: {
        primaryColor: 'red;}</style><script>alert(2)</script>',
        logoUrl: 'javascript:alert(3)',
        bio: '<img src=x onerror=alert(4)>',
      },
    }),
  });
  sf = await startStorefront({ API_URL: api.url, INTERNAL_TOKEN: TOKEN });
});

afterAll(async () => {
  await sf?.stop();
  await api?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${sf.url}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** fetch() does not let a test set Host; node:http does (*.localhost does not resolve in Node: see STACK.md). */
function getWithHost(path: string, host: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sf.url}${path}`, { headers: { host } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        html += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Text as a reader sees it: React escapes apostrophes and ampersands in the HTML. */
function decoded(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');
}

const year = new Date().getUTCFullYear();

describe('classic theme', () => {
  it("server-renders the classic page's labels, sections and formatting with its styles in the head", async () => {
    const { status, html } = await get('/shop/classic-cuts');
    const text = decoded(html);
    expect(status).toBe(200);
    expect(text).toContain('<title>Classic Cuts | Classic Barbershop</title>');
    for (const label of ['Book Appointment', 'Our Services', 'Our Barbers', 'Book Now', 'Book with Marco']) {
      expect(text).toContain(`>${label}<`);
    }
    expect(text).toContain('>Features<');
    expect(text).toContain('>Free Wi-Fi<');
    expect(text).toContain('>Business Hours<');
    expect(text).toContain('>9:00 AM - 6:00 PM<');
    expect(text).toContain('>10:00 AM - 4:00 PM<');
    expect(text).toContain('>Closed<');
    expect(text).toContain('>$40<');
    expect(text).toContain('>$32.50<');
    expect(text).toContain('>45 min<');
    expect(text).toContain('>1 hr 30 min<');
    expect(text).toContain('>Get Directions<');
    expect(text).toContain(
      'href="https://www.google.com/maps/dir/?api=1&destination=1%20Test%20Street%2C%20Springfield"',
    );
    expect(text).toContain('href="tel:5550102030"');
    expect(text).toContain(`© ${year} Classic Cuts. All rights reserved.`);
    // No flash of unstyled content: the collected styles precede the body, with the shop's colour in them.
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).toMatch(/<style data-styled="[^"]*" data-styled-version="[^"]+">/);
    expect(head).toContain('--primary:#0F766E');
  });

  it("links every book button to the shop's booking page with the service or barber it came from", async () => {
    const { html } = await get('/shop/classic-cuts');
    expect(html).toMatch(/<a href="\/shop\/classic-cuts\/book" rel="external"[^>]* data-book-shop="id-classic-cuts"/);
    expect(html).toMatch(
      /<a href="\/shop\/classic-cuts\/book\?service=svc-1" rel="external"[^>]* data-book-service="svc-1"/,
    );
    expect(html).toMatch(
      /<a href="\/shop\/classic-cuts\/book\?barber=brb-1" rel="external"[^>]* data-book-barber="brb-1"/,
    );
  });
});

describe("a shop's currency, locale and clock (issue 13)", () => {
  it('server-renders euros in French, hours on a 24-hour clock and offers priced in EUR', async () => {
    const { status, html } = await get('/shop/salon-paris');
    const text = decoded(html);
    expect(status).toBe(200);
    expect(text).toContain('>40\u00a0€<');
    expect(text).toContain('>32,50\u00a0€<');
    expect(text).toContain('>09:00 - 18:00<');
    expect(text).toContain('>10:00 - 16:00<');
    expect(text).not.toMatch(/\d (AM|PM)</);
    expect(text).not.toContain('>$');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null').hasOfferCatalog.itemListElement[1]).toMatchObject({
      price: '32.50',
      priceCurrency: 'EUR',
    });
  });
});

describe('urban theme', () => {
  it("server-renders urban's labels with the features as header badges", async () => {
    const { html } = await get('/shop/urban-edge');
    const text = decoded(html);
    expect(text).toContain('<title>Urban Edge | Modern Haircuts & Styling</title>');
    for (const label of ['Book Now', 'Services', 'Artists', 'Book This Style', 'Book with Marco']) {
      expect(text).toContain(`>${label}<`);
    }
    const header = text.slice(text.indexOf('<header'), text.indexOf('</header>'));
    expect(header).toContain('>Free Wi-Fi<');
    expect(text).not.toContain('>Our Services<');
    expect(text).not.toContain('>What We Offer<');
  });
});

describe('minimalist theme', () => {
  it("server-renders minimalist's labels, 'What We Offer', 'Visit Us' with Call Now and the service defaults", async () => {
    const { html } = await get('/shop/calm-studio');
    const text = decoded(html);
    expect(text).toContain('<title>Calm Studio | Book Online</title>');
    for (const label of ['Book an Appointment', 'Services', 'Our Team', 'Book Now', 'View Profile']) {
      expect(text).toContain(`>${label}<`);
    }
    expect(text).toContain('>What We Offer<');
    expect(text).toContain('>Visit Us<');
    expect(text).toContain('>Make an appointment or simply walk in during our business hours.<');
    expect(text).toMatch(/href="tel:5550102030"[^>]*>Call Now</);
    // A service saved without name, description or duration.
    expect(text).toContain('>Untitled Service<');
    expect(text).toContain('>No description available<');
    expect(text).toContain('>30 min<');
    expect(text).not.toContain('>Book with Marco<');
  });

  it('sends the services and barbers tabs marked busy: they answer keys and clicks only once the page is hydrated', async () => {
    const { html } = await get('/shop/classic-cuts');
    expect(html).toMatch(/role="tablist"[^>]*aria-busy="true"/);
  });

  it("says 'No services available yet' when the shop has none", async () => {
    const { html } = await get('/shop/empty-studio');
    expect(decoded(html)).toContain('>No services available yet<');
  });
});

describe('states', () => {
  it("answers an unknown slug with 404 and the 'Shop Not Found' page with Go Home", async () => {
    const { status, html } = await get('/shop/no-such-shop');
    const text = decoded(html);
    expect(status).toBe(404);
    expect(text).toContain('<title>Shop Not Found</title>');
    expect(text).toContain(">Sorry, we couldn't find this barbershop.<");
    expect(text).toMatch(/href="\/"[^>]*>Go Home</);
  });

  it("answers 503 with 'Error loading shop' when the api is down, and does not cache that", async () => {
    api.fail(true);
    const down = await get('/shop/api-down-shop');
    api.fail(false);
    expect(down.status).toBe(503);
    expect(decoded(down.html)).toContain('>Shop Not Found<');
    expect(decoded(down.html)).toContain('Failed to load shop data. Please try again later.');
    api.set('api-down-shop', shopPage('api-down-shop', { name: 'Back Again' }));
    // The storefront stopped asking the failing api (circuit breaker); its health probe, once a second, finds it
    // back, and the shop loads.
    let up = await get('/shop/api-down-shop');
    for (let i = 0; i < 50 && up.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await get('/shop/api-down-shop');
    }
    expect(up.status).toBe(200);
    expect(decoded(up.html)).toContain('Back Again');
  });

  it('does not show an inactive shop', async () => {
    const { status, html } = await get('/shop/sleepy-shop');
    expect(status).toBe(404);
    expect(html).toContain('Shop Not Found');
  });

  it("shows 'No Shop Data' for a record without its essentials", async () => {
    const { html } = await get('/shop/broken-shop');
    const text = decoded(html);
    expect(text).toContain('>No Shop Data<');
    expect(text).toContain(">It appears this shop's data is incomplete. Please contact support.<");
    expect(text).toContain('>Go Home<');
  });

  it('answers robots.txt on a shop site so crawlers may index it', async () => {
    const res = await get('/robots.txt', { 'x-forwarded-host': 'urban-edge.localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.html).toBe('User-agent: *\nAllow: /\n');
  });

  it('answers an unknown path with Page Not Found and /shop/ without a slug with a redirect to /', async () => {
    const missing = await get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page Not Found');
    const bare = await get('/shop/');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/');
  });
});

describe('subdomain', () => {
  it("serves {slug}.localhost's root as that shop when the Host header names it (no proxy)", async () => {
    const { status, html } = await getWithHost('/', `urban-edge.localhost:${sf.port}`);
    expect(status).toBe(200);
    expect(decoded(html)).toContain('<title>Urban Edge | Modern Haircuts & Styling</title>');
  });

  it("reads the proxy's X-Forwarded-Host, with Go Home on the main domain", async () => {
    const { status, html } = await get('/', { 'x-forwarded-host': 'urban-edge.localhost:3000' });
    expect(status).toBe(200);
    expect(decoded(html)).toContain('<title>Urban Edge | Modern Haircuts & Styling</title>');
    const missing = await get('/', { 'x-forwarded-host': 'ghost-town.localhost:3000' });
    expect(missing.status).toBe(404);
    expect(missing.html).toMatch(/href="http:\/\/localhost:3000\/"[^>]*>Go Home</);
  });
});

describe('demo shops', () => {
  it.each([
    ['classic', 'Book Appointment', 'Our Barbers'],
    ['urban', 'Book This Style', 'Artists'],
    ['minimalist', 'Book an Appointment', 'Our Team'],
  ])('serves /demo/shop/%s from sample data without the api', async (theme, bookLabel, barbersTab) => {
    const before = api.calls();
    const { status, html } = await get(`/demo/shop/${theme}`);
    expect(status).toBe(200);
    expect(html).toContain(`>${bookLabel}<`);
    expect(html).toContain(`>${barbersTab}<`);
    expect(html.match(/data-book-service=/g)).toHaveLength(4);
    expect(html.match(/data-barber-id=/g)).toHaveLength(2);
    // No api behind a demo: its book buttons stay inert and say so.
    expect(html).toMatch(/<button type="button"[^>]* data-book-shop="demo-/);
    expect(html).not.toMatch(/href="[^"]*\/book/);
    expect(html).toContain('Demo shop: booking is switched off in this preview.');
    expect(api.calls()).toBe(before);
  });
});

describe('SEO and sharing', () => {
  it('carries a description, Open Graph tags and HairSalon JSON-LD with address, phone, hours and services', async () => {
    const { html } = await get('/shop/classic-cuts');
    expect(html).toContain('<meta name="description" content="Sharp cuts since 1999."');
    expect(html).toContain('<meta property="og:title" content="Classic Cuts | Classic Barbershop"');
    expect(html).toContain('<meta property="og:url" content="http://classic-cuts.localhost:');
    expect(html).toContain('<link rel="canonical" href="http://classic-cuts.localhost:');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json ?? 'null');
    expect(data).toMatchObject({
      '@type': 'HairSalon',
      name: 'Classic Cuts',
      telephone: '(555) 010-2030',
      address: { '@type': 'PostalAddress', streetAddress: '1 Test Street, Springfield' },
    });
    expect(data.openingHoursSpecification).toHaveLength(6);
    expect(data.openingHoursSpecification[5]).toMatchObject({ opens: '10:00', closes: '16:00' });
    expect(data.hasOfferCatalog.itemListElement[0]).toMatchObject({
      price: '40.00',
      priceCurrency: 'USD',
      itemOffered: { name: 'Skin Fade' },
    });
  });

  it("keeps a hostile shop's text out of the markup, its colour out of the CSS and its script URL out of src", async () => {
    const { html } = await get('/shop/evil-shop');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('alert(2)');
    expect(html).not.toContain('javascript:alert(3)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(html).toContain('--primary:#1E293B');
  });
});

describe('responses', () => {
  it('forbids scripts from anywhere but the storefront, and framing by other sites, on rendered and cached pages', async () => {
    for (const path of ['/shop/no-such-shop', '/shop/classic-cuts', '/shop/classic-cuts']) {
      const { headers } = await get(path);
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers a repeat visit compressed, and with 304 when the browser holds the current version', async () => {
    const first = await fetch(`${sf.url}/shop/classic-cuts`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(await first.text()).toContain('Classic Cuts');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${sf.url}/shop/classic-cuts`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('holds a page brotli-compressed only, and gives gzip and plain clients the very same page', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${sf.url}/shop/classic-cuts`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    await raw('br');
    const br = await raw('br');
    const gzip = await raw('gzip');
    const plain = await raw('');
    expect([br.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined]);
    const page = zlib.brotliDecompressSync(br.body).toString();
    expect(page).toContain('Classic Cuts');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    expect(plain.body.toString()).toBe(page);
  });
});

describe('GET /_internal/stats', () => {
  it("reports the page cache's hit ratio and the process's memory to the operator, and to nobody else", async () => {
    await get('/shop/classic-cuts');
    await get('/shop/classic-cuts');
    const refused = await fetch(`${sf.url}/_internal/stats`, { headers: { 'x-internal-token': 'wrong' } });
    expect(refused.status).toBe(403);
    const stats = (await (
      await fetch(`${sf.url}/_internal/stats`, { headers: { 'x-internal-token': TOKEN } })
    ).json()) as Record<string, number>;
    expect(stats.pageHits).toBeGreaterThanOrEqual(1);
    expect(stats.hitRatio).toBeCloseTo(stats.pageHits! / (stats.pageHits! + stats.renders!), 10);
    expect(stats.hitRatio).toBeGreaterThan(0);
    expect(stats.pagesHeld).toBeGreaterThanOrEqual(1);
    for (const field of ['rssBytes', 'heapUsedBytes', 'heapTotalBytes', 'externalBytes', 'arrayBuffersBytes']) {
      expect(stats[field], field).toBeGreaterThan(0);
    }
  });
});

describe('invalidation by POST /_internal/shop-changed', () => {
  it('refuses an event without the internal token', async () => {
    const res = await fetch(`${sf.url}/_internal/shop-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': 'wrong' },
      body: JSON.stringify({ shopId: 'id-urban-edge', slug: 'urban-edge', version: 2 }),
    });
    expect(res.status).toBe(403);
  });

  it("shows an owner's edit on the next load and serves repeat loads from the cache", async () => {
    await get('/shop/urban-edge');
    const callsBefore = api.calls('urban-edge');
    await get('/shop/urban-edge');
    expect(api.calls('urban-edge')).toBe(callsBefore);

    api.set('urban-edge', shopPage('urban-edge', { theme: 'minimalist', name: 'Urban Edge Studio', version: 2 }));
    const res = await fetch(`${sf.url}/_internal/shop-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
      body: JSON.stringify({ shopId: 'id-urban-edge', slug: 'urban-edge', version: 2 }),
    });
    expect(res.status).toBe(204);
    const { html } = await get('/shop/urban-edge');
    expect(html).toContain('<title>Urban Edge Studio | Book Online</title>');
  });
});

describe('plans on the public page (issue 17)', () => {
  it("says 'Powered by Barberly' for every plan but Premium, and nothing when billing is off or on demos", async () => {
    const basic = await get('/shop/basic-cuts');
    expect(basic.html).toContain('data-testid="powered-by"');
    expect(decoded(basic.html)).toMatch(/Powered by <a href="[^"]*">Barberly<\/a>/);
    for (const path of ['/shop/premium-cuts', '/shop/classic-cuts', '/demo/shop/classic']) {
      expect((await get(path)).html, path).not.toContain('Powered by');
    }
  });

  it('shows a polite note instead of the booking form while online booking is paused', async () => {
    const paused = await get('/shop/lapsed-cuts/book');
    expect(paused.status).toBe(200);
    expect(decoded(paused.html)).toContain(
      'This shop is not taking online bookings right now. Please call or visit the shop to book your appointment.',
    );
    expect(paused.html).not.toContain('data-booking-step');
    const open = await get('/shop/basic-cuts/book');
    expect(open.html).toContain('data-booking-step');
  });
});
