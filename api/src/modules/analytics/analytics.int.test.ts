import {
  ANALYTICS_MESSAGES,
  type AnalyticsPeriod,
  type AnalyticsReport,
  type AnalyticsSummary,
  type BarberNumbers,
  type Hours,
} from '@barberly/common';
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
import { resolvePeriods } from './analytics-period';
import { loadSummariesRaw } from './analytics-raw-summary';

/**
 * A hand-computed fixture in America/New_York (EDT, UTC-4, in October). "Now" is Tuesday 2026-10-20 12:00 local, so
 * 7d is Wed 2026-10-14..Tue 2026-10-20 and the previous period Wed 2026-10-07..Tue 2026-10-13. Every expected number
 * below is worked out by hand from the rows inserted in beforeAll.
 */
const NOW = '2026-10-20T16:00:00Z';

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let stranger: TestUser;
let shop: TestShop;
let ids: Record<'alex' | 'blake' | 'casey', string>;

const closedSunday = (hours: Hours): Hours => ({ ...hours, sunday: { open: '', close: '', closed: true } });

async function sql<T = unknown>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await db.dataSource.query(query, params)) as T[];
}

async function addClient(shopId: string, name: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "clients" ("shop_id", "name", "email") VALUES ($1, $2, $3) RETURNING "id"`,
    [shopId, name, `${name.toLowerCase()}@example.com`],
  );
  return row!.id;
}

interface Row {
  barberId: string;
  /** Local wall time with its offset, e.g. '2026-10-15T10:00:00-04:00'. */
  start: string;
  minutes: number;
  status: 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  source?: 'online' | 'walk_in';
  price: number;
  service?: string;
  clientId?: string | null;
  createdAt?: string;
  currency?: string;
}

async function addAppointment(shopId: string, a: Row): Promise<void> {
  const start = new Date(a.start);
  await sql(
    `INSERT INTO "appointments" ("shop_id", "barber_id", "service_name", "service_duration_minutes", "service_price",
       "starts_at", "ends_at", "status", "source", "client_name", "client_id", "currency", "created_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Someone', $10, $11, $12)`,
    [
      shopId,
      a.barberId,
      a.service ?? 'Haircut',
      a.minutes,
      a.price,
      start,
      new Date(start.getTime() + a.minutes * 60_000),
      a.status,
      a.source ?? 'online',
      a.clientId ?? null,
      a.currency ?? 'USD',
      new Date(a.createdAt ?? a.start),
    ],
  );
  // Written by SQL, not through the lifecycle: keep the rollups and client rows as its listener would.
  await sql(
    `SELECT "analytics_recompute_days"(s."id", ARRAY[($2::timestamptz AT TIME ZONE s."time_zone")::date]),
       "analytics_recompute_clients"(s."id", ARRAY[$3::uuid])
     FROM "shops" s WHERE s."id" = $1`,
    [shopId, start, a.clientId ?? null],
  );
}

async function addTimeOff(barberId: string, start: string, end: string): Promise<void> {
  await sql(`INSERT INTO "barber_time_off" ("barber_id", "starts_at", "ends_at") VALUES ($1, $2, $3)`, [
    barberId,
    new Date(start),
    new Date(end),
  ]);
}

