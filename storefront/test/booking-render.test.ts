/**
 * The booking and manage pages through the production server (dist/start.mjs) with a fake api: each theme renders
 * the flow's shell with the service or barber the button carried; the manage page is private (no shared cache,
 * no referrer, not indexed); the shop page links to them on both hosts.
 */
import { request } from 'node:http';
import type { Theme } from '@barberly/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

let api: FakeApi;
let sf: StorefrontProcess;

const SHOPS: Record<Theme, { slug: string; book: string; name: string }> = {
  classic: { slug: 'book-classic', book: 'Book Appointment', name: 'Classic Book' },
  urban: { slug: 'book-urban', book: 'Book Now', name: 'Urban Book' },
  minimalist: { slug: 'book-calm', book: 'Book an Appointment', name: 'Calm Book' },
};

beforeAll(async () => {
  const pages = Object.fromEntries(
    (Object.keys(SHOPS) as Theme[]).map((theme) => {
      const { slug, name } = SHOPS[theme];
      return [slug, shopPage(slug, { theme, name, shop: { timeZone: 'America/New_York' } })];
    }),
  );
  api = await startFakeApi(pages);
  sf = await startStorefront({ API_URL: api.url });
});

afterAll(async () => {
  await sf?.stop();
  await api?.close();
});

interface Answer {
  status: number;
  html: string;
  headers: Record<string, string | string[] | undefined>;
}

/** node:http, so a test can set Host (*.localhost does not resolve in Node). */
function get(path: string, host?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${sf.url}${path}`, { headers: host ? { host } : {} }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        html += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function text(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');
}

describe.each(Object.keys(SHOPS) as Theme[])('%s theme booking page', (theme) => {
  const { slug, book, name } = SHOPS[theme];

  it('opens on the barber step with the service the card carried, in the theme', async () => {
    const { status, html } = await get(`/shop/${slug}/book?service=svc-1`);
    const page = text(html);
    expect(status).toBe(200);
    expect(page).toContain(`<title>${book} | ${name}</title>`);
    expect(page).toContain(`data-theme="${theme}"`);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${book}</h1>`));
    expect(page).toMatch(/<h2[^>]*>Choose a barber<\/h2>/);
    expect(page).toContain('Step 2 of 5');
    expect(page).toMatch(/<dd>Skin Fade · 45 min · \$40<\/dd>/);
    expect(page).toMatch(/<legend>Barber<\/legend>/);
    expect(page).toContain('Any barber');
    // The shop's header leads back to the shop.
    expect(page).toMatch(new RegExp(`<a href="/shop/${slug}" rel="external"`));
  });

  it("opens on the date and time step with the barber's button, closed days disabled, in the shop's zone", async () => {
    const { html } = await get(`/shop/${slug}/book?service=svc-2&barber=brb-1`);
    const page = text(html);
    expect(page).toMatch(/<h2[^>]*>Pick a date and time<\/h2>/);
    expect(page).toContain('With Marco Polo: Fades and designs.');
    expect(page).toMatch(/<dd>Royal Shave · 1 hr 30 min · \$32\.50<\/dd>/);
    // The month calendar (issue 25), rendered on the server from the shop's week: defaultHours closes Sundays.
    expect(page).toContain('data-booking="calendar"');
    expect(page).toMatch(/<table role="grid"[^>]*aria-label="[A-Z][a-z]+ \d{4}"/);
    const sundays = page.match(/<button[^>]*aria-label="Sunday, [A-Z][a-z]+ \d{1,2}, \d{4}[^"]*"/g) ?? [];
    expect(sundays.length).toBeGreaterThan(3);
    for (const sunday of sundays) expect(sunday).toContain('disabled=""');
    // A Sunday still ahead this month says why ('closed'); one already past is not open for booking.
    for (const sunday of sundays) expect(sunday).toMatch(/, (closed|not open for booking)"$/);
    expect(page).toContain('>Next available</button>');
    expect(page).toMatch(
      /Times are shown in the shop's time zone: Eastern (Standard|Daylight) Time \(America\/New_York\)\./,
    );
  });
});

