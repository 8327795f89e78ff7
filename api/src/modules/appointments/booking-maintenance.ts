import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { extendSeries } from '../series/series.service';
import type { BookingDeps } from './booking-deps';

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

export function startBookingMaintenance(deps: {
  dataSource: DataSource;
  logger: Logger;
  /** Booking's deps (mail queue, clock): with them, recurring series are extended as the horizon moves (issue 14). */
  booking?: BookingDeps;
}): { stop(): void } {
  const { booking } = deps;
  const run = () =>
    Promise.all([
      purgeIdempotencyKeys(deps.dataSource).catch((err) =>
        deps.logger.warn({ err: (err as Error).message }, 'idempotency key purge failed'),
      ),
      booking &&
        extendSeries(booking, booking.now()).catch((err) =>
          deps.logger.warn({ err: (err as Error).message }, 'series extension failed'),
        ),
    ]);
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
