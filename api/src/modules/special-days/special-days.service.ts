import {
  type Appointment,
  addDays,
  dayBounds,
  findSpecialDay,
  type HolidaySuggestionsResponse,
  localDateOf,
  openingWindow,
  SPECIAL_DAY_LIMITS,
  SPECIAL_DAY_MESSAGES,
  type SpecialDay,
  SpecialDayDateSchema,
  type SpecialDayPutResponse,
  SpecialDayRequestSchema,
  SpecialDaysQuerySchema,
  type SpecialDaysResponse,
  SpecialDayTargetSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { ShopEvents } from '../../platform/events/shop-events';
import { badRequest, forbidden, notFound, parseInput } from '../../platform/http/errors';
import { AppointmentEntity } from '../appointments/appointment.entity';
import { toAppointmentDtos } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking.service';
import { setAppointmentStatus } from '../appointments/owner.service';
import { BarberEntity } from '../barbers/barber.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { bumpShopVersion, findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';
import { queueFreedTimeChecks } from '../waitlist/waitlist-queue';
import { holidayCountry, holidayWindow, publicHolidays } from './holidays';
import {
  barberHoursOn,
  deleteSpecialDay,
  loadSpecialDays,
  shopHoursOn,
  specialDaysOn,
  upsertSpecialDay,
} from './special-days.repository';

/**
 * Special days (issue 25, item 6; decision 0180). Who may act: the shop's owner, on the shop's days and any of its
 * barbers'; a barber who joined the shop, on their own barber-level days only (their own hours and time off are
 * theirs to set, decision 0024), and they may read the shop's. Anyone else: 403; an unknown shop: 404.
 */

export type SpecialDaysDeps = BookingDeps & { events: ShopEvents };

interface Actor {
  shop: ShopEntity;
  /** The caller's own barber row when they are a barber of the shop (not its owner). */
  barber: BarberEntity | null;
}

async function actorOf(manager: EntityManager, shopId: string, userId: string): Promise<Actor> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId === userId) return { shop, barber: null };
  const barber = await manager.getRepository(BarberEntity).findOne({ where: { shopId: shop.id, userId } });
  if (!barber) throw forbidden('Only the owner of this shop can change it.');
  return { shop, barber };
}

/** The barber a PUT or DELETE is about (null: the whole shop), checked against who asks. */
async function targetOf(manager: EntityManager, actor: Actor, query: unknown): Promise<BarberEntity | null> {
  const { barberId } = parseInput(SpecialDayTargetSchema, query);
  if (actor.barber) {
    if (!barberId || barberId.toLowerCase() !== actor.barber.id) throw forbidden(SPECIAL_DAY_MESSAGES.ownDaysOnly);
    return actor.barber;
  }
  if (!barberId) return null;
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { id: barberId.toLowerCase(), shopId: actor.shop.id } });
  if (!barber) throw badRequest(SPECIAL_DAY_MESSAGES.barberNotFound, { barberId: SPECIAL_DAY_MESSAGES.barberNotFound });
  return barber;
}

function dateOf(raw: string): string {
  return parseInput(SpecialDayDateSchema, raw);
}

/**
 * Confirmed appointments still to come on `date` that the day's hours (with its special days) leave out: all of them
 * on a closed day, those outside the new hours otherwise. For a barber-level day only that barber's.
 */
async function affectedAppointments(
  manager: EntityManager,
  shop: ShopEntity,
  date: string,
  barber: BarberEntity | null,
  now: Date,
): Promise<AppointmentEntity[]> {
  const day = dayBounds(date, shop.timeZone);
  const rows = await manager
    .getRepository(AppointmentEntity)
    .createQueryBuilder('a')
    .where(`a.shop_id = :shopId AND a.status = 'confirmed' AND a.starts_at >= :start AND a.starts_at < :end`, {
      shopId: shop.id,
      start: day.start > now ? day.start : now,
      end: day.end,
    })
    .andWhere(barber ? 'a.barber_id = :barberId' : '1 = 1', { barberId: barber?.id })
    .orderBy('a.starts_at', 'ASC')
    .getMany();
  if (rows.length === 0) return rows;
  const specials = await specialDaysOn(manager, shop.id, date);
  const barbers = await manager.getRepository(BarberEntity).find({ where: { shopId: shop.id } });
  const shopWindow = openingWindow(date, shop.timeZone, shopHoursOn(date, shop.hoursJson, specials));
  return rows.filter((a) => {
    const who = barbers.find((b) => b.id === a.barberId);
    const own = who ? openingWindow(date, shop.timeZone, barberHoursOn(date, shop.hoursJson, who, specials)) : null;
    const fits = (w: { start: Date; end: Date } | null) => w && a.startsAt >= w.start && a.endsAt <= w.end;
    return !(fits(shopWindow) && fits(own));
  });
}

