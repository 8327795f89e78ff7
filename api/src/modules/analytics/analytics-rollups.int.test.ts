import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import type { AppointmentEvent, ListenerContext } from '../appointments/lifecycle';
import { loadBarberFigures } from './analytics.repository';
import { getShopAnalytics } from './analytics.service';
import { analyticsCsv } from './analytics-csv';
import { loadBarberFiguresRaw } from './analytics-raw-barbers';
import { rebuildRollups } from './analytics-rollups';
import { analyticsRollupListener } from './analytics-rollups.listener';
import type { AnalyticsScope } from './analytics-scope';

/**
 * Issue 29 item 3 (decision 0188): the rollups and client visit rows kept on write give every figure of every report
 * (the owner's, its CSV, each barber's own) exactly as the raw SQL does, after random sequences of bookings (with and
 * without a client), moves, cancellations, status changes, price changes and client merges, around both of 2026's
 * DST changes in America/New_York (March 8 has 23 hours, November 1 has 25), 42 days after the first (retention's
 * edge) and today (the no-show rate's started edge). Each change runs the lifecycle's rollup listener in its
 * transaction, as the lifecycle does; a merge is kept by its trigger.
 */

const ZONE = 'America/New_York';
// Instants around the DST days, in local wall-clock hours that exist (and 01:xx on Nov 1, which happens twice).
const DAYS = [
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-04-19',
  '2026-04-20',
  '2026-10-31',
  '2026-11-01',
  '2026-11-02',
  '2026-11-15',
];
const NOW = '2026-11-15T17:00:00Z';

let db: TestDatabase;
let shop: TestShop;
let ownerId: string;
let clientIds: string[];

beforeAll(async () => {
  db = await createTestDatabase();
  const app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  const owner = await signUpTestUser(app);
  ownerId = owner.userId;
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: ZONE, hours_json: everyDay('00:00', '23:59') },
    barbers: ['Alex', 'Blake'],
  });
  await db.dataSource.query(`UPDATE "shops" SET "currency" = 'USD' WHERE "id" = $1`, [shop.id]);
  const rows = (await db.dataSource.query(
    `INSERT INTO "clients" ("shop_id", "name", "email")
     SELECT $1, 'Client ' || g, 'client' || g || '@example.com' FROM generate_series(1, 4) g RETURNING "id"`,
    [shop.id],
  )) as Array<{ id: string }>;
  clientIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await db?.drop();
});

type Status = 'confirmed' | 'completed' | 'cancelled' | 'no_show';
type Op =
  | {
      kind: 'book';
      day: number;
      minute: number;
      length: number;
      barber: number;
      service: number;
      source: number;
      price: number;
      other: boolean;
      /** Index into clientIds, or null: a walk-in without contact. */
      client: number | null;
      /** Hours before the start it was booked (rebook counts bookings made by a visit's end + 24 h). */
      lead: number;
    }
  | { kind: 'move'; pick: number; day: number; minute: number; barber: number }
  | { kind: 'merge'; from: number; to: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'status'; pick: number; status: Status }
  | { kind: 'price'; pick: number; price: number };

const SERVICES = ['Haircut', 'Beard trim', 'Hot towel shave'];

// A start in local wall time: minutes from the day's midnight, 0..1439 (so 02:xx on March 8 and both 01:xx on
// November 1 occur), as Postgres turns it into an instant.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      day: fc.nat(DAYS.length - 1),
      minute: fc.integer({ min: 0, max: 1439 }),
      length: fc.constantFrom(15, 30, 45, 90),
      barber: fc.nat(1),
      service: fc.nat(SERVICES.length - 1),
      source: fc.nat(1),
      price: fc.integer({ min: 0, max: 9000 }),
      other: fc.boolean(),
      client: fc.option(fc.nat(3), { freq: 4 }),
      lead: fc.integer({ min: 0, max: 96 }),
    }),
  },
  fc.record({
    kind: fc.constant('move' as const),
    pick: fc.nat(),
    day: fc.nat(DAYS.length - 1),
    minute: fc.integer({ min: 0, max: 1439 }),
    barber: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    status: fc.constantFrom<Status>('confirmed', 'completed', 'no_show'),
  }),
  fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), price: fc.integer({ min: 0, max: 9000 }) }),
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('merge' as const), from: fc.nat(3), to: fc.nat(3) }),
  },
);

/** Applies one change and runs the rollup listener in the same transaction (unless `skip`), as the lifecycle does. */
async function apply(op: Op, skip: boolean): Promise<void> {
  // A booking or move onto a barber's busy time is refused by the exclusion constraint (23P01), as in the product:
  // the whole change rolls back, rollups included.
  await applyInTransaction(op, skip).catch((err: { code?: string }) => {
    if (err.code !== '23P01') throw err;
  });
}

