import {
  type Appointment,
  addDays,
  displaySettingsOf,
  formatClockTime,
  formatPhone,
  LIVE_APPOINTMENT_STATUSES,
  localDateOf,
  normalizePhone,
  SPECIAL_DAY_LIMITS,
  shopPhoneCountry,
  WEEKDAYS,
} from '@barberly/common';
import type { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import { In, MoreThan } from 'typeorm';
import { z } from 'zod';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../platform/http/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { toAppointmentDtos } from '../appointments/appointment-view';
import { type BookingDeps, bookAppointment } from '../appointments/booking.service';
import { bookWalkIn, getAgenda, nextWalkInGap } from '../appointments/owner.service';
import {
  type AppointmentScope,
  cancelInScope,
  loadScopedAppointment,
  markInScope,
  rescheduleInScope,
} from '../appointments/staff-actions';
import { getAvailability } from '../availability/availability.service';
import { BarberEntity } from '../barbers/barber.entity';
import { addTimeOff, patchBarberSettings, patchMyBarberSettings } from '../barbers/barber-settings.service';
import { listClients } from '../clients/clients.service';
import { ServiceEntity } from '../services/service.entity';
import { loadSpecialDays } from '../special-days/special-days.repository';
import type { Actor } from './actor';
import { sendRemindersNow, shopNumbers } from './assistant.queries';
import { sharedRateLimiter } from './assistant-rate';

/**
 * The assistant's tools: one typed layer over the api's services, used by the chat, by client texts and by MCP.
 * Who may use a tool is decided here, once: a tool is only ever offered to (and accepted from) the roles it names,
 * and its schema for a barber has no barber to choose (it is always their own chair). Reads run at once; a write
 * is first described (what, who, when, what it displaces) and applied only after a person confirms it.
 */

export interface AssistantDeps extends BookingDeps {
  config: Config;
  redis: Redis | null;
}

/** A person's budget of assistant calls a minute (ASSISTANT_MESSAGES_PER_MINUTE times `factor`); null: no limit. */
export function assistantLimiter(deps: AssistantDeps, name: string, factor: number): RateLimiter | null {
  const perMinute = deps.config.ASSISTANT_MESSAGES_PER_MINUTE;
  if (perMinute <= 0) return null;
  // Shared by every api process: Redis when set, PostgreSQL otherwise (issue 30).
  return sharedRateLimiter({
    name,
    rule: { points: perMinute * factor, durationSeconds: 60 },
    redis: deps.redis,
    keyPrefix: deps.config.REDIS_KEY_PREFIX,
    dataSource: deps.dataSource,
  });
}

export interface ToolContext {
  deps: AssistantDeps;
  actor: Actor;
  /** Called when a client asks for a person (client texts hand the conversation to the owner's inbox). */
  onHandOver?: (reason: string) => Promise<void>;
}

export interface ToolResult {
  /** What the model (or MCP client) reads. Text written by clients is under `clientWritten`: data, never orders. */
  data: unknown;
  /** One line for the person watching. */
  summary: string;
}

export interface ProposalDraft {
  summary: string;
  displaces: string[];
}

type Role = Actor['kind'];

export interface AssistantTool {
  name: string;
  description: string;
  kind: 'read' | 'write';
  roles: readonly Role[];
  schema(actor: Actor): z.ZodObject;
  /** Reads. */
  run?(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult>;
  /** Writes: checks and describes without changing anything. */
  describe?(ctx: ToolContext, args: Record<string, unknown>): Promise<ProposalDraft>;
  /** Writes: the change itself, after confirmation. */
  apply?(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult>;
}

const uuid = z.string().uuid();
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day as YYYY-MM-DD in the shop's time zone; default today");
const instant = z
  .string()
  .datetime({ offset: true })
  .describe('An ISO 8601 instant with offset, e.g. 2026-05-01T15:00:00-04:00');

// --- helpers ---------------------------------------------------------------------------------------------------

function staffOnly(actor: Actor): asserts actor is Extract<Actor, { kind: 'owner' | 'barber' }> {
  if (actor.kind === 'client') throw notFound();
}

/** The barber a staff tool acts on: a barber always themselves; the owner the one named (or none). */
function ownBarberId(actor: Actor, requested: unknown): string | undefined {
  if (actor.kind === 'barber') return actor.barber.id;
  return typeof requested === 'string' && requested !== 'any' ? requested : undefined;
}

/** The assistant as the appointment's history names it (issue 24): acting for this person. */
export function assistantActor(actor: Actor) {
  return { kind: 'assistant' as const, id: actor.kind === 'client' ? null : actor.userId };
}

export function scopeOf(actor: Actor): AppointmentScope {
  const by = assistantActor(actor);
  if (actor.kind === 'owner') return { shop: actor.shop, actor: by };
  if (actor.kind === 'barber') return { shop: actor.shop, barberId: actor.barber.id, actor: by };
  const shopCountry = (actor.shop as { country?: string | null }).country ?? undefined;
  return {
    shop: actor.shop,
    actor: by,
    enforceCutoff: true,
    matches: (a) => normalizePhone(a.clientPhone, shopCountry) === actor.phone,
  };
}

async function shopServices(ctx: ToolContext) {
  return ctx.deps.dataSource.manager
    .getRepository(ServiceEntity)
    .find({ where: { shopId: ctx.actor.shop.id }, order: { sortOrder: 'ASC', createdAt: 'ASC' } });
}

async function shopBarbers(ctx: ToolContext) {
  return ctx.deps.dataSource.manager
    .getRepository(BarberEntity)
    .find({ where: { shopId: ctx.actor.shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
}

async function serviceOrFirst(ctx: ToolContext, serviceId: unknown): Promise<ServiceEntity> {
  const services = await shopServices(ctx);
  const service = typeof serviceId === 'string' ? services.find((s) => s.id === serviceId) : services[0];
  if (!service) throw badRequest('That service is not offered by this shop.');
  return service;
}

const today = (ctx: ToolContext) => localDateOf(ctx.deps.now(), ctx.actor.shop.timeZone);
/**
 * Dates and times as the shop writes them (issue 28: never '2026-11-28' in a card): 'Wednesday, December 2, 2026'
 * and '3:00 PM' for an en-US shop on a 12-hour clock, 'Wednesday, 2 December 2026' and '15:00' for en-GB on 24
 * hours. The model reads ISO in the data.
 */
const shopDay = (ctx: ToolContext, instantValue: Date) =>
  DateTime.fromJSDate(instantValue, { zone: ctx.actor.shop.timeZone })
    .setLocale(displaySettingsOf(ctx.actor.shop).locale)
    .toLocaleString(DateTime.DATE_HUGE);
const shopDate = (ctx: ToolContext, date: string) =>
  shopDay(ctx, DateTime.fromISO(date, { zone: ctx.actor.shop.timeZone }).set({ hour: 12 }).toJSDate());
const shopTime = (ctx: ToolContext, instantValue: Date | string) =>
  formatClockTime(instantValue, { timeZone: ctx.actor.shop.timeZone, ...displaySettingsOf(ctx.actor.shop) });
const when = (ctx: ToolContext, instantValue: Date) =>
  `${shopDay(ctx, instantValue)} at ${shopTime(ctx, instantValue)}`;

/** An appointment as tools show it; what clients wrote is kept apart as data. */
function appointmentView(a: Appointment) {
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

const line = (a: Appointment) =>
  `${a.localTime} ${a.service.name} with ${a.barber.name} for ${a.client.name} (${a.status})`;

async function describeAppointment(ctx: ToolContext, appointmentId: unknown) {
  const found = await loadScopedAppointment(ctx.deps.dataSource.manager, scopeOf(ctx.actor), String(appointmentId));
  const a = found.appointment;
  return {
    ctx: found,
    text: `${a.clientName}'s ${a.serviceName} with ${found.barber.name} on ${when(ctx, a.startsAt)}`,
  };
}

/** The walk-in button's next gap, for this caller (a barber: their own chair). */
async function walkInGap(ctx: ToolContext, args: Record<string, unknown>) {
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

// --- the tools -----------------------------------------------------------------------------------------------

const barberChoice = z.string().describe("A barber's id from shop_info, or 'any'");

export const TOOLS: AssistantTool[] = [
  {
    name: 'shop_info',
    description:
      "The shop's public facts: name, address, phone, time zone, today's date there, opening hours, services (id, name, minutes, price) and barbers (id, name).",
    kind: 'read',
    roles: ['owner', 'barber', 'client'],
    schema: () => z.object({}),
    async run(ctx) {
      const { shop } = ctx.actor;
      const [services, barbers] = await Promise.all([shopServices(ctx), shopBarbers(ctx)]);
      // Issue 25: the next two weeks' special days (closed, or other hours than the week's), the shop's and barbers'.
      const specialDays = await loadSpecialDays(
        ctx.deps.dataSource.manager,
        shop.id,
        today(ctx),
        addDays(today(ctx), SPECIAL_DAY_LIMITS.upcomingDays),
      );
      return {
        summary: `${shop.name}: ${services.length} services, ${barbers.length} barbers`,
        data: {
          name: shop.name,
          address: shop.address,
          // As the shop's country writes it, so that answers quote it that way (issue 28).
          phone: formatPhone(shop.phoneNumber, shopPhoneCountry(shop)),
          timeZone: shop.timeZone,
          today: today(ctx),
          now: ctx.deps.now().toISOString(),
          hours: shop.hoursJson,
          specialDays,
          services: services.map((s) => ({
            id: s.id,
            name: s.name,
            durationMinutes: s.durationMinutes,
            price: s.price,
          })),
          barbers: barbers.map((b) => ({ id: b.id, name: b.name })),
        },
      };
    },
  },
  {
    name: 'find_free_times',
    description: 'Free start times on a day for a service, with a given barber or any barber.',
    kind: 'read',
    roles: ['owner', 'barber', 'client'],
    schema: (actor) =>
      z.object({
        date: date.optional(),
        serviceId: uuid.optional().describe("The service's id from shop_info; default the first service"),
        ...(actor.kind === 'barber' ? {} : { barberId: barberChoice.optional() }),
      }),
    async run(ctx, args) {
      const service = await serviceOrFirst(ctx, args.serviceId);
      const day = typeof args.date === 'string' ? args.date : today(ctx);
      const barberId = ownBarberId(ctx.actor, args.barberId) ?? 'any';
      const viewer = ctx.actor.kind === 'client' ? undefined : ctx.actor.shop.ownerId;
      const result = await getAvailability(
        ctx.deps,
        ctx.actor.shop.id,
        { serviceId: service.id, barberId, date: day },
        viewer,
      );
      const barbers = new Map((await shopBarbers(ctx)).map((b) => [b.id, b.name]));
      const slots = result.slots.slice(0, 40).map((s) => ({
        start: s.start,
        label: s.label,
        barbers: s.barberIds.map((id) => ({ id, name: barbers.get(id) ?? '' })),
      }));
      return {
        summary: slots.length
          ? `${slots.length} free times on ${day} for ${service.name}, from ${slots[0]?.label}`
          : `No free time on ${day} for ${service.name}`,
        data: { date: day, service: { id: service.id, name: service.name }, slots },
      };
    },
  },
  {
    name: 'find_walk_in_gap',
    description: 'The next free time from now today for a walk-in client (no notice needed).',
    kind: 'read',
    roles: ['owner', 'barber'],
    schema: (actor) =>
      z.object({
        serviceId: uuid.optional(),
        ...(actor.kind === 'barber' ? {} : { barberId: barberChoice.optional() }),
      }),
    async run(ctx, args) {
      const { service, slot, barber } = await walkInGap(ctx, args);
      if (!slot || !barber) return { summary: `No walk-in gap left today for ${service.name}`, data: { gap: null } };
      return {
        summary: `Next walk-in gap: ${slot.label} with ${barber.name} (${service.name})`,
        data: {
          gap: { start: slot.start, label: slot.label, barber: { id: barber.id, name: barber.name } },
          service: { id: service.id, name: service.name },
        },
      };
    },
  },
  {
    name: 'list_agenda',
    description: 'The appointments of a day (the owner: the whole shop; a barber: their own).',
    kind: 'read',
    roles: ['owner', 'barber'],
    schema: () => z.object({ date: date.optional() }),
    async run(ctx, args) {
      staffOnly(ctx.actor);
      const agenda = await getAgenda(ctx.deps, ctx.actor.shop.id, ctx.actor.shop.ownerId, {
        date: typeof args.date === 'string' ? args.date : undefined,
      });
      const mine = ctx.actor.kind === 'barber' ? ctx.actor.barber.id : null;
      const appointments = agenda.appointments.filter((a) => !mine || a.barber.id === mine);
      return {
        summary: `${appointments.length} appointments on ${shopDate(ctx, agenda.date)}${appointments.length ? `: ${appointments.map(line).join('; ')}` : ''}`,
        data: { date: agenda.date, appointments: appointments.map(appointmentView) },
      };
    },
  },
  {
    name: 'my_appointments',
    description: "The texting client's own upcoming appointments at this shop (booked with their phone number).",
    kind: 'read',
    roles: ['client'],
    schema: () => z.object({}),
    async run(ctx) {
      const manager = ctx.deps.dataSource.manager;
      const scope = scopeOf(ctx.actor);
      const rows = await manager.getRepository(AppointmentEntity).find({
        where: { shopId: ctx.actor.shop.id, status: 'confirmed', startsAt: MoreThan(ctx.deps.now()) },
        order: { startsAt: 'ASC' },
        take: 200,
      });
      const own = rows.filter((a) => scope.matches?.(a)).slice(0, 10);
      const dtos = await toAppointmentDtos(manager, ctx.actor.shop, own);
      return {
        summary: `${dtos.length} upcoming appointments`,
        data: { appointments: dtos.map((a) => ({ ...appointmentView(a), clientWritten: undefined })) },
      };
    },
  },
  {
    name: 'shop_numbers',
    description:
      "The shop's numbers for a period: appointments, completed, cancelled, no-shows, revenue, average ticket, walk-ins, clients.",
    kind: 'read',
    roles: ['owner'],
    schema: () =>
      z.object({ from: date.optional(), to: date.optional().describe('Last day, inclusive; default today') }),
    async run(ctx, args) {
      const to = typeof args.to === 'string' ? args.to : today(ctx);
      const from = typeof args.from === 'string' ? args.from : addDays(to, -29);
      if (from > to) throw badRequest('The period must start before it ends.');
      const numbers = await shopNumbers(ctx.deps.dataSource.manager, ctx.actor.shop, from, to);
      return {
        summary: `${from} to ${to}: ${numbers.appointments} appointments, revenue ${numbers.revenue}`,
        data: { from, to, ...numbers },
      };
    },
  },
  {
    name: 'who_is_overdue',
    description:
      "Regular clients due back: past their usual interval between visits with nothing booked (the Clients tab's " +
      '"Due back"), and how many have lapsed (overdue by more than three usual intervals).',
    kind: 'read',
    roles: ['owner'],
    schema: () => z.object({}),
    async run(ctx) {
      // The Clients tab's own list and filters (clients/due-back.ts): one definition, the same count.
      const owner = ctx.actor.shop.ownerId;
      const due = await listClients(ctx.deps, ctx.actor.shop.id, owner, { filter: 'due' });
      const lapsed = await listClients(ctx.deps, ctx.actor.shop.id, owner, { filter: 'lapsed' });
      // The first ten (due now first) named in the answer, the rest as a number; the data has the page of 50.
      const names = due.clients.slice(0, 10).map((c) => c.name);
      const more = due.total > names.length ? ` and ${due.total - names.length} more` : '';
      const lapsedLine = lapsed.total
        ? ` ${lapsed.total === 1 ? '1 more client has' : `${lapsed.total} more clients have`} lapsed (overdue by more than three usual intervals).`
        : '';
      return {
        summary: due.total
          ? `${due.total === 1 ? '1 client is' : `${due.total} clients are`} due back: ${names.join(', ')}${more}.${lapsedLine}`
          : `Nobody is due back.${lapsedLine}`,
        data: {
          total: due.total,
          lapsed: lapsed.total,
          clients: due.clients.map((c) => ({
            clientWritten: { name: c.name },
            email: c.email,
            visits: c.visits,
            lastVisit: c.lastVisit,
            usualIntervalDays: c.usualIntervalDays,
            dueDate: c.dueDate,
          })),
        },
      };
    },
  },
  {
    name: 'hand_over',
    description:
      'Pass the conversation to a person at the shop (the client asked for one, or wants something you cannot do).',
    kind: 'read',
    roles: ['client'],
    schema: () => z.object({ reason: z.string().max(300).optional() }),
    async run(ctx, args) {
      await ctx.onHandOver?.(typeof args.reason === 'string' ? args.reason : '');
      return {
        summary: 'Handed over to the shop',
        data: {
          handedOver: true,
          shopPhone: formatPhone(ctx.actor.shop.phoneNumber, shopPhoneCountry(ctx.actor.shop)),
          note: 'Someone from the shop will answer.',
        },
      };
    },
  },
  // --- writes: proposed, then confirmed by a person ---
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
        { ...ctx.deps, actor: assistantActor(ctx.actor) },
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
        { ...ctx.deps, actor: assistantActor(ctx.actor) },
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
      const moved = await rescheduleInScope(ctx.deps, scopeOf(ctx.actor), String(args.appointmentId), {
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
      const cancelled = await cancelInScope(ctx.deps, scopeOf(ctx.actor), String(args.appointmentId));
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
      const marked = await markInScope(ctx.deps, scopeOf(ctx.actor), String(args.appointmentId), status);
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

async function targetBarber(ctx: ToolContext, barberId: unknown): Promise<BarberEntity> {
  if (ctx.actor.kind === 'barber') return ctx.actor.barber;
  const barber = (await shopBarbers(ctx)).find((b) => b.id === barberId);
  if (!barber) throw badRequest('That barber does not work at this shop.');
  return barber;
}

/** The tools this caller may use: nothing else is ever offered to the model or accepted from it. */
export function toolsFor(actor: Actor): AssistantTool[] {
  return TOOLS.filter((tool) => tool.roles.includes(actor.kind));
}

export function findTool(actor: Actor, name: string): AssistantTool | undefined {
  return toolsFor(actor).find((tool) => tool.name === name);
}

/** Tool arguments checked against the caller's own schema (a barber's has no barberId to smuggle in). */
export function parseToolArgs(tool: AssistantTool, actor: Actor, raw: unknown): Record<string, unknown> {
  const parsed = tool
    .schema(actor)
    .strict()
    .safeParse(raw ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    throw badRequest(`The ${tool.name} arguments are not valid: ${detail}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** Chat Completions' `tools` for this caller. */
export function toolDefinitions(actor: Actor) {
  return toolsFor(actor).map((tool) => ({
    type: 'function' as const,
    function: {
      name: tool.name,
      description:
        tool.kind === 'write' ? `${tool.description} (Proposes the change; a person confirms it.)` : tool.description,
      parameters: z.toJSONSchema(tool.schema(actor)),
    },
  }));
}
