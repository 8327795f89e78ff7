import { AcceptAlternativeSchema, isCalendarDate, VISIT_MESSAGES } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { badRequest, parseInput } from '../../platform/http/errors';
import type { AppointmentEntity } from '../appointments/appointment.entity';
import type { BookingDeps } from '../appointments/booking-deps';
import { slotTaken } from '../appointments/booking-errors';
import { type Actor, bookVisit, joinSeries } from '../appointments/lifecycle';
import { newManageToken } from '../appointments/manage-token';
import { placeVisit, SERVICE_REFUSED, visitFor } from '../appointments/visit';
import type { BarberEntity } from '../barbers/barber.entity';
import type { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { occurrenceStart, type SeriesRule } from './rule';
import { alternativesFor } from './series-alternatives';
import {
  type Booked,
  bookingWindow,
  type ClientFields,
  type CreatedBy,
  clientTemplate,
  collisionNotFound,
  datesWithin,
  insertSeries,
  isCollision,
  isUniqueViolation,
  markExtended,
  type SeriesContext,
} from './series-rows';

/**
 * Placing a series' visits (issue 14): each occurrence through the lifecycle's bookVisit inside placeVisit, so the
 * exclusion constraint decides; one that is not free becomes a collision with alternatives, never a silent gap.
 */

/**
 * Books the given occurrence dates, each in its own savepoint: a date that is not free (taken, under a hold, the
 * barber off or closed that day) is recorded as an open collision and the others go on. A date already booked or
 * already recorded is left as it is (extension runs again and again). Owner series ignore the minimum notice, like
 * the owner's other bookings; a client's series keeps it.
 */
export async function bookOccurrences(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: SeriesContext,
  dates: string[],
  client: ClientFields,
  how: { actor: Actor; announceFirst?: boolean },
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
          bookVisit(deps, manager, {
            shop,
            visit,
            actor: how.actor,
            via: 'series',
            manageToken: token.token,
            // The first visit of a new owner's series is announced (confirmation); the others follow it.
            data: { followOn: !(how.announceFirst && booked.length === 0) },
            fields: {
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
          }),
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

/** 400 naming the first service of the visit the barber does not do. */
export async function notOffered(manager: EntityManager, services: ServiceEntity[], barber: BarberEntity) {
  for (const service of services) {
    if (!(await visitFor(manager, [service], barber))) {
      const message = VISIT_MESSAGES.notOffered(barber.name, service.name);
      return badRequest(message, { barberId: message });
    }
  }
  return badRequest(VISIT_MESSAGES.noBarberForVisit, { serviceIds: VISIT_MESSAGES.noBarberForVisit });
}

/**
 * Books one of a collision's alternatives as that occurrence: the start must be among the free starts now (the
 * list the owner or client saw may have aged), then placeVisit decides as for any booking. The collision is then
 * resolved with the appointment.
 */
export async function acceptInSeries(
  deps: BookingDeps,
  manager: EntityManager,
  ctx: SeriesContext,
  date: string,
  body: unknown,
  by: CreatedBy,
  actor: Actor,
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
      bookVisit(deps, manager, {
        shop: ctx.shop,
        visit,
        actor,
        via: 'series',
        manageToken: token.token,
        fields: {
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
      }),
  );
  await manager.query(
    `UPDATE "series_collisions" SET "status" = 'resolved', "appointment_id" = $3 WHERE "series_id" = $1 AND "occurrence_date" = $2`,
    [ctx.row.id, date, result.id],
  );
  return { booked: { appointment: result, barber, token: token.token }, manageToken: token.token };
}

/**
 * Makes an existing appointment the first visit of a new series, in the caller's transaction: the series is
 * inserted with `rule` (made from the appointment's start), the appointment becomes its first occurrence (its local
 * date), and the rule's following dates within the booking horizon are booked for `client` (collisions recorded).
 * The two ways a booking becomes a series go through it: a client's booking with repeat and the owner's 'Make this
 * a series…'. Sends nothing: the callers decide the mails.
 */
export async function seriesFromAppointment(
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
    actor: Actor;
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
  await joinSeries(
    deps,
    manager,
    { appointment, barber, shop },
    { id: row.id, occurrence: rule.firstDate },
    input.actor,
  );
  const ctx: SeriesContext = { row, shop, barber, services };
  const { lastDay } = bookingWindow(shop, deps.now());
  const { booked, collisions } = await bookOccurrences(deps, manager, ctx, datesWithin(row, lastDay), client, {
    actor: input.actor,
  });
  await markExtended(manager, row, lastDay);
  return { ctx, booked, collisions };
}