const analytics = (shopId: string, token: string | null, query: Record<string, string> = {}) => {
  const req = request(app).get(`/api/shops/${shopId}/analytics`).query(query);
  return token ? req.set(bearer(token)) : req;
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: closedSunday(everyDay('09:00', '17:00')) },
    barbers: ['Alex', 'Blake', 'Casey'],
  });
  const [alex, blake, casey] = shop.barbers.map((b) => b.id) as [string, string, string];
  ids = { alex, blake, casey };
  await sql(`UPDATE "shops" SET "currency" = 'USD' WHERE "id" = $1`, [shop.id]);

  // Blake's own hours: 10-14 every day, Monday 8-12 (the shop's 9-17 narrows it to 9-12; Sunday the shop is shut).
  await sql(`UPDATE "barbers" SET "hours_json" = $2::jsonb WHERE "id" = $1`, [
    blake,
    JSON.stringify({ ...everyDay('10:00', '14:00'), monday: { open: '08:00', close: '12:00', closed: false } }),
  ]);
  // Alex: overlapping time off 12-14 and 13-15 on Thu 15 (180 min, not 240), and Fri 16:00 to Sat 10:00 (60 + 60);
  // in the previous period only an evening off, outside his hours (no effect).
  await addTimeOff(alex, '2026-10-15T12:00:00-04:00', '2026-10-15T14:00:00-04:00');
  await addTimeOff(alex, '2026-10-15T13:00:00-04:00', '2026-10-15T15:00:00-04:00');
  await addTimeOff(alex, '2026-10-16T16:00:00-04:00', '2026-10-17T10:00:00-04:00');
  await addTimeOff(alex, '2026-10-08T18:00:00-04:00', '2026-10-08T20:00:00-04:00');
  // Casey is off the whole current week.
  await addTimeOff(casey, '2026-10-14T00:00:00-04:00', '2026-10-21T00:00:00-04:00');

  const ann = await addClient(shop.id, 'Ann');
  const ben = await addClient(shop.id, 'Ben');
  const cat = await addClient(shop.id, 'Cat');
  const dan = await addClient(shop.id, 'Dan');

  const rows: Row[] = [
    // Long before: Ann's first visit.
    { barberId: alex, start: '2026-09-01T10:00:00-04:00', minutes: 30, status: 'completed', price: 25, clientId: ann },
    // Tue Oct 6 23:00 local is Oct 7 03:00Z: in neither period (a UTC day would put it in the previous one).
    {
      barberId: alex,
      start: '2026-10-06T23:00:00-04:00',
      minutes: 30,
      status: 'completed',
      source: 'walk_in',
      price: 20,
    },
    // Previous period.
    {
      barberId: alex, // P1: Cat's first visit; she booked her next one 15 minutes after it ended.
      start: '2026-10-08T10:00:00-04:00',
      minutes: 30,
      status: 'completed',
      price: 30,
      clientId: cat,
      createdAt: '2026-10-01T12:00:00Z',
    },
    { barberId: blake, start: '2026-10-09T11:00:00-04:00', minutes: 30, status: 'cancelled', price: 30, clientId: dan },
    {
      barberId: blake,
      start: '2026-10-10T12:00:00-04:00',
      minutes: 30,
      status: 'completed',
      source: 'walk_in',
      price: 20,
      service: 'Beard',
    },
    {
      barberId: alex,
      start: '2026-10-12T15:00:00-04:00',
      minutes: 60,
      status: 'no_show',
      price: 40,
      service: 'Color',
      clientId: ann,
    },
    {
      barberId: alex, // P5: Ann; her next appointment was booked 24.5 h after this one ended.
      start: '2026-10-13T09:00:00-04:00',
      minutes: 30,
      status: 'completed',
      price: 30,
      clientId: ann,
      createdAt: '2026-10-12T20:00:00Z',
    },
    // Tue Oct 13 22:00 local is Oct 14 02:00Z: still the previous period.
    {
      barberId: blake,
      start: '2026-10-13T22:00:00-04:00',
      minutes: 30,
      status: 'completed',
      source: 'walk_in',
      price: 20,
      service: 'Beard',
    },
    // Current period.
    {
      barberId: casey, // C9: Wed 23:30 local (Thu 03:30Z): Wednesday, hour 23, Oct 14.
      start: '2026-10-14T23:30:00-04:00',
      minutes: 30,
      status: 'completed',
      source: 'walk_in',
      price: 25,
      service: 'Late cut',
    },
    {
      barberId: alex, // C1: Cat, booked 15 min after P1 ended (Oct 8 14:30Z).
      start: '2026-10-15T10:00:00-04:00',
      minutes: 30,
      status: 'completed',
      price: 30,
      clientId: cat,
      createdAt: '2026-10-08T14:45:00Z',
    },
    {
      barberId: blake, // C2: Ann, booked Oct 14 14:00Z, 24.5 h after P5 ended (Oct 13 13:30Z).
      start: '2026-10-16T10:00:00-04:00',
      minutes: 45,
      status: 'no_show',
      price: 30,
      clientId: ann,
      createdAt: '2026-10-14T14:00:00Z',
    },
    {
      barberId: alex, // C3: Ben's first appointment ever.
      start: '2026-10-16T11:00:00-04:00',
      minutes: 60,
      status: 'completed',
      price: 45.5,
      service: 'Fade, "Deluxe"',
      clientId: ben,
      createdAt: '2026-10-10T12:00:00Z',
    },
    {
      barberId: blake, // C4: Ben again, created 25 h after C3 ended (Oct 16 16:00Z): C3 was not rebooked.
      start: '2026-10-17T13:00:00-04:00',
      minutes: 30,
      status: 'completed',
      source: 'walk_in',
      price: 20,
      service: 'Beard',
      clientId: ben,
      createdAt: '2026-10-17T17:00:00Z',
    },
    {
      barberId: alex, // C5: Dan's first kept appointment (his earlier one was cancelled), in the old currency.
      start: '2026-10-19T09:30:00-04:00',
      minutes: 30,
      status: 'completed',
      price: 30,
      clientId: dan,
      currency: 'EUR',
    },
    { barberId: alex, start: '2026-10-19T14:00:00-04:00', minutes: 30, status: 'cancelled', price: 30 },
    {
      barberId: alex, // C8: Ben, created 30 min after C3 ended, but C4 is his next after C3; it is C4's rebook.
      start: '2026-10-20T09:00:00-04:00',
      minutes: 30,
      status: 'confirmed',
      price: 30,
      clientId: ben,
      createdAt: '2026-10-16T16:30:00Z',
    },
    {
      barberId: blake, // C7: Cat, later today (not started), booked 10 min after C1 ended.
      start: '2026-10-20T13:00:00-04:00',
      minutes: 30,
      status: 'confirmed',
      price: 30,
      clientId: cat,
      createdAt: '2026-10-15T14:40:00Z',
    },
    // Wed Oct 21 00:30 local (04:30Z): after the period.
    { barberId: alex, start: '2026-10-21T00:30:00-04:00', minutes: 30, status: 'confirmed', price: 30 },
  ];
  for (const row of rows) await addAppointment(shop.id, row);
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('GET /api/shops/{shopId}/analytics', () => {
  let report: AnalyticsReport;
  beforeAll(async () => {
    const res = await analytics(shop.id, owner.accessToken, { period: '7d' });
    expect(res.status).toBe(200);
    report = res.body;
  });

  it('covers whole local days ending today and the same number of days before', () => {
    expect(report.period).toEqual({ from: '2026-10-14', to: '2026-10-20' });
    expect(report.previous).toEqual({ from: '2026-10-07', to: '2026-10-13' });
    expect(report.timeZone).toBe('America/New_York');
    expect(report.currency).toBe('USD');
  });

  it('computes the current summary by the definitions of decision 0150', () => {
    expect(report.current).toEqual<AnalyticsSummary>({
      // Completed in USD: 30 + 45.50 + 20 + 25 (Dan's 30 EUR left out).
      revenue: 120.5,
      // Kept: C1 C2 C3 C4 C5 C7 C8 C9 (the cancelled one and the one after midnight are out).
      appointments: 8,
      completed: 5,
      cancellations: 1,
      noShows: 1,
      // 1 no-show of the 7 that have started (C7 is this afternoon).
      noShowRate: 0.1429,
      // 120.50 / 4 completed in USD = 30.125.
      averageTicket: 30.13,
      // Dan (his only earlier one was cancelled): his first visit, not back since.
      newClients: 1,
      // Ann and Cat had come before the period; Ben first came on Oct 16 and was back on Oct 17 (whole history).
      returningClients: 3,
      // Of Cat, Ben, Dan (completed visits) only Ben completed another within 6 weeks.
      retention: 0.3333,
      // C1 and C4 were rebooked within a day; C3 (25 h) and C5 (nothing next) were not.
      rebookRate: 0.5,
      onlineShare: 0.75,
      walkInShare: 0.25,
    });
    expect(report.otherCurrencyAppointments).toBe(1);
  });

  it('says the previous period is too little to compare with: 5 appointments, fewer than 20', () => {
    // Open since Sep 1 (its first appointment; the record is younger), so the whole previous week was open.
    expect(report.comparison).toBe('too_little_data');
  });

  it('computes the previous period the same way', () => {
    expect(report.prior).toEqual<AnalyticsSummary>({
      revenue: 100,
      appointments: 5,
      completed: 4,
      cancellations: 1,
      noShows: 1,
      noShowRate: 0.2,
      averageTicket: 25,
      // Cat's first visit; Ann had one in September.
      newClients: 1,
      returningClients: 1,
      // Cat came back within 6 weeks (C1); Ann's next was a no-show.
      retention: 0.5,
      // P1 rebooked 15 minutes after; P5 24.5 hours after.
      rebookRate: 0.5,
      onlineShare: 0.6,
      walkInShare: 0.4,
    });
  });

  it('lists every barber with booked and available minutes from their hours, the shop hours and time off', () => {
    expect(report.barbers).toEqual([
      {
        barberId: ids.alex,
        name: 'Alex',
        appointments: 4,
        revenue: 75.5,
        bookedMinutes: 150,
        // 6 open days x 480 = 2880, less 180 (overlapping time off, counted once) and 60 + 60 (across closing).
        availableMinutes: 2580,
        utilisation: 0.0581,
        // Cat, Ben, Dan; Cat had been before, Ben before his last visit with Alex (Oct 20; first Oct 16).
        returningClients: 2,
        clients: 3,
      },
      {
        barberId: ids.blake,
        name: 'Blake',
        appointments: 3,
        revenue: 20,
        bookedMinutes: 105,
        // 10-14 on 5 days (1200) + Monday 9-12 (180); Sunday the shop is closed.
        availableMinutes: 1380,
        utilisation: 0.0761,
        // Ann and Cat, and Ben (first Oct 16 with Alex, with Blake on Oct 17).
        returningClients: 3,
        clients: 3,
      },
      {
        barberId: ids.casey,
        name: 'Casey',
        appointments: 1,
        revenue: 25,
        bookedMinutes: 30,
        availableMinutes: 0,
        utilisation: null,
        returningClients: 0,
        clients: 0,
      },
    ]);
  });

  it('ranks services by appointments, with money in the shop currency only', () => {
    expect(report.services).toEqual([
      { serviceName: 'Haircut', appointments: 5, revenue: 30 },
      { serviceName: 'Fade, "Deluxe"', appointments: 1, revenue: 45.5 },
      { serviceName: 'Late cut', appointments: 1, revenue: 25 },
      { serviceName: 'Beard', appointments: 1, revenue: 20 },
    ]);
  });

  it("places the heatmap's cells on the shop's wall clock", () => {
    expect(report.heatmap).toEqual([
      { weekday: 1, hour: 9, bookings: 1 },
      { weekday: 2, hour: 9, bookings: 1 },
      { weekday: 2, hour: 13, bookings: 1 },
      { weekday: 3, hour: 23, bookings: 1 },
      { weekday: 4, hour: 10, bookings: 1 },
      { weekday: 5, hour: 10, bookings: 1 },
      { weekday: 5, hour: 11, bookings: 1 },
      { weekday: 6, hour: 13, bookings: 1 },
    ]);
  });

  it('has a daily row for every local day, zeros included', () => {
    expect(report.daily).toEqual([
      { date: '2026-10-14', revenue: 25, appointments: 1 },
      { date: '2026-10-15', revenue: 30, appointments: 1 },
      { date: '2026-10-16', revenue: 45.5, appointments: 2 },
      { date: '2026-10-17', revenue: 20, appointments: 1 },
      { date: '2026-10-18', revenue: 0, appointments: 0 },
      { date: '2026-10-19', revenue: 0, appointments: 1 },
      { date: '2026-10-20', revenue: 0, appointments: 2 },
    ]);
  });

  it('defaults to 30 days and resolves 12 months from today', async () => {
    const thirty = await analytics(shop.id, owner.accessToken);
    expect(thirty.status).toBe(200);
    expect([thirty.body.period, thirty.body.previous]).toEqual([
      { from: '2026-09-21', to: '2026-10-20' },
      { from: '2026-08-22', to: '2026-09-20' },
    ]);
    expect(thirty.body.daily).toHaveLength(30);
    // Both weeks of the fixture and the Oct 6 walk-in are in these 30 days.
    expect(thirty.body.current.appointments).toBe(14);
    const year = await analytics(shop.id, owner.accessToken, { period: '12m' });
    expect(year.body.period).toEqual({ from: '2025-10-21', to: '2026-10-20' });
    expect(year.body.daily).toHaveLength(365);
    // Everything up to today, Ann's September visit included; not the one after midnight.
    expect(year.body.current.appointments).toBe(15);
    // Open since Sep 1, 2026: the previous 12 months are before the shop, not a period to compare with.
    expect(year.body.comparison).toBe('new');
  });

  it("keeps the shop's old-currency appointments out of money after a currency change", async () => {
    await sql(`UPDATE "shops" SET "currency" = 'EUR' WHERE "id" = $1`, [shop.id]);
    try {
      const res = await analytics(shop.id, owner.accessToken, { period: '7d' });
      expect(res.body.currency).toBe('EUR');
      // Only Dan's 30 EUR is money now; the 7 others are in USD.
      expect(res.body.current.revenue).toBe(30);
      expect(res.body.current.averageTicket).toBe(30);
      expect(res.body.otherCurrencyAppointments).toBe(7);
      expect(res.body.daily.find((d: { date: string }) => d.date === '2026-10-19').revenue).toBe(30);
    } finally {
      await sql(`UPDATE "shops" SET "currency" = 'USD' WHERE "id" = $1`, [shop.id]);
    }
  });
});

