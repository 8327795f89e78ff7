import {
  addDays,
  BOOKING_MESSAGES,
  CalendarDateSchema,
  checkStart,
  localDateOf,
  normalizePhone,
  OfferSlotSchema,
  type PublicWaitlistEntry,
  VISIT_MESSAGES,
  type WaitlistEntry,
  type WaitlistJoined,
  WaitlistJoinSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { badRequest, notFound, parseInput } from '../../platform/http/errors';
import { BARBER_REFUSED } from '../appointments/booking.service';
import { refusedStart } from '../appointments/booking-errors';
import { hashManageToken, isWellFormedToken, newManageToken } from '../appointments/manage-token';
import { loadVisitServices, visitFor } from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import { BarberTimeOffEntity } from '../barbers/barber-time-off.entity';
import { linkClient } from '../clients/client-matching';
import { shopCountry } from '../messaging/texts';
import type { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { isUuid, loadOwnedShop, loadVisibleShop } from '../shops/shop-access';
import { barberHoursOn, shopHoursOn, specialDaysOn } from '../special-days/special-days.repository';
import {
  createHold,
  effectiveStatus,
  HOLD_COLUMNS,
  type HoldRow,
  holdLabel,
  offerSlotTaken,
  releaseEntryHolds,
  type WaitlistDeps,
} from './holds';
import { type EntryRow, findEntry, namedBarber, namedServices, positionOf } from './waitlist-entries';
import { waitlistUrlOf } from './waitlist-mails';
import { enqueueWaitlistCheck, enqueueWaitlistMail, ensureWaitlistQueues } from './waitlist-queue';

/** The waitlist (issue 14, decision 0160): clients join and leave it; owners read a day's line and offer by hand. */

const waitlistNotFound = () => notFound(VISIT_MESSAGES.waitlistNotFound);

async function waitlistEnabled(manager: EntityManager, shopId: string): Promise<boolean> {
  const [row] = (await manager.query(`SELECT "waitlist_enabled" FROM "shops" WHERE "id" = $1`, [shopId])) as Array<{
    waitlist_enabled: boolean;
  }>;
  return row?.waitlist_enabled === true;
}

/** The barber named (of the shop, doing the whole visit), or for 'any' a check that someone does it. */
async function checkBarberForVisit(
  manager: EntityManager,
  shop: ShopEntity,
  barberId: string,
  services: ServiceEntity[],
): Promise<BarberEntity | null> {
  const repo = manager.getRepository(BarberEntity);
  if (barberId !== 'any') {
    const barber = isUuid(barberId) ? await repo.findOne({ where: { id: barberId, shopId: shop.id } }) : null;
    if (!barber) throw BARBER_REFUSED();
    if (!(await visitFor(manager, services, barber))) {
      let missing = services[0]!;
      for (const service of services) {
        if (!(await visitFor(manager, [service], barber))) {
          missing = service;
          break;
        }
      }
      const message = VISIT_MESSAGES.notOffered(barber.name, missing.name);
      throw badRequest(message, { serviceIds: message });
    }
    return barber;
  }
  const all = await repo.find({ where: { shopId: shop.id } });
  if (all.length === 0) throw badRequest(BOOKING_MESSAGES.noBarbers, { barberId: BOOKING_MESSAGES.noBarbers });
  for (const barber of all) if (await visitFor(manager, services, barber)) return null;
  throw badRequest(VISIT_MESSAGES.noBarberForVisit, { serviceIds: VISIT_MESSAGES.noBarberForVisit });
}

/**
 * POST /api/shops/{slug}/waitlist. The day must be the shop's today or later, within its booking horizon. A check of
 * the day is queued at once: if a matching time is already free, the new entry is offered it in its turn.
 */
export async function joinWaitlist(deps: WaitlistDeps, slugOrId: string, body: unknown): Promise<WaitlistJoined> {
  const input = parseInput(WaitlistJoinSchema, body);
  const publicShop = await loadVisibleShop(deps.dataSource.manager, slugOrId, undefined);
  await deps.billing?.assertTakingBookings(deps.dataSource.manager, publicShop.id);
  await ensureWaitlistQueues(deps.mailQueue);
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadVisibleShop(manager, publicShop.id, undefined);
    if (!(await waitlistEnabled(manager, shop.id))) throw badRequest(VISIT_MESSAGES.waitlistOff);
    const today = localDateOf(deps.now(), shop.timeZone);
    if (input.date < today) throw badRequest(VISIT_MESSAGES.waitlistPast, { date: VISIT_MESSAGES.waitlistPast });
    if (input.date > addDays(today, shop.bookingHorizonDays)) {
      const message = BOOKING_MESSAGES.horizon(shop.bookingHorizonDays);
      throw badRequest(message, { date: message });
    }
    const services = await loadVisitServices(manager, shop, input.serviceIds);
    const barber = await checkBarberForVisit(manager, shop, input.barberId, services);
    const country = shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
    const clientId = await linkClient(
      manager,
      shop.id,
      { ...input.client, phoneE164: normalizePhone(input.client.phone, country) },
      country,
    );
    const token = newManageToken();
    const [row] = (await manager.query(
      `INSERT INTO "waitlist_entries" ("shop_id", "date", "window_start", "window_end", "barber_id", "service_ids",
         "client_id", "client_name", "client_email", "client_phone", "manage_token_hash")
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11) RETURNING "id"`,
      [
        shop.id,
        input.date,
        input.windowStart,
        input.windowEnd,
        barber?.id ?? null,
        services.map((s) => s.id),
        clientId,
        input.client.name,
        input.client.email.toLowerCase(),
        input.client.phone,
        token.hash,
      ],
    )) as Array<{ id: string }>;
    const entry = (await findEntry(manager, { id: row!.id }))!;
    await enqueueWaitlistMail(manager, deps.mailQueue, { kind: 'joined', entryId: entry.id, token: token.token });
    await enqueueWaitlistCheck(manager, deps.mailQueue, shop.id, entry.date);
    return {
      id: entry.id,
      position: await positionOf(manager, entry),
      manageToken: token.token,
      manageUrl: waitlistUrlOf(deps.config.PUBLIC_ORIGIN, shop, token.token),
    };
  });
}

