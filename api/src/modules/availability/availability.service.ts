import {
  AvailabilityQuerySchema,
  type AvailabilityResponse,
  BOOKING_MESSAGES,
  computeShopSlots,
  dayBounds,
} from '@barberly/common';
import type { DataSource } from 'typeorm';
import { badRequest, parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { ServiceEntity } from '../services/service.entity';
import { isUuid, loadVisibleShop } from '../shops/shop-access';
import { loadBarberSchedules } from './schedules';

export interface AvailabilityDeps {
  dataSource: DataSource;
  now: () => Date;
}

/** GET /api/shops/{slug}/availability: free starts of the day, in the shop's zone. */
export async function getAvailability(
  deps: AvailabilityDeps,
  slugOrId: string,
  query: unknown,
  viewerId: string | undefined,
): Promise<AvailabilityResponse> {
  const manager = deps.dataSource.manager;
  const shop = await loadVisibleShop(manager, slugOrId, viewerId);
  const input = parseInput(AvailabilityQuerySchema, query);
  const service = await manager
    .getRepository(ServiceEntity)
    .findOne({ where: { id: input.serviceId, shopId: shop.id } });
  if (!service) throw badRequest(BOOKING_MESSAGES.serviceNotFound, { serviceId: BOOKING_MESSAGES.serviceNotFound });
  let barbers: BarberEntity[];
  if (input.barberId === 'any') {
    barbers = await manager
      .getRepository(BarberEntity)
      .find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  } else {
    const barber = isUuid(input.barberId)
      ? await manager.getRepository(BarberEntity).findOne({ where: { id: input.barberId, shopId: shop.id } })
      : null;
    if (!barber) throw badRequest(BOOKING_MESSAGES.barberNotFound, { barberId: BOOKING_MESSAGES.barberNotFound });
    barbers = [barber];
  }
  const day = dayBounds(input.date, shop.timeZone);
  const schedules = await loadBarberSchedules(manager, barbers, day);
  const slots = computeShopSlots({
    date: input.date,
    timeZone: shop.timeZone,
    shopHours: shop.hoursJson,
    durationMinutes: service.durationMinutes,
    now: deps.now(),
    minNoticeMinutes: shop.minNoticeMinutes,
    bookingHorizonDays: shop.bookingHorizonDays,
    barbers: schedules,
  });
  return { date: input.date, timeZone: shop.timeZone, slots };
}
