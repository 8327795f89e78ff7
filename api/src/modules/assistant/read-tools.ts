import { addDays, formatPhone, SPECIAL_DAY_LIMITS, shopPhoneCountry } from '@barberly/common';
import { MoreThan } from 'typeorm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { toAppointmentDtos } from '../appointments/appointment-view';
import { getAgenda } from '../appointments/owner.service';
import { getAvailability } from '../availability/availability.service';
import { listClients } from '../clients/clients.service';
import { loadSpecialDays } from '../special-days/special-days.repository';
import { shopNumbers } from './assistant.queries';
import { ownBarberId, scopeOf, staffOnly } from './tool-actor';
import type { AssistantTool } from './tool-context';
import { barberChoice, date, uuid } from './tool-schemas';
import {
  appointmentView,
  line,
  serviceOrFirst,
  shopBarbers,
  shopDate,
  shopServices,
  today,
  walkInGap,
} from './tool-support';

/** The assistant's reads: answered at once, nothing changes. */
export const READ_TOOLS: AssistantTool[] = [
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
];
