import { type ClientSummary, LIVE_APPOINTMENT_STATUSES } from '@barberly/common';
import { isLapsed } from './due-back';

export const VISIT = `(a."status" = 'completed' OR (a."status" = 'confirmed' AND a."ends_at" <= $2))`;
export const KEPT = `(${LIVE_APPOINTMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * The figures of a client row: visits, last visit, next appointment, total spent (completed, in the shop's
 * currency), no-shows, and the usual interval (median whole days between consecutive visits, in the shop's zone)
 * with the due date it gives. $1 shop, $2 now, $3 zone, $4 currency.
 *
 * Only for `candidates`, a query of the clients' "id"s the page can show (the search, a barber's own clients, a
 * page already chosen by name): every figure is read from those clients' appointments by ("shop_id", "client_id")
 * in IDX_appointments_client_kept (kept statuses: a cancelled appointment counts in none of them), index-only.
 * The shop's other clients cost nothing (issue 13, docs/benchmarks.md).
 */
export const summaryCte = (candidates: string) => `
  candidates AS MATERIALIZED (${candidates}),
  kept AS (
    SELECT a."client_id", a."status", a."starts_at", a."service_price", a."currency", v."visit", v."day",
      -- The day of the client's previous visit: days never go down in start order, so the latest one before.
      max(v."day") FILTER (WHERE v."visit") OVER (
        PARTITION BY a."client_id" ORDER BY a."starts_at", a."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS "previous_day"
    FROM "appointments" a
    CROSS JOIN LATERAL (
      SELECT ${VISIT} AS "visit", CASE WHEN ${VISIT} THEN (a."starts_at" AT TIME ZONE $3)::date END AS "day"
    ) v
    WHERE a."shop_id" = $1 AND a."client_id" IN (SELECT "id" FROM candidates) AND a."status" IN ${KEPT}
  ),
  figures AS MATERIALIZED (
    SELECT a."client_id",
      count(*) FILTER (WHERE a."visit")::int AS "visits",
      max(a."starts_at") FILTER (WHERE a."visit") AS "last_visit",
      min(a."starts_at") FILTER (WHERE a."status" = 'confirmed' AND a."starts_at" > $2) AS "next_appointment",
      coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $4), 0)::float8 AS "total_spent",
      count(*) FILTER (WHERE a."status" = 'no_show')::int AS "no_shows",
      -- The gaps between consecutive visit days (a second visit the same day is no gap).
      round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a."day" - a."previous_day")
        FILTER (WHERE a."visit" AND a."day" > a."previous_day"))::int AS "usual_days"
    FROM kept a
    GROUP BY a."client_id"
  ),
  summary AS (
    SELECT c."id", c."name", c."email", c."phone", c."tags", c."erased_at", c."created_at", c."updated_at",
      coalesce(f."visits", 0) AS "visits", f."last_visit", f."next_appointment",
      coalesce(f."total_spent", 0) AS "total_spent", coalesce(f."no_shows", 0) AS "no_shows", f."usual_days",
      CASE WHEN f."usual_days" IS NOT NULL
        THEN ((f."last_visit" AT TIME ZONE $3)::date + f."usual_days") END AS "due_date"
    FROM "clients" c
    LEFT JOIN figures f ON f."client_id" = c."id"
    WHERE c."shop_id" = $1 AND c."merged_into_id" IS NULL AND c."id" IN (SELECT "id" FROM candidates)
  )`;

export interface SummaryRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  erased_at: Date | null;
  created_at: Date;
  visits: number;
  last_visit: Date | null;
  next_appointment: Date | null;
  total_spent: number;
  no_shows: number;
  usual_days: number | null;
  due_date: string | Date | null;
}

function dateOnly(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  // node-postgres gives a date column as a local-midnight Date: read it back in local time.
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function toSummary(row: SummaryRow, today: string): ClientSummary {
  const dueDate = dateOnly(row.due_date);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tags: row.tags ?? [],
    visits: row.visits,
    lastVisit: row.last_visit ? row.last_visit.toISOString() : null,
    nextAppointment: row.next_appointment ? row.next_appointment.toISOString() : null,
    totalSpent: Math.round(Number(row.total_spent) * 100) / 100,
    noShows: row.no_shows,
    usualIntervalDays: row.usual_days,
    dueDate,
    overdue: Boolean(dueDate && dueDate < today && !row.next_appointment && !row.erased_at),
    lapsed: !row.erased_at && isLapsed(dueDate, row.usual_days, today, Boolean(row.next_appointment)),
    erased: row.erased_at !== null,
  };
}
