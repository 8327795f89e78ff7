import { BOOKING_MESSAGES } from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../platform/http/errors';
import { extendSeries } from '../series/series.service';
import type { BookingDeps } from './booking-deps';

/**
 * Idempotency keys answer replays for a day (they hold the 201 body, manage token included); after that they are
 * deleted, hourly.
 */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * Claims an Idempotency-Key for one request inside its transaction: null when the key is new (the request goes on),
 * else the answer stored for it. A key that expired but is not purged yet is free again; a key reused for another
 * request (another hash), or one whose first request has no answer the caller can replay, is a 409 in words.
 */
export async function claimIdempotencyKey<T>(
  manager: EntityManager,
  shopId: string,
  key: string,
  requestHash: string,
  replayable: (response: T | null) => response is T,
): Promise<T | null> {
  await manager.query(
    `DELETE FROM "booking_idempotency_keys" WHERE "shop_id" = $1 AND "key" = $2
     AND "created_at" < now() - make_interval(hours => $3)`,
    [shopId, key, IDEMPOTENCY_KEY_TTL_HOURS],
  );
  const claimed = (await manager.query(
    `INSERT INTO "booking_idempotency_keys" ("shop_id", "key", "request_hash") VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING "key"`,
    [shopId, key, requestHash],
  )) as unknown[];
  if (claimed.length > 0) return null;
  const [stored] = (await manager.query(
    `SELECT "request_hash", "response" FROM "booking_idempotency_keys" WHERE "shop_id" = $1 AND "key" = $2`,
    [shopId, key],
  )) as Array<{ request_hash: string; response: T | null }>;
  if (!stored || stored.request_hash !== requestHash || !replayable(stored.response)) {
    throw new HttpError(409, 'idempotency_key_reused', BOOKING_MESSAGES.idempotencyKeyReused);
  }
  return stored.response;
}

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
