import { type Appointment, displaySettingsOf, formatClockTime, localDateOf } from '@barberly/common';
import { DateTime } from 'luxon';
import { badRequest } from '../../platform/http/errors';
import { nextWalkInGap } from '../appointments/owner.service';
import { loadScopedAppointment } from '../appointments/staff-actions';
import { BarberEntity } from '../barbers/barber.entity';
import { ServiceEntity } from '../services/service.entity';
import { ownBarberId, scopeOf } from './tool-actor';
import type { ToolContext } from './tool-context';

/** What the read and write tools share: the shop's services and barbers, dates as the shop writes them, the views. */

export async function shopServices(ctx: ToolContext) {
  return ctx.deps.dataSource.manager
    .getRepository(ServiceEntity)
    .find({ where: { shopId: ctx.actor.shop.id }, order: { sortOrder: 'ASC', createdAt: 'ASC' } });
}

export async function shopBarbers(ctx: ToolContext) {
  return ctx.deps.dataSource.manager
    .getRepository(BarberEntity)
    .find({ where: { shopId: ctx.actor.shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
}

export async function serviceOrFirst(ctx: ToolContext, serviceId: unknown): Promise<ServiceEntity> {
  const services = await shopServices(ctx);
  const service = typeof serviceId === 'string' ? services.find((s) => s.id === serviceId) : services[0];
  if (!service) throw badRequest('That service is not offered by this shop.');
  return service;
}

export const today = (ctx: ToolContext) => localDateOf(ctx.deps.now(), ctx.actor.shop.timeZone);
/**
 * Dates and times as the shop writes them (issue 28: never '2026-11-28' in a card): 'Wednesday, December 2, 2026'
 * and '3:00 PM' for an en-US shop on a 12-hour clock, 'Wednesday, 2 December 2026' and '15:00' for en-GB on 24
 * hours. The model reads ISO in the data.
 */
export const shopDay = (ctx: ToolContext, instantValue: Date) =>
  DateTime.fromJSDate(instantValue, { zone: ctx.actor.shop.timeZone })
    .setLocale(displaySettingsOf(ctx.actor.shop).locale)
    .toLocaleString(DateTime.DATE_HUGE);
export const shopDate = (ctx: ToolContext, date: string) =>
  shopDay(ctx, DateTime.fromISO(date, { zone: ctx.actor.shop.timeZone }).set({ hour: 12 }).toJSDate());
export const shopTime = (ctx: ToolContext, instantValue: Date | string) =>
  formatClockTime(instantValue, { timeZone: ctx.actor.shop.timeZone, ...displaySettingsOf(ctx.actor.shop) });
export const when = (ctx: ToolContext, instantValue: Date) =>
  `${shopDay(ctx, instantValue)} at ${shopTime(ctx, instantValue)}`;

/** An appointment as tools show it; what clients wrote is kept apart as data. */
export function appointmentView(a: Appointment) {
  return {
    id: a.id,
    status: a.status,
    start: a.start,
    localDate: a.localDate,
    localTime: a.localTime,
    service: a.service.name,
    durationMinutes: a.service.durationMinutes,
    price: a.service.price,
    barber: { id: a.barber.id, name: a.barber.name },
    source: a.source,
    clientWritten: { name: a.client.name, email: a.client.email, phone: a.client.phone, note: a.note },
  };
}

export const line = (a: Appointment) =>
  `${a.localTime} ${a.service.name} with ${a.barber.name} for ${a.client.name} (${a.status})`;

export async function describeAppointment(ctx: ToolContext, appointmentId: unknown) {
  const found = await loadScopedAppointment(ctx.deps.dataSource.manager, scopeOf(ctx.actor), String(appointmentId));
  const a = found.appointment;
  return {
    ctx: found,
    text: `${a.clientName}'s ${a.serviceName} with ${found.barber.name} on ${when(ctx, a.startsAt)}`,
  };
}

/** The walk-in button's next gap, for this caller (a barber: their own chair). */
export async function walkInGap(ctx: ToolContext, args: Record<string, unknown>) {
  const service = await serviceOrFirst(ctx, args.serviceId);
  const gap = await nextWalkInGap(
    ctx.deps.dataSource.manager,
    ctx.actor.shop,
    service,
    ownBarberId(ctx.actor, args.barberId) ?? 'any',
    ctx.deps.now(),
  );
  const slot = gap ? { start: gap.start.toISOString(), label: gap.label } : null;
  return { service, slot, barber: gap?.candidates[0] ?? null };
}

export async function targetBarber(ctx: ToolContext, barberId: unknown): Promise<BarberEntity> {
  if (ctx.actor.kind === 'barber') return ctx.actor.barber;
  const barber = (await shopBarbers(ctx)).find((b) => b.id === barberId);
  if (!barber) throw badRequest('That barber does not work at this shop.');
  return barber;
}
