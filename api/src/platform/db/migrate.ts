// `npm run db:migrate`: applies pending migrations to DATABASE_URL and exits.
import { createDataSource } from './data-source';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
const dataSource = createDataSource(url, { poolSize: 2 });
await dataSource.initialize();
const applied = await dataSource.runMigrations({ transaction: 'each' });
console.log(applied.length ? `Applied: ${applied.map((m) => m.name).join(', ')}` : 'No pending migrations');
await dataSource.destroy();
