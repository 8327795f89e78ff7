/**
 * Bad input, generated: every api endpoint and the auth endpoints get arbitrary paths, bodies, query strings and
 * headers (fast-check). Whatever arrives, the api never answers 500, every 4xx carries its JSON error shape
 * (`{"error":{"code","message"}}` on /api, GoTrue's `{code,msg}` on /auth/v1), and nothing changes data it should
 * not: a stranger or anonymous caller never changes another owner's shop, services, barbers or account, and a
 * refused request (4xx) changes nothing at all.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createShopAs } from './modules/shops/shops.test-helper';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from './test/auth-helpers';
import { createTestDatabase, type TestDatabase } from './test/test-db';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** Every route of the api and the auth service; ':x' segments are filled by the generator. */
const API_ROUTES: [Method, string][] = [
  ['get', '/api/config'],
  ['get', '/api/auth/user'],
  ['post', '/api/auth/role'],
  ['patch', '/api/users/me'],
  ['get', '/api/barber/dashboard'],
  ['get', '/api/barber/settings'],
  ['patch', '/api/barber/settings'],
  ['post', '/api/barber/time-off'],
  ['delete', '/api/barber/time-off/:any'],
  ['post', '/api/leads'],
  ['post', '/api/shops'],
  ['get', '/api/shops/slug-available'],
  ['get', '/api/shops/:shop'],
  ['patch', '/api/shops/:shop'],
  ['get', '/api/my/shops'],
  ['post', '/api/auth/complete-onboarding'],
  ['get', '/api/shops/:shop/services'],
  ['post', '/api/shops/:shop/services'],
  ['patch', '/api/shops/:shop/services/:service'],
  ['delete', '/api/shops/:shop/services/:service'],
  ['get', '/api/shops/:shop/barbers'],
  ['post', '/api/shops/:shop/barbers'],
  ['patch', '/api/shops/:shop/barbers/:barber'],
  ['delete', '/api/shops/:shop/barbers/:barber'],
  ['get', '/api/shops/:shop/barbers/:barber/settings'],
  ['patch', '/api/shops/:shop/barbers/:barber/settings'],
  ['post', '/api/shops/:shop/barbers/:barber/time-off'],
  ['delete', '/api/shops/:shop/barbers/:barber/time-off/:any'],
  ['get', '/api/shops/:shop/availability'],
  ['post', '/api/shops/:shop/appointments'],
  ['get', '/api/appointments/manage/:any'],
  ['get', '/api/appointments/manage/:any/calendar.ics'],
  ['post', '/api/appointments/manage/:any/cancel'],
  ['post', '/api/appointments/manage/:any/reschedule'],
  ['get', '/api/shops/:shop/appointments'],
  ['patch', '/api/shops/:shop/appointments/:any'],
  ['post', '/api/shops/:shop/walk-in'],
  ['get', '/api/shops/:shop/stats'],
  ['get', '/api/shops/:shop/join-code'],
  ['post', '/api/shops/:shop/join-code/regenerate'],
  ['post', '/api/barbers/join'],
  ['get', '/api/shops/:shop/clients'],
  ['get', '/api/shops/:shop/clients/:any'],
  ['patch', '/api/shops/:shop/clients/:any'],
  ['delete', '/api/shops/:shop/clients/:any'],
  ['post', '/api/shops/:shop/clients/:any/notes'],
  ['delete', '/api/shops/:shop/clients/:any/notes/:any'],
  ['post', '/api/shops/:shop/clients/:any/merge'],
  ['get', '/api/shops/:shop/clients/:any/export'],
  ['post', '/api/shops/:shop/clients/:any/rebook'],
  ['get', '/api/shops/:shop/analytics'],
  ['get', '/api/shops/:shop/analytics.csv'],
  ['get', '/api/my/analytics'],
  ['put', '/api/shops/:shop/barbers/:barber/services'],
  ['post', '/api/shops/:shop/series'],
  ['get', '/api/shops/:shop/series'],
  ['get', '/api/shops/:shop/series/:any'],
  ['post', '/api/shops/:shop/series/:any/collisions/:any/accept'],
  ['post', '/api/shops/:shop/series/:any/collisions/:any/dismiss'],
  ['post', '/api/appointments/manage/:any/series/collisions/:any/accept'],
  ['post', '/api/shops/:shop/waitlist'],
  ['get', '/api/shops/:shop/waitlist'],
  ['post', '/api/shops/:shop/waitlist/:any/offer'],
  ['delete', '/api/shops/:shop/waitlist/:any'],
  ['get', '/api/waitlist/:any'],
  ['post', '/api/waitlist/:any/leave'],
  ['get', '/api/waitlist/holds/:any'],
  ['post', '/api/waitlist/holds/:any/claim'],
  ['get', '/api/no-such-route'],
];

