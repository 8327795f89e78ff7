import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointment.entity';
import { type AppointmentContext, loadAppointmentContext } from '../appointment-view';
import { type Actor, snapshotOf } from './appointment-event';
import { type LifecycleDeps, recordEvent } from './event-log';

/**
 * Completed or no-show, set by the staff (or the assistant for them). From cancelled this takes the time back,
 * which the exclusion constraint may refuse (23P01: the caller answers 409). Setting the status it already has
 * changes nothing and writes no event.
 */
export async function markAppointment(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  status: 'completed' | 'no_show',
  actor: Actor,
): Promise<void> {
  const a = ctx.appointment;
  if (a.status === status) return;
  const before = snapshotOf(a);
  a.status = status;
  a.version += 1;
  await manager.getRepository(AppointmentEntity).save(a);
  await recordEvent(
    deps,
    manager,
    { appointment: a, shop: ctx.shop },
    { type: status, actor, before, after: snapshotOf(a) },
  );
}

/**
 * Confirmed by the client (a YES to a reminder text): the first confirmation is kept; a second one writes nothing.
 * Returns whether this was the first.
 */
export async function confirmByClient(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  via: string,
): Promise<boolean> {
  const [, count] = (await manager.query(
    `UPDATE "appointments" SET "client_confirmed_at" = $2 WHERE "id" = $1 AND "client_confirmed_at" IS NULL`,
    [ctx.appointment.id, deps.now()],
  )) as [unknown, number];
  if (count === 0) return false;
  ctx.appointment.clientConfirmedAt = deps.now();
  const snapshot = snapshotOf(ctx.appointment);
  await recordEvent(
    deps,
    manager,
    { appointment: ctx.appointment, shop: ctx.shop },
    {
      type: 'confirmed',
      actor: { kind: 'client', id: ctx.appointment.clientId },
      via,
      before: snapshot,
      after: snapshot,
    },
  );
  return true;
}

/** An existing visit becomes the first of a new series ('Make this a series…', a client's repeat booking). */
export async function joinSeries(
  deps: LifecycleDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  series: { id: string; occurrence: string },
  actor: Actor,
): Promise<void> {
  const before = snapshotOf(ctx.appointment);
  await manager.query(`UPDATE "appointments" SET "series_id" = $2, "series_occurrence" = $3 WHERE "id" = $1`, [
    ctx.appointment.id,
    series.id,
    series.occurrence,
  ]);
  ctx.appointment.seriesId = series.id;
  ctx.appointment.seriesOccurrence = series.occurrence;
  await recordEvent(
    deps,
    manager,
    { appointment: ctx.appointment, shop: ctx.shop },
    { type: 'series_joined', actor, before, after: snapshotOf(ctx.appointment) },
  );
}

/**
 * Completed at the chair's checkout (issue 27): the version always moves (the receipt mail is keyed by it, and a
 * queued reminder is dropped); the 'completed' event is written when the status changes. Returns the new version.
 */
export async function completeAtCheckout(
  deps: LifecycleDeps,
  manager: EntityManager,
  appointmentId: string,
  actor: Actor,
): Promise<number> {
  const ctx = await loadAppointmentContext(manager, { id: appointmentId }, true);
  if (!ctx) return 1;
  const before = snapshotOf(ctx.appointment);
  const [rows] = (await manager.query(
    `UPDATE "appointments" SET "status" = 'completed', "version" = "version" + 1, "updated_at" = now()
     WHERE "id" = $1 RETURNING "version"`,
    [appointmentId],
  )) as [Array<{ version: number }>, number];
  const version = rows[0]?.version ?? 1;
  if (before.status !== 'completed') {
    ctx.appointment.status = 'completed';
    ctx.appointment.version = version;
    await recordEvent(
      deps,
      manager,
      { appointment: ctx.appointment, shop: ctx.shop },
      { type: 'completed', actor, via: 'checkout', before, after: snapshotOf(ctx.appointment) },
    );
  }
  return version;
}
