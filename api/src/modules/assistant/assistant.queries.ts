import { dayBounds } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { BookingDeps } from '../appointments/booking.service';
import type { ScheduledMail } from '../mail/mail-queue';
import type { ShopEntity } from '../shops/shop.entity';

/** The SQL behind the assistant's reads that no REST route answers yet. */

export interface ShopNumbers {
  appointments: number;
  completed: number;
  cancelled: number;
  noShows: number;
  walkIns: number;
  /** Completed appointments at the price they were booked at. */
  revenue: number;
  averageTicket: number;
  clients: number;
}

/** Numbers for the shop's days [from, to] (inclusive, in the shop's zone). */
export async function shopNumbers(
  manager: EntityManager,
  shop: ShopEntity,
  from: string,
  to: string,
): Promise<ShopNumbers> {
  const start = dayBounds(from, shop.timeZone).start;
  const end = dayBounds(to, shop.timeZone).end;
  const [row] = (await manager.query(
    `SELECT count(*) FILTER (WHERE "status" <> 'cancelled')::int AS "appointments",
            count(*) FILTER (WHERE "status" = 'completed')::int AS "completed",
            count(*) FILTER (WHERE "status" = 'cancelled')::int AS "cancelled",
            count(*) FILTER (WHERE "status" = 'no_show')::int AS "noShows",
            count(*) FILTER (WHERE "source" = 'walk_in' AND "status" <> 'cancelled')::int AS "walkIns",
            coalesce(sum("service_price") FILTER (WHERE "status" = 'completed'), 0)::float AS "revenue",
            count(DISTINCT lower("client_email")) FILTER (WHERE "client_email" <> '' AND "status" <> 'cancelled')::int
              AS "clients"
       FROM "appointments" WHERE "shop_id" = $1 AND "starts_at" >= $2 AND "starts_at" < $3`,
    [shop.id, start, end],
  )) as Array<Omit<ShopNumbers, 'averageTicket'>>;
  const numbers = row ?? {
    appointments: 0,
    completed: 0,
    cancelled: 0,
    noShows: 0,
    walkIns: 0,
    revenue: 0,
    clients: 0,
  };
  const revenue = Math.round(numbers.revenue * 100) / 100;
  return {
    ...numbers,
    revenue,
    averageTicket: numbers.completed ? Math.round((revenue / numbers.completed) * 100) / 100 : 0,
  };
}

/**
 * Queues the reminder now for every confirmed appointment of the day with an e-mail whose reminder was not sent
 * yet. The one scheduled for later is then skipped by the worker's sent record, so nobody gets two.
 */
export async function sendRemindersNow(
  deps: BookingDeps,
  shop: ShopEntity,
  day: string,
  options: { dryRun: boolean },
): Promise<{ count: number; date: string }> {
  const bounds = dayBounds(day, shop.timeZone);
  const select = (manager: EntityManager) =>
    manager.query(
      `SELECT a."id", a."version" FROM "appointments" a
        WHERE a."shop_id" = $1 AND a."status" = 'confirmed' AND a."client_email" <> ''
          AND a."starts_at" >= $2 AND a."starts_at" < $3 AND a."starts_at" > $4
          AND NOT EXISTS (SELECT 1 FROM "booking_mails_sent" s
                           WHERE s."appointment_id" = a."id" AND s."kind" = 'reminder' AND s."version" = a."version")`,
      [shop.id, bounds.start, bounds.end, deps.now()],
    ) as Promise<Array<{ id: string; version: number }>>;
  if (options.dryRun) return { count: (await select(deps.dataSource.manager)).length, date: day };
  await deps.mailQueue.ready();
  const stamp = deps.now().getTime().toString(36);
  return deps.dataSource.transaction(async (manager) => {
    const rows = await select(manager);
    const mails: ScheduledMail[] = rows.map((r) => ({
      job: { kind: 'reminder', appointmentId: r.id, version: r.version },
      key: `now-${stamp}`,
    }));
    await deps.mailQueue.enqueue(manager, mails, deps.now());
    return { count: rows.length, date: day };
  });
}