describe('a one-year-old shop of regulars (issue 28)', () => {
  let year: TestShop;
  beforeAll(async () => {
    year = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '21:00') },
      barbers: ['Rae'],
    });
    const rae = year.barbers[0]!.id;
    // 12 regulars every 14 days from their first visit between Oct 25 and Nov 5, 2025, each at their own hour.
    for (let i = 0; i < 12; i++) {
      const regular = await addClient(year.id, `Regular${i}`);
      const first = Date.parse('2025-10-25T00:00:00Z') + i * 86_400_000;
      for (let day = first; day <= Date.parse('2026-10-20T00:00:00Z'); day += 14 * 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        const hour = String(9 + i).padStart(2, '0');
        await addAppointment(year.id, {
          barberId: rae,
          start: `${date}T${hour}:00:00-04:00`,
          minutes: 30,
          status: 'completed',
          price: 30,
          clientId: regular,
        });
      }
    }
    // Two first-timers this month, not back yet.
    for (const [name, start] of [
      ['Newcomer', '2026-10-10T08:00:00-04:00'],
      ['Walk-in Wes', '2026-10-15T08:00:00-04:00'],
    ] as const) {
      const id = await addClient(year.id, name);
      await addAppointment(year.id, {
        barberId: rae,
        start,
        minutes: 30,
        status: 'completed',
        price: 30,
        clientId: id,
      });
    }
  });

  it('counts new and returning against the whole history: a 12-month view calls only first-timers new', async () => {
    const res = await analytics(year.id, owner.accessToken, { period: '12m' });
    expect(res.status).toBe(200);
    // Every regular's first visit is inside these 12 months, but they came back: returning, not new.
    expect([res.body.current.newClients, res.body.current.returningClients]).toEqual([2, 12]);
    const month = await analytics(year.id, owner.accessToken, { period: '30d' });
    expect([month.body.current.newClients, month.body.current.returningClients]).toEqual([2, 12]);
  });

  it('compares with a previous period only when the shop was open for it and it has 20 appointments or more', async () => {
    // The previous 12 months are before the shop opened (Oct 25, 2025): 'new', whatever they hold.
    expect((await analytics(year.id, owner.accessToken, { period: '12m' })).body.comparison).toBe('new');
    // Aug 22 - Sep 20: 12 regulars, two or three visits each.
    const month = (await analytics(year.id, owner.accessToken, { period: '30d' })).body as AnalyticsReport;
    expect(month.prior.appointments).toBeGreaterThanOrEqual(20);
    expect(month.comparison).toBe('ok');
    // Oct 7 - 13: about half of the regulars, fewer than 20 appointments.
    const week = (await analytics(year.id, owner.accessToken, { period: '7d' })).body as AnalyticsReport;
    expect(week.prior.appointments).toBeLessThan(20);
    expect(week.comparison).toBe('too_little_data');
    // The CSV says the same.
    const csv = await request(app)
      .get(`/api/shops/${year.id}/analytics.csv`)
      .query({ period: '7d' })
      .set(bearer(owner.accessToken));
    expect(csv.text.split('\r\n')).toContain('comparison,,too_little_data');
  });
});

