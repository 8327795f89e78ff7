import { type CancelScope, localDateOf } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { type AppointmentContext, loadAppointmentContext } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking-deps';
import { type Actor, cancelAppointment } from '../appointments/lifecycle';
import { occurrenceDates } from './rule';
import { bookOccurrences } from './series-placement';
import {
  bookingWindow,
  clientTemplate,
  contextOf,
  markExtended,
  ruleOf,
  SERIES_COLUMNS,
  type SeriesRow,
} from './series-rows';

/**
 * Series upkeep: cancelling a visit and the rest of its series, and the hourly extension as the booking horizon
 * moves (workers.ts).
 */

/**
 * Cancels a visit of a series ('one'), or it and every later confirmed visit of its series ('following'); the
 * series then ends (extension stops) and its open collisions from that visit's date on are dismissed. Each visit
 * is cancelled as any cancellation is (cancelAppointment: version bump, so its reminders go stale, and the
 * notices). Runs in the caller's transaction, with ctx's appointment locked by the caller. Returns the visits
 * cancelled, the given one first.
 */
export async function cancelSeriesVisits(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  scope: CancelScope,
  actor: Actor = { kind: 'staff' },
  reason: string | null = null,
): Promise<AppointmentContext[]> {
  const cancelled: AppointmentContext[] = [];
  const how = {
    actor,
    reason,
    ...(scope === 'following' ? { data: { series: 'following', from: ctx.appointment.id } } : {}),
  };
  if (ctx.appointment.status !== 'cancelled') {
    await cancelAppointment(deps, manager, ctx, how);
    cancelled.push(ctx);
  }
  const seriesId = ctx.appointment.seriesId;
  if (scope === 'one' || !seriesId) return cancelled;

  await manager.query(`SELECT 1 FROM "appointment_series" WHERE "id" = $1 FOR UPDATE`, [seriesId]);
  const later = await manager
    .getRepository(AppointmentEntity)
    .createQueryBuilder('a')
    .where(`a.series_id = :seriesId AND a.status = 'confirmed' AND a.starts_at > :start AND a.id <> :id`, {
      seriesId,
      start: ctx.appointment.startsAt,
      id: ctx.appointment.id,
    })
    .orderBy('a.starts_at', 'ASC')
    .setLock('pessimistic_write')
    .getMany();
  for (const appointment of later) {
    const each = await loadAppointmentContext(manager, { id: appointment.id });
    if (!each) continue;
    await cancelAppointment(deps, manager, each, how);
    cancelled.push(each);
  }
  const from = ctx.appointment.seriesOccurrence ?? localDateOf(ctx.appointment.startsAt, ctx.shop.timeZone);
  await manager.query(
    `UPDATE "appointment_series" SET "status" = 'ended', "updated_at" = now() WHERE "id" = $1 AND "status" = 'active'`,
    [seriesId],
  );
  await manager.query(
    `UPDATE "series_collisions" SET "status" = 'dismissed' WHERE "series_id" = $1 AND "status" = 'open' AND "occurrence_date" >= $2`,
    [seriesId, from],
  );
  return cancelled;
}

/**
 * The hourly step: for every active series, books the occurrences that entered the booking horizon since it was
 * last extended (collisions recorded as at creation) and ends the series whose last occurrence is past. Each series
 * is its own transaction with its row locked, and the unique (series_id, series_occurrence) index makes a repeat
 * harmless. Only reminders are sent: the series was confirmed when it was made.
 */
export async function extendSeries(
  deps: BookingDeps,
  now: Date,
): Promise<{ booked: number; collisions: number; ended: number }> {
  const totals = { booked: 0, collisions: 0, ended: 0 };
  const ids = (await deps.dataSource.query(
    `SELECT "id" FROM "appointment_series" WHERE "status" = 'active' ORDER BY "created_at"`,
  )) as Array<{ id: string }>;
  if (ids.length === 0) return totals;
  await deps.mailQueue.ready();
  const at = { ...deps, now: () => now };
  for (const { id } of ids) {
    try {
      await deps.dataSource.transaction(async (manager) => {
        const [row] = (await manager.query(
          `SELECT ${SERIES_COLUMNS} FROM "appointment_series" WHERE "id" = $1 AND "status" = 'active' FOR UPDATE`,
          [id],
        )) as SeriesRow[];
        if (!row) return;
        const ctx = await contextOf(manager, row);
        const { today, lastDay } = bookingWindow(ctx.shop, now);
        const dates = occurrenceDates(ruleOf(row));
        if ((dates[dates.length - 1] ?? row.first_date) < today) {
          await manager.query(
            `UPDATE "appointment_series" SET "status" = 'ended', "updated_at" = now() WHERE "id" = $1`,
            [id],
          );
          totals.ended += 1;
          return;
        }
        const due = dates.filter((d) => d > row.extended_to && d <= lastDay);
        if (due.length === 0) return;
        const { booked, collisions } = await bookOccurrences(
          at,
          manager,
          ctx,
          due,
          await clientTemplate(manager, row),
          {
            actor: { kind: 'system' },
          },
        );
        await markExtended(manager, row, lastDay);
        totals.booked += booked.length;
        totals.collisions += collisions.length;
      });
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, seriesId: id }, 'series extension failed');
    }
  }
  return totals;
}
