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
 * Issue 26 item 5: the private iCalendar feed of a barber's chair and of the owner's shop: what it carries (the
 * client's first name and the service only, escaped as RFC 5545 says), its window (7 days back, 60 ahead), 304 when
 * nothing changed, and 404 once revoked or replaced.
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

async function shopWithBarber(): Promise<{ shop: TestShop; token: string; barberId: string }> {
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'UTC', hours_json: everyDay('09:00', '18:00'), bookingHorizonDays: 365 },
    services: [{ name: 'Cut, wash; style', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  const user = await signUpTestUser(app);
  const joined = await request(app)
    .post('/api/barbers/join')
    .set(bearer(user.accessToken))
    .send({ code, name: 'Tony' });
  return { shop, token: user.accessToken, barberId: joined.body.barber.id };
}

const book = (shop: TestShop, barberId: string, start: string, name: string, email = 'x@example.com') =>
  request(app)
    .post(`/api/shops/${shop.id}/bookings`)
    .set(bearer(owner.accessToken))
    .send({
      serviceIds: [shop.services[0]!.id],
      barberId,
      start,
      client: { name, email, phone: '(212) 555-0142' },
      notify: false,
    });

const pathOf = (url: string) => new URL(url).pathname;
/** The feed with its folded lines joined again (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('GET /api/calendar/{token}.ics', () => {
  it("lists the barber's chair with the client's first name and the service only, escaped", async () => {
    const { shop, token, barberId } = await shopWithBarber();
    expect((await book(shop, barberId, '2026-12-03T10:00:00Z', 'Ana María López', 'ana@example.com')).status).toBe(201);
    expect((await book(shop, barberId, '2026-12-03T11:00:00Z', 'Bob\\; DROP')).status).toBe(201);
    expect((await book(shop, shop.barbers[0]!.id, '2026-12-03T10:00:00Z', 'Carla Other')).status).toBe(201);
    // Outside the window: 61 days ahead.
    expect((await book(shop, barberId, '2027-02-01T10:00:00Z', 'Dora Later')).status).toBe(201);

    const made = await request(app).post('/api/my/calendar-feed').set(bearer(token));
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await request(app).get(pathOf(made.body.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = unfold(res.text);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('SUMMARY:Ana · Cut\\, wash\\; style\r\n');
    expect(text).toContain('SUMMARY:Bob\\\\\\; · Cut\\, wash\\; style\r\n');
    expect(text).toContain('DTSTART:20261203T100000Z');
    expect(text).not.toContain('Carla');
    expect(text).not.toContain('Dora');
    expect(text).not.toContain('López');
    expect(text).not.toContain('ana@example.com');
    expect(text).not.toContain('555');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Every line ends in CRLF and none is longer than 75 octets.
    expect(res.text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('answers 304 to its ETag or date until something changes', async () => {
    const { shop, token, barberId } = await shopWithBarber();
    await book(shop, barberId, '2026-12-03T10:00:00Z', 'Ana');
    const url = pathOf((await request(app).post('/api/my/calendar-feed').set(bearer(token))).body.url);
    const first = await request(app).get(url);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^".+"$/);
    expect(lastModified).toBeTruthy();
    expect((await request(app).get(url).set('If-None-Match', etag)).status).toBe(304);
    expect((await request(app).get(url).set('If-Modified-Since', lastModified)).status).toBe(304);

    await new Promise((r) => setTimeout(r, 1100));
    await book(shop, barberId, '2026-12-04T10:00:00Z', 'Ben');
    const changed = await request(app).get(url).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('SUMMARY:Ben');
    expect((await request(app).get(url).set('If-Modified-Since', lastModified)).status).toBe(200);
  });

  it("gives the owner the whole shop's feed with each barber's name", async () => {
    const { shop, barberId } = await shopWithBarber();
    await book(shop, barberId, '2026-12-12T10:00:00Z', 'Ana');
    await book(shop, shop.barbers[0]!.id, '2026-12-06T10:00:00Z', 'Carla');
    await book(shop, shop.barbers[0]!.id, '2026-12-03T10:00:00Z', 'Too Old');
    const made = await request(app).post(`/api/shops/${shop.id}/calendar-feed`).set(bearer(owner.accessToken));
    expect(made.status).toBe(201);
    // Eight days on: Carla's visit was five days ago (in), the other eight (out).
    app.clock.set('2026-12-11T08:00:00Z');
    const text = unfold((await request(app).get(pathOf(made.body.url))).text);
    app.clock.set(NOW);
    expect(text).toContain('SUMMARY:Ana · Cut\\, wash\\; style (Tony)');
    expect(text).toContain('SUMMARY:Carla · Cut\\, wash\\; style (Alex)');
    expect(text).not.toContain('Too Old');
  });

  it('is 404 once revoked, and a replaced token stops working', async () => {
    const { token } = await shopWithBarber();
    const first = pathOf((await request(app).post('/api/my/calendar-feed').set(bearer(token))).body.url);
    expect((await request(app).get(first)).status).toBe(200);
    const second = pathOf((await request(app).post('/api/my/calendar-feed').set(bearer(token))).body.url);
    expect(second).not.toBe(first);
    expect((await request(app).get(first)).status).toBe(404);
    expect((await request(app).get(second)).status).toBe(200);
    expect((await request(app).get('/api/my/calendar-feed').set(bearer(token))).body).toEqual({
      active: true,
      url: null,
    });
    expect((await request(app).delete('/api/my/calendar-feed').set(bearer(token))).status).toBe(204);
    expect((await request(app).get(second)).status).toBe(404);
    expect((await request(app).get('/api/my/calendar-feed').set(bearer(token))).body.active).toBe(false);
    expect((await request(app).get('/api/calendar/not-a-token.ics')).status).toBe(404);
  });

  it("stores only the token's hash", async () => {
    const { token } = await shopWithBarber();
    const url = (await request(app).post('/api/my/calendar-feed').set(bearer(token))).body.url as string;
    const raw = url.slice(url.lastIndexOf('/') + 1, -4);
    const rows = (await db.dataSource.query(`SELECT "token_hash" FROM "calendar_feeds"`)) as Array<{
      token_hash: string;
    }>;
    expect(rows.some((r) => r.token_hash.includes(raw))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