async function applyInTransaction(op: Op, skip: boolean): Promise<void> {
  await db.dataSource.transaction(async (tx) => {
    const ids = (await tx.query(`SELECT "id" FROM "appointments" WHERE "shop_id" = $1 ORDER BY "created_at", "id"`, [
      shop.id,
    ])) as Array<{ id: string }>;
    let before: Date | null = null;
    let after: Date | null = null;
    let id: string | null = null;
    const startOf = (day: number, minute: number) =>
      tx
        .query(`SELECT (($1::date::timestamp + make_interval(mins => $2)) AT TIME ZONE $3::text) AS "at"`, [
          DAYS[day],
          minute,
          ZONE,
        ])
        .then((r: Array<{ at: Date }>) => r[0]!.at);
    const barbers = shop.barbers.map((b) => b.id);
    if (op.kind === 'merge') {
      // A merge (clients.service.ts through reassignClient): no lifecycle event, the trigger keeps the client rows.
      if (op.from === op.to) return;
      await tx.query(`UPDATE "appointments" SET "client_id" = $1 WHERE "client_id" = $2`, [
        clientIds[op.to],
        clientIds[op.from],
      ]);
      return;
    }
    if (op.kind === 'book') {
      const at = await startOf(op.day, op.minute);
      const [row] = (await tx.query(
        `INSERT INTO "appointments" ("shop_id", "barber_id", "service_name", "service_duration_minutes", "service_price",
           "starts_at", "ends_at", "status", "source", "client_name", "currency", "client_id", "created_at")
         VALUES ($1, $2, $3, $4, $5, $6, $6::timestamptz + make_interval(mins => $4), 'confirmed', $7, 'Someone', $8, $9,
           $6::timestamptz - make_interval(hours => $10))
         RETURNING "id"`,
        [
          shop.id,
          barbers[op.barber],
          SERVICES[op.service],
          op.length,
          op.price / 100,
          at,
          op.source ? 'walk_in' : 'online',
          op.other ? 'EUR' : 'USD',
          op.client === null ? null : clientIds[op.client],
          op.lead,
        ],
      )) as Array<{ id: string }>;
      id = row!.id;
      after = at;
    } else {
      if (ids.length === 0) return;
      id = ids[op.pick % ids.length]!.id;
      const [row] = (await tx.query(`SELECT "starts_at" FROM "appointments" WHERE "id" = $1`, [id])) as Array<{
        starts_at: Date;
      }>;
      before = row!.starts_at;
      after = before;
      if (op.kind === 'move') {
        const at = await startOf(op.day, op.minute);
        await tx.query(
          `UPDATE "appointments" SET "ends_at" = $2::timestamptz + ("ends_at" - "starts_at"), "starts_at" = $2, "barber_id" = $3
           WHERE "id" = $1`,
          [id, at, barbers[op.barber]],
        );
        after = at;
      } else if (op.kind === 'cancel') {
        await tx.query(`UPDATE "appointments" SET "status" = 'cancelled' WHERE "id" = $1`, [id]);
      } else if (op.kind === 'status') {
        await tx.query(`UPDATE "appointments" SET "status" = $2 WHERE "id" = $1`, [id, op.status]);
      } else {
        await tx.query(`UPDATE "appointments" SET "service_price" = $2 WHERE "id" = $1`, [id, op.price / 100]);
      }
    }
    if (skip) return;
    const [current] = (await tx.query(`SELECT "starts_at", "client_id" FROM "appointments" WHERE "id" = $1`, [
      id,
    ])) as Array<{ starts_at: Date; client_id: string | null }>;
    const snapshot = (at: Date | null) => (at ? ({ start: at.toISOString() } as AppointmentEvent['after']) : null);
    const event = { before: snapshot(before), after: snapshot(after) } as AppointmentEvent;
    const ctx = {
      manager: tx,
      shop: { id: shop.id, timeZone: ZONE },
      appointment: { startsAt: current!.starts_at, clientId: current!.client_id },
    } as unknown as ListenerContext;
    await analyticsRollupListener.enqueue?.(event, ctx);
  });
}

