import type { ShopPage } from '@barberly/common';
import { DateTime } from 'luxon';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bearer, uniqueSlug } from './shops.test-helper';

/** Issue 28: "Do you cut hair here too?" answered yes makes the owner the shop's first barber. */
let db: TestDatabase;
let app: TestApp;
let owner: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db, { PUBLIC_ORIGIN: 'http://localhost:3000', APP_DOMAIN: 'localhost' });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const launch = (extra: Record<string, unknown>) =>
  request(app)
    .post('/api/shops')
    .set(bearer(owner.accessToken))
    .send({
      name: 'One Chair',
      slug: uniqueSlug('one-chair'),
      timeZone: 'UTC',
      services: [{ name: 'Haircut', price: 30, durationMinutes: 30 }],
      ...extra,
    });

describe('POST /api/shops with ownerBarber', () => {
  it('makes the owner the first barber, linked to their account, and the shop can be booked at once', async () => {
    const res = await launch({ ownerBarber: { name: '  Sam Owner ' } });
    expect(res.status).toBe(201);
    const page = (await request(app).get(`/api/shops/${res.body.slug}`)).body as ShopPage;
    expect(page.barbers.map((b) => b.name)).toEqual(['Sam Owner']);
    const [row] = await db.dataSource.query('SELECT user_id FROM barbers WHERE shop_id = $1', [res.body.id]);
    expect(row.user_id).toBe(owner.userId);

    // A Monday at least a week ahead: default hours open it 9-18, so the owner's chair has free times.
    let day = DateTime.utc().plus({ days: 7 }).startOf('day');
    while (day.weekday !== 1) day = day.plus({ days: 1 });
    const slots = await request(app)
      .get(`/api/shops/${res.body.slug}/availability`)
      .query({ serviceId: page.services[0]!.id, date: day.toISODate() });
    expect(slots.status).toBe(200);
    expect(slots.body.slots.length).toBeGreaterThan(0);
  });

  it('makes no barber when the owner does not cut hair', async () => {
    const res = await launch({});
    expect(res.status).toBe(201);
    const page = (await request(app).get(`/api/shops/${res.body.slug}`)).body as ShopPage;
    expect(page.barbers).toEqual([]);
  });

  it("refuses a one-letter name with the barber form's message, and creates no shop", async () => {
    const slug = uniqueSlug('one-chair');
    const res = await launch({ slug, ownerBarber: { name: 'S' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'ownerBarber.name': 'Barber name must be at least 2 characters' });
    expect((await request(app).get(`/api/shops/${slug}`)).status).toBe(404);
  });
});
