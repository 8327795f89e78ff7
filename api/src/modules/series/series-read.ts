import type { Appointment, ManagedSeries, Series, SeriesCollision, SeriesResult } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { type AppointmentContext, toAppointmentDto, toAppointmentDtos } from '../appointments/appointment-view';
import { isoWeekdayOf } from './rule';
import { alternativesFor } from './series-alternatives';
import { contextOf, SERIES_COLUMNS, type SeriesContext, type SeriesRow } from './series-rows';

/** A series as the owner and the manage page read it: its rule, upcoming visits and collisions with alternatives. */

export async function collisionsOf(
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

export async function upcomingOf(manager: EntityManager, ctx: SeriesContext, now: Date): Promise<Appointment[]> {
  const rows = await manager
    .getRepository(AppointmentEntity)
    .createQueryBuilder('a')
    .where(`a.series_id = :id AND a.status = 'confirmed' AND a.starts_at >= :now`, { id: ctx.row.id, now })
    .orderBy('a.starts_at', 'ASC')
    .getMany();
  return toAppointmentDtos(manager, ctx.shop, rows);
}

export async function toSeriesDto(manager: EntityManager, ctx: SeriesContext, now: Date): Promise<Series> {
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

export async function seriesResult(
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
