import {
  BOOKING_MESSAGES,
  ManageCancelSchema,
  type ManagedAppointment,
  RescheduleRequestSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import { appointmentIcs, manageUrlOf } from '../mail/booking-mails';
import { cancelSeriesVisits, managedSeriesOf } from '../series/series.service';
import { type AppointmentContext, cutoffOf, loadAppointmentContext, toAppointmentDto } from './appointment-view';
import type { BookingDeps } from './booking.service';
import { cancelAppointment, moveAppointment } from './lifecycle';
import { hashManageToken, isWellFormedToken } from './manage-token';

/** The client's own link: read, cancel, move, or add to a calendar one appointment, without an account. */

export { cutoffOf };

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
    const actor = { kind: 'client' as const, id: ctx.appointment.clientId };
    if (ctx.appointment.seriesId && scope) await cancelSeriesVisits(deps, manager, ctx, scope, actor);
    else await cancelAppointment(deps, manager, ctx, { actor });
    return ctx;
  });
  return toManaged(deps, ctx, token);
}

/** POST /api/appointments/manage/{token}/reschedule: the client moves their own appointment (before the cutoff). */
export async function rescheduleManaged(deps: BookingDeps, token: string, body: unknown): Promise<ManagedAppointment> {
  const input = parseInput(RescheduleRequestSchema, body);
  await deps.mailQueue.ready();
  const ctx = await deps.dataSource.transaction(async (manager) => {
    const ctx = await loadByToken(manager, token, true);
    assertChangeable(deps, ctx);
    return moveAppointment(deps, manager, ctx, input, {
      actor: { kind: 'client', id: ctx.appointment.clientId },
      manageToken: token,
    });
  });
  return toManaged(deps, ctx, token);
}
