import type { Barber } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer, createShopAs } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const addBarber = (shopId: string, body: object, token = owner.accessToken) =>
  request(app).post(`/api/shops/${shopId}/barbers`).set(bearer(token)).send(body);

describe('/api/shops/{id}/barbers', () => {
  it('adds a barber (201) and lists the barbers to anyone', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const res = await addBarber(shop.id, {
      name: 'Sam Fade',
      bio: 'Ten years of fades',
      profileImageUrl: 'https://cdn.example.com/sam.jpg',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      shopId: shop.id,
      name: 'Sam Fade',
      bio: 'Ten years of fades',
      profileImageUrl: 'https://cdn.example.com/sam.jpg',
      offersAllServices: true,
      services: [],
    } satisfies Barber);
    await addBarber(shop.id, { name: 'Alex' });
    const list = await request(app).get(`/api/shops/${shop.id}/barbers`);
    expect(list.status).toBe(200);
    expect((list.body as Barber[]).map((b) => [b.name, b.bio, b.profileImageUrl])).toEqual([
      ['Sam Fade', 'Ten years of fades', 'https://cdn.example.com/sam.jpg'],
      ['Alex', '', ''],
    ]);
    const page = await request(app).get(`/api/shops/${shop.slug}`);
    expect(page.body.barbers).toEqual(list.body);
  });

  it.each([
    [{ name: 'S' }, 'name', 'Barber name must be at least 2 characters'],
    [{ name: 'Sam', profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', 'Please enter a valid URL'],
    [{ name: 'Sam', profileImageUrl: 'not a url' }, 'profileImageUrl', 'Please enter a valid URL'],
  ])('refuses %j with 400: fields.%s = %s', async (body, field, message) => {
    const shop = await createShopAs(app, owner.accessToken);
    const res = await addBarber(shop.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('refuses a 501-character bio, wrong types and unknown fields with 400', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    for (const body of [{ name: 'Sam', bio: 'x'.repeat(501) }, { name: 7 }, { name: 'Sam', rating: 5 }]) {
      const res = await addBarber(shop.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    expect((await request(app).get(`/api/shops/${shop.id}/barbers`)).body).toEqual([]);
  });

  it('changes only the fields sent, and deletes with 204', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addBarber(shop.id, { name: 'Sam', bio: 'Fades' })).body;
    const patch = await request(app)
      .patch(`/api/shops/${shop.id}/barbers/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ name: 'Samuel' });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual({ ...created, name: 'Samuel' });
    const del = await request(app).delete(`/api/shops/${shop.id}/barbers/${created.id}`).set(bearer(owner.accessToken));
    expect(del.status).toBe(204);
    expect((await request(app).get(`/api/shops/${shop.id}/barbers`)).body).toEqual([]);
  });

  it("answers another owner's shop and barbers with 403 and changes nothing", async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addBarber(shop.id, { name: 'Sam' })).body;
    const statuses = [
      (await addBarber(shop.id, { name: 'Intruder' }, stranger.accessToken)).status,
      (
        await request(app)
          .patch(`/api/shops/${shop.id}/barbers/${created.id}`)
          .set(bearer(stranger.accessToken))
          .send({ name: 'Renamed' })
      ).status,
      (await request(app).delete(`/api/shops/${shop.id}/barbers/${created.id}`).set(bearer(stranger.accessToken)))
        .status,
    ];
    expect(statuses).toEqual([403, 403, 403]);
    expect((await request(app).get(`/api/shops/${shop.id}/barbers`)).body).toEqual([created]);
  });

  it('answers unknown shops and barbers with 404, and no session with 401', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    expect((await addBarber('00000000-0000-4000-8000-000000000000', { name: 'Sam' })).status).toBe(404);
    expect((await request(app).get('/api/shops/%20/barbers')).status).toBe(404);
    for (const barberId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await request(app)
        .patch(`/api/shops/${shop.id}/barbers/${barberId}`)
        .set(bearer(owner.accessToken))
        .send({ name: 'Sam' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Barber not found');
    }
    expect((await request(app).post(`/api/shops/${shop.id}/barbers`).send({ name: 'Sam' })).status).toBe(401);
  });
});
