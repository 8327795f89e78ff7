import {
  BarberOwnSettingsPatchSchema,
  type BarberSettings,
  BarberSettingsPatchSchema,
  BOOKING_MESSAGES,
  type MyBarberSettings,
  type TimeOff,
  TimeOffRequestSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { forbidden, notFound, parseInput } from '../../platform/http/errors';
import { findShopById, isUuid, loadOwnedShop } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { BarberTimeOffEntity } from './barber-time-off.entity';
import { BARBER_NOT_FOUND } from './barbers.service';

/**
 * A barber's scheduling settings: own hours (null: the shop's), invite e-mail, time off. The owner changes them for
 * any barber of their shop; a barber changes their own hours and time off (decision 0024). They change availability
 * only, not the public shop page, so no shop version bump.
 *
 * Who may act is settled first (loadOwnedBarber, loadLinkedBarber); the functions below take the loaded barber.
 */

/** The owner's way in: the shop must be theirs (403 otherwise) and the barber one of its barbers (404 otherwise). */
export async function loadOwnedBarber(manager: EntityManager, shopId: string, barberId: string, userId: string) {
  const shop = await loadOwnedShop(manager, shopId, userId);
  const barber = isUuid(barberId)
    ? await manager.getRepository(BarberEntity).findOne({ where: { id: barberId, shopId: shop.id } })
    : null;
  if (!barber) throw notFound(BARBER_NOT_FOUND);
  return barber;
}

/**
 * The barber's way in: the barber row their account was linked to by joining a shop (barbers.user_id). Joining
 * allows one shop per account; should there ever be more rows, the oldest is theirs, as on the barber dashboard.
 * Anyone else is refused with 403: they have no schedule of their own to manage.
 */
export async function loadLinkedBarber(manager: EntityManager, userId: string): Promise<BarberEntity> {
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (!barber) throw forbidden(BOOKING_MESSAGES.notLinkedBarber);
  return barber;
}

const toTimeOff = (t: BarberTimeOffEntity): TimeOff => ({
  id: t.id,
  start: t.startsAt.toISOString(),
  end: t.endsAt.toISOString(),
  reason: t.reason,
});

export async function getBarberSettings(manager: EntityManager, barber: BarberEntity): Promise<BarberSettings> {
  const timeOff = await manager
    .getRepository(BarberTimeOffEntity)
    .find({ where: { barberId: barber.id }, order: { startsAt: 'ASC', id: 'ASC' } });
  return {
    barberId: barber.id,
    hours_json: barber.hoursJson,
    email: barber.email,
    userId: barber.userId,
    timeOff: timeOff.map(toTimeOff),
  };
}

/** The barber's own view adds the shop's zone (times are typed and shown in it) and the shop's week. */
export async function getMyBarberSettings(manager: EntityManager, barber: BarberEntity): Promise<MyBarberSettings> {
  const [settings, shop] = await Promise.all([
    getBarberSettings(manager, barber),
    findShopById(manager, barber.shopId),
  ]);
  // barbers.shop_id references shops with ON DELETE CASCADE: a barber row without its shop cannot be read.
  if (!shop) throw notFound(BARBER_NOT_FOUND);
  return {
    ...settings,
    shop: {
      id: shop.id,
      name: shop.name,
      timeZone: shop.timeZone,
      hours_json: shop.hoursJson,
      locale: shop.locale,
      clock: shop.clock,
    },
  };
}

async function saveSettings(
  manager: EntityManager,
  barber: BarberEntity,
  patch: { hours_json?: BarberEntity['hoursJson']; email?: string | null },
): Promise<void> {
  if (patch.hours_json !== undefined) barber.hoursJson = patch.hours_json;
  if (patch.email !== undefined) barber.email = patch.email || null;
  await manager.getRepository(BarberEntity).save(barber);
}

/** PATCH by the owner: hours and the invite e-mail. */
export async function patchBarberSettings(
  manager: EntityManager,
  barber: BarberEntity,
  body: unknown,
): Promise<BarberSettings> {
  await saveSettings(manager, barber, parseInput(BarberSettingsPatchSchema, body));
  return getBarberSettings(manager, barber);
}

/** PATCH by the barber: hours only; the schema refuses the e-mail, the account link and anything else. */
export async function patchMyBarberSettings(
  manager: EntityManager,
  barber: BarberEntity,
  body: unknown,
): Promise<MyBarberSettings> {
  await saveSettings(manager, barber, parseInput(BarberOwnSettingsPatchSchema, body));
  return getMyBarberSettings(manager, barber);
}

export async function addTimeOff(manager: EntityManager, barber: BarberEntity, body: unknown): Promise<TimeOff> {
  const input = parseInput(TimeOffRequestSchema, body);
  const repo = manager.getRepository(BarberTimeOffEntity);
  return toTimeOff(
    await repo.save(
      repo.create({ barberId: barber.id, startsAt: input.start, endsAt: input.end, reason: input.reason }),
    ),
  );
}

/** Only the given barber's time off: another barber's id is as unknown as a made-up one (404). Returns what it freed. */
export async function deleteTimeOff(
  manager: EntityManager,
  barber: BarberEntity,
  timeOffId: string,
): Promise<{ start: Date; end: Date }> {
  const repo = manager.getRepository(BarberTimeOffEntity);
  const found = isUuid(timeOffId) ? await repo.findOne({ where: { id: timeOffId, barberId: barber.id } }) : null;
  if (!found) throw notFound('Time off not found');
  await repo.delete({ id: found.id });
  return { start: found.startsAt, end: found.endsAt };
}
