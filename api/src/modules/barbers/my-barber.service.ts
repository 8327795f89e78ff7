import {
  type EmailChoices,
  type MyProfile,
  MyProfilePatchSchema,
  type MyServices,
  MyServicesSchema,
  NOTIFICATION_EVENTS,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { badRequest, parseInput } from '../../platform/http/errors';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { bumpShopVersion, type ShopChangeDeps } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { loadOffers } from './barber-offers';
import { assertBarberMay, effectivePermissions } from './barber-permissions';
import { loadLinkedBarber } from './barber-settings.service';

/**
 * The barber's own side (issue 26 item 1): their profile and e-mail choices (/api/my/profile), and their own length
 * and price per service (/api/my/services) where the owner lets them. The barber is always the one linked to the
 * caller's account: no id in the path, so nobody reaches another barber's profile here.
 */

export async function linkedBarberAndShop(manager: EntityManager, userId: string) {
  const barber = await loadLinkedBarber(manager, userId);
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: barber.shopId } });
  return { barber, shop };
}

function emailChoicesOf(barber: BarberEntity): EmailChoices {
  const out = {} as EmailChoices;
  for (const e of NOTIFICATION_EVENTS) out[e] = barber.notifyEmail?.[e] !== false;
  return out;
}

function toProfile(barber: BarberEntity, shop: ShopEntity): MyProfile {
  return {
    barberId: barber.id,
    shopId: barber.shopId,
    name: barber.name,
    bio: barber.bio,
    profileImageUrl: barber.profileImageUrl,
    instagramHandle: barber.instagramHandle ?? '',
    emailChoices: emailChoicesOf(barber),
    permissions: effectivePermissions(shop, barber),
  };
}

export async function getMyProfile(manager: EntityManager, userId: string): Promise<MyProfile> {
  const { barber, shop } = await linkedBarberAndShop(manager, userId);
  return toProfile(barber, shop);
}

/** PATCH /api/my/profile: what clients see (name, photo, bio, Instagram) bumps the shop's version. */
export async function patchMyProfile(deps: ShopChangeDeps, userId: string, body: unknown): Promise<MyProfile> {
  const input = parseInput(MyProfilePatchSchema, body);
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const { barber, shop } = await linkedBarberAndShop(manager, userId);
    if (input.name !== undefined) barber.name = input.name;
    if (input.bio !== undefined) barber.bio = input.bio;
    if (input.profileImageUrl !== undefined) barber.profileImageUrl = input.profileImageUrl;
    if (input.instagramHandle !== undefined) barber.instagramHandle = input.instagramHandle;
    if (input.emailChoices) barber.notifyEmail = { ...barber.notifyEmail, ...input.emailChoices };
    const saved = await manager.getRepository(BarberEntity).save(barber);
    const publicChange = ['name', 'bio', 'profileImageUrl', 'instagramHandle'].some((k) => k in input);
    return { result: toProfile(saved, shop), event: publicChange ? await bumpShopVersion(manager, shop.id) : null };
  });
  if (event) await deps.events.shopChanged(event);
  return result;
}

/** GET /api/my/services: every service of the shop, whether the barber does it, the shop's and their own terms. */
export async function getMyServices(manager: EntityManager, userId: string): Promise<MyServices> {
  const { barber, shop } = await linkedBarberAndShop(manager, userId);
  return myServicesView(manager, barber, shop);
}

async function myServicesView(manager: EntityManager, barber: BarberEntity, shop: ShopEntity): Promise<MyServices> {
  const services = await manager
    .getRepository(ServiceEntity)
    .find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  const offers = (await loadOffers(manager, [barber.id])).get(barber.id) ?? new Map();
  return {
    currency: shop.currency,
    canEdit: effectivePermissions(shop, barber).editOwnServices,
    services: services.map((s) => {
      const own = offers.get(s.id);
      return {
        serviceId: s.id,
        name: s.name,
        durationMinutes: s.durationMinutes,
        price: Number(s.price),
        ownDurationMinutes: own?.durationMinutes ?? null,
        ownPrice: own?.price ?? null,
        offered: barber.offersAllServices !== false || offers.has(s.id),
      };
    }),
  };
}

const NOT_OFFERED = 'You do not do this service. Ask the shop owner to add it to your services.';

/**
 * PUT /api/my/services {services: [{serviceId, durationMinutes, price}]}: the barber's own length and price (null:
 * the shop's) for services they do; which services they do stays the owner's. Refused unless the owner lets them.
 */
export async function putMyServices(deps: ShopChangeDeps, userId: string, body: unknown): Promise<MyServices> {
  const input = parseInput(MyServicesSchema, body);
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const { barber, shop } = await linkedBarberAndShop(manager, userId);
    assertBarberMay(shop, barber, 'editOwnServices');
    const view = await myServicesView(manager, barber, shop);
    const known = new Map(view.services.map((s) => [s.serviceId, s]));
    input.services.forEach((s, i) => {
      const row = known.get(s.serviceId.toLowerCase());
      if (!row) throw badRequest('Service not found', { [`services.${i}.serviceId`]: 'Service not found' });
      if (!row.offered) throw badRequest(NOT_OFFERED, { [`services.${i}.serviceId`]: NOT_OFFERED });
    });
    for (const s of input.services) {
      const id = s.serviceId.toLowerCase();
      if (barber.offersAllServices !== false && s.durationMinutes === null && s.price === null) {
        await manager.query(`DELETE FROM "barber_services" WHERE "barber_id" = $1 AND "service_id" = $2`, [
          barber.id,
          id,
        ]);
        continue;
      }
      await manager.query(
        `INSERT INTO "barber_services" ("barber_id", "service_id", "duration_minutes", "price") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("barber_id", "service_id") DO UPDATE SET "duration_minutes" = $3, "price" = $4`,
        [barber.id, id, s.durationMinutes, s.price],
      );
    }
    return { result: await myServicesView(manager, barber, shop), event: await bumpShopVersion(manager, shop.id) };
  });
  await deps.events.shopChanged(event);
  return result;
}
