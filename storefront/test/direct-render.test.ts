/**
 * The shop page rendered without Vike (issue 29, server/direct-render.ts) is byte for byte the page Vike renders.
 *
 * Two production servers (dist/start.mjs) read the same fake api: one renders the shop page directly once Vike gave it
 * the theme's shell, the other with DIRECT_RENDER=false renders every page through Vike. Every theme, on the main
 * domain, the shop's subdomain and its custom domain; a shop with booking on (barbers, repeat visits, waitlist), a
 * paused one, a white-label one, and one with special characters in every field. `?bench=render` keeps the page cache
 * out of it, as the bench's render row does. Any byte that differs fails the test, and the direct path must have
 * answered every compared page (else the test would compare Vike with itself).
 */
import { request } from 'node:http';
import type { ShopPage, Theme } from '@barberly/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './fake-api';
import { shopPage } from './fixtures';
import { type StorefrontProcess, startStorefront } from './storefront-process';

const TOKEN = 'test-internal-token';
const DOMAIN = 'barberly.test';
const THEMES: Theme[] = ['classic', 'urban', 'minimalist'];
/** Characters that HTML, attributes, CSS, JSON, JSON-LD and URLs each treat specially. */
const WEIRD = `<b>"Tom" & 'Jerry'</b> </script><!-- \\u2028 \u2028 ⟨é⟩ 💈 \${x} {{y}} %2F/ ; } url(x)`;

let api: FakeApi;
let direct: StorefrontProcess;
let vike: StorefrontProcess;

function shopsFor(theme: Theme): Record<string, ShopPage> {
  const barbers = [
    { id: `b1-${theme}`, shopId: 'x', name: 'Marco Polo', bio: 'Fades and designs.', profileImageUrl: '' },
    {
      id: `b2-${theme}`,
      shopId: 'x',
      name: 'Ana Ruiz',
      bio: 'Beards.',
      profileImageUrl: 'https://images.example.com/ana.jpg',
    },
  ];
  return {
    [`plain-${theme}`]: shopPage(`plain-${theme}`, { theme, name: `Plain ${theme}`, barbers: [] }),
    [`custom-${theme}`]: shopPage(`custom-${theme}`, {
      theme,
      name: `Custom ${theme}`,
      shop: { customDomain: `www.custom-${theme}.com` },
    }),
    [`booking-${theme}`]: {
      ...shopPage(`booking-${theme}`, {
        theme,
        name: `Booking ${theme}`,
        barbers,
        shop: { clientsMayRepeat: true, waitlistEnabled: true, currency: 'EUR', locale: 'fr-FR', clock: '24h' },
      }),
      billing: { whiteLabel: false, bookingsPaused: false },
    },
    [`paused-${theme}`]: {
      ...shopPage(`paused-${theme}`, { theme, name: `Paused ${theme}`, barbers }),
      billing: { whiteLabel: false, bookingsPaused: true },
    },
    [`white-${theme}`]: {
      ...shopPage(`white-${theme}`, { theme, name: `White ${theme}`, barbers }),
      billing: { whiteLabel: true, bookingsPaused: false },
    },
    [`weird-${theme}`]: shopPage(`weird-${theme}`, {
      theme,
      name: `${WEIRD} name`,
      barbers: [{ id: `w-${theme}`, shopId: 'x', name: `${WEIRD} barber`, bio: `${WEIRD} bio`, profileImageUrl: '' }],
      services: [
        {
          id: `ws-${theme}`,
          shopId: 'x',
          name: `${WEIRD} service`,
          description: `${WEIRD} description`,
          price: 12.34,
          durationMinutes: 25,
        },
      ],
      shop: {
        bio: `${WEIRD} bio`,
        address: `${WEIRD} street`,
        phoneNumber: `+1 (555) 010-2030 ${WEIRD}`,
        primaryColor: 'red;}</style><script>alert(2)</script>',
        logoUrl: `https://example.com/logo.png?a="b"&c=<d>`,
        branding_json: { font: `Inter"; } body { x`, features: [`${WEIRD} feature`, 'Free Wi-Fi'] },
        branding: { font: 'Inter', features: [`${WEIRD} feature`] },
      },
    }),
  };
}

