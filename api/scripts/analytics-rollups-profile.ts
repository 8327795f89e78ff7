// The analytics profile of decision 0188 (docs/benchmarks.md): `cd api && npx tsx scripts/analytics-rollups-profile.ts`.
// Writes the bench's history (bench/analytics.mjs fillHistory: 100,000 appointments, 8,000 clients, 12 barbers) into
// a fresh test database on TEST_DATABASE_URL's server, rebuilds the rollups and client visit rows, then prints, per
// period, each statement's PostgreSQL backend CPU (/proc/<pid>/schedstat: the server must be on this machine) and wall
// time, median of 5, the raw SQL (analytics-raw-*.ts) beside the read path (analytics.repository.ts), and whether the
// two give the same figures. Drops the database at the end.
// PROFILE_DATABASE_URL and PROFILE_SHOP: profile a database already filled instead (kept; rebuilt first).
import 'reflect-metadata';
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { localDateOf } from '@barberly/common';
import type { DataSource } from 'typeorm';
// @ts-expect-error the bench is plain JavaScript
import { fillHistory } from '../../bench/analytics.mjs';
import {
  loadBarberFigures,
  loadDaily,
  loadHeatmap,
  loadOpenedOn,
  loadSummaries,
  loadTopServices,
} from '../src/modules/analytics/analytics.repository';
import { resolvePeriods } from '../src/modules/analytics/analytics-period';
import { loadBarberFiguresRaw } from '../src/modules/analytics/analytics-raw-barbers';
import { loadDailyRaw, loadHeatmapRaw, loadTopServicesRaw } from '../src/modules/analytics/analytics-raw-days';
import { loadSummariesRaw } from '../src/modules/analytics/analytics-raw-summary';
import { rebuildRollups } from '../src/modules/analytics/analytics-rollups';
import type { AnalyticsScope } from '../src/modules/analytics/analytics-scope';
import { createBookingTestApp, everyDay, setUpShop } from '../src/modules/appointments/booking.test-helper';
import { loadPaymentAnalytics } from '../src/modules/payments/money-analytics';
import { createDataSource } from '../src/platform/db/data-source';
import { signUpTestUser } from '../src/test/auth-helpers';
import { createTestDatabase } from '../src/test/test-db';

const ZONE = 'America/New_York';

async function fresh(): Promise<{ dataSource: DataSource; shopId: string; done: () => Promise<void> }> {
  const db = await createTestDatabase();
  const app = await createBookingTestApp(db);
  const owner = await signUpTestUser(app);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: ZONE,
      hours_json: {
        ...everyDay('09:00', '19:00'),
        saturday: { open: '09:00', close: '17:00', closed: false },
        sunday: { open: '', close: '', closed: true },
      },
    },
    services: [
      { name: 'Haircut', durationMinutes: 30, price: 35 },
      { name: 'Skin Fade', durationMinutes: 45, price: 40 },
      { name: 'Haircut + Beard', durationMinutes: 45, price: 50 },
      { name: 'Beard Trim', durationMinutes: 15, price: 20 },
      { name: 'Kids Cut', durationMinutes: 30, price: 25 },
    ],
    barbers: [],
  });
  await db.dataSource.query(`UPDATE "shops" SET "currency" = 'USD' WHERE "id" = $1`, [shop.id]);
  // Twelve barbers by SQL (the test owner's plan would stop at fewer through the api).
  await db.dataSource.query(
    `INSERT INTO "barbers" ("shop_id", "name") SELECT $1, 'Barber ' || g FROM generate_series(1, 12) g`,
    [shop.id],
  );
  console.log('history', await fillHistory(db.url, shop.id));
  await app.close?.();
  return { dataSource: db.dataSource, shopId: shop.id, done: () => db.drop() };
}

async function existing(url: string, shopId: string) {
  const dataSource = createDataSource(url, { poolSize: 2 });
  await dataSource.initialize();
  return { dataSource, shopId, done: () => dataSource.destroy() };
}

const target = process.env.PROFILE_DATABASE_URL
  ? await existing(process.env.PROFILE_DATABASE_URL, process.env.PROFILE_SHOP ?? '')
  : await fresh();
