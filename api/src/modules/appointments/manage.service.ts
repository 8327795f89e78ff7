import {
  BOOKING_MESSAGES,
  localDateOf,
  ManageCancelSchema,
  type ManagedAppointment,
  RescheduleRequestSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import { appointmentIcs, manageUrlOf } from '../mail/booking-mails';
import type { ScheduledMail } from '../mail/mail-queue';
import { cancelSeriesVisits, managedSeriesOf } from '../series/series.service';
import { enqueueWaitlistCheck } from '../waitlist/waitlist-queue';
import { AppointmentEntity } from './appointment.entity';
import { type AppointmentContext, loadAppointmentContext, toAppointmentDto } from './appointment-view';
import { type BookingDeps, candidateBarbers, reminderMail } from './booking.service';
import { hashManageToken, isWellFormedToken } from './manage-token';
import { loadVisitServices, placeVisit, replaceVisitItems, SERVICE_REFUSED } from './visit';

/** The client's own link: read, cancel, move, or add to a calendar one appointment, without an account. */

export function cutoffOf(ctx: AppointmentContext): Date {
  return new Date(ctx.appointment.startsAt.getTime() - ctx.shop.cancellationCutoffMinutes * 60_000);
}

async function toManaged(deps: BookingDeps, ctx: AppointmentContext, token: string): Promise<ManagedAppointment> {
  const cutoffAt = cutoffOf(ctx);
  // A visit of a series manages the series (issue 14): its upcoming visits and open conflicts.
  const series = await managedSeriesOf(deps.dataSource.manager, ctx.appointment, deps.now());
  return {
    ...toAppointmentDto(ctx),
    canChange: ctx.appointment.status === 'confirmed' && deps.now().getTime() < cutoffAt.getTime(),
    cutoffAt: cutoffAt.toISOString(),
    calendarUrl: `${new URL(deps.config.PUBLIC_ORIGIN).origin}/api/appointments/manage/${token}/calendar.ics`,
    ...(series ? { series } : {}),
  };
}

async function loadByToken(manager: EntityManager, token: string, lock = false): Promise<AppointmentContext> {
  const ctx = isWellFormedToken(token)
    ? await loadAppointmentContext(manager, { manageTokenHash: hashManageToken(token) }, lock)
    : null;
  if (!ctx) throw notFound(BOOKING_MESSAGES.appointmentNotFound);
  return ctx;
}

function assertChangeable(deps: BookingDeps, ctx: AppointmentContext): void {
  if (ctx.appointment.status !== 'confirmed') {
    throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
  }
  if (deps.now().getTime() >= cutoffOf(ctx).getTime()) {
    const message = BOOKING_MESSAGES.changeWindowClosed(ctx.shop.cancellationCutoffMinutes);
    throw new HttpError(409, 'change_window_closed', message);
  }
}

export async function getManaged(deps: BookingDeps, token: string): Promise<ManagedAppointment> {
  return toManaged(deps, await loadByToken(deps.dataSource.manager, token), token);
}

export async function calendarFor(deps: BookingDeps, token: string): Promise<string> {
  const ctx = await loadByToken(deps.dataSource.manager, token);
  const url = manageUrlOf(deps.config.PUBLIC_ORIGIN, ctx.shop, token);
  return appointmentIcs(toAppointmentDto(ctx), ctx.appointment.version, deps.now(), url);
}

/**
 * Cancels: the slot is free at once (the exclusion constraint ignores cancelled rows). A visit of a series may take
 * every later visit with it (scope 'following', issue 14).
 */
export async function cancelManaged(deps: BookingDeps, token: string, body: unknown = {}): Promise<ManagedAppointment> {
  const { scope } = parseInput(ManageCancelSchema, body ?? {});
  await deps.mailQueue.ready();
  const ctx = await deps.dataSource.transaction(async (manager) => {
    const ctx = await loadByToken(manager, token, true);
    assertChangeable(deps, ctx);
    if (ctx.appointment.seriesId && scope) await cancelSeriesVisits(deps, manager, ctx, scope);
    else await cancelAppointment(deps, manager, ctx);
    return ctx;
  });
  return toManaged(deps, ctx, token);
}

/** Marks an appointment cancelled (by the client or the owner) and queues the notices; the reminder goes stale. */
export async function cancelAppointment(deps: BookingDeps, manager: EntityManager, ctx: AppointmentContext) {
  const a = ctx.appointment;
  a.status = 'cancelled';
  a.cancelledAt = deps.now();
  a.version += 1;
  await manager.getRepository(AppointmentEntity).save(a);
  const mails: ScheduledMail[] = [
    { job: { kind: 'cancellation', appointmentId: a.id, version: a.version } },
    { job: { kind: 'owner_cancellation', appointmentId: a.id, version: a.version } },
  ];
  await deps.mailQueue.enqueue(manager, a.source === 'walk_in' ? [] : mails, deps.now());
  // The freed time goes to whoever waits for that day (issue 14), once this commits.
  await enqueueWaitlistCheck(manager, deps.mailQueue, a.shopId, localDateOf(a.startsAt, ctx.shop.timeZone));
}

/**
 * Moves the appointment in one UPDATE: the row's new range (with its buffer) is checked by the exclusion constraint
 * against every other live appointment, and the old range is released by the same statement. If the new time is
 * taken the UPDATE fails and the appointment keeps its old time. The visit keeps its services, done as the (new)
 * barber does them: their durations and the buffer follow, the names and prices the client booked stay. The client hears of it by mail (with the manage link when
 * the client moved it themselves), with a fresh reminder. Shared by the manage link and the staff's tools.
 */
export async function moveAppointment(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: AppointmentContext,
  input: { start: Date; barberId?: string },
  options: { ignoreNotice?: boolean; manageToken?: string } = {},
): Promise<AppointmentContext> {
  const { appointment, shop } = ctx;
  const freedDate = localDateOf(appointment.startsAt, shop.timeZone);
  const booked = ctx.items?.length
    ? ctx.items
    : [{ serviceId: appointment.serviceId, name: appointment.serviceName, price: appointment.servicePrice }];
  const serviceIds = booked.map((item) => item.serviceId);
  if (serviceIds.some((id) => !id)) throw SERVICE_REFUSED();
  const services = await loadVisitServices(manager, shop, serviceIds as string[]);
  const candidates = await candidateBarbers(manager, shop, input.barberId ?? appointment.barberId, input.start);
  const { barber, result: items } = await placeVisit(
    manager,
    {
      shop,
      services,
      candidates,
      start: input.start,
      now: deps.now(),
      ignoreNotice: options.ignoreNotice,
      barberNamed: true,
    },
    async (candidate, visit, end) => {
      await manager.query(
        `UPDATE "appointments" SET "starts_at" = $2, "ends_at" = $3, "barber_id" = $4,
           "service_duration_minutes" = $5, "buffer_minutes" = $6, "version" = "version" + 1, "updated_at" = now()
         WHERE "id" = $1`,
        [appointment.id, input.start, end, candidate.id, visit.durationMinutes, visit.bufferMinutes],
      );
      const kept = visit.items.map((item, i) => ({ ...item, name: booked[i]!.name, price: booked[i]!.price }));
      await replaceVisitItems(manager, appointment.id, kept);
      return kept;
    },
  );
  const moved = await manager.getRepository(AppointmentEntity).findOneOrFail({ where: { id: appointment.id } });
  // The old time is free: whoever waits for that day hears of it (issue 14).
  await enqueueWaitlistCheck(manager, deps.mailQueue, shop.id, freedDate);
  const job = { kind: 'rescheduled' as const, appointmentId: moved.id, version: moved.version };
  await deps.mailQueue.enqueue(
    manager,
    moved.clientEmail
      ? [
          { job: options.manageToken ? { ...job, manageToken: options.manageToken } : job },
          ...reminderMail(moved, shop, deps.now(), options.manageToken),
        ]
      : [],
    deps.now(),
  );
  return { appointment: moved, barber, shop, items };
}

/** POST /api/appointments/manage/{token}/reschedule: the client moves their own appointment (before the cutoff). */
export async function rescheduleManaged(deps: BookingDeps, token: string, body: unknown): Promise<ManagedAppointment> {
  const input = parseInput(RescheduleRequestSchema, body);
  await deps.mailQueue.ready();
  const ctx = await deps.dataSource.transaction(async (manager) => {
    const ctx = await loadByToken(manager, token, true);
    assertChangeable(deps, ctx);
    return moveAppointment(deps, manager, ctx, input, { manageToken: token });
  });
  return toManaged(deps, ctx, token);
}
