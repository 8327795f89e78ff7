import { type Appointment, BOOKING_MESSAGES, RescheduleRequestSchema } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import type { AppointmentEntity } from './appointment.entity';
import { type AppointmentContext, loadAppointmentContext, toAppointmentDto } from './appointment-view';
import type { BookingDeps } from './booking.service';
import { isOverlapViolation, slotTaken } from './booking-errors';
import { type Actor, cancelAppointment, markAppointment, moveAppointment } from './lifecycle';

/**
 * Changes to one appointment made for the shop by someone already allowed to act (the assistant's tools settle
 * who first): the owner reaches every appointment of the shop, a barber only their own, a client over text only
 * the ones booked with their phone. Outside the scope an appointment is as unknown as a made-up id (404).
 */
export interface AppointmentScope {
  shop: ShopEntity;
  /** Only this barber's appointments. */
  barberId?: string;
  /** Only appointments whose client phone is this (E.164), and the client's change rules (cutoff) apply. */
  matches?: (appointment: AppointmentEntity) => boolean;
  /** Clients may not change inside the shop's cancellation cutoff; staff may. */
  enforceCutoff?: boolean;
  /** Who acts, as the appointment's history names them (issue 24); absent: the shop's staff. */
  actor?: Actor;
}

const actorOf = (scope: AppointmentScope): Actor => scope.actor ?? { kind: 'staff' };

export async function loadScopedAppointment(
  manager: EntityManager,
  scope: AppointmentScope,
  appointmentId: string,
  lock = false,
): Promise<AppointmentContext> {
  const ctx = isUuid(appointmentId) ? await loadAppointmentContext(manager, { id: appointmentId }, lock) : null;
  const inScope =
    ctx &&
    ctx.appointment.shopId === scope.shop.id &&
    (!scope.barberId || ctx.appointment.barberId === scope.barberId) &&
    (!scope.matches || scope.matches(ctx.appointment));
  if (!ctx || !inScope) throw notFound(BOOKING_MESSAGES.appointmentNotFound);
  return ctx;
}

function assertChangeable(deps: BookingDeps, scope: AppointmentScope, ctx: AppointmentContext): void {
  if (ctx.appointment.status !== 'confirmed')
    throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
  if (!scope.enforceCutoff) return;
  const cutoff = ctx.appointment.startsAt.getTime() - ctx.shop.cancellationCutoffMinutes * 60_000;
  if (deps.now().getTime() >= cutoff) {
    throw new HttpError(
      409,
      'change_window_closed',
      BOOKING_MESSAGES.changeWindowClosed(ctx.shop.cancellationCutoffMinutes),
    );
  }
}

/** Cancels one appointment in scope; the client gets the cancellation mail as when they cancel themselves. */
export async function cancelInScope(deps: BookingDeps, scope: AppointmentScope, appointmentId: string) {
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const ctx = await loadScopedAppointment(manager, scope, appointmentId, true);
    assertChangeable(deps, scope, ctx);
    await cancelAppointment(deps, manager, ctx, { actor: actorOf(scope) });
    return toAppointmentDto(ctx);
  });
}

/** Completed or no-show, for the staff (the constraint may refuse taking a cancelled slot back). */
export async function markInScope(
  deps: BookingDeps,
  scope: AppointmentScope,
  appointmentId: string,
  status: 'completed' | 'no_show',
): Promise<Appointment> {
  try {
    return await deps.dataSource.transaction(async (manager) => {
      const ctx = await loadScopedAppointment(manager, scope, appointmentId, true);
      await markAppointment(deps, manager, ctx, status, actorOf(scope));
      return toAppointmentDto(ctx);
    });
  } catch (err) {
    if (isOverlapViolation(err)) throw slotTaken();
    throw err;
  }
}

/**
 * Moves an appointment in scope to a new start (and optionally another barber of the shop), under the same rules
 * and the same single UPDATE as the client's own reschedule (moveAppointment).
 */
export async function rescheduleInScope(
  deps: BookingDeps,
  scope: AppointmentScope,
  appointmentId: string,
  body: unknown,
): Promise<Appointment> {
  const input = parseInput(RescheduleRequestSchema, body);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const ctx = await loadScopedAppointment(manager, scope, appointmentId, true);
    assertChangeable(deps, scope, ctx);
    const barberId = scope.barberId ?? input.barberId;
    const moved = await moveAppointment(
      deps,
      manager,
      ctx,
      { start: input.start, ...(barberId ? { barberId } : {}) },
      { ignoreNotice: !scope.enforceCutoff, actor: actorOf(scope) },
    );
    return toAppointmentDto(moved);
  });
}
