import { BILLING_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';

/**
 * Issue 23, finding 7: a plan's barber limit holds when the additions come at once (8 parallel creations on Basic
 * made 3 barbers before the shop row was locked ahead of the count).
 */
let db: TestDatabase;
let app: BookingTestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, {
    clock: createTestClock('2026-12-01T15:00:00Z'),
    configOverrides: {
      BILLING: 'stripe',
      // No call reaches Stripe here: the subscription is written as its webhook would leave it.
      STRIPE_SECRET_KEY: 'sk_test_barberly',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_PREMIUM: 'price_premium',
    },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function basicShop(): Promise<{ owner: TestUser; shop: TestShop }> {
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00') },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: [],
  });
  await db.dataSource.query(
    `INSERT INTO "shop_billing" ("shop_id", "plan", "status") VALUES ($1, 'basic', 'active')
     ON CONFLICT ("shop_id") DO UPDATE SET "plan" = 'basic', "status" = 'active', "trial_ends_at" = NULL`,
    [shop.id],
  );
  return { owner, shop };
}

const barbersOf = async (shop: TestShop) =>
  (
    (await db.dataSource.query(`SELECT count(*)::int AS n FROM "barbers" WHERE "shop_id" = $1`, [shop.id])) as [
      { n: number },
    ]
  )[0].n;

describe('plan limits under races', () => {
  it('8 parallel barber creations on Basic (2 seats) end at 2; the others are told the plan allows 2', async () => {
    const { owner, shop } = await basicShop();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(app)
          .post(`/api/shops/${shop.id}/barbers`)
          .set(bearer(owner.accessToken))
          .send({ name: `Barber ${i + 1}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 402, 402, 402, 402, 402, 402]);
    for (const refused of results.filter((r) => r.status === 402)) {
      expect(refused.body.error).toMatchObject({
        code: 'plan_limit',
        message: BILLING_MESSAGES.barberLimit('Basic', 2),
      });
    }
    expect(await barbersOf(shop)).toBe(2);
  });

  it('8 people joining with the code at once on Basic make 2 barbers', async () => {
    const { owner, shop } = await basicShop();
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body
      .code as string;
    const joiners = await Promise.all(Array.from({ length: 8 }, () => signUpTestUser(app)));
    const results = await Promise.all(
      joiners.map((user) => request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402)).toHaveLength(6);
    expect(await barbersOf(shop)).toBe(2);
  });
});
