import type { WaitlistStatus } from '@barberly/common';
import type { EntityManager } from 'typeorm';

/** Reading waitlist entries: their rows, their place in line, the names they show. */

export interface EntryRow {
  id: string;
  shop_id: string;
  /** 'YYYY-MM-DD' (read with to_char: pg would turn a date into a local-midnight Date). */
  date: string;
  window_start: string;
  window_end: string;
  barber_id: string | null;
  service_ids: string[];
  client_id: string | null;
  client_name: string;
  client_email: string;
  client_phone: string;
  status: WaitlistStatus;
  appointment_id: string | null;
  created_at: Date;
}

export const ENTRY_COLUMNS = `"id", "shop_id", to_char("date", 'YYYY-MM-DD') AS "date", "window_start", "window_end",
  "barber_id", "service_ids", "client_id", "client_name", "client_email", "client_phone", "status", "appointment_id",
  "created_at"`;

/** Entries still in line: waiting, or holding an offer. */
export const IN_LINE: WaitlistStatus[] = ['waiting', 'offered'];

export async function findEntry(
  manager: EntityManager,
  where: { id: string; shopId?: string } | { tokenHash: string },
  lock = false,
): Promise<EntryRow | null> {
  const [sql, params] =
    'tokenHash' in where
      ? [`"manage_token_hash" = $1`, [where.tokenHash]]
      : where.shopId
        ? [`"id" = $1 AND "shop_id" = $2`, [where.id, where.shopId]]
        : [`"id" = $1`, [where.id]];
  const [row] = (await manager.query(
    `SELECT ${ENTRY_COLUMNS} FROM "waitlist_entries" WHERE ${sql}${lock ? ' FOR UPDATE' : ''}`,
    params,
  )) as EntryRow[];
  return row ?? null;
}

/** 1 for the first in line for that day (join order: created_at, then id; compared in the
 * database, whose microseconds a JS Date would lose); 0 for an entry no longer in line. */
export async function positionOf(manager: EntityManager, entry: EntryRow): Promise<number> {
  if (!IN_LINE.includes(entry.status)) return 0;
  const [row] = (await manager.query(
    `SELECT count(*)::int AS "n" FROM "waitlist_entries"
     WHERE "shop_id" = $1 AND "date" = $2 AND "status" = ANY($3::varchar[])
       AND ("created_at", "id") <= (SELECT "created_at", "id" FROM "waitlist_entries" WHERE "id" = $4)`,
    [entry.shop_id, entry.date, IN_LINE, entry.id],
  )) as Array<{ n: number }>;
  return row?.n ?? 0;
}

/** The services' ids and names in the entry's order; a service deleted since is left out. */
export async function namedServices(
  manager: EntityManager,
  shopId: string,
  ids: string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  const rows = (await manager.query(
    `SELECT "id", "name" FROM "services" WHERE "shop_id" = $1 AND "id" = ANY($2::uuid[])`,
    [shopId, ids],
  )) as Array<{ id: string; name: string }>;
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

export async function namedBarber(
  manager: EntityManager,
  barberId: string | null,
): Promise<{ id: string; name: string } | null> {
  if (!barberId) return null;
  const [row] = (await manager.query(`SELECT "id", "name" FROM "barbers" WHERE "id" = $1`, [barberId])) as Array<{
    id: string;
    name: string;
  }>;
  return row ?? null;
}
