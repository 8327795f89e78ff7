import {
  addDays,
  barberHoursOnDate,
  findSpecialDay,
  type Hours,
  hoursOnDate,
  localDateOf,
  type ShopPageSpecialDay,
  SPECIAL_DAY_LIMITS,
  type SpecialDay,
  type SpecialDayRule,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';

/**
 * Special days (issue 25, item 6; decision 0180) as rows of `special_days`, and the week as it stands on a date for
 * the readers of hours (availability, booking, walk-ins, series, waitlist, the assistant). The rows are read with
 * plain SQL: a date column comes back as 'YYYY-MM-DD' text, never as a Date in the server's zone.
 */

interface Row {
  date: string;
  barber_id: string | null;
  closed: boolean;
  open: string | null;
  close: string | null;
  reason: string;
}

const toSpecialDay = (r: Row): SpecialDay => ({
  date: r.date,
  barberId: r.barber_id,
  closed: r.closed,
  open: r.open,
  close: r.close,
  reason: r.reason,
});

const COLUMNS = `to_char("date", 'YYYY-MM-DD') AS "date", "barber_id", "closed", "open", "close", "reason"`;

/** The shop's special days (its own and its barbers') from `from` to `to`, both included, by date, the shop's first. */
export async function loadSpecialDays(
  manager: EntityManager,
  shopId: string,
  from: string,
  to: string,
  barberId?: string,
): Promise<SpecialDay[]> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM "special_days"
     WHERE "shop_id" = $1 AND "date" BETWEEN $2::date AND $3::date
       AND ($4::uuid IS NULL OR "barber_id" IS NULL OR "barber_id" = $4::uuid)
     ORDER BY "date", "barber_id" NULLS FIRST`,
    [shopId, from, to, barberId ?? null],
  )) as Row[];
  return rows.map(toSpecialDay);
}

/** The shop's special days on one date (the shop's own and every barber's). */
export function specialDaysOn(manager: EntityManager, shopId: string, date: string): Promise<SpecialDay[]> {
  return loadSpecialDays(manager, shopId, date, date);
}

/** Sets (inserts or replaces) the special day of a date for the shop (barberId null) or one barber. */
export async function upsertSpecialDay(manager: EntityManager, shopId: string, day: SpecialDay): Promise<SpecialDay> {
  const conflict = day.barberId
    ? `("barber_id", "date") WHERE "barber_id" IS NOT NULL`
    : `("shop_id", "date") WHERE "barber_id" IS NULL`;
  const rows = (await manager.query(
    `INSERT INTO "special_days" ("shop_id", "barber_id", "date", "closed", "open", "close", "reason")
     VALUES ($1, $2, $3::date, $4, $5, $6, $7)
     ON CONFLICT ${conflict}
     DO UPDATE SET "closed" = EXCLUDED."closed", "open" = EXCLUDED."open", "close" = EXCLUDED."close",
       "reason" = EXCLUDED."reason", "updated_at" = now()
     RETURNING ${COLUMNS}`,
    [shopId, day.barberId, day.date, day.closed, day.open, day.close, day.reason],
  )) as Row[];
  return toSpecialDay(rows[0]!);
}

/** Removes the special day of a date; false when there was none. */
export async function deleteSpecialDay(
  manager: EntityManager,
  shopId: string,
  date: string,
  barberId: string | null,
): Promise<boolean> {
  const [, count] = (await manager.query(
    `DELETE FROM "special_days" WHERE "shop_id" = $1 AND "date" = $2::date
       AND "barber_id" IS NOT DISTINCT FROM $3::uuid`,
    [shopId, date, barberId],
  )) as [unknown[], number];
  return count > 0;
}

/** The shop's week as it stands on `date`. */
export function shopHoursOn(date: string, shopWeek: Hours, specials: readonly SpecialDay[]): Hours {
  return hoursOnDate(date, shopWeek, findSpecialDay(specials, date, null));
}

/** A barber's week as it stands on `date` (their own special day first, then their week, then the shop's day). */
export function barberHoursOn(
  date: string,
  shopWeek: Hours,
  barber: { id: string; hoursJson: Hours | null },
  specials: readonly SpecialDay[],
): Hours {
  const shopDay: SpecialDayRule | undefined = findSpecialDay(specials, date, null);
  return barberHoursOnDate(date, shopWeek, barber.hoursJson, shopDay, findSpecialDay(specials, date, barber.id));
}

/** The public page's special days (the whole shop's), yesterday to 45 days on: the storefront keeps its next 14. */
export async function shopPageSpecialDays(
  manager: EntityManager,
  shop: { id: string; timeZone: string },
  now: Date,
): Promise<ShopPageSpecialDay[]> {
  const today = localDateOf(now, shop.timeZone);
  const days = await loadSpecialDays(
    manager,
    shop.id,
    addDays(today, -1),
    addDays(today, SPECIAL_DAY_LIMITS.shopPageDays),
  );
  return days
    .filter((d) => d.barberId === null)
    .map(({ date, closed, open, close, reason }) => ({ date, closed, open, close, reason }));
}
