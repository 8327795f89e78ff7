import { dayBounds, localDateOf } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError } from '../../platform/http/errors';
import { loadVisitServices } from '../appointments/visit';
import { rotationOrder } from '../availability/schedules';
import { BarberEntity } from '../barbers/barber.entity';
import { ShopEntity } from '../shops/shop.entity';
import { createHold, earliestFreeStart, expireHold, HOLD_COLUMNS, type HoldRow, type WaitlistDeps } from './holds';
import { type EntryRow, findEntry } from './waitlist-entries';
import type { HoldExpiryJob, WaitlistCheckJob } from './waitlist-queue';
import { enqueueHoldExpiry } from './waitlist-queue';

/**
 * Offering freed time to the waitlist (decision 0160). A check of a shop's day walks its waiting entries in join
 * order; each gets the earliest free start in its window, held for it, or nothing. Each entry is offered in its own
 * transaction with at most one barber's lock, so a check never holds two barbers' locks against a booking that
 * takes them in another order.
 */

/** How many times an entry's search is repeated when a booking took the slot between the search and the lock. */
const PLACEMENT_ATTEMPTS = 3;

async function shopTakingWaitlist(manager: EntityManager, shopId: string): Promise<ShopEntity | null> {
  const shop = await manager.getRepository(ShopEntity).findOne({ where: { id: shopId } });
  if (!shop?.isActive) return null;
  const [row] = (await manager.query(`SELECT "waitlist_enabled" FROM "shops" WHERE "id" = $1`, [shopId])) as Array<{
    waitlist_enabled: boolean;
  }>;
  return row?.waitlist_enabled ? shop : null;
}

/** Offers the earliest free start in the entry's window to a waiting entry; false when nothing matches. */
async function offerToEntry(deps: WaitlistDeps, manager: EntityManager, shop: ShopEntity, entryId: string) {
  const entry = await findEntry(manager, { id: entryId }, true);
  if (entry?.status !== 'waiting') return false;
  const services = await loadVisitServices(manager, shop, entry.service_ids).catch((err: unknown) => {
    // A service removed since they joined: nothing can be offered for this visit.
    if (err instanceof HttpError && err.status === 400) return null;
    throw err;
  });
  if (!services) return false;
  const barbers = await candidatesOf(manager, shop, entry);
  for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt++) {
    const now = deps.now();
    const found = await earliestFreeStart(manager, {
      shop,
      services,
      barbers,
      date: entry.date,
      from: entry.window_start,
      to: entry.window_end,
      now,
    });
    if (!found) return false;
    const hold = await createHold(deps, manager, {
      shopId: shop.id,
      entryId: entry.id,
      barberId: found.barber.id,
      serviceIds: entry.service_ids,
      start: found.start,
      blockedUntil: found.blockedUntil,
      now,
    });
    if (hold) return true;
  }
  return false;
}

/** The entry's barber, or every barber of the shop in rotation order for the day ('any'). */
async function candidatesOf(manager: EntityManager, shop: ShopEntity, entry: EntryRow): Promise<BarberEntity[]> {
  const repo = manager.getRepository(BarberEntity);
  if (entry.barber_id) {
    const barber = await repo.findOne({ where: { id: entry.barber_id, shopId: shop.id } });
    return barber ? [barber] : [];
  }
  const all = await repo.find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rotationOrder(manager, all, dayBounds(entry.date, shop.timeZone));
}

/**
 * The check of one shop's day (the waitlist-check job): holds that ran out are expired first, then each waiting
 * entry, in join order, is offered the earliest free start in its window. Returns how many offers were made.
 */
export async function runWaitlistCheck(deps: WaitlistDeps, job: WaitlistCheckJob): Promise<number> {
  const { dataSource } = deps;
  const shop = await shopTakingWaitlist(dataSource.manager, job.shopId);
  if (!shop) return 0;
  const now = deps.now();
  if (job.date < localDateOf(now, shop.timeZone)) return 0;

  // Holds of the day whose time ran out, even if their expiry job has not run yet, free their slots first.
  const day = dayBounds(job.date, shop.timeZone);
  const stale = (await dataSource.query(
    `SELECT "id" FROM "slot_holds" WHERE "shop_id" = $1 AND "status" = 'active' AND "expires_at" <= $2
       AND "starts_at" >= $3 AND "starts_at" < $4`,
    [shop.id, now, day.start, day.end],
  )) as Array<{ id: string }>;
  for (const { id } of stale) await expireIfDue(deps, id);

  const waiting = (await dataSource.query(
    `SELECT "id" FROM "waitlist_entries" WHERE "shop_id" = $1 AND "date" = $2 AND "status" = 'waiting'
     ORDER BY "created_at", "id"`,
    [shop.id, job.date],
  )) as Array<{ id: string }>;
  let offers = 0;
  for (const { id } of waiting) {
    if (await dataSource.transaction((manager) => offerToEntry(deps, manager, shop, id))) offers++;
  }
  if (offers > 0) deps.logger.info({ shopId: shop.id, date: job.date, offers }, 'waitlist offers made');
  return offers;
}

/** Expires the hold if it is still active and its time is up; the date of its slot when it did. */
async function expireIfDue(deps: WaitlistDeps, holdId: string): Promise<string | null> {
  return deps.dataSource.transaction(async (manager) => {
    const [hold] = (await manager.query(`SELECT ${HOLD_COLUMNS} FROM "slot_holds" WHERE "id" = $1 FOR UPDATE`, [
      holdId,
    ])) as HoldRow[];
    if (hold?.status !== 'active') return null;
    const now = deps.now();
    if (hold.expires_at.getTime() > now.getTime()) {
      // Due early by the database's clock: come back when it is due by ours.
      await enqueueHoldExpiry(manager, deps.mailQueue, hold.id, hold.expires_at, now);
      return null;
    }
    const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: hold.shop_id } });
    await expireHold(deps, manager, shop, hold);
    return localDateOf(hold.starts_at, shop.timeZone);
  });
}

/**
 * The waitlist-hold-expiry job: a hold still active when its time is up expires with its entry, and the day is
 * checked again at once so the next in line gets the slot (the check expireHold queued stays as the durable copy).
 */
export async function handleHoldExpiry(deps: WaitlistDeps, job: HoldExpiryJob): Promise<'expired' | 'skipped'> {
  const date = await expireIfDue(deps, job.holdId);
  if (!date) return 'skipped';
  const [hold] = (await deps.dataSource.query(`SELECT "shop_id" FROM "slot_holds" WHERE "id" = $1`, [
    job.holdId,
  ])) as Array<{ shop_id: string }>;
  if (hold) await runWaitlistCheck(deps, { shopId: hold.shop_id, date });
  return 'expired';
}
