import { CLIENT_MESSAGES } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { forbidden, notFound } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, isUuid, SHOP_NOT_FOUND } from '../shops/shop-access';
import { hasServed } from './client-access';

/**
 * Who is asking: the shop's owner sees every client; a barber of the shop only those they have served, a visit with
 * them that took place by `now` (client-access.ts).
 */
export interface ClientViewer {
  shop: ShopEntity;
  now: Date;
  userId: string;
  role: 'owner' | 'barber';
  /** The caller's barbers row, for a barber. */
  barberId: string | null;
  authorName: string;
}

/** Unknown shop: 404. Neither its owner nor one of its barbers: 403. */
export async function loadViewer(
  manager: EntityManager,
  shopId: string,
  userId: string,
  now: Date,
): Promise<ClientViewer> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  const [user] = (await manager.query(
    `SELECT coalesce(nullif(trim(concat_ws(' ', "first_name", "last_name")), ''), "email") AS "name" FROM "users" WHERE "id" = $1`,
    [userId],
  )) as Array<{ name: string }>;
  if (shop.ownerId === userId) {
    return { shop, now, userId, role: 'owner', barberId: null, authorName: user?.name ?? 'Owner' };
  }
  const [barber] = (await manager.query(
    `SELECT "id", "name" FROM "barbers" WHERE "shop_id" = $1 AND "user_id" = $2 LIMIT 1`,
    [shop.id, userId],
  )) as Array<{ id: string; name: string }>;
  if (!barber) throw forbidden('Only the owner and barbers of this shop can see its clients.');
  return { shop, now, userId, role: 'barber', barberId: barber.id, authorName: barber.name };
}

export function requireOwner(viewer: ClientViewer): void {
  if (viewer.role !== 'owner') throw forbidden('Only the owner of this shop can do this.');
}

/** A client of the shop the viewer may see (a barber: one they served, client-access.ts); 404 otherwise. */
export async function loadClient(manager: EntityManager, viewer: ClientViewer, clientId: string, lock = false) {
  if (!isUuid(clientId)) throw notFound(CLIENT_MESSAGES.notFound);
  const [row] = (await manager.query(
    `SELECT "id", "name", "email", "phone", "tags", "merged_into_id", "erased_at" FROM "clients"
     WHERE "id" = $1 AND "shop_id" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [clientId, viewer.shop.id],
  )) as Array<{
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    tags: string[];
    merged_into_id: string | null;
    erased_at: Date | null;
  }>;
  if (!row || row.merged_into_id) throw notFound(CLIENT_MESSAGES.notFound);
  if (viewer.barberId && !(await hasServed(manager, clientId, viewer.barberId, viewer.now))) {
    throw notFound(CLIENT_MESSAGES.notFound);
  }
  return row;
}