beforeAll(async () => {
  api = await startFakeApi(Object.assign({}, ...THEMES.map(shopsFor)));
  for (const theme of THEMES) {
    api.setDomain(`www.custom-${theme}.com`, { slug: `custom-${theme}`, primary: `www.custom-${theme}.com` });
  }
  const env = { API_URL: api.url, INTERNAL_TOKEN: TOKEN, APP_DOMAIN: DOMAIN, ACCESS_LOG: 'false' };
  [direct, vike] = await Promise.all([startStorefront(env), startStorefront({ ...env, DIRECT_RENDER: 'false' })]);
});

afterAll(async () => {
  await Promise.all([direct?.stop(), vike?.stop()]);
  await api?.close();
});

/** The response headers a browser or a cache acts on (the request id and date differ by nature). */
const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'etag',
  'vary',
];

function get(
  sf: StorefrontProcess,
  host: string,
  path: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    // The same Host (and so the same origin, port included) for both servers.
    const req = request(`${sf.url}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers[name]])),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function stats(sf: StorefrontProcess): Promise<{ renders: number; directRenders: number }> {
  const res = await fetch(`${sf.url}/_internal/stats`, { headers: { 'x-internal-token': TOKEN } });
  return (await res.json()) as { renders: number; directRenders: number };
}

/** The first index where two strings differ, with some context, so a failure shows the bytes. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n direct: ${JSON.stringify(a.slice(Math.max(0, i - 80), i + 120))}\n vike:   ${JSON.stringify(b.slice(Math.max(0, i - 80), i + 120))}`;
}

describe.each(THEMES)('the %s theme', (theme) => {
  const kinds = ['plain', 'custom', 'booking', 'paused', 'white', 'weird'];
  const pages: [string, string, string][] = kinds.flatMap((kind) => {
    const slug = `${kind}-${theme}`;
    const list: [string, string, string][] = [
      [`${kind} on the main domain`, `localhost:3000`, `/shop/${slug}?bench=render`],
      [`${kind} through https on the main domain`, DOMAIN, `/shop/${slug}?bench=render&x=1`],
    ];
    // A shop with a custom domain lives there (its subdomain redirects); the others on their subdomain.
    list.push(
      kind === 'custom'
        ? [`${kind} on its custom domain`, `www.custom-${theme}.com`, '/?bench=render']
        : [`${kind} on its subdomain`, `${slug}.${DOMAIN}:8080`, '/?bench=render'],
    );
    return list;
  });

  it.each(pages)('%s: the same bytes as Vike', async (_name, host, path) => {
    const theirs = await get(vike, host, path);
    expect(theirs.status).toBe(200);
    // The first request of a theme may be Vike's (it gives the direct path its shell). Then the version's first
    // direct render, its second (which keeps the version's sections) and its third (which writes the held sections)
    // must each be Vike's bytes.
    const first = await get(direct, host, path);
    expect(firstDifference(first.body, theirs.body)).toBeNull();
    for (let i = 0; i < 3; i++) {
      const before = await stats(direct);
      const mine = await get(direct, host, path);
      const after = await stats(direct);
      expect(mine.status).toBe(200);
      expect(after.directRenders - before.directRenders).toBe(1);
      expect(firstDifference(mine.body, theirs.body)).toBeNull();
      expect(mine.body).toBe(theirs.body);
      expect(mine.headers).toEqual(theirs.headers);
    }
  });
});

it('the page cache keeps what the direct path rendered: same bytes as Vike on a cached load', async () => {
  const host = `booking-urban.${DOMAIN}`;
  const mine = await get(direct, host, '/');
  const theirs = await get(vike, host, '/');
  expect(mine.status).toBe(200);
  expect(firstDifference(mine.body, theirs.body)).toBeNull();
});

it("a page the direct path does not render (an inactive shop, an unknown one) is still Vike's", async () => {
  api.set('asleep', shopPage('asleep', { shop: { is_active: false } }));
  for (const path of ['/shop/asleep?bench=render', '/shop/nobody-here?bench=render']) {
    const before = await stats(direct);
    const mine = await get(direct, 'localhost:3000', path);
    const after = await stats(direct);
    const theirs = await get(vike, 'localhost:3000', path);
    expect(mine.status).toBe(theirs.status);
    expect(after.directRenders).toBe(before.directRenders);
    expect(firstDifference(mine.body, theirs.body)).toBeNull();
  }
});
