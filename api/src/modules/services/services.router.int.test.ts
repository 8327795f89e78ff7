import type { Service } from '@barberly/common';
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

const addService = (shopId: string, body: object, token = owner.accessToken) =>
  request(app).post(`/api/shops/${shopId}/services`).set(bearer(token)).send(body);

describe('GET /api/shops/{id}/services', () => {
  it("lists a shop's services to anyone, in the order they were added", async () => {
    const shop = await createShopAs(app, owner.accessToken, { services: [{ name: 'Haircut', price: 25 }] });
    await addService(shop.id, { name: 'Hot towel shave', price: 30, durationMinutes: 40, description: 'Classic' });
    const res = await request(app).get(`/api/shops/${shop.id}/services`);
    expect(res.status).toBe(200);
    expect((res.body as Service[]).map(({ id: _id, ...rest }) => rest)).toEqual([
      { shopId: shop.id, name: 'Haircut', description: '', price: 25, durationMinutes: 30, bufferMinutes: 0 },
      {
        shopId: shop.id,
        name: 'Hot towel shave',
        description: 'Classic',
        price: 30,
        durationMinutes: 40,
        bufferMinutes: 0,
      },
    ]);
  });

  it('answers an unknown or inactive shop with 404', async () => {
    const hidden = await createShopAs(app, owner.accessToken, { is_active: false });
    expect((await request(app).get('/api/shops/00000000-0000-4000-8000-000000000000/services')).status).toBe(404);
    expect((await request(app).get('/api/shops/not-a-uuid/services')).status).toBe(404);
    expect((await request(app).get(`/api/shops/${hidden.id}/services`)).status).toBe(404);
    expect((await request(app).get(`/api/shops/${hidden.id}/services`).set(bearer(owner.accessToken))).status).toBe(
      200,
    );
  });
});

describe('POST /api/shops/{id}/services', () => {
  it('adds a service and answers 201 with it (price as a number, duration defaulting to 30)', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const res = await addService(shop.id, { name: 'Kids cut', price: 12.5 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      shopId: shop.id,
      name: 'Kids cut',
      description: '',
      price: 12.5,
      durationMinutes: 30,
      bufferMinutes: 0,
    } satisfies Service);
  });

  it('keeps prices to the cent, the same in the answer and in later reads', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const written: number[] = [];
    for (const price of [12.345, 1.005, 19.999]) {
      written.push((await addService(shop.id, { name: `Precise ${price}`, price })).body.price);
    }
    expect(written).toEqual([12.35, 1.01, 20]);
    const read = (await request(app).get(`/api/shops/${shop.id}/services`)).body.map((s: { price: number }) => s.price);
    expect(read).toEqual(written);
  });

  it.each([
    [{ name: 'X', price: 10 }, 'name', 'Service name must be at least 2 characters'],
    [{ name: 'Cut', price: 0.5 }, 'price', 'Price must be at least 1'],
    [{ name: 'Cut', price: 10, durationMinutes: 4 }, 'durationMinutes', 'Duration must be at least 5 minutes'],
    [{ name: 'Cut', price: 'ten' }, 'price', 'Price must be a number'],
    [
      { name: 'Cut', price: 10, durationMinutes: 12.5 },
      'durationMinutes',
      'Duration must be a whole number of minutes',
    ],
  ])('refuses %j with 400: fields.%s = %s', async (body, field, message) => {
    const shop = await createShopAs(app, owner.accessToken);
    const res = await addService(shop.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('refuses unknown fields and wrong types with 400', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    expect((await addService(shop.id, { name: 'Cut', price: 10, shopId: shop.id })).status).toBe(400);
    expect((await addService(shop.id, { name: ['Cut'], price: 10 })).status).toBe(400);
  });

  it("answers someone else's shop with 403 and adds nothing", async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const res = await addService(shop.id, { name: 'Sneaky', price: 10 }, stranger.accessToken);
    expect(res.status).toBe(403);
    expect((await request(app).get(`/api/shops/${shop.id}/services`)).body).toEqual([]);
  });

  it('answers an unknown shop with 404 and no session with 401', async () => {
    expect((await addService('00000000-0000-4000-8000-000000000000', { name: 'Cut', price: 10 })).status).toBe(404);
    expect((await addService('nope', { name: 'Cut', price: 10 })).status).toBe(404);
    const shop = await createShopAs(app, owner.accessToken);
    const anon = await request(app).post(`/api/shops/${shop.id}/services`).send({ name: 'Cut', price: 10 });
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('No auth session available');
  });
});

describe('PATCH and DELETE /api/shops/{id}/services/{serviceId}', () => {
  it('changes only the fields sent', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addService(shop.id, { name: 'Beard', price: 15, durationMinutes: 20, description: 'Oil' }))
      .body;
    const res = await request(app)
      .patch(`/api/shops/${shop.id}/services/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ price: 17.25 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, price: 17.25 });
  });

  it('refuses invalid changes with the spec message', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addService(shop.id, { name: 'Beard', price: 15 })).body;
    const res = await request(app)
      .patch(`/api/shops/${shop.id}/services/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ price: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ price: 'Price must be at least 1' });
  });

  it('deletes with 204', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addService(shop.id, { name: 'Beard', price: 15 })).body;
    const res = await request(app)
      .delete(`/api/shops/${shop.id}/services/${created.id}`)
      .set(bearer(owner.accessToken));
    expect(res.status).toBe(204);
    expect((await request(app).get(`/api/shops/${shop.id}/services`)).body).toEqual([]);
  });

  it("answers another owner's service with 403 and leaves it alone", async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const created = (await addService(shop.id, { name: 'Beard', price: 15 })).body;
    const patch = await request(app)
      .patch(`/api/shops/${shop.id}/services/${created.id}`)
      .set(bearer(stranger.accessToken))
      .send({ price: 1 });
    const del = await request(app)
      .delete(`/api/shops/${shop.id}/services/${created.id}`)
      .set(bearer(stranger.accessToken));
    expect([patch.status, del.status]).toEqual([403, 403]);
    expect((await request(app).get(`/api/shops/${shop.id}/services`)).body).toEqual([created]);
  });

  it('answers unknown ids, non-uuids and a service of another shop with 404', async () => {
    const shop = await createShopAs(app, owner.accessToken);
    const other = await createShopAs(app, owner.accessToken);
    const foreign = (await addService(other.id, { name: 'Elsewhere', price: 15 })).body;
    for (const serviceId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', foreign.id]) {
      const patch = await request(app)
        .patch(`/api/shops/${shop.id}/services/${serviceId}`)
        .set(bearer(owner.accessToken))
        .send({ price: 20 });
      const del = await request(app)
        .delete(`/api/shops/${shop.id}/services/${serviceId}`)
        .set(bearer(owner.accessToken));
      expect([patch.status, del.status]).toEqual([404, 404]);
      expect(patch.body.error.message).toBe('Service not found');
    }
    expect((await request(app).get(`/api/shops/${other.id}/services`)).body).toEqual([foreign]);
  });
});