describe("the summary's two ways of reading clients' histories", () => {
  it('give the same figures for every period, short or long (decision 0150, Speed)', async () => {
    const [row] = await sql<{ currency: string }>(`SELECT "currency" FROM "shops" WHERE "id" = $1`, [shop.id]);
    const queries: Array<{ period: AnalyticsPeriod } & Record<string, string>> = [
      { period: '7d' },
      { period: '30d' },
      { period: '90d' },
      { period: '12m' },
      { period: 'custom', from: '2026-10-14', to: '2026-10-16' },
      { period: 'custom', from: '2024-10-20', to: '2026-10-20' },
      { period: 'custom', from: '2026-08-01', to: '2026-09-01' },
    ];
    for (const query of queries) {
      const { period, previous } = resolvePeriods(query, '2026-10-20');
      const scope = {
        shopId: shop.id,
        timeZone: 'America/New_York',
        currency: row!.currency,
        current: period,
        prior: previous,
      };
      const now = new Date(NOW);
      const restricted = await loadSummariesRaw(db.dataSource.manager, scope, now, { wholeHistory: false });
      const whole = await loadSummariesRaw(db.dataSource.manager, scope, now, { wholeHistory: true });
      expect(whole).toEqual(restricted);
      const api = await analytics(shop.id, owner.accessToken, query);
      const { kind: _kind, otherCurrencyAppointments: _other, ...current } = restricted.current;
      expect(api.body.current).toEqual(current);
    }
  });

  it("find the next appointment past the short way's end and behind a tie as a lookup per visit would", async () => {
    const other = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '17:00') },
      barbers: ['Pat', 'Quinn'],
    });
    const [pat, quinn] = other.barbers.map((b) => b.id) as [string, string];
    const zoe = await addClient(other.id, 'Zoe');
    // Two completed visits at the same instant (two barbers), then nothing until September, booked at the visit.
    for (const barberId of [pat, quinn]) {
      await addAppointment(other.id, {
        barberId,
        start: '2026-06-02T10:00:00-04:00',
        minutes: 30,
        status: 'completed',
        price: 20,
        clientId: zoe,
      });
    }
    await addAppointment(other.id, {
      barberId: pat,
      start: '2026-09-15T10:00:00-04:00',
      minutes: 30,
      status: 'completed',
      price: 20,
      clientId: zoe,
      createdAt: '2026-06-02T11:00:00-04:00',
    });
    const { period, previous } = resolvePeriods(
      { period: 'custom', from: '2026-06-01', to: '2026-06-07' },
      '2026-10-20',
    );
    const scope = { shopId: other.id, timeZone: 'America/New_York', currency: 'USD', current: period, prior: previous };
    const restricted = await loadSummariesRaw(db.dataSource.manager, scope, new Date(NOW), { wholeHistory: false });
    expect(await loadSummariesRaw(db.dataSource.manager, scope, new Date(NOW), { wholeHistory: true })).toEqual(
      restricted,
    );
    expect(restricted.current).toMatchObject({
      appointments: 2,
      completed: 2,
      newClients: 1,
      returningClients: 0,
      // Her next completed visit after June 2 is in September: more than 42 days later (the tie is no later visit).
      retention: 0,
      // Both visits' next appointment (past the tie) is September's, booked an hour after the visit began.
      rebookRate: 1,
    });
  });
});

