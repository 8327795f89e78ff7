import { type Barber, BarberPatchSchema, BarberSchema } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { conflict, notFound, parseInput } from '../../platform/http/errors';
import { changeOwnedShop, isUuid, type ShopChangeDeps } from '../shops/shop-access';
import { BarberEntity } from './barber.entity';

const CreateBarberInput = BarberSchema.strict();
const PatchBarberInput = BarberPatchSchema.strict();

export const BARBER_NOT_FOUND = 'Barber not found';
export const BARBER_HAS_APPOINTMENTS = (n: number) =>
  `This barber has ${n} upcoming appointment${n === 1 ? '' : 's'}. Cancel or move ${n === 1 ? 'it' : 'them'} first.`;

export function toBarberDto(entity: BarberEntity): Barber {
  return {
    id: entity.id,
    shopId: entity.shopId,
    name: entity.name,
    bio: entity.bio,
    profileImageUrl: entity.profileImageUrl,
  };
}

export async function listBarbers(manager: EntityManager, shopId: string): Promise<Barber[]> {
  const rows = await manager
    .getRepository(BarberEntity)
    .find({ where: { shopId }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toBarberDto);
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
    return toBarberDto(await manager.getRepository(BarberEntity).save(barber));
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
