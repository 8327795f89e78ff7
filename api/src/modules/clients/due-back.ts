import { type DueBackFilter, LAPSED_AFTER_INTERVALS } from '@barberly/common';

/**
 * Who is due back (issue 28): the one definition the Clients tab's "Due back" and "Lapsed" filters and the
 * assistant's "Who is overdue" share (they call listClients with the filter, so they give the same count).
 *
 * A client with a usual interval (2+ visits) is due on last visit + usual interval, in the shop's zone. With nothing
 * booked ahead:
 *   - due back: the due date is today or before, overdue by at most LAPSED_AFTER_INTERVALS usual intervals;
 *   - lapsed: overdue by more than that.
 * Worked example, today Dec 2: every 14 days, last Nov 4 -> due Nov 18, 14 days overdue (1 interval): due back.
 * Monthly, last Jul 1 -> due Jul 31, 124 days overdue (more than 3 x 30): lapsed.
 *
 * The predicates read the clients summary row `s` ("due_date", "usual_days", "next_appointment"); `today` is the
 * SQL parameter holding today's date in the shop's zone.
 */
export function dueBackWhere(filter: DueBackFilter, today: string): string {
  const overdueDays = `(${today}::date - s."due_date")`;
  const bound = `${LAPSED_AFTER_INTERVALS} * s."usual_days"`;
  return [
    `s."due_date" <= ${today}::date`,
    `s."next_appointment" IS NULL`,
    filter === 'due' ? `${overdueDays} <= ${bound}` : `${overdueDays} > ${bound}`,
  ].join(' AND ');
}

/** Due back leads with those due now, then the recently overdue; lapsed with the most recently lapsed. */
export const DUE_BACK_ORDER = `s."due_date" DESC, lower(s."name"), s."id"`;

/** Whether a client row is lapsed, as dueBackWhere('lapsed') decides it (for the row's own flag). */
export function isLapsed(dueDate: string | null, usualDays: number | null, today: string, booked: boolean): boolean {
  if (!dueDate || usualDays === null || booked || dueDate > today) return false;
  const overdue = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  return overdue > LAPSED_AFTER_INTERVALS * usualDays;
}
