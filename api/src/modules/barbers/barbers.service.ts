import {
  type Barber,
  BarberPatchSchema,
  BarberSchema,
  BarberServicesSchema,
  BOOKING_MESSAGES,
  type PublicBarber,
  VISIT_MESSAGES,
} from '@barberly/common';
import { type EntityManager, In } from 'typeorm';
import { badRequest, conflict, notFound, parseInput } from '../../platform/http/errors';
import { loadPortfolios } from '../portfolio/portfolio.repository';
import { ServiceEntity } from '../services/service.entity';
import { changeOwnedShop, isUuid, type ShopChangeDeps } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { type BarberOffers, loadOffers } from './barber-offers';

const CreateBarberInput = BarberSchema.strict();
const PatchBarberInput = BarberPatchSchema.strict();

export const BARBER_NOT_FOUND = 'Barber not found';
export const BARBER_HAS_APPOINTMENTS = (n: number) =>
  `This barber has ${n} upcoming appointment${n === 1 ? '' : 's'}. Cancel or move ${n === 1 ? 'it' : 'them'} first.`;

/** A barber as the dashboard and the public page show them, with who does what (issue 14). */
export function toBarberDto(entity: BarberEntity, offers?: BarberOffers): PublicBarber {
  return {
    id: entity.id,
    shopId: entity.shopId,
    name: entity.name,
    bio: entity.bio,
    profileImageUrl: entity.profileImageUrl,
    offersAllServices: entity.offersAllServices !== false,
    services: [...(offers?.values() ?? [])],
    // Issue 26: only when the barber gave one, so the page of a shop whose barbers have none is as before.
    ...(entity.instagramHandle ? { instagramHandle: entity.instagramHandle } : {}),
  };
}

export async function listBarbers(manager: EntityManager, shopId: string): Promise<PublicBarber[]> {
  const rows = await manager
    .getRepository(BarberEntity)
    .find({ where: { shopId }, order: { createdAt: 'ASC', id: 'ASC' } });
  const ids = rows.map((b) => b.id);
  const [offers, portfolios] = await Promise.all([loadOffers(manager, ids), loadPortfolios(manager, ids, true)]);
  // Issue 26: what the shop page shows of each barber besides: their Instagram and their visible portfolio.
  return rows.map((b): PublicBarber => {
    const portfolio = portfolios.get(b.id) ?? [];
    return { ...toBarberDto(b, offers.get(b.id)), ...(portfolio.length ? { portfolio } : {}) };
  });
}

async function barberDto(manager: EntityManager, barber: BarberEntity): Promise<Barber> {
  return toBarberDto(barber, (await loadOffers(manager, [barber.id])).get(barber.id));
}

export async function createBarber(deps: ShopChangeDeps, shopId: string, userId: string, body: unknown) {
  return changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const input = parseInput(CreateBarberInput, body);
    // One more chair than the plan allows is refused (402, naming the plan that allows it).
    await deps.billing?.assertCanAddBarber(manager, shop.id);
    const repo = manager.getRepository(BarberEntity);
    const saved = await repo.save(
      repo.create({ shopId: shop.id, name: input.name, bio: input.bio, profileImageUrl: input.profileImageUrl }),
    );
    return toBarberDto(saved);
  });
}

async function loadBarber(manager: EntityManager, shopId: string, barberId: string): Promise<BarberEntity> {
  const barber = isUuid(barberId)
    ? await manager.getRepository(BarberEntity).findOne({ where: { id: barberId, shopId } })
    : null;
  if (!barber) throw notFound(BARBER_NOT_FOUND);
  return barber;
}

export async function updateBarber(
  deps: ShopChangeDeps,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
): Promise<Barber> {
  return changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const barber = await loadBarber(manager, shop.id, barberId);
    Object.assign(barber, parseInput(PatchBarberInput, body));
    return barberDto(manager, await manager.getRepository(BarberEntity).save(barber));
  });
}

/**
 * PUT /api/shops/{shopId}/barbers/{barberId}/services: who does what (issue 14). Every service of the shop, with
 * `services` carrying only the barber's own durations and prices; or only the services listed. Replaces the rows;
 * a service of another shop (or none) is a 400.
 */
export async function setBarberServices(
  deps: ShopChangeDeps,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
): Promise<Barber> {
  return changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const barber = await loadBarber(manager, shop.id, barberId);
    const input = parseInput(BarberServicesSchema, body);
    const ids = input.services.map((s) => s.serviceId.toLowerCase());
    if (new Set(ids).size !== ids.length) {
      throw badRequest(VISIT_MESSAGES.servicesRepeated, { services: VISIT_MESSAGES.servicesRepeated });
    }
    const found = ids.length
      ? await manager
          .getRepository(ServiceEntity)
          .find({ where: { id: In(ids), shopId: shop.id }, select: { id: true } })
      : [];
    const known = new Set(found.map((s) => s.id));
    const unknown = ids.findIndex((id) => !known.has(id));
    if (unknown >= 0) {
      throw badRequest(BOOKING_MESSAGES.serviceNotFound, {
        [`services.${unknown}.serviceId`]: BOOKING_MESSAGES.serviceNotFound,
      });
    }
    barber.offersAllServices = input.offersAllServices;
    await manager.getRepository(BarberEntity).save(barber);
    await manager.query(`DELETE FROM "barber_services" WHERE "barber_id" = $1`, [barber.id]);
    // With every service offered, a row without an override says nothing: keep only the ones that do.
    const rows = input.services
      .map((s, i) => ({ ...s, serviceId: ids[i]! }))
      .filter((s) => !input.offersAllServices || s.durationMinutes !== null || s.price !== null);
    if (rows.length > 0) {
      const params: unknown[] = [barber.id];
      const values = rows.map((s) => {
        params.push(s.serviceId, s.durationMinutes, s.price);
        const n = params.length;
        return `($1, $${n - 2}, $${n - 1}, $${n})`;
      });
      await manager.query(
        `INSERT INTO "barber_services" ("barber_id", "service_id", "duration_minutes", "price") VALUES ${values.join(', ')}`,
        params,
      );
    }
    return barberDto(manager, barber);
  });
}

export async function deleteBarber(deps: ShopChangeDeps, shopId: string, barberId: string, userId: string) {
  await changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const barber = await loadBarber(manager, shop.id, barberId);
    // Their past appointments go with them; upcoming ones must be cancelled or moved first (clients hold links).
    const [{ upcoming }] = (await manager.query(
      `SELECT count(*)::int AS "upcoming" FROM "appointments"
       WHERE "barber_id" = $1 AND "status" = 'confirmed' AND "ends_at" > now()`,
      [barber.id],
    )) as [{ upcoming: number }];
    if (upcoming > 0) throw conflict(BARBER_HAS_APPOINTMENTS(upcoming));
    await manager.getRepository(BarberEntity).delete({ id: barber.id });
  });
}
