import { ASSISTANT_MESSAGES } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../platform/http/auth-context';
import { forbidden, notFound } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { ShopEntity } from '../shops/shop.entity';
import { findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';

/**
 * Who the assistant acts for. Everything it may do follows from this: the owner reaches the whole shop, a barber
 * their own chair, a client texting the shop only the appointments booked with their phone.
 */
export type Actor =
  | { kind: 'owner'; userId: string; email: string; shop: ShopEntity }
  | { kind: 'barber'; userId: string; email: string; shop: ShopEntity; barber: BarberEntity }
  | { kind: 'client'; phone: string; shop: ShopEntity };

export type StaffActor = Extract<Actor, { kind: 'owner' | 'barber' }>;

/** The conversation key: one conversation per person per shop. */
export function conversationOf(actor: Actor): string {
  return actor.kind === 'client' ? `phone:${actor.phone}` : `user:${actor.userId}`;
}

/** How the audit log names the person who confirmed. */
export function describeActor(actor: Actor): Record<string, string> {
  if (actor.kind === 'client') return { kind: 'client', phone: actor.phone };
  return { kind: actor.kind, userId: actor.userId, email: actor.email };
}

/** The owner of the shop, or a barber whose account is linked to one of its barbers; anyone else 403. */
export async function staffActor(manager: EntityManager, shopId: string, user: AuthUser): Promise<StaffActor> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  if (shop.ownerId === user.id) return { kind: 'owner', userId: user.id, email: user.email, shop };
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { shopId: shop.id, userId: user.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (!barber) throw forbidden(ASSISTANT_MESSAGES.notYourShop);
  return { kind: 'barber', userId: user.id, email: user.email, shop, barber };
}

/**
 * For callers that name no shop (an MCP client): the shop given, else the user's own first shop, else the shop
 * whose barber they are.
 */
export async function defaultStaffActor(manager: EntityManager, user: AuthUser, shopId?: string): Promise<StaffActor> {
  if (shopId) return staffActor(manager, shopId, user);
  const owned = await manager
    .getRepository(ShopEntity)
    .findOne({ where: { ownerId: user.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (owned) return { kind: 'owner', userId: user.id, email: user.email, shop: owned };
  const barber = await manager
    .getRepository(BarberEntity)
    .findOne({ where: { userId: user.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  if (!barber) throw forbidden(ASSISTANT_MESSAGES.notYourShop);
  return staffActor(manager, barber.shopId, user);
}
