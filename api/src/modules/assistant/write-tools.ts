import { addDays, LIVE_APPOINTMENT_STATUSES, WEEKDAYS } from '@barberly/common';
import { In } from 'typeorm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { bookAppointment } from '../appointments/booking.service';
import { bookWalkIn } from '../appointments/owner.service';
import { cancelInScope, markInScope, rescheduleInScope } from '../appointments/staff-actions';
import { addTimeOff, patchBarberSettings, patchMyBarberSettings } from '../barbers/barber-settings.service';
import { sendRemindersNow } from './assistant.queries';
import { assistantActor, ownBarberId, scopeOf } from './tool-actor';
import type { AssistantTool } from './tool-context';
import { barberChoice, date, instant, uuid } from './tool-schemas';
import {
  appointmentView,
  describeAppointment,
  serviceOrFirst,
  shopBarbers,
  shopDate,
  shopTime,
  targetBarber,
  today,
  walkInGap,
  when,
} from './tool-support';

/** The assistant's writes: each is described first (`describe`), and applied (`apply`) only once a person confirms it. */
export const WRITE_TOOLS: AssistantTool[] = [
  {
    name: 'book_walk_in',
    description: 'Book a walk-in client into the next free time from now today.',
    kind: 'write',
    roles: ['owner', 'barber'],
    schema: (actor) =>
      z.object({
        serviceId: uuid.optional(),
        ...(actor.kind === 'barber' ? {} : { barberId: barberChoice.optional() }),
      }),
    async describe(ctx, args) {
      const { service, slot, barber } = await walkInGap(ctx, args);
      if (!slot || !barber) throw badRequest(`No walk-in gap left today for ${service.name}.`);
      return { summary: `Book a walk-in ${service.name} with ${barber.name} at ${slot.label} today`, displaces: [] };
    },
    async apply(ctx, args) {
      const service = await serviceOrFirst(ctx, args.serviceId);
      const booked = await bookWalkIn(
        { ...ctx.deps, actor: assistantActor(ctx.actor, ctx.proposal) },
        ctx.actor.shop.id,
        ctx.actor.shop.ownerId,
        {
          serviceId: service.id,
          barberId: ownBarberId(ctx.actor, args.barberId) ?? 'any',
        },
      );
      return {
        summary: `Walk-in booked: ${booked.service.name} with ${booked.barber.name} at ${shopTime(ctx, booked.start)}`,
        data: appointmentView(booked),
      };
    },
  },
  {
    name: 'book_appointment',
    description: 'Book an appointment for a client at a start time from find_free_times.',
    kind: 'write',
    roles: ['owner', 'barber', 'client'],
    schema: (actor) =>
      z.object({
        serviceId: uuid,
        ...(actor.kind === 'barber' ? {} : { barberId: barberChoice.optional() }),
        start: instant,
        clientName: z.string().min(2).max(200),
        clientEmail: z.string().email().describe('Where the confirmation and the manage link go'),
        ...(actor.kind === 'client' ? {} : { clientPhone: z.string().min(5).max(30) }),
        note: z.string().max(500).optional(),
      }),
    async describe(ctx, args) {
      const service = await serviceOrFirst(ctx, args.serviceId);
      const barberId = ownBarberId(ctx.actor, args.barberId);
      const barber = barberId ? (await shopBarbers(ctx)).find((b) => b.id === barberId) : null;
      if (barberId && !barber) throw badRequest('That barber does not work at this shop.');
      return {
        summary: `Book ${service.name} for ${String(args.clientName)} with ${barber?.name ?? 'any barber'} on ${when(ctx, new Date(String(args.start)))}`,
        displaces: [],
      };
    },
    async apply(ctx, args) {
      const phone = ctx.actor.kind === 'client' ? ctx.actor.phone : String(args.clientPhone ?? '');
      const booked = await bookAppointment(
        { ...ctx.deps, actor: assistantActor(ctx.actor, ctx.proposal) },
        ctx.actor.shop.id,
        {
          serviceId: args.serviceId,
          barberId: ownBarberId(ctx.actor, args.barberId) ?? 'any',
          start: args.start,
          client: { name: args.clientName, email: args.clientEmail, phone },
          note: typeof args.note === 'string' ? args.note : '',
        },
        undefined,
        // The owner or a barber typed this client's number: a staff booking, like a walk-in (issue 23 item 5).
        { source: ctx.actor.kind === 'client' ? 'online' : 'staff' },
      );
      const { manageToken: _token, manageUrl: _url, ...appointment } = booked;
      return {
        summary: `Booked: ${appointment.service.name} with ${appointment.barber.name} on ${when(ctx, new Date(appointment.start))}`,
        data: appointmentView(appointment),
      };
    },
  },
  {
    name: 'reschedule_appointment',
    description: 'Move an appointment to another start time (and optionally another barber).',
    kind: 'write',
    roles: ['owner', 'barber', 'client'],
    schema: (actor) =>
      z.object({
        appointmentId: uuid,
        start: instant,
        ...(actor.kind === 'owner' ? { barberId: barberChoice.optional() } : {}),
      }),
    async describe(ctx, args) {
      const { text } = await describeAppointment(ctx, args.appointmentId);
      return { summary: `Move ${text} to ${when(ctx, new Date(String(args.start)))}`, displaces: [] };
    },
    async apply(ctx, args) {
      const moved = await rescheduleInScope(ctx.deps, scopeOf(ctx.actor, ctx.proposal), String(args.appointmentId), {
        start: args.start,
        ...(ctx.actor.kind === 'owner' && typeof args.barberId === 'string' ? { barberId: args.barberId } : {}),
      });
      return {
        summary: `Moved to ${when(ctx, new Date(moved.start))} with ${moved.barber.name}`,
        data: appointmentView(moved),
      };
    },
  },
  {
    name: 'cancel_appointment',
    description: 'Cancel one appointment.',
    kind: 'write',
    roles: ['owner', 'barber', 'client'],
    schema: () => z.object({ appointmentId: uuid }),
    async describe(ctx, args) {
      const { text } = await describeAppointment(ctx, args.appointmentId);
      return { summary: `Cancel ${text}`, displaces: [] };
    },
    async apply(ctx, args) {
      const cancelled = await cancelInScope(ctx.deps, scopeOf(ctx.actor, ctx.proposal), String(args.appointmentId));
      return {
        summary: `Cancelled ${cancelled.service.name} on ${when(ctx, new Date(cancelled.start))}`,
        data: appointmentView(cancelled),
      };
    },
  },
  {
    name: 'mark_appointment',
    description: 'Mark an appointment completed or a no-show.',
    kind: 'write',
    roles: ['owner', 'barber'],
    schema: () => z.object({ appointmentId: uuid, status: z.enum(['completed', 'no_show']) }),
    async describe(ctx, args) {
      const { text } = await describeAppointment(ctx, args.appointmentId);
      return { summary: `Mark ${text} as ${args.status === 'no_show' ? 'a no-show' : 'completed'}`, displaces: [] };
    },
    async apply(ctx, args) {
      const status = args.status === 'no_show' ? 'no_show' : 'completed';
      const marked = await markInScope(ctx.deps, scopeOf(ctx.actor, ctx.proposal), String(args.appointmentId), status);
      return {
        summary: `Marked ${marked.client.name} ${marked.status.replace('_', '-')}`,
        data: appointmentView(marked),
      };
    },
  },
  {
    name: 'set_time_off',
    description: 'Block time off for a barber (appointments already booked in it stay; they are listed).',
    kind: 'write',
    roles: ['owner', 'barber'],
    schema: (actor) =>
      z.object({
        ...(actor.kind === 'owner' ? { barberId: uuid } : {}),
        start: instant,
        end: instant,
        reason: z.string().max(200).optional(),
      }),
    async describe(ctx, args) {
      const barber = await targetBarber(ctx, args.barberId);
      const start = new Date(String(args.start));
      const end = new Date(String(args.end));
      if (!(end > start)) throw badRequest('Time off must end after it starts.');
      const overlapping = await ctx.deps.dataSource.manager.getRepository(AppointmentEntity).find({
        where: { barberId: barber.id, status: In([...LIVE_APPOINTMENT_STATUSES]) },
      });
      const displaced = overlapping.filter((a) => a.startsAt < end && a.endsAt > start && a.status === 'confirmed');
      return {
        summary: `Time off for ${barber.name} from ${when(ctx, start)} to ${when(ctx, end)}`,
        displaces: displaced.map(
          (a) => `${a.clientName} at ${when(ctx, a.startsAt)} stays booked: move or cancel it separately`,
        ),
      };
    },
    async apply(ctx, args) {
      const barber = await targetBarber(ctx, args.barberId);
      const added = await addTimeOff(ctx.deps.dataSource.manager, barber, {
        start: args.start,
        end: args.end,
        reason: typeof args.reason === 'string' ? args.reason : '',
      });
      return { summary: `Time off added for ${barber.name}`, data: added };
    },
  },
  {
    name: 'set_hours',
    description:
      "Set a barber's weekly hours (each weekday open/close as HH:MM 24-hour, or closed); null means the shop's hours.",
    kind: 'write',
    roles: ['owner', 'barber'],
    schema: (actor) =>
      z.object({
        ...(actor.kind === 'owner' ? { barberId: uuid } : {}),
        hours: z
          .object(
            Object.fromEntries(
              WEEKDAYS.map((d) => [d, z.object({ open: z.string(), close: z.string(), closed: z.boolean() })]),
            ),
          )
          .nullable(),
      }),
    async describe(ctx, args) {
      const barber = await targetBarber(ctx, args.barberId);
      return {
        summary: args.hours ? `Set ${barber.name}'s own weekly hours` : `Set ${barber.name} back to the shop's hours`,
        displaces: [],
      };
    },
    async apply(ctx, args) {
      const barber = await targetBarber(ctx, args.barberId);
      const manager = ctx.deps.dataSource.manager;
      const body = { hours_json: args.hours ?? null };
      if (ctx.actor.kind === 'barber') await patchMyBarberSettings(manager, barber, body);
      else await patchBarberSettings(manager, barber, body);
      return { summary: `Hours saved for ${barber.name}`, data: { barberId: barber.id, hours: args.hours ?? null } };
    },
  },
  {
    name: 'send_reminders',
    description: 'Send the reminder e-mail now to every client booked on a day (default tomorrow) who has not had one.',
    kind: 'write',
    roles: ['owner'],
    schema: () => z.object({ date: date.optional() }),
    async describe(ctx, args) {
      const day = typeof args.date === 'string' ? args.date : addDays(today(ctx), 1);
      const result = await sendRemindersNow(ctx.deps, ctx.actor.shop, day, { dryRun: true });
      return {
        summary: `Send reminders now to ${result.count} clients booked on ${shopDate(ctx, day)}`,
        displaces: [],
      };
    },
    async apply(ctx, args) {
      const day = typeof args.date === 'string' ? args.date : addDays(today(ctx), 1);
      const result = await sendRemindersNow(ctx.deps, ctx.actor.shop, day, { dryRun: false });
      return { summary: `Reminders queued for ${result.count} clients on ${shopDate(ctx, day)}`, data: result };
    },
  },
];
