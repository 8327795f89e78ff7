// `npm run analytics:rebuild-rollups -w api [-- --shop <uuid>]`: rebuilds analytics' per-day rollups and client visit
// rows (analytics_day_rollups, analytics_client_visits, decision 0188) from the raw appointments, for one shop or every
// shop, each in its own transaction. Migration 1795550300000 fills them, and triggers keep them through a shop's
// new zone and a client merge; run it after appointments were written outside the lifecycle (a direct SQL insert,
// delete or edit, a bulk import) and after restoring a backup of only some tables. DATABASE_URL decides the database.
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
