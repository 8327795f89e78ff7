import type { User } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer, createShopAs } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('without a session', () => {
  it.each([
    ['get', '/api/auth/user'],
    ['post', '/api/auth/role'],
    ['patch', '/api/users/me'],
    ['get', '/api/barber/dashboard'],
    ['get', '/api/my/shops'],
    ['post', '/api/shops'],
    ['post', '/api/auth/complete-onboarding'],
  ] as const)('%s %s answers 401 "No auth session available"', async (method, path) => {
    const res = await request(app)[method](path).send({});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'No auth session available' } });
  });

  it('a forged bearer token is 401 too', async () => {
    const res = await request(app).get('/api/auth/user').set('Authorization', 'Bearer not.a.token');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});

describe('GET /api/auth/user', () => {
  it('creates the profile on the first call and returns the User shape', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.userId,
      email: user.email,
      firstName: null,
      lastName: null,
      role: null,
      profileImageUrl: null,
      shopId: null,
      shopSlug: null,
      onboardingCompleted: false,
    } satisfies User);
    const rows = await db.dataSource.query('SELECT id, email FROM users WHERE id = $1', [user.userId]);
    expect(rows).toEqual([{ id: user.userId, email: user.email }]);
  });

  it('each user reads only their own account', async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    await request(app).patch('/api/users/me').set(bearer(a.accessToken)).send({ firstName: 'Alice' });
    const res = await request(app).get('/api/auth/user').set(bearer(b.accessToken));
    expect(res.body.id).toBe(b.userId);
    expect(res.body.email).toBe(b.email);
    expect(res.body.firstName).toBeNull();
  });

  it('reports the shop the user created', async () => {
    const user = await signUpTestUser(app);
    const shop = await createShopAs(app, user.accessToken);
    const res = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(res.body).toMatchObject({ shopId: shop.id, shopSlug: shop.slug });
  });
});

describe('POST /api/auth/role', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpTestUser(app);
  });

  it.each(['owner', 'barber', 'client'] as const)('sets role %s and returns the User', async (role) => {
    const res = await request(app).post('/api/auth/role').set(bearer(user.accessToken)).send({ role });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.userId, role });
    const again = await request(app).get('/api/auth/user').set(bearer(user.accessToken));
    expect(again.body.role).toBe(role);
  });

  it('refuses another role with 400 and the message on fields.role', async () => {
    const res = await request(app).post('/api/auth/role').set(bearer(user.accessToken)).send({ role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_input',
      message: 'Role must be owner, barber or client',
      fields: { role: 'Role must be owner, barber or client' },
    });
  });
});

describe('PATCH /api/users/me', () => {
  it('changes role, onboardingCompleted and names, and keeps what was not sent', async () => {
    const user = await signUpTestUser(app);
    const first = await request(app)
      .patch('/api/users/me')
      .set(bearer(user.accessToken))
      .send({ role: 'barber', onboardingCompleted: true, firstName: 'Sam', lastName: 'Fade' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ role: 'barber', onboardingCompleted: true, firstName: 'Sam', lastName: 'Fade' });

    const second = await request(app).patch('/api/users/me').set(bearer(user.accessToken)).send({ lastName: 'Blade' });
    expect(second.body).toMatchObject({
      role: 'barber',
      onboardingCompleted: true,
      firstName: 'Sam',
      lastName: 'Blade',
    });
  });

  it.each([
    [{ shopId: '00000000-0000-0000-0000-000000000000' }, 'a field a user may not set'],
    [{ email: 'someone-else@example.com' }, 'the e-mail (owned by the auth service)'],
    [{ onboardingCompleted: 'yes' }, 'a wrong type'],
    [{ profileImageUrl: 'javascript:alert(1)' }, 'a script URL'],
  ] as Array<[object, string]>)('refuses %j (%s) with 400', async (body) => {
    const user = await signUpTestUser(app);
    const res = await request(app).patch('/api/users/me').set(bearer(user.accessToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
  });

  it('answers a malformed JSON body with the JSON error shape', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app)
      .patch('/api/users/me')
      .set(bearer(user.accessToken))
      .set('Content-Type', 'application/json')
      .send('{"role":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_input', message: 'The request body is not valid JSON.' } });
  });
});

describe('GET /api/barber/dashboard', () => {
  it('gives a user without a shop an empty day', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app).get('/api/barber/dashboard').set(bearer(user.accessToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      shop: null,
      barber: null,
      todayAppointments: 0,
      totalClients: 0,
      myServices: 0,
      upcomingAppointments: [],
    });
  });

  it('names the shop the user belongs to', async () => {
    const user = await signUpTestUser(app);
    const shop = await createShopAs(app, user.accessToken, { name: 'Fade Factory' });
    const res = await request(app).get('/api/barber/dashboard').set(bearer(user.accessToken));
    expect(res.body.shop).toEqual({
      id: shop.id,
      slug: shop.slug,
      name: 'Fade Factory',
      timeZone: 'UTC',
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
    });
  });
});

describe('GET /api/logout', () => {
  it('redirects to / and tells the browser to clear its stored session', async () => {
    const res = await request(app).get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['clear-site-data']).toBe('"storage"');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
