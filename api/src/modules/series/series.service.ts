import {
  AcceptAlternativeSchema,
  type Appointment,
  addDays,
  BOOKING_MESSAGES,
  type CancelScope,
  checkStart,
  isCalendarDate,
  localDateOf,
  type ManagedSeries,
  normalizePhone,
  type RepeatInput,
  RepeatSchema,
  type Series,
  type SeriesCollision,
  SeriesRequestSchema,
  type SeriesResult,
  VISIT_LIMITS,
  VISIT_MESSAGES,
} from '@barberly/common';
import { type EntityManager, In, QueryFailedError } from 'typeorm';
import { z } from 'zod';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { AppointmentEntity } from '../appointments/appointment.entity';
import {
  type AppointmentContext,
  loadAppointmentContext,
  toAppointmentDto,
  toAppointmentDtos,
} from '../appointments/appointment-view';
import { BARBER_REFUSED, type BookingDeps, bookingMails, reminderMail } from '../appointments/booking.service';
import { refusedStart, slotTaken } from '../appointments/booking-errors';
import { cancelAppointment } from '../appointments/manage.service';
import { hashManageToken, isWellFormedToken, newManageToken } from '../appointments/manage-token';
import {
  insertVisitAppointment,
  loadVisitServices,
  placeVisit,
  SERVICE_REFUSED,
  visitFor,
} from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import { linkClient } from '../clients/client-matching';
import type { ScheduledMail } from '../mail/mail-queue';
import { shopCountry } from '../messaging/texts';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { isUuid, loadOwnedShop } from '../shops/shop-access';
import { shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import { isoWeekdayOf, occurrenceDates, occurrenceStart, ruleText, type SeriesRule, wallTimeOf } from './rule';
import { alternativesFor } from './series-alternatives';

/**
 * Recurring series (issue 14, decision 0160): every N weeks on the first visit's weekday and wall-clock time, with
 * the same barber and services. Each occurrence inside the booking horizon is a real appointment placed like any
 * other (placeVisit, the exclusion constraint); one that is not free becomes a series_collisions row with the
 * nearest free alternatives, never a silent gap. The rest are booked as the horizon moves (extendSeries, hourly).
 */

type CreatedBy = 'owner' | 'client';

interface SeriesRow {
  id: string;
  shop_id: string;
  barber_id: string;
  service_ids: string[];
  client_id: string | null;
  client_name: string;
  client_email: string;
  client_phone: string;
  interval_weeks: number;
  local_time: string;
  first_date: string;
  until_date: string | null;
  occurrences: number | null;
  rrule: string;
  created_by: CreatedBy;
  status: Series['status'];
  extended_to: string;
}

/** A series with what placing its visits needs. */
interface SeriesContext {
  row: SeriesRow;
  shop: ShopEntity;
  barber: BarberEntity;
  /** The services still in the shop, in the series' order. */
  services: ServiceEntity[];
}

/** Who the visits are for and how they want reminders: copied onto every occurrence. */
type ClientFields = Pick<
  AppointmentEntity,
  'clientName' | 'clientEmail' | 'clientPhone' | 'clientPhoneE164' | 'clientId' | 'note' | 'reminderChannel'
> &
  Partial<Pick<AppointmentEntity, 'reminderConsentAt' | 'reminderConsentText'>>;

interface Booked {
  appointment: AppointmentEntity;
  barber: BarberEntity;
  /** The occurrence's own manage token: its reminders carry the manage link. */
  token: string;
}

const SERIES_COLUMNS = `"id", "shop_id", "barber_id", "service_ids"::text[] AS "service_ids", "client_id", "client_name",
  "client_email", "client_phone", "interval_weeks", "local_time", "first_date"::text AS "first_date",
  "until_date"::text AS "until_date", "occurrences", "rrule", "created_by", "status", "extended_to"::text AS "extended_to"`;

const seriesNotFound = () => notFound(VISIT_MESSAGES.seriesNotFound);
const collisionNotFound = () => notFound(VISIT_MESSAGES.collisionNotFound);

function ruleOf(row: Pick<SeriesRow, 'first_date' | 'local_time' | 'interval_weeks' | 'until_date' | 'occurrences'>) {
  return {
    firstDate: row.first_date,
    localTime: row.local_time,
    intervalWeeks: row.interval_weeks,
    until: row.until_date,
    count: row.occurrences,
  } satisfies SeriesRule;
}

/** The shop's today and the last day it takes bookings for. */
function bookingWindow(shop: ShopEntity, now: Date): { today: string; lastDay: string } {
  const today = localDateOf(now, shop.timeZone);
  return { today, lastDay: addDays(today, shop.bookingHorizonDays) };
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
}

/** A refusal that means "not this time" (taken, closed, outside the barber's hours...), not a broken request. */
function isCollision(err: unknown): boolean {
  return err instanceof HttpError && (err.status === 400 || err.status === 409);
}

/**
 * The rule of a request: the first visit's local date and wall time define it. Refused: an until date not after
 * the first visit, or one that would make more than the maximum number of visits.
 */
function ruleFor(start: Date, timeZone: string, repeat: z.output<typeof RepeatSchema>): SeriesRule {
  const rule: SeriesRule = {
    firstDate: localDateOf(start, timeZone),
    localTime: wallTimeOf(start, timeZone),
    intervalWeeks: repeat.intervalWeeks,
    until: repeat.until ?? null,
    count: repeat.count ?? null,
  };
  if (rule.until && rule.until <= rule.firstDate) {
    throw badRequest(VISIT_MESSAGES.untilBeforeStart, { 'repeat.until': VISIT_MESSAGES.untilBeforeStart });
  }
  if (rule.until && occurrenceDates(rule).length > VISIT_LIMITS.occurrencesMax) {
    throw badRequest(VISIT_MESSAGES.occurrences, { 'repeat.until': VISIT_MESSAGES.occurrences });
  }
  return rule;
}

async function insertSeries(
  manager: EntityManager,
  fields: {
    shop: ShopEntity;
    barber: BarberEntity;
    services: ServiceEntity[];
    rule: SeriesRule;
    client: ClientFields;
    createdBy: CreatedBy;
    manageTokenHash: string | null;
  },
): Promise<SeriesRow> {
  const { rule, client } = fields;
  const [row] = (await manager.query(
    `INSERT INTO "appointment_series" ("shop_id", "barber_id", "service_ids", "client_id", "client_name",
       "client_email", "client_phone", "interval_weeks", "local_time", "first_date", "until_date", "occurrences",
       "rrule", "created_by", "manage_token_hash", "extended_to")
     VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $10)
     RETURNING ${SERIES_COLUMNS}`,
    [
      fields.shop.id,
      fields.barber.id,
      fields.services.map((s) => s.id),
      client.clientId,
      client.clientName,
      client.clientEmail,
      client.clientPhone,
      rule.intervalWeeks,
      rule.localTime,
      rule.firstDate,
      rule.until ?? null,
      rule.count ?? null,
      ruleText(rule, fields.shop.timeZone),
      fields.createdBy,
      fields.manageTokenHash,
    ],
  )) as SeriesRow[];
  return row!;
}

/**
 * Books the given occurrence dates, each in its own savepoint: a date that is not free (taken, under a hold, the
 * barber off or closed that day) is recorded as an open collision and the others go on. A date already booked or
 * already recorded is left as it is (extension runs again and again). Owner series ignore the minimum notice, like
 * the owner's other bookings; a client's series keeps it.
 */
async function bookOccurrences(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: SeriesContext,
  dates: string[],
  client: ClientFields,
): Promise<{ booked: Booked[]; collisions: string[] }> {
  const { row, shop, services } = ctx;
  const seen = (await manager.query(
    `SELECT "series_occurrence"::text AS "date" FROM "appointments" WHERE "series_id" = $1
     UNION SELECT "occurrence_date"::text FROM "series_collisions" WHERE "series_id" = $1`,
    [row.id],
  )) as Array<{ date: string }>;
  const done = new Set(seen.map((s) => s.date));
  const booked: Booked[] = [];
  const collisions: string[] = [];
  const now = deps.now();
  for (const date of dates) {
    if (done.has(date)) continue;
    const start = occurrenceStart(date, row.local_time, shop.timeZone);
    const token = newManageToken();
    await manager.query('SAVEPOINT series_occurrence');
    try {
      if (services.length !== row.service_ids.length) throw SERVICE_REFUSED();
      const { result, barber } = await placeVisit(
        manager,
        { shop, services, candidates: [ctx.barber], start, now, ignoreNotice: row.created_by === 'owner' },
        (candidate, visit, end) =>
          insertVisitAppointment(
            manager,
            {
              ...client,
              shopId: shop.id,
              barberId: candidate.id,
              currency: shop.currency,
              startsAt: start,
              endsAt: end,
              status: 'confirmed',
              source: 'online',
              manageTokenHash: token.hash,
              seriesId: row.id,
              seriesOccurrence: date,
              version: 1,
            },
            visit,
          ),
      );
      await manager.query('RELEASE SAVEPOINT series_occurrence');
      booked.push({ appointment: result, barber, token: token.token });
    } catch (err) {
      await manager.query('ROLLBACK TO SAVEPOINT series_occurrence');
      if (isUniqueViolation(err)) continue;
      if (!isCollision(err)) throw err;
      await manager.query(
        `INSERT INTO "series_collisions" ("series_id", "occurrence_date", "wanted_start") VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [row.id, date, start],
      );
      collisions.push(date);
    }
  }
  return { booked, collisions };
}

/** How far the series has been considered: the last date booked or recorded, at most its own last date. */
async function markExtended(manager: EntityManager, row: SeriesRow, lastDay: string): Promise<void> {
  const dates = occurrenceDates(ruleOf(row));
  const last = dates[dates.length - 1] ?? row.first_date;
  const to = [row.extended_to, lastDay < last ? lastDay : last].sort().at(-1)!;
  await manager.query(`UPDATE "appointment_series" SET "extended_to" = $2, "updated_at" = now() WHERE "id" = $1`, [
    row.id,
    to,
  ]);
  row.extended_to = to;
}

/** The rule's dates the shop takes bookings for now (up to the horizon's last day). */
function datesWithin(row: SeriesRow, lastDay: string): string[] {
  return occurrenceDates(ruleOf(row)).filter((d) => d <= lastDay);
}

// ---- Reading ----------------------------------------------------------------------------------------------------

async function contextOf(manager: EntityManager, row: SeriesRow, shop?: ShopEntity): Promise<SeriesContext> {
  const theShop = shop ?? (await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: row.shop_id } }));
  const barber = await manager.getRepository(BarberEntity).findOneOrFail({ where: { id: row.barber_id } });
  const found = await manager
    .getRepository(ServiceEntity)
    .find({ where: { id: In(row.service_ids), shopId: row.shop_id } });
  const byId = new Map(found.map((s) => [s.id, s]));
  const services = row.service_ids.flatMap((id) => byId.get(id) ?? []);
  return { row, shop: theShop, barber, services };
}

async function loadSeries(
  manager: EntityManager,
  shop: ShopEntity,
  seriesId: string,
  lock = false,
): Promise<SeriesContext> {
  if (!isUuid(seriesId)) throw seriesNotFound();
  const [row] = (await manager.query(
    `SELECT ${SERIES_COLUMNS} FROM "appointment_series" WHERE "id" = $1 AND "shop_id" = $2${lock ? ' FOR UPDATE' : ''}`,
    [seriesId, shop.id],
  )) as SeriesRow[];
  if (!row) throw seriesNotFound();
  return contextOf(manager, row, shop);
}

async function collisionsOf(
  manager: EntityManager,
  ctx: SeriesContext,
  now: Date,
  options: { openOnly: boolean; ignoreNotice: boolean },
): Promise<SeriesCollision[]> {
  const rows = (await manager.query(
    `SELECT "occurrence_date"::text AS "date", "wanted_start", "status" FROM "series_collisions"
     WHERE "series_id" = $1 ${options.openOnly ? `AND "status" = 'open'` : ''} ORDER BY "occurrence_date"`,
    [ctx.row.id],
  )) as Array<{ date: string; wanted_start: Date; status: SeriesCollision['status'] }>;
  const collisions: SeriesCollision[] = [];
  for (const r of rows) {
    collisions.push({
      date: r.date,
      wantedStart: r.wanted_start.toISOString(),
      alternatives: r.status === 'open' ? await alternativesFor(manager, ctx, r.date, now, options.ignoreNotice) : [],
      status: r.status,
    });
  }
  return collisions;
}

async function upcomingOf(manager: EntityManager, ctx: SeriesContext, now: Date): Promise<Appointment[]> {
  const rows = await manager
    .getRepository(AppointmentEntity)
    .createQueryBuilder('a')
    .where(`a.series_id = :id AND a.status = 'confirmed' AND a.starts_at >= :now`, { id: ctx.row.id, now })
    .orderBy('a.starts_at', 'ASC')
    .getMany();
  return toAppointmentDtos(manager, ctx.shop, rows);
}

async function toSeriesDto(manager: EntityManager, ctx: SeriesContext, now: Date): Promise<Series> {
  const { row } = ctx;
  const names = (await manager.query(`SELECT "id", "name" FROM "services" WHERE "id" = ANY($1::uuid[])`, [
    row.service_ids,
  ])) as Array<{ id: string; name: string }>;
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    id: row.id,
    barberId: row.barber_id,
    barberName: ctx.barber.name,
    serviceIds: row.service_ids,
    serviceNames: row.service_ids.flatMap((id) => nameOf.get(id) ?? []),
    intervalWeeks: row.interval_weeks,
    localTime: row.local_time,
    weekday: isoWeekdayOf(row.first_date),
    firstDate: row.first_date,
    untilDate: row.until_date,
    occurrences: row.occurrences,
    status: row.status,
    createdBy: row.created_by,
    client: { name: row.client_name, email: row.client_email, phone: row.client_phone },
    rrule: row.rrule,
    upcoming: await upcomingOf(manager, ctx, now),
    collisions: await collisionsOf(manager, ctx, now, { openOnly: false, ignoreNotice: true }),
  };
}

async function seriesResult(
  manager: EntityManager,
  ctx: SeriesContext,
  booked: AppointmentContext[],
  collisionDates: string[],
  now: Date,
): Promise<SeriesResult> {
  const series = await toSeriesDto(manager, ctx, now);
  const dates = new Set(collisionDates);
  return {
    series,
    booked: booked
      .sort((a, b) => a.appointment.startsAt.getTime() - b.appointment.startsAt.getTime())
      .map(toAppointmentDto),
    collisions: series.collisions.filter((c) => dates.has(c.date)),
  };
}

/** Reminders of each booked occurrence, with its own manage link. */
function remindersOf(booked: Booked[], shop: ShopEntity, now: Date): ScheduledMail[] {
  return booked.flatMap((b) => reminderMail(b.appointment, shop, now, b.token));
}

/** 400 naming the first service of the visit the barber does not do. */
async function notOffered(manager: EntityManager, services: ServiceEntity[], barber: BarberEntity) {
  for (const service of services) {
    if (!(await visitFor(manager, [service], barber))) {
      const message = VISIT_MESSAGES.notOffered(barber.name, service.name);
      return badRequest(message, { barberId: message });
    }
  }
  return badRequest(VISIT_MESSAGES.noBarberForVisit, { serviceIds: VISIT_MESSAGES.noBarberForVisit });
}

// ---- Owner ------------------------------------------------------------------------------------------------------

/**
 * The appointment 'Make this a series…' adopts as the first visit, locked for the transaction: the shop's own (404
 * otherwise), not yet in a series (409), confirmed (409), still ahead (400, like a past start), and still at the
 * start, with the barber and the services, the owner saw (409 appointmentChanged: it moved meanwhile).
 */
async function adoptableAppointment(
  manager: EntityManager,
  shop: ShopEntity,
  input: z.output<typeof SeriesRequestSchema> & { fromAppointmentId: string },
  now: Date,
): Promise<AppointmentContext> {
  const ctx = isUuid(input.fromAppointmentId)
    ? await loadAppointmentContext(manager, { id: input.fromAppointmentId }, true)
    : null;
  if (!ctx || ctx.appointment.shopId !== shop.id) throw notFound(BOOKING_MESSAGES.appointmentNotFound);
  const { appointment } = ctx;
  if (appointment.seriesId) throw new HttpError(409, 'already_in_series', VISIT_MESSAGES.alreadyInSeries);
  if (appointment.status !== 'confirmed') throw new HttpError(409, 'not_changeable', BOOKING_MESSAGES.notChangeable);
  if (appointment.startsAt.getTime() <= now.getTime()) {
    throw badRequest(BOOKING_MESSAGES.past, { start: BOOKING_MESSAGES.past });
  }
  const serviceIds = (ctx.items ?? [{ serviceId: appointment.serviceId }]).map((i) => i.serviceId?.toLowerCase());
  const same =
    appointment.startsAt.getTime() === input.start.getTime() &&
    appointment.barberId === input.barberId.toLowerCase() &&
    serviceIds.length === input.serviceIds.length &&
    serviceIds.every((id, i) => id === input.serviceIds[i]!.toLowerCase());
  if (!same) throw new HttpError(409, 'appointment_changed', VISIT_MESSAGES.appointmentChanged);
  return ctx;
}

/** The series' client as the owner typed them, linked to the shop's client record like any booking's. */
async function ownerClientFields(
  deps: BookingDeps,
  manager: EntityManager,
  shop: ShopEntity,
  input: z.output<typeof SeriesRequestSchema>['client'],
): Promise<ClientFields> {
  // The schema requires a client unless an appointment is adopted; this keeps the types honest.
  if (!input) throw badRequest(BOOKING_MESSAGES.clientName, { 'client.name': BOOKING_MESSAGES.clientName });
  const country = shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
  const phoneE164 = normalizePhone(input.phone, country);
  const clientId = await linkClient(manager, shop.id, { ...input, phoneE164 }, country);
  return {
    clientName: input.name,
    clientEmail: input.email.toLowerCase(),
    clientPhone: input.phone,
    clientPhoneE164: phoneE164,
    clientId,
    note: '',
    reminderChannel: 'email',
  };
}

/**
 * POST /api/shops/{shopId}/series (owner). The first visit is `start`; every occurrence within the booking horizon
 * is booked now in one transaction (the owner may ignore the minimum notice, as for walk-ins and moves). A start
 * the shop itself refuses (the past, off the grid, closed, outside its hours, beyond the horizon) is a 400: the
 * rule would repeat it. The client gets one confirmation (the first visit booked, with its manage link, which
 * manages the whole series) and each visit's reminders; the owner made it, so no owner notice.
 *
 * With `fromAppointmentId` ('Make this a series…') that appointment is the first visit (adoptableAppointment says
 * which may be): it joins the series as its first occurrence, its client, note and reminder choice are the
 * series', and the following occurrences are booked as above. The client already has that visit's confirmation,
 * whose manage link now manages the series, so only the new visits' reminders are sent (as for a client's own
 * series).
 */
export async function createSeries(
  deps: BookingDeps,
  shopId: string,
  userId: string,
  body: unknown,
): Promise<SeriesResult> {
  await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  const input = parseInput(SeriesRequestSchema, body);
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const now = deps.now();
    const { fromAppointmentId } = input;
    const adopted = fromAppointmentId
      ? await adoptableAppointment(manager, shop, { ...input, fromAppointmentId }, now)
      : null;
    const barber = isUuid(input.barberId)
      ? await manager.getRepository(BarberEntity).findOne({ where: { id: input.barberId, shopId: shop.id } })
      : null;
    if (!barber) throw BARBER_REFUSED();
    const services = await loadVisitServices(manager, shop, input.serviceIds);
    const visit = await visitFor(manager, services, barber);
    if (!visit) throw await notOffered(manager, services, barber);
    const rule = ruleFor(input.start, shop.timeZone, input.repeat);
    const firstDate = localDateOf(input.start, shop.timeZone);
    const refusal = checkStart({
      start: input.start,
      durationMinutes: visit.durationMinutes,
      timeZone: shop.timeZone,
      // The first visit's day as it stands (a special day, issue 25); later visits go through placeVisit.
      hours: shopHoursOn(firstDate, shop.hoursJson, await specialDaysOn(manager, shop.id, firstDate)),
      now,
      bookingHorizonDays: shop.bookingHorizonDays,
      ignoreNotice: true,
    });
    if (refusal) throw refusedStart(refusal, shop);

    if (adopted) {
      const { ctx, booked, collisions } = await seriesFromAppointment(deps, manager, {
        shop,
        appointment: adopted.appointment,
        barber,
        services,
        rule,
        client: clientFieldsOf(adopted.appointment),
        createdBy: 'owner',
        manageTokenHash: null,
      });
      await deps.mailQueue.enqueue(manager, remindersOf(booked, shop, now), now);
      return seriesResult(
        manager,
        ctx,
        [adopted, ...booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop }))],
        collisions,
        now,
      );
    }

    const client = await ownerClientFields(deps, manager, shop, input.client);
    const row = await insertSeries(manager, {
      shop,
      barber,
      services,
      rule,
      client,
      createdBy: 'owner',
      manageTokenHash: null,
    });
    const ctx: SeriesContext = { row, shop, barber, services };
    const { lastDay } = bookingWindow(shop, now);
    const { booked, collisions } = await bookOccurrences(deps, manager, ctx, datesWithin(row, lastDay), client);
    await markExtended(manager, row, lastDay);

    const [first, ...rest] = booked;
    const mails: ScheduledMail[] = [];
    if (first?.appointment.clientEmail) {
      const { appointment } = first;
      mails.push({
        job: {
          kind: 'confirmation',
          appointmentId: appointment.id,
          version: appointment.version,
          manageToken: first.token,
        },
      });
    }
    mails.push(...remindersOf(first ? [first, ...rest] : [], shop, now));
    await deps.mailQueue.enqueue(manager, mails, now);
    return seriesResult(
      manager,
      ctx,
      booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop })),
      collisions,
      now,
    );
  });
}

/** GET /api/shops/{shopId}/series/{seriesId} (owner) */
export async function getSeries(deps: BookingDeps, shopId: string, seriesId: string, userId: string): Promise<Series> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  return toSeriesDto(manager, await loadSeries(manager, shop, seriesId), deps.now());
}

const SeriesListQuerySchema = z.object({
  status: z
    .enum(['active', 'cancelled', 'ended'], { message: "Status must be 'active', 'cancelled' or 'ended'" })
    .optional(),
});

/** GET /api/shops/{shopId}/series?status=active (owner): the shop's series, by first visit. */
export async function listSeries(deps: BookingDeps, shopId: string, userId: string, query: unknown): Promise<Series[]> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const { status } = parseInput(SeriesListQuerySchema, query);
  const rows = (await manager.query(
    `SELECT ${SERIES_COLUMNS} FROM "appointment_series" WHERE "shop_id" = $1 AND ($2::varchar IS NULL OR "status" = $2)
     ORDER BY "first_date", "created_at", "id"`,
    [shop.id, status ?? null],
  )) as SeriesRow[];
  const now = deps.now();
  const list: Series[] = [];
  for (const row of rows) list.push(await toSeriesDto(manager, await contextOf(manager, row, shop), now));
  return list;
}

/**
 * Books one of a collision's alternatives as that occurrence: the start must be among the free starts now (the
 * list the owner or client saw may have aged), then placeVisit decides as for any booking. The collision is then
 * resolved with the appointment.
 */
async function acceptInSeries(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: SeriesContext,
  date: string,
  body: unknown,
  by: CreatedBy,
): Promise<{ booked: Booked; manageToken: string }> {
  const { start } = parseInput(AcceptAlternativeSchema, body);
  if (!isCalendarDate(date)) throw collisionNotFound();
  const [open] = (await manager.query(
    `SELECT 1 FROM "series_collisions" WHERE "series_id" = $1 AND "occurrence_date" = $2 AND "status" = 'open' FOR UPDATE`,
    [ctx.row.id, date],
  )) as unknown[];
  if (!open) throw collisionNotFound();
  const now = deps.now();
  const ignoreNotice = by === 'owner';
  const free = await alternativesFor(manager, ctx, date, now, ignoreNotice);
  if (!free.some((c) => c.start === start.toISOString())) throw slotTaken();
  const template = await clientTemplate(manager, ctx.row);
  const token = newManageToken();
  const { result, barber } = await placeVisit(
    manager,
    { shop: ctx.shop, services: ctx.services, candidates: [ctx.barber], start, now, ignoreNotice },
    (candidate, visit, end) =>
      insertVisitAppointment(
        manager,
        {
          ...template,
          shopId: ctx.shop.id,
          barberId: candidate.id,
          currency: ctx.shop.currency,
          startsAt: start,
          endsAt: end,
          status: 'confirmed',
          source: 'online',
          manageTokenHash: token.hash,
          seriesId: ctx.row.id,
          seriesOccurrence: date,
          version: 1,
        },
        visit,
      ),
  );
  await manager.query(
    `UPDATE "series_collisions" SET "status" = 'resolved', "appointment_id" = $3 WHERE "series_id" = $1 AND "occurrence_date" = $2`,
    [ctx.row.id, date, result.id],
  );
  return { booked: { appointment: result, barber, token: token.token }, manageToken: token.token };
}

/**
 * POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/accept {start} (owner) → the new visit. The client
 * hears of it like of a booking (confirmation with its manage link, reminders); no owner notice.
 */
export async function acceptCollision(
  deps: BookingDeps,
  shopId: string,
  seriesId: string,
  date: string,
  userId: string,
  body: unknown,
): Promise<Appointment> {
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const ctx = await loadSeries(manager, shop, seriesId, true);
    const { booked } = await acceptInSeries(deps, manager, ctx, date, body, 'owner');
    const now = deps.now();
    const mails = bookingMails(booked.appointment, shop, booked.token, now).filter(
      (m) => m.job.kind !== 'owner_notice',
    );
    await deps.mailQueue.enqueue(manager, mails, now);
    return toAppointmentDto({ appointment: booked.appointment, barber: booked.barber, shop });
  });
}

/** POST /api/shops/{shopId}/series/{seriesId}/collisions/{date}/dismiss (owner): the visit is let go. */
export async function dismissCollision(
  deps: BookingDeps,
  shopId: string,
  seriesId: string,
  date: string,
  userId: string,
): Promise<void> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const ctx = await loadSeries(manager, shop, seriesId);
  if (!isCalendarDate(date)) throw collisionNotFound();
  const [, count] = (await manager.query(
    `UPDATE "series_collisions" SET "status" = 'dismissed' WHERE "series_id" = $1 AND "occurrence_date" = $2 AND "status" = 'open'`,
    [ctx.row.id, date],
  )) as [unknown, number];
  if (count === 0) throw collisionNotFound();
}

// ---- Client -----------------------------------------------------------------------------------------------------

/** The client and reminder choice of a series' earliest visit (the one they booked), else the series' own. */
async function clientTemplate(manager: EntityManager, row: SeriesRow): Promise<ClientFields> {
  const first = await manager
    .getRepository(AppointmentEntity)
    .findOne({ where: { seriesId: row.id }, order: { startsAt: 'ASC' } });
  if (first) return clientFieldsOf(first);
  return {
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    clientPhoneE164: null,
    clientId: row.client_id,
    note: '',
    reminderChannel: 'email',
  };
}

function clientFieldsOf(a: AppointmentEntity): ClientFields {
  return {
    clientName: a.clientName,
    clientEmail: a.clientEmail,
    clientPhone: a.clientPhone,
    clientPhoneE164: a.clientPhoneE164,
    clientId: a.clientId,
    note: a.note,
    reminderChannel: a.reminderChannel,
    reminderConsentAt: a.reminderConsentAt,
    reminderConsentText: a.reminderConsentText,
  };
}

/**
 * Makes an existing appointment the first visit of a new series, in the caller's transaction: the series is
 * inserted with `rule` (made from the appointment's start), the appointment becomes its first occurrence (its local
 * date), and the rule's following dates within the booking horizon are booked for `client` (collisions recorded).
 * The two ways a booking becomes a series go through it: a client's booking with repeat and the owner's 'Make this
 * a series…'. Sends nothing: the callers decide the mails.
 */
async function seriesFromAppointment(
  deps: BookingDeps,
  manager: EntityManager,
  input: {
    shop: ShopEntity;
    appointment: AppointmentEntity;
    barber: BarberEntity;
    services: ServiceEntity[];
    rule: SeriesRule;
    client: ClientFields;
    createdBy: CreatedBy;
    manageTokenHash: string | null;
  },
): Promise<{ ctx: SeriesContext; booked: Booked[]; collisions: string[] }> {
  const { shop, appointment, barber, services, rule, client } = input;
  const row = await insertSeries(manager, {
    shop,
    barber,
    services,
    rule,
    client,
    createdBy: input.createdBy,
    manageTokenHash: input.manageTokenHash,
  });
  await manager.query(`UPDATE "appointments" SET "series_id" = $2, "series_occurrence" = $3 WHERE "id" = $1`, [
    appointment.id,
    row.id,
    rule.firstDate,
  ]);
  appointment.seriesId = row.id;
  appointment.seriesOccurrence = rule.firstDate;
  const ctx: SeriesContext = { row, shop, barber, services };
  const { lastDay } = bookingWindow(shop, deps.now());
  const { booked, collisions } = await bookOccurrences(deps, manager, ctx, datesWithin(row, lastDay), client);
  await markExtended(manager, row, lastDay);
  return { ctx, booked, collisions };
}

/**
 * The client's series at the end of booking (where shop.clientsMayRepeat; the caller checks it): `appointment` is
 * their first visit, booked in the caller's transaction, whose manage token manages the series. The other
 * occurrences within the horizon are booked with the same client, note and reminder choice; each gets its
 * reminders (with its own manage link), no confirmation or owner notice of its own: the first visit's mails speak
 * for the booking. The client's minimum notice applies.
 */
export async function createSeriesForBooking(
  manager: EntityManager,
  deps: BookingDeps,
  input: {
    shop: ShopEntity;
    appointment: AppointmentEntity;
    services: ServiceEntity[];
    barber: BarberEntity;
    repeat: RepeatInput;
    client: { name: string; email: string; phone: string };
    manageTokenHash: string;
  },
): Promise<SeriesResult> {
  const { shop, appointment, barber } = input;
  const repeat = parseInput(RepeatSchema, input.repeat);
  const client = clientFieldsOf(appointment);
  const { ctx, booked, collisions } = await seriesFromAppointment(deps, manager, {
    shop,
    appointment,
    barber,
    services: input.services,
    rule: ruleFor(appointment.startsAt, shop.timeZone, repeat),
    client: { ...client, clientName: input.client.name, clientPhone: input.client.phone },
    createdBy: 'client',
    manageTokenHash: input.manageTokenHash,
  });
  const now = deps.now();
  await deps.mailQueue.enqueue(manager, remindersOf(booked, shop, now), now);
  return seriesResult(
    manager,
    ctx,
    [{ appointment, barber, shop }, ...booked.map((b) => ({ appointment: b.appointment, barber: b.barber, shop }))],
    collisions,
    now,
  );
}

/** The series of an appointment reached by its manage token (any visit's token manages the series). */
async function seriesByToken(manager: EntityManager, token: string, lock: boolean): Promise<SeriesContext> {
  if (!isWellFormedToken(token)) throw seriesNotFound();
  const [row] = (await manager.query(
    `SELECT ${SERIES_COLUMNS} FROM "appointment_series"
     WHERE "id" = (SELECT "series_id" FROM "appointments" WHERE "manage_token_hash" = $1)${lock ? ' FOR UPDATE' : ''}`,
    [hashManageToken(token)],
  )) as SeriesRow[];
  if (!row) throw seriesNotFound();
  return contextOf(manager, row);
}

/**
 * POST /api/appointments/manage/{token}/series/collisions/{date}/accept {start} (client): any visit's manage token
 * of the series. Booked as the client's own booking: confirmation with the new visit's manage link, the owner's
 * notice, reminders; the minimum notice applies.
 */
export async function acceptCollisionAsClient(
  deps: BookingDeps,
  token: string,
  date: string,
  body: unknown,
): Promise<Appointment> {
  await deps.mailQueue.ready();
  return deps.dataSource.transaction(async (manager) => {
    const ctx = await seriesByToken(manager, token, true);
    const { booked } = await acceptInSeries(deps, manager, ctx, date, body, 'client');
    const now = deps.now();
    await deps.mailQueue.enqueue(manager, bookingMails(booked.appointment, ctx.shop, booked.token, now), now);
    return toAppointmentDto({ appointment: booked.appointment, barber: booked.barber, shop: ctx.shop });
  });
}

/**
 * The series part of the manage page: its rule, upcoming visits and open collisions (with alternatives as the
 * client may book them, notice applied). Undefined for a visit outside any series.
 */
export async function managedSeriesOf(
  manager: EntityManager,
  appointment: AppointmentEntity,
  now: Date,
): Promise<ManagedSeries | undefined> {
  if (!appointment.seriesId) return undefined;
  const [row] = (await manager.query(`SELECT ${SERIES_COLUMNS} FROM "appointment_series" WHERE "id" = $1`, [
    appointment.seriesId,
  ])) as SeriesRow[];
  if (!row) return undefined;
  const ctx = await contextOf(manager, row);
  const upcoming = await upcomingOf(manager, ctx, now);
  return {
    id: row.id,
    intervalWeeks: row.interval_weeks,
    localTime: row.local_time,
    weekday: isoWeekdayOf(row.first_date),
    status: row.status,
    upcoming: upcoming.map(({ id, start, localDate, localTime, status }) => ({
      id,
      start,
      localDate,
      localTime,
      status,
    })),
    collisions: await collisionsOf(manager, ctx, now, { openOnly: true, ignoreNotice: false }),
  };
}

// ---- Cancelling -------------------------------------------------------------------------------------------------

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
): Promise<AppointmentContext[]> {
  const cancelled: AppointmentContext[] = [];
  if (ctx.appointment.status !== 'cancelled') {
    await cancelAppointment(deps, manager, ctx);
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
    await cancelAppointment(deps, manager, each);
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

// ---- Extension --------------------------------------------------------------------------------------------------

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
        const { booked, collisions } = await bookOccurrences(at, manager, ctx, due, await clientTemplate(manager, row));
        await markExtended(manager, row, lastDay);
        await deps.mailQueue.enqueue(manager, remindersOf(booked, ctx.shop, now), now);
        totals.booked += booked.length;
        totals.collisions += collisions.length;
      });
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, seriesId: id }, 'series extension failed');
    }
  }
  return totals;
}
