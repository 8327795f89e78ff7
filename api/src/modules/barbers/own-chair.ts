import type { EntityManager } from 'typeorm';
import { forbidden, HttpError } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, loadOwnedShop } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';
import { assertBarberMay, effectivePermissions } from './barber-permissions';

/**
 * My Calendar (issue 26 item 1): a barber sees the shop's calendar for their own chair only. Who is looking at a
 * shop's calendar: its owner (every chair), or a barber linked to the shop (their chair, clients' contacts as the
 * owner allows). Anyone else gets the owner-only refusal they got before.
 */
export interface ChairViewer {
  shop: ShopEntity;
  /** Set for a barber: the one chair they see. */
  ownBarber: BarberEntity | null;
  hideContacts: boolean;
}

export async function loadChairViewer(manager: EntityManager, shopId: string, userId: string): Promise<ChairViewer> {
  try {
    return { shop: await loadOwnedShop(manager, shopId, userId), ownBarber: null, hideContacts: false };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 403) throw err;
    const shop = await findShopById(manager, shopId);
    if (!shop) throw err;
    const barber = await manager.getRepository(BarberEntity).findOne({ where: { shopId: shop.id, userId } });
    if (!barber) throw err;
    return { shop, ownBarber: barber, hideContacts: !effectivePermissions(shop, barber).seeClientContacts };
  }
}

/**
 * The owner's barber paths (settings, time off) for one chair: the owner, or the barber of that chair; a barber's
 * time off (blocking an hour) needs the owner's leave to book and move on their own chair.
 */
export async function loadChairBarber(
  manager: EntityManager,
  shopId: string,
  barberId: string,
  userId: string,
  write: boolean,
): Promise<BarberEntity | null> {
  const viewer = await loadChairViewer(manager, shopId, userId).catch(() => null);
  if (!viewer?.ownBarber) return null;
  if (viewer.ownBarber.id !== barberId.toLowerCase()) throw forbidden('You can only change your own chair.');
  if (write) assertBarberMay(viewer.shop, viewer.ownBarber, 'bookOwnChair');
  return viewer.ownBarber;
}
