import type { DataSource, Migration } from 'typeorm';

/**
 * The one key every Barberly process migrates under (decision 0174): two apis starting at once, a `migrate` job beside
 * an api, or someone running `npm run db:migrate` by hand all queue here, and each finds only what is still pending.
 */
export const MIGRATION_LOCK = 'barberly:migrations';

/**
 * Runs the pending migrations while holding a session-level PostgreSQL advisory lock on a connection of its own
 * (TypeORM's runner takes another one from the pool, so the pool needs two). Whoever waited behind the lock finds
 * nothing pending and returns an empty list. The lock goes with the connection if the process dies.
 */
export async function runMigrationsLocked(
  dataSource: DataSource,
  options: { onWait?: () => void } = {},
): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
      MIGRATION_LOCK,
    ])) as [{ locked: boolean }];
    if (!locked) {
      options.onWait?.();
      await runner.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    }
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