const AUTH_ROUTES: [Method, string][] = [
  ['get', '/auth/v1/settings'],
  ['get', '/auth/v1/health'],
  ['post', '/auth/v1/token'],
  ['get', '/auth/v1/user'],
  ['put', '/auth/v1/user'],
  ['post', '/auth/v1/logout'],
  ['get', '/auth/v1/verify'],
  ['get', '/auth/v1/authorize'],
  ['get', '/auth/v1/callback'],
];

/** Field names the real schemas read, so generated bodies reach past "not an object" into field validation. */
const FIELD_NAMES = [
  'name',
  'slug',
  'theme',
  'bio',
  'address',
  'phoneNumber',
  'primaryColor',
  'logoUrl',
  'is_active',
  'hours_json',
  'branding_json',
  'services',
  'price',
  'durationMinutes',
  'description',
  'profileImageUrl',
  'role',
  'onboardingCompleted',
  'firstName',
  'lastName',
  'email',
  'password',
  'refresh_token',
  'code',
  'barberId',
  'serviceId',
  'startsAt',
  'date',
  'status',
  'clientName',
  'clientEmail',
  'clientPhone',
  'data',
  'version',
  'currency',
  'locale',
  'clock',
  'tags',
  'body',
  'otherClientId',
  'client',
  'serviceIds',
  'repeat',
  'scope',
  'intervalWeeks',
  'count',
  'until',
  'windowStart',
  'windowEnd',
  'offersAllServices',
  'bufferMinutes',
  'start',
];

let db: TestDatabase;
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let shop: { id: string; slug: string; serviceId: string; barberId: string };

/** What must not change behind an owner's back: their account, their shop, its services and barbers. */
async function ownerSnapshot(): Promise<string> {
  const q = (sql: string) => db.dataSource.query(sql, [owner.userId]);
  const [users, shops, services, barbers] = await Promise.all([
    q('SELECT * FROM users WHERE id = $1'),
    q('SELECT * FROM shops WHERE owner_id = $1 ORDER BY id'),
    q('SELECT v.* FROM services v JOIN shops s ON s.id = v.shop_id WHERE s.owner_id = $1 ORDER BY v.id'),
    q('SELECT b.* FROM barbers b JOIN shops s ON s.id = b.shop_id WHERE s.owner_id = $1 ORDER BY b.id'),
  ]);
  return JSON.stringify({ users, shops, services, barbers });
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
  for (const user of [owner, stranger]) {
    await request(app).patch('/api/users/me').set(bearer(user.accessToken)).send({ role: 'owner' });
  }
  const created = await createShopAs(app, owner.accessToken, {
    services: [{ name: 'Classic Haircut', description: 'Cut', price: 35, durationMinutes: 30 }],
  } as never);
  const id = (created as unknown as { shop?: { id: string } }).shop?.id ?? (created as unknown as { id: string }).id;
  const page = await request(app).get(`/api/shops/${id}`);
  const barber = await request(app)
    .post(`/api/shops/${id}/barbers`)
    .set(bearer(owner.accessToken))
    .send({ name: 'Sam Fade' });
  shop = {
    id,
    slug: page.body.shop.slug,
    serviceId: page.body.services[0]?.id ?? randomUUID(),
    barberId: barber.body?.id ?? barber.body?.barber?.id ?? randomUUID(),
  };
  await request(app)
    .post('/api/shops')
    .set(bearer(stranger.accessToken))
    .send({ name: 'Other Shop', slug: `other-${Date.now()}`, theme: 'urban' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const segment = () =>
  fc.oneof(
    fc.constantFrom(shop.id, shop.slug, shop.serviceId, shop.barberId, randomUUID(), '0', '-1', '..', '%', '%00'),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );

/** A path with its ':x' segments replaced by generated values (percent-encoded, as a client would send). */
function fillPath(template: string, values: string[]): string {
  let i = 0;
  return template.replace(/:[a-z]+/g, () => encodeURIComponent(values[i++] ?? 'x'));
}

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.dictionary(
    fc.constantFrom(...FIELD_NAMES),
    fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }),
    ),
    { maxKeys: 8 },
  ),
);

