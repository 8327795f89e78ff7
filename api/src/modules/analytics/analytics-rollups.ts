import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';

/**
 * What analytics keeps on write (issue 29 item 3, decision 0188), in the shop's zone:
 *   - per-day rollups (`analytics_day_rollups`, migration 1795540000000, grain 'day' since 1795550300000): per local
 *     day (and starting hour, barber or service name), status, source and currency, the count, prices and seconds;
 *   - client visit rows (`analytics_client_visits`, migration 1795550300000): per kept appointment with a client,
 *     what the client's other kept appointments say about it (first day, previous and next, retention, rebook).
 *
 * Both are recomputed from the raw rows, never adjusted by deltas, by functions the migration defines (one
 * definition for the listener, the rebuild, the migration itself and its two triggers: an appointment given to
 * another client, a shop's new zone): `analytics_recompute_days(shop, days)` replaces the rows of those local days
 * and `analytics_recompute_clients(shop, clients)` those clients' rows, each after a transaction-scoped advisory lock
 * per day or client taken in order, so two changes of one day or client are applied one after the other and the
 * second reads the first's committed rows. Idempotent: running them again changes nothing.
 */

/** The local days (YYYY-MM-DD) of these instants in the zone, distinct and sorted. */
export function localDaysOf(timeZone: string, instants: ReadonlyArray<Date | string | null | undefined>): string[] {
  const days = new Set<string>();
  for (const at of instants) {
    if (!at) continue;
    const date = at instanceof Date ? at : new Date(at);
    const day = DateTime.fromJSDate(date, { zone: timeZone }).toISODate();
    if (day) days.add(day);
  }
  return [...days].sort();
}

/**
 * Replaces the shop's rollup rows of these local days with what its appointments say now (in the shop's zone).
 * Call it inside the transaction that changed the appointments, with the days before and after the change.
 */
export async function recomputeRollupDays(
  manager: EntityManager,
  shopId: string,
  days: readonly string[],
): Promise<void> {
  if (days.length === 0) return;
  await manager.query(`SELECT "analytics_recompute_days"($1, $2::date[])`, [shopId, [...new Set(days)]]);
}

/**
 * Replaces the client visit rows of these clients (every kept appointment of theirs) with what their appointments
 * say now. Call it inside the transaction that changed one of their appointments.
 */
export async function recomputeClientVisits(
  manager: EntityManager,
  shopId: string,
  clientIds: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const ids = [...new Set(clientIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  await manager.query(`SELECT "analytics_recompute_clients"($1, $2::uuid[])`, [shopId, ids]);
}

/**
 * Rebuilds the rollups and client visit rows of one shop, or of every shop (null), from the raw rows, each shop in
 * its own transaction. Returns the shops rebuilt.
 */
export async function rebuildRollups(manager: EntityManager, shopId: string | null = null): Promise<number> {
  const shops = (await manager.query(
    `SELECT "id" FROM "shops" WHERE $1::uuid IS NULL OR "id" = $1::uuid ORDER BY "id"`,
    [shopId],
  )) as Array<{ id: string }>;
  for (const shop of shops) {
    await manager.transaction((tx) => tx.query(`SELECT "analytics_rebuild"($1)`, [shop.id]));
  }
  return shops.length;
}
