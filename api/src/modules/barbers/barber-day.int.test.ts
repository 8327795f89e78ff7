import type { MyProfile, MyServices, ShopBarberPermissions } from '@barberly/common';
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
 * Issue 26 items 1-2: joining with a name, the barber's own profile and services, and what the owner lets barbers do
 * (each permission on and off, the shop's default and a barber's override), enforced by the api.
 */
let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
const NOW = '2026-12-02T08:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

interface Joined {
  shop: TestShop;
  token: string;
  barberId: string;
}

async function shopWithJoinedBarber(name = 'Tony Soprano'): Promise<Joined> {
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00') },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  const user = await signUpTestUser(app);
  const joined = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code, name });
  expect(joined.status).toBe(200);
  return { shop, token: user.accessToken, barberId: joined.body.barber.id };
}

const asOwner = () => bearer(owner.accessToken);
const setShopDefaults = (shopId: string, body: Record<string, boolean>) =>
  request(app)
    .put(`/api/shops/${shopId}/barber-permissions`)
    .set(asOwner())
    .send({ bookOwnChair: true, editOwnServices: false, seeClientContacts: true, seeShopNumbers: false, ...body });
const override = (shopId: string, barberId: string, body: Record<string, boolean | null>) =>
  request(app).patch(`/api/shops/${shopId}/barbers/${barberId}/permissions`).set(asOwner()).send(body);

describe('joining with a name', () => {
  it('names the barber as they typed it, and the owner sees who joined', async () => {
    const { shop, barberId } = await shopWithJoinedBarber('  Tony  Cuts ');
    const page = await request(app).get(`/api/shops/${shop.slug}/barbers`);
    expect(page.body.map((b: { name: string }) => b.name)).toContain('Tony  Cuts');
    const perms = (await request(app).get(`/api/shops/${shop.id}/barber-permissions`).set(asOwner()))
      .body as ShopBarberPermissions;
    expect(perms.barbers.find((b) => b.barberId === barberId)).toMatchObject({ name: 'Tony  Cuts', joined: true });
    expect(perms.barbers.find((b) => b.name === 'Alex')).toMatchObject({ joined: false });
  });

  it('refuses a one-letter name in words', async () => {
    const shop = await setUpShop(app, owner.accessToken);
    const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(asOwner())).body.code;
    const user = await signUpTestUser(app);
    const res = await request(app).post('/api/barbers/join').set(bearer(user.accessToken)).send({ code, name: 'T' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.name).toMatch(/at least 2 characters/);
  });
});