const body = fc.oneof(
  {
    weight: 6,
    arbitrary: jsonBody.map((value) => ({ raw: JSON.stringify(value) ?? 'null', type: 'application/json' })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ raw, type: 'application/json' })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ raw, type: 'text/plain' })) },
  { weight: 1, arbitrary: fc.constant(null) },
);

const actor = fc.constantFrom('anonymous', 'stranger', 'owner', 'garbage-token', 'basic');

const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'slug',
      'date',
      'serviceId',
      'barberId',
      'provider',
      'redirect_to',
      'grant_type',
      'scope',
      'token',
      'type',
    ),
    fc.string({ maxLength: 10 }),
  ),
  fc.oneof(fc.string({ maxLength: 40 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 })),
  { maxKeys: 4 },
);

const extraHeader = fc.oneof(
  fc.constant({}),
  fc.record({ 'x-forwarded-host': fc.string({ maxLength: 30 }).filter((v) => /^[\x21-\x7e]*$/.test(v)) }),
  fc.record({ 'x-request-id': fc.string({ maxLength: 120 }).filter((v) => /^[\x21-\x7e]*$/.test(v)) }),
  fc.record({ 'idempotency-key': fc.string({ maxLength: 120 }).filter((v) => /^[\x21-\x7e]*$/.test(v)) }),
);

function authHeader(who: string): Record<string, string> {
  switch (who) {
    case 'owner':
      return bearer(owner.accessToken);
    case 'stranger':
      return bearer(stranger.accessToken);
    case 'garbage-token':
      return { Authorization: 'Bearer not.a.jwt' };
    case 'basic':
      return { Authorization: 'Basic dXNlcjpwYXNz' };
    default:
      return {};
  }
}

async function send(
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload: { raw: string; type: string } | null,
) {
  let req = request(app)[method](url).set(headers);
  if (payload) req = req.set('Content-Type', payload.type).send(payload.raw);
  return req;
}

function expectErrorShape(url: string, status: number, responseBody: unknown, text: string): void {
  if (status < 400) return;
  const where = `${status} ${url}: ${text.slice(0, 300)}`;
  expect(responseBody, where).toBeTypeOf('object');
  if (url.startsWith('/auth/v1')) {
    const b = responseBody as { code?: unknown; msg?: unknown };
    expect(typeof b.msg === 'string' && (typeof b.code === 'string' || typeof b.code === 'number'), where).toBe(true);
  } else {
    const b = responseBody as { error?: { code?: unknown; message?: unknown } };
    expect(typeof b.error?.code === 'string' && typeof b.error?.message === 'string', where).toBe(true);
  }
}

describe('generated bad input', () => {
  it('api and auth endpoints: never 500, JSON errors, no change to data a caller may not change', async () => {
    const routes = [...API_ROUTES, ...AUTH_ROUTES];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(segment(), { minLength: 4, maxLength: 4 }),
        query,
        body,
        actor,
        extraHeader,
        async ([method, template], segments, params, payload, who, extra) => {
          const before = await ownerSnapshot();
          const qs = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) qs.append(k, one);
          const url = `${fillPath(template, segments)}${qs.size ? `?${qs}` : ''}`;
          const res = await send(method, url, { ...authHeader(who), ...extra }, method === 'get' ? null : payload);
          expect(res.status, `${method.toUpperCase()} ${url} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
          expectErrorShape(url, res.status, res.body, res.text);
          if (who !== 'owner' || res.status >= 400) {
            expect(await ownerSnapshot(), `${method.toUpperCase()} ${url} as ${who} -> ${res.status}`).toBe(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 300_000);

  it('sign-up and sign-in with generated bodies: never 500, GoTrue error shape, no account for a bad body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/auth/v1/signup',
          '/auth/v1/token?grant_type=password',
          '/auth/v1/token?grant_type=refresh_token',
          '/auth/v1/token?grant_type=pkce',
          '/auth/v1/token',
        ),
        body,
        async (url, payload) => {
          const [{ count: before }] = await db.dataSource.query('SELECT count(*)::int AS count FROM auth_users');
          const res = await send('post', url, {}, payload);
          expect(res.status, `POST ${url} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
          expectErrorShape(url, res.status, res.body, res.text);
          const [{ count: after }] = await db.dataSource.query('SELECT count(*)::int AS count FROM auth_users');
          if (res.status >= 400) expect(after).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  }, 300_000);
});
