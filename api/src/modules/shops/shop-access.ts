import type { ShopChangedEvent } from '@barberly/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { ShopEvents } from '../../platform/events/shop-events';
import { forbidden, notFound } from '../../platform/http/errors';
import type { BillingGate } from '../billing/billing-gate';
import { ShopEntity } from './shop.entity';

/** Who may see and change a shop, and how a change is committed and announced. Used by shops, services, barbers. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are uuids; anything else cannot name a row, so it is a 404 rather than a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export const SHOP_NOT_FOUND = 'Shop not found';

export function findShopById(manager: EntityManager, id: string): Promise<ShopEntity | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return manager.getRepository(ShopEntity).findOne({ where: { id } });
}

/** A shop by id, or by slug (case-insensitive: slugs are stored lowercase). */
export async function findShopBySlugOrId(manager: EntityManager, slugOrId: string): Promise<ShopEntity | null> {
  const repo = manager.getRepository(ShopEntity);
  if (isUuid(slugOrId)) {
    const byId = await repo.findOne({ where: { id: slugOrId.toLowerCase() } });
    if (byId) return byId;
  }
  const slug = slugOrId.trim().toLowerCase();
  if (slug.length === 0 || slug.length > 50) return null;
  return repo.findOne({ where: { slug } });
}

/** The public may read an active shop; an inactive one exists only for its owner. */
export async function loadVisibleShop(
  manager: EntityManager,
  slugOrId: string,
  viewerId: string | undefined,
): Promise<ShopEntity> {
  const shop = await findShopBySlugOrId(manager, slugOrId);
  if (!shop || (!shop.isActive && shop.ownerId !== viewerId)) throw notFound(SHOP_NOT_FOUND);
  return shop;
}

/** Only a shop's owner changes it: unknown (or non-uuid) ids are 404, someone else's shop is 403. */
export async function loadOwnedShop(manager: EntityManager, shopId: string, userId: string): Promise<ShopEntity> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId !== userId) throw forbidden('Only the owner of this shop can change it.');
  return shop;
}

/** Bumps the shop's version inside the caller's transaction and returns the event to send after commit. */
export async function bumpShopVersion(manager: EntityManager, shopId: string): Promise<ShopChangedEvent> {
  const [rows] = (await manager.query(
    'UPDATE "shops" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = $1 RETURNING "slug", "version"',
    [shopId],
  )) as [Array<{ slug: string; version: number }>, number];
  const row = rows[0];
  if (!row) throw notFound(SHOP_NOT_FOUND);
  return { shopId, slug: row.slug, version: row.version };
}

export interface ShopChangeDeps {
  dataSource: DataSource;
  events: ShopEvents;
  /** Plan limits (issue 17); absent or BILLING=off: nothing is limited. */
  billing?: BillingGate;
}

/**
 * Runs an owner's change to a shop (or its services or barbers) in one transaction that also bumps the shop's
 * version, then announces the new version once the change is committed.
 */
export async function changeOwnedShop<T>(
  deps: ShopChangeDeps,
  shopId: string,
  userId: string,
  change: (manager: EntityManager, shop: ShopEntity) => Promise<T>,
): Promise<T> {
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    const result = await change(manager, shop);
    const event = await bumpShopVersion(manager, shop.id);
    return { result, event };
  });
  await deps.events.shopChanged(event);
  return result;
}

/** The owner's oldest shop. */
export function findFirstShopOfOwner(manager: EntityManager, ownerId: string): Promise<ShopEntity | null> {
  return manager.getRepository(ShopEntity).findOne({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
}

/** A path parameter as one string (Express 5 types allow arrays for wildcard segments). */
export function pathParam(params: Record<string, string | string[] | undefined>, name: string): string {
  const value = params[name];
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}
