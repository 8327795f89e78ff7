import { type BarberSettings, BarberSettingsPatchSchema, type TimeOff, TimeOffRequestSchema } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { notFound, parseInput } from '../../platform/http/errors';
import { isUuid, loadOwnedShop } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { BarberTimeOffEntity } from './barber-time-off.entity';
import { BARBER_NOT_FOUND } from './barbers.service';

/**
 * The owner's scheduling settings of a barber: own hours (null: the shop's), invite e-mail, time off. They change
 * availability only, not the public shop page, so no shop version bump.
 */

async function loadOwnedBarber(manager: EntityManager, shopId: string, barberId: string, userId: string) {
  const shop = await loadOwnedShop(manager, shopId, userId);
  const barber = isUuid(barberId)
    ? await manager.getRepository(BarberEntity).findOne({ where: { id: barberId, shopId: shop.id } })
    : null;
  if (!barber) throw notFound(BARBER_NOT_FOUND);
  return barber;
}

const toTimeOff = (t: BarberTimeOffEntity): TimeOff => ({
  id: t.id,
  start: t.startsAt.toISOString(),
  end: t.endsAt.toISOString(),
  reason: t.reason,
});

async function settingsOf(manager: EntityManager, barber: BarberEntity): Promise<BarberSettings> {
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

export async function getBarberSettings(manager: EntityManager, shopId: string, barberId: string, userId: string) {
  return settingsOf(manager, await loadOwnedBarber(manager, shopId, barberId, userId));
}

export async function patchBarberSettings(
  manager: EntityManager,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
): Promise<BarberSettings> {
  const barber = await loadOwnedBarber(manager, shopId, barberId, userId);
  const patch = parseInput(BarberSettingsPatchSchema, body);
  if (patch.hours_json !== undefined) barber.hoursJson = patch.hours_json;
  if (patch.email !== undefined) barber.email = patch.email || null;
  await manager.getRepository(BarberEntity).save(barber);
  return settingsOf(manager, barber);
}

export async function addTimeOff(
  manager: EntityManager,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
) {
  const barber = await loadOwnedBarber(manager, shopId, barberId, userId);
  const input = parseInput(TimeOffRequestSchema, body);
  const repo = manager.getRepository(BarberTimeOffEntity);
  return toTimeOff(
    await repo.save(
      repo.create({ barberId: barber.id, startsAt: input.start, endsAt: input.end, reason: input.reason }),
    ),
  );
}

export async function deleteTimeOff(
  manager: EntityManager,
  shopId: string,
  barberId: string,
  timeOffId: string,
  userId: string,
) {
  const barber = await loadOwnedBarber(manager, shopId, barberId, userId);
  const result = isUuid(timeOffId)
    ? await manager.getRepository(BarberTimeOffEntity).delete({ id: timeOffId, barberId: barber.id })
    : { affected: 0 };
  if (!result.affected) throw notFound('Time off not found');
}
