// `npm run db:migrate` (image: `node api/dist/migrate.js`, compose's `migrate` service): applies pending migrations to
// DATABASE_URL and exits. It waits for a database that is still starting, and for anyone else migrating (an advisory
// lock, decision 0174), so running it beside a starting api or twice at once applies each migration once.
import { createLogger } from '../logger';
import { initializeWhenReachable } from './connect';
import { createDataSource } from './data-source';
import { runMigrationsLocked } from './migrate-locked';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
const logger = createLogger(process.env.LOG_LEVEL || 'info', 'migrate');
const dataSource = createDataSource(url, { poolSize: 2 });
await initializeWhenReachable(dataSource, logger);
const applied = await runMigrationsLocked(dataSource, {
  onWait: () => console.log('Another process is migrating this database; waiting for it'),
});
console.log(applied.length ? `Applied: ${applied.map((m) => m.name).join(', ')}` : 'No pending migrations');
await dataSource.destroy();