const { dataSource, shopId } = target;
try {
  let started = performance.now();
  // PROFILE_NO_REBUILD: measure the rows as they are (a rebuild deletes and inserts every row: its indexes grow).
  if (!process.env.PROFILE_NO_REBUILD) await rebuildRollups(dataSource.manager, shopId);
  console.log(`rebuild: ${Math.round(performance.now() - started)} ms`);
  await dataSource.query('VACUUM (ANALYZE) "analytics_day_rollups"');
  await dataSource.query('VACUUM (ANALYZE) "analytics_client_visits"');
  console.log(
    'rows',
    await dataSource.query(
      `SELECT "grain", count(*)::int AS "rows" FROM "analytics_day_rollups" GROUP BY 1
       UNION ALL SELECT 'client visits', count(*)::int FROM "analytics_client_visits"`,
    ),
  );
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const m = runner.manager;
  const [backend] = (await runner.query('SELECT pg_backend_pid() AS "pid"')) as Array<{ pid: number }>;
  const pid = backend?.pid;
  const cpuMs = () => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const median = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[2] ?? 0);
  const results: unknown[] = [];
  const time = async (f: () => Promise<unknown>) => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      started = performance.now();
      const cpu = cpuMs();
      results[0] = await f();
      cpus.push(cpuMs() - cpu);
      walls.push(performance.now() - started);
    }
    return { cpu: median(cpus), wall: median(walls), value: results[0] };
  };
  const now = new Date();
  const today = localDateOf(now, ZONE);
  const custom = { period: 'custom', from: daysBefore(today, 730), to: today };
  for (const q of [{ period: '7d' }, { period: '30d' }, { period: '90d' }, { period: '12m' }, custom]) {
    const { period, previous } = resolvePeriods(q as never, today);
    const scope: AnalyticsScope = { shopId, timeZone: ZONE, currency: 'USD', current: period, prior: previous };
    const pairs = {
      summary: [() => loadSummariesRaw(m, scope, now), () => loadSummaries(m, scope, now)],
      barbers: [() => loadBarberFiguresRaw(m, scope, null), () => loadBarberFigures(m, scope, null)],
      services: [() => loadTopServicesRaw(m, scope), () => loadTopServices(m, scope)],
      heatmap: [() => loadHeatmapRaw(m, scope), () => loadHeatmap(m, scope)],
      daily: [() => loadDailyRaw(m, scope), () => loadDaily(m, scope)],
    } as const;
    const line: Record<string, string> = { period: `${q.period} ${period.from}..${period.to}` };
    let rawCpu = 0;
    let rolledCpu = 0;
    const rolledValues: Record<string, unknown> = {};
    const rolledCpus: Record<string, number> = {};
    for (const [name, [raw, rolled]] of Object.entries(pairs)) {
      const a = await time(raw);
      const b = await time(rolled);
      rolledValues[name] = b.value;
      rolledCpus[name] = b.cpu;
      rawCpu += a.cpu;
      rolledCpu += b.cpu;
      const same = isDeepStrictEqual(a.value, b.value);
      line[name] = `${a.cpu}/${a.wall} -> ${b.cpu}/${b.wall}${same ? '' : ' DIFFERENT'}`;
    }
    // The owner's report reads its barbers' current period only (analytics.service.ts).
    const barbersCurrent = await time(() => loadBarberFigures(m, scope, null, true));
    const currentOfBoth = (rolledValues.barbers as Array<{ kind: string }>).filter((r) => r.kind === 'current');
    line.barbersCurrentOnly = `${barbersCurrent.cpu}/${barbersCurrent.wall}${isDeepStrictEqual(barbersCurrent.value, currentOfBoth) ? '' : ' DIFFERENT'}`;
    const payments = await time(() => loadPaymentAnalytics(m, scope, now));
    line.payments = `${payments.cpu}/${payments.wall}`;
    line.total = `${rawCpu} -> ${rolledCpu + payments.cpu} ms cpu`;
    // What the owner's report runs: the barbers' current period only, and the payments' figures.
    line.report = `${rolledCpu - (rolledCpus.barbers ?? 0) + barbersCurrent.cpu + payments.cpu} ms cpu`;
    // The whole report's statements as the service runs them: all at once on the pool's connections (wall only).
    const pool = dataSource.manager;
    const whole = await time(() =>
      Promise.all([
        loadSummaries(pool, scope, now),
        loadBarberFigures(pool, scope, null, true),
        loadTopServices(pool, scope),
        loadHeatmap(pool, scope),
        loadDaily(pool, scope),
        loadOpenedOn(pool, shopId, ZONE),
        loadPaymentAnalytics(pool, scope, now),
      ]),
    );
    line.concurrent = `${whole.wall} ms wall`;
    console.log(JSON.stringify(line));
  }
  await runner.release();
} finally {
  if (process.env.PROFILE_KEEP) {
    console.log('kept', (dataSource.options as { url?: string }).url, shopId);
    await dataSource.destroy();
  } else await target.done();
}

function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