/** PUT /api/shops/{shopId}/special-days/{date}[?barberId=] */
export async function putSpecialDay(
  deps: SpecialDaysDeps,
  shopId: string,
  rawDate: string,
  userId: string,
  query: unknown,
  body: unknown,
): Promise<SpecialDayPutResponse> {
  const date = dateOf(rawDate);
  const input = parseInput(SpecialDayRequestSchema, body);
  const manager = deps.dataSource.manager;
  const actor = await actorOf(manager, shopId, userId);
  const barber = await targetOf(manager, actor, query);
  if (input.cancelAffected && actor.barber) throw forbidden(SPECIAL_DAY_MESSAGES.cancelOwnerOnly);
  const { shop } = actor;
  const now = deps.now();
  if (date < localDateOf(now, shop.timeZone))
    throw badRequest(SPECIAL_DAY_MESSAGES.past, { date: SPECIAL_DAY_MESSAGES.past });
  const wanted: SpecialDay = {
    date,
    barberId: barber?.id ?? null,
    closed: input.closed === true,
    open: input.closed === true ? null : (input.open ?? null),
    close: input.closed === true ? null : (input.close ?? null),
    reason: input.reason,
  };
  const { specialDay, event, affected } = await deps.dataSource.transaction(async (tx) => {
    const specialDay = await upsertSpecialDay(tx, shop.id, wanted);
    // The public page shows the shop's own special days: its cached copy is renewed (barbers' days are not shown).
    const event = barber ? null : await bumpShopVersion(tx, shop.id);
    // Longer hours than before may free time the waitlist wants.
    await queueFreedTimeChecks(deps, tx, shop.id, dayBounds(date, shop.timeZone));
    return { specialDay, event, affected: await affectedAppointments(tx, shop, date, barber, now) };
  });
  if (event) await deps.events.shopChanged(event);
  const cancelled: Appointment[] = [];
  if (input.cancelAffected) {
    // Each through the owner's own cancel (the client gets the cancellation mail), one at a time.
    for (const appointment of affected) {
      cancelled.push(await setAppointmentStatus(deps, shop.id, appointment.id, userId, { status: 'cancelled' }));
    }
  }
  return {
    specialDay,
    affected: input.cancelAffected ? [] : await toAppointmentDtos(manager, shop, affected),
    cancelled,
  };
}

/** DELETE /api/shops/{shopId}/special-days/{date}[?barberId=]: the day goes back to its week. */
export async function deleteSpecialDayOf(
  deps: SpecialDaysDeps,
  shopId: string,
  rawDate: string,
  userId: string,
  query: unknown,
): Promise<void> {
  const date = dateOf(rawDate);
  const manager = deps.dataSource.manager;
  const actor = await actorOf(manager, shopId, userId);
  const barber = await targetOf(manager, actor, query);
  const { shop } = actor;
  const event = await deps.dataSource.transaction(async (tx) => {
    if (!(await deleteSpecialDay(tx, shop.id, date, barber?.id ?? null))) throw notFound(SPECIAL_DAY_MESSAGES.notFound);
    await queueFreedTimeChecks(deps, tx, shop.id, dayBounds(date, shop.timeZone));
    return barber ? null : await bumpShopVersion(tx, shop.id);
  });
  if (event) await deps.events.shopChanged(event);
}

/** GET /api/shops/{shopId}/special-days?from=&to=&barberId= (a barber sees the shop's and their own). */
export async function listSpecialDays(
  deps: Pick<SpecialDaysDeps, 'dataSource' | 'now'>,
  shopId: string,
  userId: string,
  query: unknown,
): Promise<SpecialDaysResponse> {
  const input = parseInput(SpecialDaysQuerySchema, query);
  const manager = deps.dataSource.manager;
  const { shop, barber } = await actorOf(manager, shopId, userId);
  const from = input.from ?? localDateOf(deps.now(), shop.timeZone);
  const to = input.to ?? addDays(from, SPECIAL_DAY_LIMITS.listDaysMax - 1);
  if (to < from || to > addDays(from, SPECIAL_DAY_LIMITS.listDaysMax - 1)) {
    throw badRequest(SPECIAL_DAY_MESSAGES.range, { to: SPECIAL_DAY_MESSAGES.range });
  }
  if (barber && input.barberId && input.barberId.toLowerCase() !== barber.id) {
    throw forbidden(SPECIAL_DAY_MESSAGES.ownDaysOnly);
  }
  const only = barber?.id ?? input.barberId?.toLowerCase();
  const specialDays = await loadSpecialDays(manager, shop.id, from, to, only);
  return { timeZone: shop.timeZone, from, to, specialDays };
}

/**
 * GET /api/shops/{shopId}/special-days/holiday-suggestions (owner): the public holidays of the shop's country from
 * today for 12 months, each marked when the shop already has a special day then. Nothing is closed here: the owner
 * picks from the list and each pick is a PUT.
 */
export async function holidaySuggestions(
  deps: Pick<SpecialDaysDeps, 'dataSource' | 'now'>,
  shopId: string,
  userId: string,
): Promise<HolidaySuggestionsResponse> {
  const manager = deps.dataSource.manager;
  const { shop, barber } = await actorOf(manager, shopId, userId);
  if (barber) throw forbidden('Only the owner of this shop can change it.');
  const { from, to } = holidayWindow(localDateOf(deps.now(), shop.timeZone), SPECIAL_DAY_LIMITS.holidayMonths);
  const country = holidayCountry(shop);
  if (!country) return { country: null, from, to, holidays: [] };
  const existing = await loadSpecialDays(manager, shop.id, from, to);
  return {
    country,
    from,
    to,
    holidays: publicHolidays(country, from, to).map((h) => ({
      ...h,
      alreadySet: Boolean(findSpecialDay(existing, h.date, null)),
    })),
  };
}
