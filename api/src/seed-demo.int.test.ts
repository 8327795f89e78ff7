// `npm run seed:demo` (api/scripts/seed-demo.ts) against a fresh database: the owner signs in at the real login, and
// the history has the shape the Clients and Analytics tabs need. (Here because vitest runs src/**/*.test.ts.)
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_CAP,
  planDemo,
  publicHolidays,
  removeDemoShops,
  type SeedDemoResult,
  seedDemo,
} from '../scripts/seed-demo';
import { createTestApp, type TestApp } from './test/auth-helpers';
import { createTestDatabase, type TestDatabase } from './test/test-db';

// A fixed "today" (a Wednesday afternoon in New York), so the year behind it is always the same shape.
const NOW = new Date('2026-11-18T19:30:00Z');

let db: TestDatabase;
let app: TestApp;
let demo: SeedDemoResult;

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
  ((await db.dataSource.query(sql, params)) as T[])[0] as T;

/** The US public holidays around the history (the seed's country), as 'YYYY-MM-DD'. */
const HOLIDAYS = [...publicHolidays('US', [2025, 2026])];

beforeAll(async () => {
  db = await createTestDatabase();
  demo = await seedDemo(db.dataSource, { seed: 7, now: NOW });
  app = await createTestApp(db, { PUBLIC_ORIGIN: 'http://127.0.0.1:3000' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('npm run seed:demo', () => {
  it('prints an owner who signs in at the normal login and lands on their onboarded shop', async () => {
    expect(demo.email).toMatch(/^demo-owner-[0-9a-f]{4}@barberly\.test$/);
    expect(demo.slug).toMatch(/^demo-cuts-[0-9a-f]{4}$/);
    const login = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .set('apikey', 'test-anon-key')
      .send({ email: demo.email, password: demo.password });
    expect(login.status).toBe(200);
    const me = await request(app).get('/api/auth/user').set('authorization', `Bearer ${login.body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: demo.email,
      role: 'owner',
      onboardingCompleted: true,
      shopId: demo.shopId,
      shopSlug: demo.slug,
    });
    const wrong = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .send({ email: demo.email, password: `${demo.password}x` });
    expect(wrong.status).toBe(400);
  });

  it('shows regulars due back on the Clients tab, and those who drifted away under Lapsed', async () => {
    const login = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .send({ email: demo.email, password: demo.password });
    const auth = `Bearer ${login.body.access_token}`;
    const all = await request(app).get(`/api/shops/${demo.shopId}/clients`).set('authorization', auth);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(demo.clients);
    const due = await request(app).get(`/api/shops/${demo.shopId}/clients?filter=due`).set('authorization', auth);
    expect(due.status).toBe(200);
    expect(due.body.total).toBeGreaterThanOrEqual(5);
    // Those long gone are apart, under Lapsed (overdue by more than three of their usual intervals).
    const lapsed = await request(app).get(`/api/shops/${demo.shopId}/clients?filter=lapsed`).set('authorization', auth);
    expect(lapsed.status).toBe(200);
    expect(lapsed.body.total).toBeGreaterThanOrEqual(5);
    expect(due.body.total + lapsed.body.total).toBeLessThan(demo.clients / 3);
  });

  it('makes a New York shop in dollars with 4 barbers (hours, a day off, a week off) and 6 services', async () => {
    expect(await one('SELECT "time_zone", "currency", "name" FROM "shops" WHERE "id" = $1', [demo.shopId])).toEqual({
      time_zone: 'America/New_York',
      currency: 'USD',
      name: 'Demo Cuts',
    });
    const barbers = (await db.dataSource.query(
      `SELECT b."name", b."hours_json", (SELECT count(*)::int FROM "barber_time_off" t WHERE t."barber_id" = b."id") AS "off"
       FROM "barbers" b WHERE b."shop_id" = $1`,
      [demo.shopId],
    )) as Array<{ name: string; hours_json: Record<string, { closed: boolean }> | null; off: number }>;
    expect(barbers).toHaveLength(4);
    expect(barbers.every((b) => b.hours_json !== null)).toBe(true);
    expect(barbers.filter((b) => b.off === 1)).toHaveLength(1);
    expect(barbers.some((b) => b.hours_json?.monday?.closed && !b.hours_json.tuesday?.closed)).toBe(true);
    expect(await one('SELECT count(*)::int AS "n" FROM "services" WHERE "shop_id" = $1', [demo.shopId])).toEqual({
      n: 6,
    });
  });

  it('fills a year of history: clients, a span of 11+ months, two weeks ahead', async () => {
    const stats = await one<{ clients: number; first: Date; last: Date; total: number; future: number }>(
      `SELECT (SELECT count(*)::int FROM "clients" WHERE "shop_id" = $1) AS "clients",
              min("starts_at") AS "first", max("starts_at") AS "last", count(*)::int AS "total",
              count(*) FILTER (WHERE "starts_at" > $2 AND "status" = 'confirmed')::int AS "future"
       FROM "appointments" WHERE "shop_id" = $1`,
      [demo.shopId, NOW],
    );
    expect(stats.clients).toBeGreaterThanOrEqual(600);
    expect(stats.clients).toBe(demo.clients);
    expect(stats.total).toBe(demo.appointments);
    expect(stats.last.getTime() - stats.first.getTime()).toBeGreaterThanOrEqual(11 * 30 * 86_400_000);
    expect(stats.last.getTime()).toBeGreaterThan(NOW.getTime() + 7 * 86_400_000);
    expect(stats.future).toBeGreaterThan(20);
    // Nothing in the past is left waiting as if it were ahead, and nothing was queued for any of it.
    expect(
      await one(
        `SELECT count(*)::int AS "n" FROM "appointments" WHERE "shop_id" = $1 AND "starts_at" > $2 AND "status" IN ('completed', 'no_show')`,
        [demo.shopId, NOW],
      ),
    ).toEqual({ n: 0 });
  });

  it('keeps the chairs busy but never solid: 55-85% of the barbers’ hours booked over 12 months, no day past 85%', async () => {
    // The 12 months as the Analytics tab's "12m": the 365 New York days up to today. Available: each of those days,
    // the barber's hours for its weekday, less the days of time off (whole days here) and the public holidays the
    // shop was closed. Booked: the minutes of the appointments kept on the books (all cancelled ones aside) starting
    // in those days.
    const rows = (await db.dataSource.query(
      `WITH "days" AS (
         SELECT d::date AS "day" FROM generate_series(($2::timestamptz AT TIME ZONE 'America/New_York')::date - 364,
           ($2::timestamptz AT TIME ZONE 'America/New_York')::date, interval '1 day') d
         WHERE d::date <> ALL ($3::date[])
       ),
       "windows" AS (
         SELECT b."id" AS "barber_id",
           tstzrange((d."day" + (x."h" ->> 'open')::time) AT TIME ZONE 'America/New_York',
                     (d."day" + (x."h" ->> 'close')::time) AT TIME ZONE 'America/New_York') AS "win"
         FROM "barbers" b CROSS JOIN "days" d
         CROSS JOIN LATERAL (SELECT b."hours_json" -> lower(trim(to_char(d."day", 'Day'))) AS "h") x
         WHERE b."shop_id" = $1 AND NOT (x."h" ->> 'closed')::boolean
       ),
       "available" AS (
         SELECT w."barber_id", sum(extract(epoch FROM upper(w."win") - lower(w."win"))) / 60 AS "minutes"
         FROM "windows" w
         WHERE NOT EXISTS (SELECT 1 FROM "barber_time_off" t
           WHERE t."barber_id" = w."barber_id" AND tstzrange(t."starts_at", t."ends_at") && w."win")
         GROUP BY w."barber_id"
       ),
       "booked" AS (
         SELECT a."barber_id", sum(extract(epoch FROM a."ends_at" - a."starts_at")) / 60 AS "minutes"
         FROM "appointments" a
         WHERE a."shop_id" = $1 AND a."status" <> 'cancelled'
           AND a."starts_at" >= (SELECT min(d."day") FROM "days" d)::timestamp AT TIME ZONE 'America/New_York'
           AND a."starts_at" < ((SELECT max(d."day") FROM "days" d) + 1)::timestamp AT TIME ZONE 'America/New_York'
         GROUP BY a."barber_id"
       )
       SELECT v."barber_id", v."minutes"::float8 AS "available", coalesce(k."minutes", 0)::float8 AS "booked"
       FROM "available" v LEFT JOIN "booked" k ON k."barber_id" = v."barber_id"`,
      [demo.shopId, NOW, HOLIDAYS],
    )) as Array<{ barber_id: string; available: number; booked: number }>;
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.booked / r.available).toBeGreaterThan(0.55);
      expect(r.booked / r.available).toBeLessThan(0.85);
    }
    const total = rows.reduce((sum, r) => sum + r.booked, 0) / rows.reduce((sum, r) => sum + r.available, 0);
    expect(total).toBeGreaterThan(0.55);
    expect(total).toBeLessThan(0.85);

    // Each barber's day: the share of their hours booked that day, over every day they worked.
    const days = (await db.dataSource.query(
      `SELECT (extract(epoch FROM sum(a."ends_at" - a."starts_at")) / 60
                / extract(epoch FROM ((h."day" ->> 'close')::time - (h."day" ->> 'open')::time)) * 60)::float8 AS "full"
       FROM "appointments" a JOIN "barbers" b ON b."id" = a."barber_id",
         LATERAL (SELECT b."hours_json" -> lower(trim(to_char(a."starts_at" AT TIME ZONE 'America/New_York', 'Day'))) AS "day") h
       WHERE a."shop_id" = $1 AND a."status" <> 'cancelled'
       GROUP BY a."barber_id", (a."starts_at" AT TIME ZONE 'America/New_York')::date, h."day"`,
      [demo.shopId],
    )) as Array<{ full: number }>;
    const shares = days.map((d) => d.full).sort((a, b) => a - b);
    expect(shares.at(-1)).toBeLessThanOrEqual(DAY_CAP + 1e-9);
    const median = shares[Math.floor(shares.length / 2)] as number;
    expect(median).toBeGreaterThan(0.55);
    expect(median).toBeLessThan(0.85);
  });

  it("is closed on the country's public holidays: no appointment on any of them, and open the days around", async () => {
    const byDay = (await db.dataSource.query(
      `SELECT to_char(("starts_at" AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS "day", count(*)::int AS "n"
       FROM "appointments" WHERE "shop_id" = $1 AND "status" <> 'cancelled' GROUP BY 1`,
      [demo.shopId],
    )) as Array<{ day: string; n: number }>;
    const booked = new Map(byDay.map((d) => [d.day, d.n]));
    const [first, last] = [
      byDay.map((d) => d.day).sort()[0]!,
      byDay
        .map((d) => d.day)
        .sort()
        .at(-1)!,
    ];
    const inHistory = HOLIDAYS.filter((h) => h >= first && h <= last);
    // Thanksgiving, Christmas, the 4th of July (and its Friday), Labor Day...: a dozen in a year.
    expect(inHistory.length).toBeGreaterThanOrEqual(12);
    expect(inHistory.filter((h) => booked.has(h))).toEqual([]);
    // The day after Thanksgiving 2025 is an ordinary busy Friday.
    expect(booked.get('2025-11-28')).toBeGreaterThan(10);
  });

  it('closes the shop on those holidays as special days, through the next 12 months, named (issue 25)', async () => {
    const rows = (await db.dataSource.query(
      `SELECT to_char("date", 'YYYY-MM-DD') AS "date", "closed", "reason", "barber_id" AS "barberId"
       FROM "special_days" WHERE "shop_id" = $1 ORDER BY "date"`,
      [demo.shopId],
    )) as Array<{ date: string; closed: boolean; reason: string; barberId: string | null }>;
    const byDate = new Map(rows.map((r) => [r.date, r]));
    // Every holiday of the history (2025-11-18 on) and the year ahead is a closed shop day.
    const expected = HOLIDAYS.filter((h) => h >= '2025-11-18' && h <= '2026-12-31');
    expect(expected.length).toBeGreaterThanOrEqual(12);
    for (const date of expected) expect(byDate.get(date), date).toMatchObject({ closed: true, barberId: null });
    expect(byDate.get('2026-12-25')?.reason).toBe('Christmas Day');
    expect(byDate.get('2026-11-26')?.reason).toBe('Thanksgiving Day');
    // A year ahead: next Independence Day (Sunday, July 4, 2027) is there; nothing on an ordinary day.
    expect([...byDate.keys()].some((d) => d.startsWith('2027-07-0'))).toBe(true);
    expect(byDate.has('2026-12-01')).toBe(false);
  });

  it('puts about 15% of the regulars on a recurring series, each visit on its rule', async () => {
    const share = await one<{ on_series: number; regulars: number }>(
      `SELECT (SELECT count(DISTINCT s."client_id")::int FROM "appointment_series" s
                WHERE s."shop_id" = $1 AND s."status" = 'active') AS "on_series",
              (SELECT count(*)::int FROM (SELECT "client_id" FROM "appointments"
                 WHERE "shop_id" = $1 AND "client_id" IS NOT NULL AND "status" <> 'cancelled'
                   AND "starts_at" > $2::timestamptz - interval '365 days' AND "starts_at" <= $2
                 GROUP BY "client_id" HAVING count(*) >= 4) r) AS "regulars"`,
      [demo.shopId, NOW],
    );
    expect(share.on_series / share.regulars).toBeGreaterThan(0.1);
    expect(share.on_series / share.regulars).toBeLessThan(0.2);
    // Every visit of a series is on its weekday every N weeks, at its time, with its barber; some are still ahead.
    const visits = await one<{ total: number; off_rule: number; ahead: number }>(
      `SELECT count(*)::int AS "total",
              count(*) FILTER (WHERE
                (a."series_occurrence" - s."first_date") % (7 * s."interval_weeks") <> 0
                OR to_char(a."starts_at" AT TIME ZONE 'America/New_York', 'YYYY-MM-DD HH24:MI')
                   <> to_char(a."series_occurrence", 'YYYY-MM-DD') || ' ' || s."local_time"
                OR a."barber_id" <> s."barber_id" OR a."client_id" IS DISTINCT FROM s."client_id")::int AS "off_rule",
              count(*) FILTER (WHERE a."starts_at" > $2)::int AS "ahead"
       FROM "appointments" a JOIN "appointment_series" s ON s."id" = a."series_id"
       WHERE a."shop_id" = $1`,
      [demo.shopId, NOW],
    );
    expect(visits.total).toBeGreaterThan(share.on_series * 3);
    expect(visits.off_rule).toBe(0);
    expect(visits.ahead).toBeGreaterThan(10);
  });

  it('has new clients arriving at a steady rate, the last weeks in line with the year', async () => {
    // A client's first kept appointment ever, by week before today (0: the last 7 days).
    const firsts = (await db.dataSource.query(
      `SELECT floor(extract(epoch FROM $2::timestamptz - min("starts_at")) / 604800)::int AS "week"
       FROM "appointments" WHERE "shop_id" = $1 AND "client_id" IS NOT NULL AND "status" <> 'cancelled'
       GROUP BY "client_id" HAVING min("starts_at") <= $2`,
      [demo.shopId, NOW],
    )) as Array<{ week: number }>;
    const inWeeks = (from: number, to: number) => firsts.filter((f) => f.week >= from && f.week < to).length;
    const perWeek = inWeeks(0, 52) / 52;
    // Not a year of regulars all "new" in its first weeks: they were clients before it.
    expect(perWeek).toBeGreaterThan(3);
    expect(perWeek).toBeLessThan(15);
    // The last 8 weeks against the year, and each quarter of it.
    expect(inWeeks(0, 8) / 8 / perWeek).toBeGreaterThan(0.7);
    expect(inWeeks(0, 8) / 8 / perWeek).toBeLessThan(1.3);
    for (const quarter of [0, 13, 26, 39]) {
      expect(inWeeks(quarter, quarter + 13) / 13 / perWeek, `weeks ${quarter}-${quarter + 12}`).toBeGreaterThan(0.6);
      expect(inWeeks(quarter, quarter + 13) / 13 / perWeek, `weeks ${quarter}-${quarter + 12}`).toBeLessThan(1.5);
    }
  });

  it('leaves free times to book on every open day of the next two weeks', async () => {
    const rows = (await db.dataSource.query(
      `SELECT b."id", b."hours_json", to_char((a."starts_at" AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS "day",
         extract(hour FROM a."starts_at" AT TIME ZONE 'America/New_York') * 60
           + extract(minute FROM a."starts_at" AT TIME ZONE 'America/New_York') AS "start",
         extract(hour FROM a."ends_at" AT TIME ZONE 'America/New_York') * 60
           + extract(minute FROM a."ends_at" AT TIME ZONE 'America/New_York') AS "end"
       FROM "barbers" b LEFT JOIN "appointments" a ON a."barber_id" = b."id" AND a."status" <> 'cancelled'
         AND a."starts_at" > $2 AND a."starts_at" < $2::timestamptz + interval '15 days'
       WHERE b."shop_id" = $1`,
      [demo.shopId, NOW],
    )) as Array<{
      id: string;
      hours_json: Record<string, { open: string; close: string; closed: boolean }>;
      day: string | null;
      start: number;
      end: number;
    }>;
    const barbers = new Map(rows.map((r) => [r.id, r.hours_json]));
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const openDays: string[] = [];
    let withFreeTime = 0;
    for (let i = 1; i <= 14; i++) {
      const date = new Date(NOW.getTime() + i * 86_400_000);
      const day = date.toISOString().slice(0, 10);
      const weekday = weekdays[date.getUTCDay()] as string;
      if (weekday === 'sunday' || HOLIDAYS.includes(day)) continue;
      openDays.push(day);
      // Some barber has a gap of 30 minutes (a haircut) between their appointments, within their hours.
      const free = [...barbers].some(([id, hours]) => {
        const h = hours[weekday];
        if (!h || h.closed) return false;
        const taken = rows
          .filter((r) => r.id === id && r.day === day)
          .map((r) => [Number(r.start), Number(r.end)] as const)
          .sort((a, b) => a[0] - b[0]);
        let from = minutes(h.open);
        for (const [s, e] of taken) {
          if (s - from >= 30) return true;
          from = Math.max(from, e);
        }
        return minutes(h.close) - from >= 30;
      });
      if (free) withFreeTime++;
    }
    // Two weeks of six open days, less Thanksgiving.
    expect(openDays.length).toBe(11);
    expect(withFreeTime).toBe(openDays.length);
  });

  it("gives the shop a public bio in the owner's words, no command in it", async () => {
    const { bio } = await one<{ bio: string }>(`SELECT "bio" FROM "shops" WHERE "id" = $1`, [demo.shopId]);
    expect(bio).toMatch(/barbershop/);
    expect(bio).not.toMatch(/npm|seed|demo data/i);
  });

  it('never double-books a barber, and keeps every appointment inside the barber’s hours in New York', async () => {
    const plan = planDemo(7, NOW);
    expect(demo.appointments).toBe(plan.appointments.length);
    // Two of a barber's kept appointments overlap exactly when, in order of start, one starts before an earlier one
    // ends (the pairwise self-join says the same, but is quadratic in ~2,700 appointments a barber).
    expect(
      await one(
        `SELECT count(*)::int AS "n" FROM (
           SELECT a."starts_at", max(a."ends_at") OVER (PARTITION BY a."barber_id" ORDER BY a."starts_at", a."id"
             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "earlier_end"
           FROM "appointments" a WHERE a."shop_id" = $1 AND a."status" <> 'cancelled') s
         WHERE s."starts_at" < s."earlier_end"`,
        [demo.shopId],
      ),
    ).toEqual({ n: 0 });
    // Local wall times against the barber's own hours for that weekday (hours_json), and no time on time off.
    expect(
      await one(
        `SELECT count(*)::int AS "n" FROM "appointments" a JOIN "barbers" b ON b."id" = a."barber_id",
           LATERAL (SELECT b."hours_json" -> lower(trim(to_char(a."starts_at" AT TIME ZONE 'America/New_York', 'Day'))) AS "day") h
         WHERE a."shop_id" = $1 AND (
           (h."day" ->> 'closed')::boolean
           OR (a."starts_at" AT TIME ZONE 'America/New_York')::time < (h."day" ->> 'open')::time
           OR (a."ends_at" AT TIME ZONE 'America/New_York')::time > (h."day" ->> 'close')::time
           OR EXISTS (SELECT 1 FROM "barber_time_off" t WHERE t."barber_id" = b."id"
                        AND tstzrange(t."starts_at", t."ends_at") && tstzrange(a."starts_at", a."ends_at")))`,
        [demo.shopId],
      ),
    ).toEqual({ n: 0 });
  });

  it('links every appointment with an e-mail or phone to its one client record, as the product does', async () => {
    expect(
      await one(
        `SELECT count(*)::int AS "n" FROM "appointments" a LEFT JOIN "clients" c ON c."id" = a."client_id"
         WHERE a."shop_id" = $1 AND a."client_email" <> '' AND (c."id" IS NULL OR c."email" <> lower(a."client_email"))`,
        [demo.shopId],
      ),
    ).toEqual({ n: 0 });
    expect(
      await one(
        `SELECT count(*)::int AS "n" FROM "appointments" a LEFT JOIN "clients" c ON c."id" = a."client_id"
         WHERE a."shop_id" = $1 AND a."client_phone_e164" IS NOT NULL AND (c."id" IS NULL OR c."phone" <> a."client_phone_e164")`,
        [demo.shopId],
      ),
    ).toEqual({ n: 0 });
    // Walk-ins nobody took details of have no client; one record per e-mail.
    const [anonymous, duplicates] = await Promise.all([
      one<{ n: number; linked: number }>(
        `SELECT count(*)::int AS "n", count("client_id")::int AS "linked" FROM "appointments"
         WHERE "shop_id" = $1 AND "client_email" = '' AND "client_phone" = ''`,
        [demo.shopId],
      ),
      one<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM (SELECT "email" FROM "clients" WHERE "shop_id" = $1 AND "email" IS NOT NULL
         GROUP BY "email" HAVING count(*) > 1) d`,
        [demo.shopId],
      ),
    ]);
    // One record per person: as many e-mail clients as distinct e-mails booked, each named after its person.
    const perPerson = await one<{ emails: number; clients: number; names: number }>(
      `SELECT (SELECT count(DISTINCT lower("client_email"))::int FROM "appointments" WHERE "shop_id" = $1 AND "client_email" <> '') AS "emails",
              count(*)::int AS "clients", count(DISTINCT "name")::int AS "names"
       FROM "clients" WHERE "shop_id" = $1 AND "email" IS NOT NULL`,
      [demo.shopId],
    );
    expect(perPerson.clients).toBe(perPerson.emails);
    expect(perPerson.names).toBe(perPerson.clients);
    expect(anonymous.n).toBeGreaterThan(20);
    expect(anonymous.linked).toBe(0);
    expect(duplicates.n).toBe(0);
    // Phone-only clients (walk-ins who gave a number) exist beside the e-mail ones.
    expect(
      (
        await one<{ n: number }>(
          `SELECT count(*)::int AS "n" FROM "clients" WHERE "shop_id" = $1 AND "email" IS NULL AND "phone" IS NOT NULL`,
          [demo.shopId],
        )
      ).n,
    ).toBeGreaterThan(5);
  });

  it('has walk-ins, cancellations, no-shows, regulars, tags, notes and a seasonal curve', async () => {
    const s = await one<{
      live: number;
      walk_ins: number;
      cancelled: number;
      no_show: number;
      completed: number;
      december: number;
      january: number;
      saturday: number;
      monday: number;
    }>(
      `SELECT count(*) FILTER (WHERE "status" <> 'cancelled')::int AS "live",
              count(*) FILTER (WHERE "status" <> 'cancelled' AND "source" = 'walk_in')::int AS "walk_ins",
              count(*) FILTER (WHERE "status" = 'cancelled')::int AS "cancelled",
              count(*) FILTER (WHERE "status" = 'no_show')::int AS "no_show",
              count(*) FILTER (WHERE "status" = 'completed')::int AS "completed",
              count(*) FILTER (WHERE extract(month FROM "starts_at" AT TIME ZONE 'America/New_York') = 12)::int AS "december",
              count(*) FILTER (WHERE extract(month FROM "starts_at" AT TIME ZONE 'America/New_York') = 1)::int AS "january",
              count(*) FILTER (WHERE extract(isodow FROM "starts_at" AT TIME ZONE 'America/New_York') = 6)::int AS "saturday",
              count(*) FILTER (WHERE extract(isodow FROM "starts_at" AT TIME ZONE 'America/New_York') = 1)::int AS "monday"
       FROM "appointments" WHERE "shop_id" = $1`,
      [demo.shopId],
    );
    const share = s.walk_ins / s.live;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.3);
    expect(s.cancelled).toBeGreaterThan(0);
    expect(s.no_show).toBeGreaterThan(0);
    expect(s.completed / (s.live + s.cancelled)).toBeGreaterThan(0.8);
    expect(s.december).toBeGreaterThan(s.january);
    expect(s.saturday).toBeGreaterThan(s.monday);

    const regulars = await one<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM (SELECT "client_id" FROM "appointments"
         WHERE "shop_id" = $1 AND "client_id" IS NOT NULL AND "status" = 'completed'
         GROUP BY "client_id" HAVING count(*) >= 4) r`,
      [demo.shopId],
    );
    expect(regulars.n).toBeGreaterThanOrEqual(10);

    const extras = await one<{ vip: number; quiet: number; notes: number }>(
      `SELECT count(*) FILTER (WHERE 'VIP' = ANY("tags"))::int AS "vip",
              count(*) FILTER (WHERE 'Prefers quiet' = ANY("tags"))::int AS "quiet",
              (SELECT count(*)::int FROM "client_notes" n JOIN "clients" c ON c."id" = n."client_id" WHERE c."shop_id" = $1) AS "notes"
       FROM "clients" WHERE "shop_id" = $1`,
      [demo.shopId],
    );
    expect(extras.vip).toBeGreaterThan(0);
    expect(extras.quiet).toBeGreaterThan(0);
    expect(extras.notes).toBeGreaterThan(5);
  });

  it('is safe to run twice (another shop), and --reset removes every demo shop and its owner', async () => {
    const again = await seedDemo(db.dataSource, { seed: 7, now: NOW });
    expect(again.slug).not.toBe(demo.slug);
    expect(again.email).not.toBe(demo.email);
    expect(again.appointments).toBe(demo.appointments);
    expect(await removeDemoShops(db.dataSource)).toBe(2);
    expect(
      await one(
        `SELECT (SELECT count(*)::int FROM "shops") AS "shops", (SELECT count(*)::int FROM "auth_users") AS "accounts",
                (SELECT count(*)::int FROM "appointments") AS "appointments"`,
      ),
    ).toEqual({ shops: 0, accounts: 0, appointments: 0 });
  });
});