async function entryByToken(manager: EntityManager, token: string, lock = false): Promise<EntryRow> {
  const entry = isWellFormedToken(token) ? await findEntry(manager, { tokenHash: hashManageToken(token) }, lock) : null;
  if (!entry) throw waitlistNotFound();
  return entry;
}

/** GET /api/waitlist/{token}: the client's own entry. */
export async function getPublicEntry(deps: WaitlistDeps, token: string): Promise<PublicWaitlistEntry> {
  const manager = deps.dataSource.manager;
  const entry = await entryByToken(manager, token);
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: entry.shop_id } });
  return {
    status: entry.status,
    date: entry.date,
    windowStart: entry.window_start,
    windowEnd: entry.window_end,
    position: await positionOf(manager, entry),
    barber: await namedBarber(manager, entry.barber_id),
    services: await namedServices(manager, entry.shop_id, entry.service_ids),
    shop: { id: shop.id, slug: shop.slug, name: shop.name, timeZone: shop.timeZone },
  };
}

/** Takes an entry out of line ('left'); an active hold of it is released and its slot passed on. */
async function leave(deps: WaitlistDeps, manager: EntityManager, entry: EntryRow): Promise<void> {
  if (entry.status === 'left' || entry.status === 'booked') return;
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: entry.shop_id } });
  await manager.query(`UPDATE "waitlist_entries" SET "status" = 'left', "updated_at" = now() WHERE "id" = $1`, [
    entry.id,
  ]);
  await releaseEntryHolds(deps, manager, shop, entry.id);
}

/** POST /api/waitlist/{token}/leave (a booked entry stays booked). */
export async function leaveWaitlist(deps: WaitlistDeps, token: string): Promise<void> {
  await ensureWaitlistQueues(deps.mailQueue);
  await deps.dataSource.transaction(async (manager) => leave(deps, manager, await entryByToken(manager, token, true)));
}

const ListQuerySchema = z.object({ date: CalendarDateSchema.optional() });

async function toWaitlistEntry(manager: EntityManager, shop: ShopEntity, entry: EntryRow, now: Date) {
  const [hold] = (await manager.query(
    `SELECT ${HOLD_COLUMNS} FROM "slot_holds" WHERE "waitlist_entry_id" = $1 AND "status" = 'active'
     ORDER BY "created_at" DESC LIMIT 1`,
    [entry.id],
  )) as HoldRow[];
  const current = hold && effectiveStatus(hold, now) === 'active' ? hold : null;
  const result: WaitlistEntry = {
    id: entry.id,
    date: entry.date,
    windowStart: entry.window_start,
    windowEnd: entry.window_end,
    barber: await namedBarber(manager, entry.barber_id),
    services: await namedServices(manager, shop.id, entry.service_ids),
    client: { name: entry.client_name, email: entry.client_email, phone: entry.client_phone },
    status: entry.status,
    position: await positionOf(manager, entry),
    createdAt: entry.created_at.toISOString(),
    hold: current
      ? {
          start: current.starts_at.toISOString(),
          label: holdLabel(current.starts_at, shop),
          barberName: (await namedBarber(manager, current.barber_id))?.name ?? '',
          expiresAt: current.expires_at.toISOString(),
        }
      : null,
  };
  return result;
}

