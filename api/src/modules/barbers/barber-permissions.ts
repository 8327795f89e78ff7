import {
  BARBER_PERMISSION_KEYS,
  BARBER_PERMISSION_REFUSALS,
  type BarberPermissionKey,
  type BarberPermissionOverride,
  BarberPermissionOverrideSchema,
  type BarberPermissions,
  DEFAULT_BARBER_PERMISSIONS,
  type ShopBarberPermissions,
  ShopBarberPermissionsSchema,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, loadOwnedShop, SHOP_NOT_FOUND } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { loadOwnedBarber } from './barber-settings.service';

/**
 * What barbers may do (issue 26 item 2, decision 0183): the product's defaults, the shop's defaults over them, the
 * barber's override over those. Worked example: the product says editOwnServices off, the shop turns it on for
 * everyone, Tony's override turns it off again: Tony may not, everyone else may. `barbersBookAnyChair` (issue 25)
 * stays a shop setting beside these: it widens bookOwnChair to every chair, and means nothing with it off.
 */
export function effectivePermissions(
  shop: Pick<ShopEntity, 'barberPermissions'>,
  barber: Pick<BarberEntity, 'permissions'> | null,
): BarberPermissions {
  const out = { ...DEFAULT_BARBER_PERMISSIONS };
  for (const key of BARBER_PERMISSION_KEYS) {
    const fromShop = shop.barberPermissions?.[key];
    if (typeof fromShop === 'boolean') out[key] = fromShop;
    const own = barber?.permissions?.[key];
    if (typeof own === 'boolean') out[key] = own;
  }
  return out;
}

/** 403 naming who can change it: "Ask the shop owner to …". */
export function permissionRefused(key: BarberPermissionKey): HttpError {
  return new HttpError(403, 'permission_denied', BARBER_PERMISSION_REFUSALS[key]);
}

export function assertBarberMay(
  shop: Pick<ShopEntity, 'barberPermissions'>,
  barber: Pick<BarberEntity, 'permissions'>,
  key: BarberPermissionKey,
): void {
  if (!effectivePermissions(shop, barber)[key]) throw permissionRefused(key);
}

/**
 * The permissions of the caller in this shop when they are one of its barbers; null for the owner or anyone else
 * (their own checks answer those). Used where a shared read trims what a barber sees.
 */
export async function barberPermissionsIn(
  manager: EntityManager,
  shopId: string,
  userId: string,
): Promise<BarberPermissions | null> {
  const rows = (await manager.query(
    `SELECT s."owner_id", s."barber_permissions", b."permissions"
     FROM "shops" s JOIN "barbers" b ON b."shop_id" = s."id" AND b."user_id" = $2
     WHERE s."id"::text = $1 ORDER BY b."created_at", b."id" LIMIT 1`,
    [shopId, userId],
  )) as Array<{
    owner_id: string;
    barber_permissions: Partial<Record<string, boolean>>;
    permissions: Partial<Record<string, boolean>>;
  }>;
  const row = rows[0];
  if (!row || row.owner_id === userId) return null;
  return effectivePermissions({ barberPermissions: row.barber_permissions }, { permissions: row.permissions });
}

/** Blanks phone and e-mail when the barber may not see them (the rest of the record stays). */
export function withoutContacts<T extends { email?: string | null; phone?: string | null }>(row: T): T {
  return { ...row, email: null, phone: null };
}

function cleanOverride(value: Partial<Record<string, boolean>> | null | undefined): BarberPermissionOverride {
  const out: BarberPermissionOverride = {};
  for (const key of BARBER_PERMISSION_KEYS) {
    const v = value?.[key];
    if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** GET /api/shops/{shopId}/barber-permissions (owner). */
export async function getShopBarberPermissions(
  manager: EntityManager,
  shopId: string,
  userId: string,
): Promise<ShopBarberPermissions> {
  const shop = await loadOwnedShop(manager, shopId, userId);
  return shopPermissionsView(manager, shop);
}

async function shopPermissionsView(manager: EntityManager, shop: ShopEntity): Promise<ShopBarberPermissions> {
  const barbers = await manager
    .getRepository(BarberEntity)
    .find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  return {
    defaults: effectivePermissions(shop, null),
    barbers: barbers.map((b) => ({
      barberId: b.id,
      name: b.name,
      joined: b.userId !== null,
      email: b.email,
      override: cleanOverride(b.permissions),
      effective: effectivePermissions(shop, b),
    })),
  };
}

/** PUT /api/shops/{shopId}/barber-permissions {bookOwnChair, editOwnServices, seeClientContacts, seeShopNumbers}. */
export async function putShopBarberPermissions(
  manager: EntityManager,
  shopId: string,
  userId: string,
  body: unknown,
): Promise<ShopBarberPermissions> {
  const input = parseInput(ShopBarberPermissionsSchema, body);
  const shop = await loadOwnedShop(manager, shopId, userId);
  await manager.query(`UPDATE "shops" SET "barber_permissions" = $2::jsonb WHERE "id" = $1`, [
    shop.id,
    JSON.stringify(input),
  ]);
  shop.barberPermissions = input;
  return shopPermissionsView(manager, shop);
}

/** PATCH /api/shops/{shopId}/barbers/{barberId}/permissions {key: true | false | null (the shop's)}. */
export async function patchBarberPermissions(
  manager: EntityManager,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
): Promise<ShopBarberPermissions> {
  const input = parseInput(BarberPermissionOverrideSchema, body);
  const barber = await loadOwnedBarber(manager, shopId, barberId, userId);
  const next: Partial<Record<string, boolean>> = cleanOverride(barber.permissions);
  for (const key of BARBER_PERMISSION_KEYS) {
    if (!(key in input)) continue;
    const v = input[key];
    if (v === null || v === undefined) delete next[key];
    else next[key] = v;
  }
  await manager.query(`UPDATE "barbers" SET "permissions" = $2::jsonb WHERE "id" = $1`, [
    barber.id,
    JSON.stringify(next),
  ]);
  const shop = await loadOwnedShop(manager, shopId, userId);
  return shopPermissionsView(manager, shop);
}

/**
 * The shop whose numbers (analytics and its CSV) the caller may read: the owner's, or a barber's of it when the owner
 * lets barbers see the shop's numbers (403 "Ask the shop owner to …" otherwise). Anyone else: the owner-only 403.
 */
export async function loadShopForNumbers(manager: EntityManager, shopId: string, userId: string): Promise<ShopEntity> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId === userId) return shop;
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { shopId: shop.id, userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (!barber) return loadOwnedShop(manager, shopId, userId);
  assertBarberMay(shop, barber, 'seeShopNumbers');
  return shop;
}
