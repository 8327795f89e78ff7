import type { EntityManager } from 'typeorm';
import { forbidden, notFound } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';

/**
 * Who reaches a shop's money (issue 27 items 5 and 6): its owner all of it; a barber of the shop (signed in as the
 * barber's user) only their own visits, tips and earnings; anyone else nothing (403, as for another shop's settings).
 */
export interface MoneyScope {
  shop: ShopEntity;
  /** Set for a barber: only this barber's money. */
  barberId: string | null;
}

export async function loadMoneyScope(manager: EntityManager, shopId: string, userId: string): Promise<MoneyScope> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId === userId) return { shop, barberId: null };
  const [barber] = (await manager.query(`SELECT "id" FROM "barbers" WHERE "shop_id" = $1 AND "user_id" = $2 LIMIT 1`, [
    shop.id,
    userId,
  ])) as Array<{ id: string }>;
  if (!barber) throw forbidden("Only the shop's owner and its barbers can see its payments.");
  return { shop, barberId: barber.id };
}

/** The owner only (the shop's ledger, payouts, barbers' pay settings). */
export async function loadOwnerMoneyScope(manager: EntityManager, shopId: string, userId: string) {
  const scope = await loadMoneyScope(manager, shopId, userId);
  if (scope.barberId) throw forbidden("Only the shop's owner can see all of its payments.");
  return scope;
}