/** GET /api/shops/{shopId}/waitlist?date= (owner): the day's entries in join order (default: the shop's today). */
export async function listWaitlist(
  deps: WaitlistDeps,
  shopId: string,
  userId: string,
  query: unknown,
): Promise<WaitlistEntry[]> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const { date } = parseInput(ListQuerySchema, query);
  const now = deps.now();
  const day = date ?? localDateOf(now, shop.timeZone);
  const rows = (await manager.query(
    `SELECT "id" FROM "waitlist_entries" WHERE "shop_id" = $1 AND "date" = $2 ORDER BY "created_at", "id"`,
    [shop.id, day],
  )) as Array<{ id: string }>;
  const entries: WaitlistEntry[] = [];
  for (const { id } of rows) {
    const entry = await findEntry(manager, { id });
    if (entry) entries.push(await toWaitlistEntry(manager, shop, entry, now));
  }
  return entries;
}

async function ownedEntry(manager: EntityManager, shop: ShopEntity, entryId: string, lock: boolean) {
  const entry = isUuid(entryId) ? await findEntry(manager, { id: entryId, shopId: shop.id }, lock) : null;
  if (!entry) throw waitlistNotFound();
  return entry;
}

/**
 * POST /api/shops/{shopId}/waitlist/{entryId}/offer (owner): holds this start with this barber for the entry and
 * mails the link. The start must suit the barber (hours, time off, their services; no notice applies) and be free
 * for the entry's visit, buffer included (409 offerSlotTaken). The entry's previous hold is released first, so the
 * owner can offer the same time again to restart its clock.
 */
export async function offerSlot(
  deps: WaitlistDeps,
  shopId: string,
  entryId: string,
  userId: string,
  body: unknown,
): Promise<WaitlistEntry> {
  const input = parseInput(OfferSlotSchema, body);
  await ensureWaitlistQueues(deps.mailQueue);
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const entry = await ownedEntry(manager, shop, entryId, true);
    if (entry.status === 'left' || entry.status === 'booked') throw waitlistNotFound();
    const barber = await manager
      .getRepository(BarberEntity)
      .findOne({ where: { id: input.barberId, shopId: shop.id } });
    if (!barber) throw BARBER_REFUSED();
    const services = await loadVisitServices(manager, shop, entry.service_ids);
    const visit = await visitFor(manager, services, barber);
    if (!visit) {
      const message = VISIT_MESSAGES.notOffered(barber.name, services.map((s) => s.name).join(' + '));
      throw badRequest(message, { barberId: message });
    }
    const now = deps.now();
    const end = new Date(input.start.getTime() + visit.durationMinutes * 60_000);
    const rules = {
      start: input.start,
      durationMinutes: visit.durationMinutes,
      timeZone: shop.timeZone,
      now,
      bookingHorizonDays: shop.bookingHorizonDays,
      ignoreNotice: true,
    };
    const timeOff = await manager
      .getRepository(BarberTimeOffEntity)
      .createQueryBuilder('t')
      .where('t.barber_id = :id AND t.starts_at < :end AND t.ends_at > :start', {
        id: barber.id,
        start: input.start,
        end,
      })
      .getMany();
    // The day as it stands: nothing is offered on a day a special day closes (issue 25).
    const date = localDateOf(input.start, shop.timeZone);
    const specials = await specialDaysOn(manager, shop.id, date);
    const refusal =
      checkStart({ ...rules, hours: shopHoursOn(date, shop.hoursJson, specials) }) ??
      checkStart({
        ...rules,
        hours: barberHoursOn(date, shop.hoursJson, barber, specials),
        timeOff: timeOff.map((t) => ({ start: t.startsAt, end: t.endsAt })),
      });
    if (refusal) throw refusedStart(refusal, shop);

    // Released before the check: offering the same time again restarts its clock. A refusal rolls it all back.
    await releaseEntryHolds(deps, manager, shop, entry.id);
    const hold = await createHold(deps, manager, {
      shopId: shop.id,
      entryId: entry.id,
      barberId: barber.id,
      serviceIds: entry.service_ids,
      start: input.start,
      blockedUntil: new Date(end.getTime() + visit.bufferMinutes * 60_000),
      now,
    });
    if (!hold) throw offerSlotTaken();
    const offered = (await findEntry(manager, { id: entry.id }))!;
    return toWaitlistEntry(manager, shop, offered, now);
  });
}

/** DELETE /api/shops/{shopId}/waitlist/{entryId} (owner): the entry leaves the line; its hold is released. */
export async function removeEntry(deps: WaitlistDeps, shopId: string, entryId: string, userId: string): Promise<void> {
  await ensureWaitlistQueues(deps.mailQueue);
  await deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    await leave(deps, manager, await ownedEntry(manager, shop, entryId, true));
  });
}
