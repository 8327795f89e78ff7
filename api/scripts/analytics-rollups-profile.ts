// The analytics profile of decision 0188 (docs/benchmarks.md): `cd api && npx tsx scripts/analytics-rollups-profile.ts`.
// Writes the bench's history (bench/analytics.mjs fillHistory: 100,000 appointments, 8,000 clients, 12 barbers) into
// a fresh test database on TEST_DATABASE_URL's server, rebuilds the rollups, then prints, per period, each statement's
// PostgreSQL backend CPU (/proc/<pid>/schedstat: the server must be on this machine) and wall time, median of 5, raw
// SQL beside rollups. Drops the database at the end.
import 'reflect-metadata';
import fs from 'node:fs';
import { localDateOf } from '@barberly/common';
// @ts-expect-error the bench is plain JavaScript
import { fillHistory } from '../../bench/analytics.mjs';
import {
  type AnalyticsScope,
  loadBarberFigures,
  loadDaily,
  loadHeatmap,
  loadSummaries,
  loadTopServices,
} from '../src/modules/analytics/analytics.repository';
import { resolvePeriods } from '../src/modules/analytics/analytics-period';
import {
  loadDailyFromRollups,
  loadHeatmapFromRollups,
  loadTopServicesFromRollups,
  rebuildRollups,
} from '../src/modules/analytics/analytics-rollups';
import { createBookingTestApp, everyDay, setUpShop } from '../src/modules/appointments/booking.test-helper';
import { signUpTestUser } from '../src/test/auth-helpers';
import { createTestDatabase } from '../src/test/test-db';

const ZONE = 'America/New_York';
const db = await createTestDatabase();
const app = await createBookingTestApp(db);
try {
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
  let started = performance.now();
  await rebuildRollups(db.dataSource.manager, shop.id);
  console.log(`rebuild: ${Math.round(performance.now() - started)} ms`);
  await db.dataSource.query('VACUUM (ANALYZE) "analytics_day_rollups"');
  console.log(
    'rollup rows',
    await db.dataSource.query(`SELECT "grain", count(*)::int AS "rows" FROM "analytics_day_rollups" GROUP BY 1`),
  );
  const runner = db.dataSource.createQueryRunner();
  await runner.connect();
  const m = runner.manager;
  const [backend] = (await runner.query('SELECT pg_backend_pid() AS "pid"')) as Array<{ pid: number }>;
  const pid = backend?.pid;
  const cpuMs = () => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const time = async (f: () => Promise<unknown>) => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      started = performance.now();
      const cpu = cpuMs();
      await f();
      cpus.push(cpuMs() - cpu);
      walls.push(performance.now() - started);
    }
    const median = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[2] ?? 0);
    return `${median(cpus)} cpu / ${median(walls)} wall`;
  };
  const now = new Date();
  const today = localDateOf(now, ZONE);
  const custom = { period: 'custom', from: daysBefore(today, 730), to: today };
  for (const q of [{ period: '7d' }, { period: '30d' }, { period: '90d' }, { period: '12m' }, custom]) {
    const { period, previous } = resolvePeriods(q as never, today);
    const scope: AnalyticsScope = {
      shopId: shop.id,
      timeZone: ZONE,
      currency: 'USD',
      current: period,
      prior: previous,
    };
    console.log(
      JSON.stringify({
        period: `${q.period} ${period.from}..${period.to}`,
        summary: await time(() => loadSummaries(m, scope, now)),
        barbers: await time(() => loadBarberFigures(m, scope, null)),
        services: await time(() => loadTopServices(m, scope)),
        servicesRollups: await time(() => loadTopServicesFromRollups(m, scope)),
        heatmap: await time(() => loadHeatmap(m, scope)),
        heatmapRollups: await time(() => loadHeatmapFromRollups(m, scope)),
        daily: await time(() => loadDaily(m, scope)),
        dailyRollups: await time(() => loadDailyFromRollups(m, scope)),
      }),
    );
  }
  await runner.release();
} finally {
  await app.close?.();
  await db.drop();
}

function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