describe('the barber profile', () => {
  it('keeps name, bio, Instagram handle and e-mail choices, and the shop page shows the public part', async () => {
    const { shop, token } = await shopWithJoinedBarber();
    const res = await request(app)
      .patch('/api/my/profile')
      .set(bearer(token))
      .send({
        name: 'Tony B',
        bio: 'Fades since 2009',
        instagramHandle: 'https://instagram.com/tony.cuts/',
        emailChoices: { cancellation: false },
      });
    expect(res.status).toBe(200);
    expect(res.body as MyProfile).toMatchObject({
      name: 'Tony B',
      instagramHandle: 'tony.cuts',
      emailChoices: { newBooking: true, cancellation: false, moved: true },
    });
    const page = await request(app).get(`/api/shops/${shop.slug}/barbers`);
    expect(page.body.find((b: { name: string }) => b.name === 'Tony B')).toMatchObject({
      bio: 'Fades since 2009',
      instagramHandle: 'tony.cuts',
    });
    const bad = await request(app).patch('/api/my/profile').set(bearer(token)).send({ instagramHandle: 'no spaces!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.instagramHandle).toMatch(/Instagram handle/);
  });

  it('is refused to someone who is not a barber', async () => {
    const someone = await signUpTestUser(app);
    expect((await request(app).get('/api/my/profile').set(bearer(someone.accessToken))).status).toBe(403);
  });
});

describe('permission: book and move on their own chair (default on)', () => {
  const book = (j: Joined, start: string) =>
    request(app)
      .post(`/api/shops/${j.shop.id}/bookings`)
      .set(bearer(j.token))
      .send({
        serviceIds: [j.shop.services[0]!.id],
        barberId: j.barberId,
        start,
        client: { name: 'Pat Phone' },
        notify: false,
      });

  it('on: the barber books their own chair; off for the shop: refused, saying whom to ask; on again for them', async () => {
    const j = await shopWithJoinedBarber();
    expect((await book(j, '2026-12-03T10:00:00Z')).status).toBe(201);

    expect((await setShopDefaults(j.shop.id, { bookOwnChair: false })).status).toBe(200);
    const refused = await book(j, '2026-12-03T11:00:00Z');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Ask the shop owner to let you book and move appointments on your chair.');

    const view = (await override(j.shop.id, j.barberId, { bookOwnChair: true })).body as ShopBarberPermissions;
    expect(view.barbers.find((b) => b.barberId === j.barberId)?.effective.bookOwnChair).toBe(true);
    expect((await book(j, '2026-12-03T11:00:00Z')).status).toBe(201);
  });
});

describe('permission: edit their own services and prices (default off)', () => {
  it('off: refused with whom to ask; on for this barber: their own price and length are kept and shown', async () => {
    const j = await shopWithJoinedBarber();
    const serviceId = j.shop.services[0]!.id;
    const mine = (await request(app).get('/api/my/services').set(bearer(j.token))).body as MyServices;
    expect(mine).toMatchObject({ canEdit: false, services: [{ serviceId, price: 25, ownPrice: null, offered: true }] });
    const put = () =>
      request(app)
        .put('/api/my/services')
        .set(bearer(j.token))
        .send({ services: [{ serviceId, durationMinutes: 45, price: 35 }] });
    const refused = await put();
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Ask the shop owner to let you edit your own services and prices.');

    await override(j.shop.id, j.barberId, { editOwnServices: true });
    const ok = await put();
    expect(ok.status).toBe(200);
    expect((ok.body as MyServices).services[0]).toMatchObject({ ownDurationMinutes: 45, ownPrice: 35 });
    const page = await request(app).get(`/api/shops/${j.shop.slug}/barbers`);
    const barber = page.body.find((b: { id: string }) => b.id === j.barberId);
    expect(barber.services).toEqual([{ serviceId, durationMinutes: 45, price: 35 }]);

    // Back to the shop's default (off) for this barber.
    await override(j.shop.id, j.barberId, { editOwnServices: null });
    expect((await put()).status).toBe(403);
  });
});

describe("permission: see clients' phone and e-mail (default on)", () => {
  it('on: the clients they served come with phone and e-mail; off: without them, on the dashboard too', async () => {
    const j = await shopWithJoinedBarber();
    app.clock.set('2026-12-02T08:00:00Z');
    const booked = await request(app)
      .post(`/api/shops/${j.shop.id}/bookings`)
      .set(asOwner())
      .send({
        serviceIds: [j.shop.services[0]!.id],
        barberId: j.barberId,
        start: '2026-12-02T09:00:00Z',
        client: { name: 'Pat Phone', phone: '(212) 555-0142', email: 'pat@example.com' },
        notify: false,
      });
    expect(booked.status).toBe(201);
    await request(app)
      .post(`/api/shops/${j.shop.id}/bookings`)
      .set(asOwner())
      .send({
        serviceIds: [j.shop.services[0]!.id],
        barberId: j.barberId,
        start: '2026-12-04T09:00:00Z',
        clientId: booked.body.clientId,
        notify: false,
      });
    app.clock.set('2026-12-02T12:00:00Z');
    try {
      const list = () => request(app).get(`/api/shops/${j.shop.id}/clients`).set(bearer(j.token));
      const on = await list();
      expect(on.status).toBe(200);
      expect(on.body.clients[0]).toMatchObject({ name: 'Pat Phone', email: 'pat@example.com' });
      expect(on.body.clients[0].phone).toBeTruthy();

      await setShopDefaults(j.shop.id, { seeClientContacts: false });
      const off = await list();
      expect(off.body.clients[0]).toMatchObject({ name: 'Pat Phone', email: null, phone: null });
      // Nor can a search find them by the e-mail or phone the barber may not see; by name it still does.
      const byEmail = await request(app)
        .get(`/api/shops/${j.shop.id}/clients`)
        .query({ q: 'pat@example' })
        .set(bearer(j.token));
      expect(byEmail.body.clients).toHaveLength(0);
      const byDigits = await request(app)
        .get(`/api/shops/${j.shop.id}/clients`)
        .query({ q: on.body.clients[0].phone.replace(/\D/g, '').slice(-4) })
        .set(bearer(j.token));
      expect(byDigits.body.clients).toHaveLength(0);
      const byName = await request(app).get(`/api/shops/${j.shop.id}/clients`).query({ q: 'Pat' }).set(bearer(j.token));
      expect(byName.body.clients).toHaveLength(1);
      const detail = await request(app)
        .get(`/api/shops/${j.shop.id}/clients/${booked.body.clientId}`)
        .set(bearer(j.token));
      expect(detail.body).toMatchObject({ name: 'Pat Phone', email: null, phone: null });
      const dashboard = await request(app).get('/api/barber/dashboard').set(bearer(j.token));
      expect(dashboard.body.upcomingAppointments[0].client).toMatchObject({ name: 'Pat Phone', email: '', phone: '' });
      // The owner still sees everything.
      const owners = await request(app).get(`/api/shops/${j.shop.id}/clients`).set(asOwner());
      expect(owners.body.clients[0]).toMatchObject({ email: 'pat@example.com' });
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe("permission: see the shop's numbers (default off)", () => {
  it("off: the shop's analytics are refused with whom to ask; on: the barber reads them", async () => {
    const j = await shopWithJoinedBarber();
    const read = () => request(app).get(`/api/shops/${j.shop.id}/analytics`).set(bearer(j.token));
    const refused = await read();
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Ask the shop owner to let you see the shop's numbers.");
    await setShopDefaults(j.shop.id, { seeShopNumbers: true });
    const ok = await read();
    expect(ok.status).toBe(200);
    expect(ok.body.period).toBeTruthy();
    // Someone with no seat in the shop is still refused as before.
    const someone = await signUpTestUser(app);
    expect((await request(app).get(`/api/shops/${j.shop.id}/analytics`).set(bearer(someone.accessToken))).status).toBe(
      403,
    );
  });
});

describe('the permission settings', () => {
  it('are the owner’s alone', async () => {
    const j = await shopWithJoinedBarber();
    expect((await request(app).get(`/api/shops/${j.shop.id}/barber-permissions`).set(bearer(j.token))).status).toBe(
      403,
    );
    const res = await request(app)
      .patch(`/api/shops/${j.shop.id}/barbers/${j.barberId}/permissions`)
      .set(bearer(j.token))
      .send({ editOwnServices: true });
    expect(res.status).toBe(403);
  });

  it('start from the product defaults', async () => {
    const j = await shopWithJoinedBarber();
    const view = (await request(app).get(`/api/shops/${j.shop.id}/barber-permissions`).set(asOwner()))
      .body as ShopBarberPermissions;
    expect(view.defaults).toEqual({
      bookOwnChair: true,
      editOwnServices: false,
      seeClientContacts: true,
      seeShopNumbers: false,
    });
  });
});