describe('booking page', () => {
  const slug = SHOPS.classic.slug;

  it('starts with the services when the header button opened it, and ignores ids the shop does not have', async () => {
    for (const path of [`/shop/${slug}/book`, `/shop/${slug}/book?service=nope&barber=ghost`]) {
      const page = text((await get(path)).html);
      expect(page).toMatch(/<h2[^>]*>Choose your services<\/h2>/);
      expect(page).toContain('Step 1 of 5');
      // Several services in one visit (issue 14): toggle cards, and the running total's line already in place.
      expect(page).toMatch(/<input type="checkbox"[^>]* value="svc-1"/);
      expect(page).toMatch(/<input type="checkbox"[^>]* value="svc-2"/);
      expect(page).toContain('No service chosen yet.');
    }
  });

  it('is served on the shop subdomain at /book, and the shop page there links to it', async () => {
    const host = `${slug}.localhost:${sf.port}`;
    const booking = await get('/book?barber=brb-1', host);
    expect(booking.status).toBe(200);
    expect(text(booking.html)).toMatch(/<h2[^>]*>Choose your services<\/h2>/);
    expect(text(booking.html)).toMatch(/<a href="\/" rel="external"/);
    const shop = await get('/', host);
    expect(shop.html).toMatch(/<a href="\/book\?service=svc-1" rel="external"/);
    expect(shop.html).toMatch(/<a href="\/book\?barber=brb-1" rel="external"/);
    expect(shop.html).toMatch(/<a href="\/book" rel="external"/);
  });

  it('renders per request with no referrer and no indexing, under the same script policy', async () => {
    await get(`/shop/${slug}/book`);
    const { headers } = await get(`/shop/${slug}/book`);
    expect(headers.etag).toBeUndefined();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toBe('noindex');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("answers an unknown shop's booking page with Shop Not Found", async () => {
    const { status, html } = await get('/shop/ghost-town/book');
    expect(status).toBe(404);
    expect(html).toContain('Shop Not Found');
  });
});

describe('manage page', () => {
  const slug = SHOPS.urban.slug;

  it('renders the shell (shop, loading state) and leaves the appointment to the browser', async () => {
    const { status, html } = await get(`/shop/${slug}/appointments/tok_abc-123`);
    const page = text(html);
    expect(status).toBe(200);
    expect(page).toContain(`<title>Your appointment | ${SHOPS.urban.name}</title>`);
    expect(page).toMatch(/<h1[^>]*>Manage your appointment<\/h1>/);
    expect(page).toContain('Loading your appointment…');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<meta name="referrer" content="no-referrer"/>');
  });

  it('is private: never stored by a shared cache, no referrer leaves it, on the main domain and the subdomain', async () => {
    for (const [path, host] of [
      [`/shop/${slug}/appointments/tok_abc-123`, undefined],
      ['/appointments/tok_abc-123', `${slug}.localhost:${sf.port}`],
    ] as const) {
      await get(path, host);
      const { status, headers } = await get(path, host);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-robots-tag']).toBe('noindex');
      expect(headers.etag).toBeUndefined();
    }
  });
});

describe.each([
  ['waitlist', 'wl_abc-123', 'Your place on the waitlist', 'Loading your place on the waitlist…'],
  ['hold', 'h_abc-123', 'A time held for you', 'Loading the time held for you…'],
] as const)('%s page (issue 14)', (kind, token, heading, loading) => {
  const slug = SHOPS.minimalist.slug;

  it('renders the shell in the theme and leaves the entry to the browser', async () => {
    const { status, html } = await get(`/shop/${slug}/${kind}/${token}`);
    const page = text(html);
    expect(status).toBe(200);
    expect(page).toContain(`<title>${heading} | ${SHOPS.minimalist.name}</title>`);
    expect(page).toContain('data-theme="minimalist"');
    expect(page).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(page).toContain(loading);
    expect(page).toContain('<meta name="robots" content="noindex"/>');
  });

  it(`is private on the main domain and at /${kind}/{token} on the shop's subdomain`, async () => {
    for (const [path, host] of [
      [`/shop/${slug}/${kind}/${token}`, undefined],
      [`/${kind}/${token}`, `${slug}.localhost:${sf.port}`],
    ] as const) {
      const { status, html, headers } = await get(path, host);
      expect(status).toBe(200);
      expect(text(html)).toContain(loading);
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-robots-tag']).toBe('noindex');
    }
  });

  it("answers an unknown shop's page with Shop Not Found", async () => {
    const { status } = await get(`/shop/ghost-town/${kind}/${token}`);
    expect(status).toBe(404);
  });
});