describe('analytics across a DST change', () => {
  it('counts 09:00-17:00 as 480 minutes on 23- and 25-hour days and places appointments by wall clock', async () => {
    const dst = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('00:00', '23:59') },
      barbers: ['Dee', 'Eve'],
    });
    const [dee, eve] = dst.barbers.map((b) => b.id) as [string, string];
    await sql(`UPDATE "barbers" SET "hours_json" = $2::jsonb WHERE "id" = $1`, [
      dee,
      JSON.stringify(everyDay('09:00', '17:00')),
    ]);
    // 0:00-6:00 on the night clocks fall back lasts 7 real hours.
    await sql(`UPDATE "barbers" SET "hours_json" = $2::jsonb WHERE "id" = $1`, [
      eve,
      JSON.stringify(everyDay('00:00', '06:00')),
    ]);
    const at = (start: string) =>
      addAppointment(dst.id, { barberId: dee, start, minutes: 30, status: 'completed', price: 10 });
    await at('2026-10-31T23:30:00-04:00'); // Saturday, the previous day
    await at('2026-11-01T00:30:00-04:00'); // Sunday 0:30 EDT (04:30Z)
    await at('2026-11-01T09:30:00-05:00'); // Sunday 9:30 EST (14:30Z)
    await at('2026-11-01T23:30:00-05:00'); // Sunday 23:30 EST (Nov 2 04:30Z): the 25-hour day's last hour

    const res = await analytics(dst.id, owner.accessToken, { period: 'custom', from: '2026-11-01', to: '2026-11-01' });
    expect(res.status).toBe(200);
    const report = res.body as AnalyticsReport;
    expect(report.previous).toEqual({ from: '2026-10-31', to: '2026-10-31' });
    expect(report.current.appointments).toBe(3);
    expect(report.prior.appointments).toBe(1);
    expect(report.daily).toEqual([{ date: '2026-11-01', revenue: 30, appointments: 3 }]);
    expect(report.heatmap).toEqual([
      { weekday: 7, hour: 0, bookings: 1 },
      { weekday: 7, hour: 9, bookings: 1 },
      { weekday: 7, hour: 23, bookings: 1 },
    ]);
    expect(report.barbers.map((b) => [b.name, b.availableMinutes, b.bookedMinutes, b.utilisation])).toEqual([
      ['Dee', 480, 90, 0.1875],
      ['Eve', 420, 0, 0],
    ]);

    // Spring forward (2026-03-08, 23 hours): 9-17 is still 480, 0:00-6:00 only 5 real hours.
    const spring = await analytics(dst.id, owner.accessToken, {
      period: 'custom',
      from: '2026-03-08',
      to: '2026-03-08',
    });
    expect(spring.body.barbers.map((b: { availableMinutes: number }) => b.availableMinutes)).toEqual([480, 300]);
  });
});

