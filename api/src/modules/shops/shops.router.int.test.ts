import {
  type CompleteOnboardingResponse,
  type CreatedShop,
  defaultHours,
  MESSAGES,
  MONEY_MESSAGES,
  RESERVED_SLUGS,
  type Shop,
  type ShopPage,
} from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer, createShopAs, uniqueSlug } from './shops.test-helper';

let db: TestDatabase;
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db, { PUBLIC_ORIGIN: 'http://localhost:3000', APP_DOMAIN: 'localhost' });
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const post = (body: unknown, token = owner.accessToken) =>
  request(app)
    .post('/api/shops')
    .set(bearer(token))
    .send(body as object);

describe('POST /api/shops', () => {
  it('creates the shop with its services and answers CreatedShop with its URLs', async () => {
    const slug = uniqueSlug('joes');
    const res = await post({
      name: "Joe's Cuts",
      slug,
      bio: 'Best fades in town',
      address: '1 Main St',
      phoneNumber: '555-0100',
      theme: 'urban',
      primaryColor: '#AA3300',
      logoUrl: 'https://cdn.example.com/logo.png',
      services: [
        { name: 'Haircut', price: 25.5, durationMinutes: 45 },
        { name: 'Beard trim', price: 10 },
      ],
      branding_json: { font: 'Oswald', features: ['Walk-ins welcome'] },
      is_active: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      slug,
      name: "Joe's Cuts",
      theme: 'urban',
      subdomain_url: `http://${slug}.localhost:3000`,
      production_url: `http://${slug}.localhost:3000`,
    } satisfies CreatedShop);

    const page = await request(app).get(`/api/shops/${slug}`);
    expect(page.status).toBe(200);
    const body = page.body as ShopPage;
    expect(body.shop).toMatchObject({
      id: res.body.id,
      ownerId: owner.userId,
      name: "Joe's Cuts",
      slug,
      bio: 'Best fades in town',
      address: '1 Main St',
      phoneNumber: '555-0100',
      theme: 'urban',
      primaryColor: '#AA3300',
      logoUrl: 'https://cdn.example.com/logo.png',
      is_active: true,
      hours_json: defaultHours(),
      hours: defaultHours(),
      version: 1,
    });
    expect(body.shop.branding_json).toMatchObject({ font: 'Oswald', features: ['Walk-ins welcome'] });
    expect(body.services.map((s) => [s.name, s.price, s.durationMinutes, s.description])).toEqual([
      ['Haircut', 25.5, 45, ''],
      ['Beard trim', 10, 30, ''],
    ]);
    expect(body.barbers).toEqual([]);
  });

  it('fills the defaults: classic theme, #1E293B, default hours, Inter, active', async () => {
    const created = await createShopAs(app, owner.accessToken, { theme: undefined });
    const page = await request(app).get(`/api/shops/${created.slug}`);
    expect(page.body.shop).toMatchObject({
      theme: 'classic',
      primaryColor: '#1E293B',
      logoUrl: '',
      bio: '',
      is_active: true,
      hours_json: defaultHours(),
    });
    expect(page.body.shop.branding_json.font).toBe('Inter');
  });

  it("keeps the shop's fields and its branding in agreement", async () => {
    // No theme or primaryColor of its own: branding_json's values fill them.
    const created = await createShopAs(app, owner.accessToken, {
      theme: undefined,
      branding_json: { primary_color: '#112233', template: 'Minimalist' },
    });
    const { shop } = (await request(app).get(`/api/shops/${created.slug}`)).body as ShopPage;
    expect(shop.primaryColor).toBe('#112233');
    expect(shop.theme).toBe('minimalist');
    expect(shop.branding_json).toMatchObject({ primary_color: '#112233', template: 'minimalist' });
  });

  it("makes the first shop the user's shop", async () => {
    const user = await signUpTestUser(app);
    const first = await createShopAs(app, user.accessToken);
    await createShopAs(app, user.accessToken);
    const me = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(me.body).toMatchObject({ shopId: first.id, shopSlug: first.slug });
  });

  it('answers a taken slug with 409 and the message on fields.slug', async () => {
    const created = await createShopAs(app, owner.accessToken);
    const res = await post({ name: 'Copycat', slug: created.slug }, stranger.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: MESSAGES.slugTaken,
      fields: { slug: MESSAGES.slugTaken },
    });
  });

  it('lets exactly one of two simultaneous launches with one slug win; the other gets 409', async () => {
    const slug = uniqueSlug('race');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post({ name: 'Racer', slug }, stranger.accessToken)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.fields).toEqual({ slug: MESSAGES.slugTaken });
  });

  it.each(RESERVED_SLUGS)('refuses the reserved slug %s', async (slug) => {
    const res = await post({ name: 'Sneaky', slug });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ slug: MESSAGES.reservedSlug });
  });

  it.each([
    [{ name: 'J' }, 'name', 'Shop name must be at least 2 characters'],
    [{ slug: 'ab' }, 'slug', 'Slug must be at least 3 characters'],
    [{ slug: 'a'.repeat(51) }, 'slug', 'Slug cannot be more than 50 characters'],
    [{ slug: 'Joes_Cuts' }, 'slug', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio cannot be more than 500 characters'],
    [{ theme: 'neon' }, 'theme', 'Theme must be classic, urban or minimalist'],
    [{ primaryColor: 'red;}body{x:y' }, 'primaryColor', MESSAGES.invalidColor],
    [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', MESSAGES.invalidUrl],
    [{ branding_json: { primary_color: 'url(evil)' } }, 'branding_json.primary_color', MESSAGES.invalidColor],
    [{ branding_json: { logo_url: 'data:text/html,x' } }, 'branding_json.logo_url', MESSAGES.invalidUrl],
  ])('refuses %j with 400: fields.%s = %s', async (patch, field, message) => {
    const res = await post({ name: "Joe's Cuts", slug: uniqueSlug(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it.each([
    ['a number for the name', { name: 42 }],
    ['a list for the slug', { slug: ['a', 'b'] }],
    ['an unknown field', { ownerId: '00000000-0000-0000-0000-000000000000' }],
    [
      'hours with a script for a time',
      { hours_json: { ...defaultHours(), monday: { open: '<b>', close: '18:00', closed: false } } },
    ],
    ['a service without a price', { services: [{ name: 'Cut' }] }],
  ])('refuses %s with 400', async (_label, patch) => {
    const res = await post({ name: "Joe's Cuts", slug: uniqueSlug(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
  });

  it('refuses a malformed JSON body and a JSON array with 400', async () => {
    const malformed = await request(app)
      .post('/api/shops')
      .set(bearer(owner.accessToken))
      .set('Content-Type', 'application/json')
      .send('{"name": "Joe"');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('The request body is not valid JSON.');
    const array = await post([{ name: 'x' }]);
    expect(array.status).toBe(400);
  });
});

describe('GET /api/shops/slug-available', () => {
  it('says whether a slug is free, taken, reserved or malformed', async () => {
    const created = await createShopAs(app, owner.accessToken);
    const ask = async (slug: string) => (await request(app).get('/api/shops/slug-available').query({ slug })).body;
    expect(await ask(uniqueSlug('free'))).toEqual({ available: true });
    expect(await ask(created.slug)).toEqual({ available: false, message: MESSAGES.slugTaken });
    expect(await ask('admin')).toEqual({ available: false, message: MESSAGES.reservedSlug });
    expect(await ask('ab')).toEqual({ available: false, message: 'Slug must be at least 3 characters' });
    const missing = await request(app).get('/api/shops/slug-available');
    expect(missing.status).toBe(200);
    expect(missing.body.available).toBe(false);
  });
});

describe('GET /api/shops/{slugOrId}', () => {
  it('answers by slug and by id, without a session', async () => {
    const created = await createShopAs(app, owner.accessToken);
    const bySlug = await request(app).get(`/api/shops/${created.slug}`);
    const byId = await request(app).get(`/api/shops/${created.id}`);
    expect(bySlug.status).toBe(200);
    expect(byId.body.shop.slug).toBe(created.slug);
    expect(Object.keys(bySlug.body).sort()).toEqual(['barbers', 'services', 'shop']);
  });

  it.each(['no-such-shop', '00000000-0000-4000-8000-000000000000', 'x'.repeat(300)])(
    'answers an unknown shop %s with 404 "Shop not found"',
    async (key) => {
      const res = await request(app).get(`/api/shops/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Shop not found' } });
    },
  );

  it('hides an inactive shop from everyone but its owner', async () => {
    const created = await createShopAs(app, owner.accessToken, { is_active: false });
    expect((await request(app).get(`/api/shops/${created.slug}`)).status).toBe(404);
    expect((await request(app).get(`/api/shops/${created.slug}`).set(bearer(stranger.accessToken))).status).toBe(404);
    const own = await request(app).get(`/api/shops/${created.slug}`).set(bearer(owner.accessToken));
    expect(own.status).toBe(200);
    expect(own.body.shop.is_active).toBe(false);
  });
});

describe('GET /api/my/shops', () => {
  it("lists the caller's shops only, oldest first", async () => {
    const user = await signUpTestUser(app);
    const a = await createShopAs(app, user.accessToken, { name: 'First' });
    const b = await createShopAs(app, user.accessToken, { name: 'Second' });
    await createShopAs(app, stranger.accessToken);
    const res = await request(app).get('/api/my/shops').set(bearer(user.accessToken));
    expect(res.status).toBe(200);
    expect((res.body as Shop[]).map((s) => [s.id, s.name, s.ownerId])).toEqual([
      [a.id, 'First', user.userId],
      [b.id, 'Second', user.userId],
    ]);
  });
});

describe('PATCH /api/shops/{id}', () => {
  it('changes only the fields sent and returns the Shop', async () => {
    const created = await createShopAs(app, owner.accessToken, { bio: 'Old bio', address: '1 Main St' });
    const res = await request(app)
      .patch(`/api/shops/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ name: 'New Name', primaryColor: '#00AA00', theme: 'minimalist' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      name: 'New Name',
      bio: 'Old bio',
      address: '1 Main St',
      primaryColor: '#00AA00',
      theme: 'minimalist',
      version: 2,
    });
    expect(res.body.branding_json).toMatchObject({ primary_color: '#00AA00', template: 'minimalist' });
    const page = await request(app).get(`/api/shops/${created.slug}`);
    expect(page.body.shop.name).toBe('New Name');
  });

  it('replaces the hours', async () => {
    const created = await createShopAs(app, owner.accessToken);
    const hours = { ...defaultHours(), sunday: { open: '10:00', close: '14:00', closed: false } };
    const res = await request(app)
      .patch(`/api/shops/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ hours_json: hours });
    expect(res.body.hours_json).toEqual(hours);
  });

  it.each([
    [{ name: 'Jo' }, 'name', 'Shop name must be at least 3 characters'],
    [{ logoUrl: 'not a url' }, 'logoUrl', 'Please enter a valid URL'],
    [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'Please enter a valid URL'],
    [{ primaryColor: 'red;}body{x:y' }, 'primaryColor', MESSAGES.invalidColor],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio cannot be more than 500 characters'],
  ])('refuses %j with 400: fields.%s = %s', async (body, field, message) => {
    const created = await createShopAs(app, owner.accessToken);
    const res = await request(app).patch(`/api/shops/${created.id}`).set(bearer(owner.accessToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('refuses a slug change and unknown fields with 400, and changes nothing', async () => {
    const created = await createShopAs(app, owner.accessToken, { name: 'Steady' });
    for (const body of [{ slug: uniqueSlug() }, { name: 'Changed', ownerId: stranger.userId }, { is_active: 'no' }]) {
      const res = await request(app).patch(`/api/shops/${created.id}`).set(bearer(owner.accessToken)).send(body);
      expect(res.status).toBe(400);
    }
    const page = await request(app).get(`/api/shops/${created.id}`);
    expect(page.body.shop).toMatchObject({ name: 'Steady', slug: created.slug, ownerId: owner.userId, version: 1 });
  });

  it("answers another user's change with 403 and leaves the shop alone", async () => {
    const created = await createShopAs(app, owner.accessToken, { name: 'Mine' });
    const res = await request(app)
      .patch(`/api/shops/${created.id}`)
      .set(bearer(stranger.accessToken))
      .send({ name: 'Theirs' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await request(app).get(`/api/shops/${created.id}`)).body.shop.name).toBe('Mine');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"])(
    'answers an unknown shop id %j with 404',
    async (id) => {
      const res = await request(app)
        .patch(`/api/shops/${encodeURIComponent(id)}`)
        .set(bearer(owner.accessToken))
        .send({ name: 'Whatever' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Shop not found');
    },
  );

  it('needs a session', async () => {
    const created = await createShopAs(app, owner.accessToken);
    const res = await request(app).patch(`/api/shops/${created.id}`).send({ name: 'Anon' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('No auth session available');
  });
});

describe('POST /api/auth/complete-onboarding', () => {
  it("makes the shop's owner an onboarded owner and answers the shop's URLs", async () => {
    const user = await signUpTestUser(app);
    const created = await createShopAs(app, user.accessToken, { theme: 'urban' });
    const res = await request(app)
      .post('/api/auth/complete-onboarding')
      .set(bearer(user.accessToken))
      .send({ shopId: created.id, shopSlug: created.slug, role: 'owner' });
    expect(res.status).toBe(200);
    const subdomain = `http://${created.slug}.localhost:3000`;
    expect(res.body).toEqual({
      template: 'urban',
      urls: { production: subdomain, primary: subdomain, development: `http://localhost:3000/shop/${created.slug}` },
      productionUrl: subdomain,
      shopUrl: `http://localhost:3000/shop/${created.slug}`,
    } satisfies CompleteOnboardingResponse);
    const me = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(me.body).toMatchObject({
      role: 'owner',
      onboardingCompleted: true,
      shopId: created.id,
      shopSlug: created.slug,
    });
  });

  it("refuses someone else's shop with 403 and leaves the caller as they were", async () => {
    const created = await createShopAs(app, owner.accessToken);
    const user = await signUpTestUser(app);
    const res = await request(app)
      .post('/api/auth/complete-onboarding')
      .set(bearer(user.accessToken))
      .send({ shopId: created.id, shopSlug: created.slug, role: 'owner' });
    expect(res.status).toBe(403);
    const me = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(me.body).toMatchObject({ role: null, onboardingCompleted: false, shopId: null });
  });

  it('answers an unknown shop with 404 and a malformed one with 400', async () => {
    const unknown = await request(app)
      .post('/api/auth/complete-onboarding')
      .set(bearer(owner.accessToken))
      .send({ shopId: '00000000-0000-4000-8000-000000000000', shopSlug: 'some-shop', role: 'owner' });
    expect(unknown.status).toBe(404);
    const malformed = await request(app)
      .post('/api/auth/complete-onboarding')
      .set(bearer(owner.accessToken))
      .send({ shopId: 'nope', shopSlug: 'some-shop' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields.shopId).toBe('shopId must be a shop id');
  });
});

describe("a shop's currency, locale and clock (issue 13)", () => {
  it('creates a shop in the currency its locale suggests, and USD, en-US, 12h without either', async () => {
    const french = await createShopAs(app, owner.accessToken, { locale: 'fr-FR' });
    expect((await request(app).get(`/api/shops/${french.id}`)).body.shop).toMatchObject({
      currency: 'EUR',
      locale: 'fr-FR',
      clock: '12h',
    });
    const plain = await createShopAs(app, owner.accessToken);
    expect((await request(app).get(`/api/shops/${plain.id}`)).body.shop).toMatchObject({
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
    });
  });

  it('keeps a currency sent with the locale, and takes the code in capitals', async () => {
    const created = await createShopAs(app, owner.accessToken, { locale: 'fr-FR', currency: 'chf', clock: '24h' });
    expect((await request(app).get(`/api/shops/${created.id}`)).body.shop).toMatchObject({
      currency: 'CHF',
      locale: 'fr-FR',
      clock: '24h',
    });
  });

  it("changes the currency with PATCH, 'eur' stored as EUR", async () => {
    const created = await createShopAs(app, owner.accessToken);
    const res = await request(app)
      .patch(`/api/shops/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ currency: 'eur', clock: '24h' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'EUR', locale: 'en-US', clock: '24h', version: 2 });
  });

  it.each([
    [{ currency: 'XYZ', name: 'Renamed' }, 'currency', MONEY_MESSAGES.currency],
    [{ clock: '25h' }, 'clock', MONEY_MESSAGES.clock],
    [{ locale: 'not a locale!' }, 'locale', MONEY_MESSAGES.locale],
  ])('refuses %j with 400: fields.%s = %s, and changes nothing', async (body, field, message) => {
    const created = await createShopAs(app, owner.accessToken, { name: 'Steady' });
    const res = await request(app).patch(`/api/shops/${created.id}`).set(bearer(owner.accessToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
    expect((await request(app).get(`/api/shops/${created.id}`)).body.shop).toMatchObject({
      name: 'Steady',
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
      version: 1,
    });
  });
});
