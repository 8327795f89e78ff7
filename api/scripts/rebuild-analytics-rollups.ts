// `npm run analytics:rebuild-rollups -w api [-- --shop <uuid>]`: rebuilds analytics' per-day rollups
// (analytics_day_rollups, decision 0188) from the raw appointments, for one shop or every shop, each in its own
// transaction. Run it once after migration 1795540000000, after restoring a backup, after a shop's time zone changes,
// and after any change to appointments written outside the lifecycle (a direct SQL edit, a bulk import, the bench's
// seed). DATABASE_URL decides the database.
import 'reflect-metadata';
import { rebuildRollups } from '../src/modules/analytics/analytics-rollups';
import { createDataSource } from '../src/platform/db/data-source';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
const at = process.argv.indexOf('--shop');
const shopId = at >= 0 ? (process.argv[at + 1] ?? null) : null;
const dataSource = createDataSource(url, { poolSize: 1 });
await dataSource.initialize();
try {
  const started = Date.now();
  const shops = await rebuildRollups(dataSource.manager, shopId);
  console.log(`rebuilt the analytics rollups of ${shops} shop(s) in ${Date.now() - started} ms`);
} finally {
  await dataSource.destroy();
}