describe('CSV export', () => {
  it('sends the report as an escaped CSV attachment', async () => {
    await sql(`UPDATE "barbers" SET "name" = $2 WHERE "id" = $1`, [ids.casey, '=HYPERLINK("x"), Casey']);
    try {
      const res = await request(app)
        .get(`/api/shops/${shop.id}/analytics.csv`)
        .query({ period: '7d' })
        .set(bearer(owner.accessToken));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="analytics-${shop.slug}-2026-10-14-2026-10-20.csv"`,
      );
      const lines = res.text.split('\r\n');
      expect(lines.slice(0, 19)).toEqual([
        'metric,current,previous',
        'from,2026-10-14,2026-10-07',
        'to,2026-10-20,2026-10-13',
        'currency,USD,USD',
        'comparison,,too_little_data',
        'revenue,120.50,100.00',
        'appointments,8,5',
        'completed,5,4',
        'cancellations,1,1',
        'noShows,1,1',
        'noShowRate,0.1429,0.2',
        'averageTicket,30.13,25.00',
        'newClients,1,1',
        'returningClients,3,1',
        'retention,0.3333,0.5',
        'rebookRate,0.5,0.5',
        'onlineShare,0.75,0.6',
        'walkInShare,0.25,0.4',
        'otherCurrencyAppointments,1,',
      ]);
      const barbers = lines.indexOf(
        'barber,appointments,revenue,bookedMinutes,availableMinutes,utilisation,returningClients,clients',
      );
      expect(lines.slice(barbers + 1, barbers + 4)).toEqual([
        'Alex,4,75.50,150,2580,0.0581,2,3',
        'Blake,3,20.00,105,1380,0.0761,3,3',
        // Quoted for the comma and quotes, and an apostrophe so a spreadsheet does not run the formula.
        `"'=HYPERLINK(""x""), Casey",1,25.00,30,0,,0,0`,
      ]);
      const services = lines.indexOf('service,appointments,revenue');
      expect(lines.slice(services + 1, services + 5)).toEqual([
        'Haircut,5,30.00',
        '"Fade, ""Deluxe""",1,45.50',
        'Late cut,1,25.00',
        'Beard,1,20.00',
      ]);
      const daily = lines.indexOf('date,revenue,appointments');
      expect(lines.slice(daily + 1)).toEqual([
        '2026-10-14,25.00,1',
        '2026-10-15,30.00,1',
        '2026-10-16,45.50,2',
        '2026-10-17,20.00,1',
        '2026-10-18,0.00,0',
        '2026-10-19,0.00,1',
        '2026-10-20,0.00,2',
        '',
      ]);
    } finally {
      await sql(`UPDATE "barbers" SET "name" = 'Casey' WHERE "id" = $1`, [ids.casey]);
    }
  });
});

describe('who may read analytics', () => {
  it('refuses a request without a session with 401', async () => {
    expect((await analytics(shop.id, null)).status).toBe(401);
    expect((await request(app).get(`/api/shops/${shop.id}/analytics.csv`)).status).toBe(401);
    expect((await request(app).get('/api/my/analytics')).status).toBe(401);
  });

  it("refuses another owner's shop with 403 and an unknown shop with 404", async () => {
    expect((await analytics(shop.id, stranger.accessToken)).status).toBe(403);
    const csv = await request(app).get(`/api/shops/${shop.id}/analytics.csv`).set(bearer(stranger.accessToken));
    expect(csv.status).toBe(403);
    expect(csv.headers['content-disposition']).toBeUndefined();
    expect((await analytics('7b0f5b5e-9f0a-4c55-9d7e-1f1f1f1f1f1f', owner.accessToken)).status).toBe(404);
  });

  it('gives a barber their own numbers only, and refuses anyone who is not a barber', async () => {
    const notBarber = await request(app).get('/api/my/analytics').set(bearer(owner.accessToken));
    expect(notBarber.status).toBe(403);
    expect(notBarber.body.error.message).toBe(ANALYTICS_MESSAGES.notBarber);

    // Blake's account, and a barber of another shop (Fay) with one appointment there.
    const blakeUser = await signUpTestUser(app);
    const fayUser = await signUpTestUser(app);
    const other = await setUpShop(app, stranger.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '17:00') },
      barbers: ['Fay'],
    });
    // Their first authenticated call creates their profiles; then they are linked as the join flow would.
    for (const user of [blakeUser, fayUser]) await request(app).get('/api/my/analytics').set(bearer(user.accessToken));
    await sql(`UPDATE "barbers" SET "user_id" = $2 WHERE "id" = $1`, [ids.blake, blakeUser.userId]);
    await sql(`UPDATE "barbers" SET "user_id" = $2 WHERE "id" = $1`, [other.barbers[0]!.id, fayUser.userId]);
    await addAppointment(other.id, {
      barberId: other.barbers[0]!.id,
      start: '2026-10-19T09:00:00-04:00',
      minutes: 60,
      status: 'completed',
      price: 50,
    });

    const mine = await request(app).get('/api/my/analytics').query({ period: '7d' }).set(bearer(blakeUser.accessToken));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual<BarberNumbers>({
      barberId: ids.blake,
      name: 'Blake',
      appointments: 3,
      revenue: 20,
      bookedMinutes: 105,
      availableMinutes: 1380,
      utilisation: 0.0761,
      returningClients: 3,
      clients: 3,
      currency: 'USD',
      period: { from: '2026-10-14', to: '2026-10-20' },
      previous: { from: '2026-10-07', to: '2026-10-13' },
      // Two completed walk-ins of 30 minutes at 20 (the cancelled one is out).
      prior: {
        appointments: 2,
        revenue: 40,
        bookedMinutes: 60,
        availableMinutes: 1380,
        utilisation: 0.0435,
        returningClients: 0,
        clients: 0,
      },
      // Blake's first appointment is on Oct 9, after the previous period began (Oct 7): nothing to compare with.
      comparison: 'new',
    });

    const fay = await request(app).get('/api/my/analytics').query({ period: '7d' }).set(bearer(fayUser.accessToken));
    expect(fay.status).toBe(200);
    expect([fay.body.barberId, fay.body.appointments, fay.body.revenue, fay.body.availableMinutes]).toEqual([
      other.barbers[0]!.id,
      1,
      50,
      7 * 480,
    ]);
    // Fay is not the owner of Blake's shop: its report stays closed to her.
    expect((await analytics(shop.id, fayUser.accessToken)).status).toBe(403);
  });
});

describe('query validation', () => {
  const refused = async (query: Record<string, string>) => {
    const res = await analytics(shop.id, owner.accessToken, query);
    expect(res.status).toBe(400);
    return res.body.error.message as string;
  };

  it('refuses an unknown period with its message', async () => {
    expect(await refused({ period: '2w' })).toBe(ANALYTICS_MESSAGES.period);
  });

  it('refuses a custom period without both dates', async () => {
    expect(await refused({ period: 'custom' })).toBe(ANALYTICS_MESSAGES.customRange);
    expect(await refused({ period: 'custom', from: '2026-10-01' })).toBe(ANALYTICS_MESSAGES.customRange);
  });

  it('refuses a custom period that ends before it starts, or is too long', async () => {
    expect(await refused({ period: 'custom', from: '2026-10-02', to: '2026-10-01' })).toBe(ANALYTICS_MESSAGES.order);
    // 2024-01-01..2026-01-01 is 732 days.
    expect(await refused({ period: 'custom', from: '2024-01-01', to: '2026-01-01' })).toBe(ANALYTICS_MESSAGES.tooLong);
    const longest = await analytics(shop.id, owner.accessToken, {
      period: 'custom',
      from: '2024-01-02',
      to: '2026-01-01',
    });
    expect(longest.status).toBe(200);
    expect(longest.body.daily).toHaveLength(731);
  });

  it('refuses dates that are not calendar dates, and repeated parameters, without a 500', async () => {
    await refused({ period: 'custom', from: '2026-02-30', to: '2026-03-01' });
    await refused({ period: 'custom', from: 'yesterday', to: '2026-03-01' });
    const twice = await request(app)
      .get(`/api/shops/${shop.id}/analytics?period=7d&period=30d`)
      .set(bearer(owner.accessToken));
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(ANALYTICS_MESSAGES.period);
    const myBad = await request(app).get('/api/my/analytics?period=nope').set(bearer(owner.accessToken));
    // Not a barber is decided first; a barber would get the period message.
    expect(myBad.status).toBe(403);
  });
});