/** Everything kept on write for the shop, as text, in a stable order. */
const keptRows = async () => [
  await db.dataSource.query(
    `SELECT "day"::text, "grain", "hour", "barber_id", "service_name", "status", "source", "currency", "appointments",
       "price"::text, "seconds"::text
     FROM "analytics_day_rollups" WHERE "shop_id" = $1
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [shop.id],
  ),
  await db.dataSource.query(
    `SELECT v.* FROM "analytics_client_visits" v WHERE v."shop_id" = $1 ORDER BY v."appointment_id"`,
    [shop.id],
  ),
];

async function reset(): Promise<void> {
  await db.dataSource.query(`DELETE FROM "appointments" WHERE "shop_id" = $1`, [shop.id]);
  await db.dataSource.query(`DELETE FROM "analytics_day_rollups" WHERE "shop_id" = $1`, [shop.id]);
}

/** Today is 2026-11-15 (noon in New York): the fixed periods reach it, the custom ones each hold a DST day or edge. */
const QUERIES: Array<Record<string, string>> = [
  { period: '7d' },
  { period: '30d' },
  { period: '12m' },
  ...[
    ['2026-03-07', '2026-03-09'],
    ['2026-03-08', '2026-03-08'],
    ['2026-03-09', '2026-04-19'],
    ['2026-04-19', '2026-04-20'],
    ['2026-10-31', '2026-11-02'],
    ['2026-11-01', '2026-11-15'],
    ['2026-03-01', '2026-11-30'],
  ].map(([from, to]) => ({ period: 'custom', from: from!, to: to! })),
];

/**
 * The first difference between the figures read from what was kept on write and the raw SQL, or between what was
 * kept and a rebuild from the raw rows; null when there is none. Every report's every figure (the owner's report
 * and its CSV, and each barber's own figures, both periods).
 */
async function keptDiffersFromRaw(): Promise<string | null> {
  const deps = { dataSource: db.dataSource, now: () => new Date(NOW) };
  for (const query of QUERIES) {
    const raw = await getShopAnalytics({ ...deps, rollups: false }, shop.id, ownerId, query);
    const kept = await getShopAnalytics(deps, shop.id, ownerId, query);
    if (!isDeepStrictEqual(kept.report, raw.report)) return `report ${JSON.stringify(query)}`;
    if (analyticsCsv(kept.report) !== analyticsCsv(raw.report)) return `CSV ${JSON.stringify(query)}`;
    const scope: AnalyticsScope = {
      shopId: shop.id,
      timeZone: ZONE,
      currency: 'USD',
      current: raw.report.period,
      prior: raw.report.previous,
    };
    for (const barber of shop.barbers) {
      const own = await loadBarberFigures(db.dataSource.manager, scope, barber.id);
      if (!isDeepStrictEqual(own, await loadBarberFiguresRaw(db.dataSource.manager, scope, barber.id)))
        return `${barber.id}'s own figures ${JSON.stringify(query)}`;
    }
  }
  const kept = await keptRows();
  await rebuildRollups(db.dataSource.manager, shop.id);
  return isDeepStrictEqual(await keptRows(), kept) ? null : 'the rows kept on write are not what a rebuild gives';
}

describe('analytics rollups and client visit rows (issue 29, decision 0188)', () => {
  it('give every figure as the raw SQL after random bookings, moves, cancellations, status, price and client changes over DST days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        await reset();
        for (const op of ops) await apply(op, false);
        expect(await keptDiffersFromRaw()).toBeNull();
      }),
      // endOnFailure: a counterexample is reported as found (shrinking through the database is slow).
      { numRuns: 20, seed: 2929, endOnFailure: true },
    );
  });

  it('tell a skipped listener apart (the property can fail)', async () => {
    await reset();
    const book = {
      kind: 'book',
      day: 1,
      minute: 600,
      length: 30,
      barber: 0,
      service: 0,
      source: 0,
      price: 2500,
      other: false,
      client: 0,
      lead: 2,
    } as const;
    await apply(book, false);
    await apply({ kind: 'status', pick: 0, status: 'completed' }, false);
    expect(await keptDiffersFromRaw()).toBeNull();
    // The same client comes back 20 days later, and the listener does not run: retention and rebook go unseen.
    await apply({ ...book, day: 3, lead: 24 * 30 }, true);
    expect(await keptDiffersFromRaw()).not.toBeNull();
  });

  it('give the report as the raw rows do after a long history and a rebuild', async () => {
    await reset();
    const ops = fc.sample(opArb, { numRuns: 80, seed: 29 });
    for (const op of ops) await apply(op, false);
    // Written outside the lifecycle (a bulk edit): the rebuild command's function puts the kept rows right.
    await db.dataSource.query(
      `UPDATE "appointments" SET "status" = 'completed' WHERE "shop_id" = $1 AND "status" = 'confirmed' AND "starts_at" < $2`,
      [shop.id, new Date(NOW)],
    );
    await rebuildRollups(db.dataSource.manager, shop.id);
    const report = await getShopAnalytics({ dataSource: db.dataSource, now: () => new Date(NOW) }, shop.id, ownerId, {
      period: '12m',
    });
    expect(report.report.current.completed).toBeGreaterThan(0);
    expect(report.report.current.newClients + report.report.current.returningClients).toBeGreaterThan(0);
    expect(await keptDiffersFromRaw()).toBeNull();
  });
});
