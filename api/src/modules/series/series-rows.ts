import { addDays, localDateOf, type RepeatSchema, type Series, VISIT_LIMITS, VISIT_MESSAGES } from '@barberly/common';
import { type EntityManager, In, QueryFailedError } from 'typeorm';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { hashManageToken, isWellFormedToken } from '../appointments/manage-token';
import { BarberEntity } from '../barbers/barber.entity';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { isUuid } from '../shops/shop-access';
import { occurrenceDates, ruleText, type SeriesRule, wallTimeOf } from './rule';

/**
 * Recurring series (issue 14, decision 0160): every N weeks on the first visit's weekday and wall-clock time, with
 * the same barber and services. Each occurrence inside the booking horizon is a real appointment placed like any
 * other (placeVisit, the exclusion constraint); one that is not free becomes a series_collisions row with the
 * nearest free alternatives, never a silent gap. The rest are booked as the horizon moves (extendSeries, hourly).
 */

/**
 * A recurring series' row (appointment_series) and what placing or reading its visits needs: its rule's dates, its
 * context (shop, barber, services), the client copied onto each visit. No booking here (series-placement.ts).
 */

export type CreatedBy = 'owner' | 'client';

export interface SeriesRow {
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
export interface SeriesContext {
  row: SeriesRow;
  shop: ShopEntity;
  barber: BarberEntity;
  /** The services still in the shop, in the series' order. */
  services: ServiceEntity[];
}

/** Who the visits are for and how they want reminders: copied onto every occurrence. */
export type ClientFields = Pick<
  AppointmentEntity,
  'clientName' | 'clientEmail' | 'clientPhone' | 'clientPhoneE164' | 'clientId' | 'note' | 'reminderChannel'
> &
  Partial<Pick<AppointmentEntity, 'reminderConsentAt' | 'reminderConsentText'>>;

export interface Booked {
  appointment: AppointmentEntity;
  barber: BarberEntity;
  /** The occurrence's own manage token: its reminders carry the manage link. */
  token: string;
}

export const SERIES_COLUMNS = `"id", "shop_id", "barber_id", "service_ids"::text[] AS "service_ids", "client_id", "client_name",
  "client_email", "client_phone", "interval_weeks", "local_time", "first_date"::text AS "first_date",
  "until_date"::text AS "until_date", "occurrences", "rrule", "created_by", "status", "extended_to"::text AS "extended_to"`;

export const seriesNotFound = () => notFound(VISIT_MESSAGES.seriesNotFound);

export const collisionNotFound = () => notFound(VISIT_MESSAGES.collisionNotFound);

export function ruleOf(
  row: Pick<SeriesRow, 'first_date' | 'local_time' | 'interval_weeks' | 'until_date' | 'occurrences'>,
) {
  return {
    firstDate: row.first_date,
    localTime: row.local_time,
    intervalWeeks: row.interval_weeks,
    until: row.until_date,
    count: row.occurrences,
  } satisfies SeriesRule;
}

/** The shop's today and the last day it takes bookings for. */
export function bookingWindow(shop: ShopEntity, now: Date): { today: string; lastDay: string } {
  const today = localDateOf(now, shop.timeZone);
  return { today, lastDay: addDays(today, shop.bookingHorizonDays) };
}

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
}

/** A refusal that means "not this time" (taken, closed, outside the barber's hours...), not a broken request. */
export function isCollision(err: unknown): boolean {
  return err instanceof HttpError && (err.status === 400 || err.status === 409);
}

/**
 * The rule of a request: the first visit's local date and wall time define it. Refused: an until date not after
 * the first visit, or one that would make more than the maximum number of visits.
 */
export function ruleFor(start: Date, timeZone: string, repeat: z.output<typeof RepeatSchema>): SeriesRule {
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

export async function insertSeries(
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

/** How far the series has been considered: the last date booked or recorded, at most its own last date. */
export async function markExtended(manager: EntityManager, row: SeriesRow, lastDay: string): Promise<void> {
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
export function datesWithin(row: SeriesRow, lastDay: string): string[] {
  return occurrenceDates(ruleOf(row)).filter((d) => d <= lastDay);
}

export async function contextOf(manager: EntityManager, row: SeriesRow, shop?: ShopEntity): Promise<SeriesContext> {
  const theShop = shop ?? (await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: row.shop_id } }));
  const barber = await manager.getRepository(BarberEntity).findOneOrFail({ where: { id: row.barber_id } });
  const found = await manager
    .getRepository(ServiceEntity)
    .find({ where: { id: In(row.service_ids), shopId: row.shop_id } });
  const byId = new Map(found.map((s) => [s.id, s]));
  const services = row.service_ids.flatMap((id) => byId.get(id) ?? []);
  return { row, shop: theShop, barber, services };
}

export async function loadSeries(
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

/** The client and reminder choice of a series' earliest visit (the one they booked), else the series' own. */
export async function clientTemplate(manager: EntityManager, row: SeriesRow): Promise<ClientFields> {
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

export function clientFieldsOf(a: AppointmentEntity): ClientFields {
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

/** The series of an appointment reached by its manage token (any visit's token manages the series). */
export async function seriesByToken(manager: EntityManager, token: string, lock: boolean): Promise<SeriesContext> {
  if (!isWellFormedToken(token)) throw seriesNotFound();
  const [row] = (await manager.query(
    `SELECT ${SERIES_COLUMNS} FROM "appointment_series"
     WHERE "id" = (SELECT "series_id" FROM "appointments" WHERE "manage_token_hash" = $1)${lock ? ' FOR UPDATE' : ''}`,
    [hashManageToken(token)],
  )) as SeriesRow[];
  if (!row) throw seriesNotFound();
  return contextOf(manager, row);
}
