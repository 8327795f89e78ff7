import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/**
 * Idempotency keys answer replays for a day (they hold the 201 body, manage token included); after that they are
 * deleted, hourly.
 */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export async function purgeIdempotencyKeys(dataSource: DataSource): Promise<number> {
  const [, count] = (await dataSource.query(
    `DELETE FROM "booking_idempotency_keys" WHERE "created_at" < now() - make_interval(hours => $1)`,
    [IDEMPOTENCY_KEY_TTL_HOURS],
  )) as [unknown, number];
  return count;
}

export function startBookingMaintenance(deps: { dataSource: DataSource; logger: Logger }): { stop(): void } {
  const run = () =>
    purgeIdempotencyKeys(deps.dataSource).catch((err) =>
      deps.logger.warn({ err: (err as Error).message }, 'idempotency key purge failed'),
    );
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
