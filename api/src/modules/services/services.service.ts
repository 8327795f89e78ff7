import { type Service, ServicePatchSchema, ServiceSchema, type WizardServiceSchema } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { notFound, parseInput } from '../../platform/http/errors';
import { changeOwnedShop, isUuid, type ShopChangeDeps } from '../shops/shop-access';
import { ServiceEntity } from './service.entity';

const CreateServiceInput = ServiceSchema.strict();
const PatchServiceInput = ServicePatchSchema.strict();

export const SERVICE_NOT_FOUND = 'Service not found';

/**
 * numeric(10,2) keeps cents, rounding half up: round the same way here so the answer to a write equals what a later
 * read returns. Shifting through the exponent avoids binary error: 1.005 gives 1.01, as Postgres does.
 */
const toCents = (price: number) => Number(`${Math.round(Number(`${price}e2`))}e-2`);

export function toServiceDto(entity: ServiceEntity): Service {
  return {
    id: entity.id,
    shopId: entity.shopId,
    name: entity.name,
    description: entity.description,
    price: entity.price,
    durationMinutes: entity.durationMinutes,
    bufferMinutes: entity.bufferMinutes,
  };
}

/** A shop's services in the owner's order (then oldest first). */
export async function listServices(manager: EntityManager, shopId: string): Promise<Service[]> {
  const rows = await manager
    .getRepository(ServiceEntity)
    .find({ where: { shopId }, order: { sortOrder: 'ASC', createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toServiceDto);
}

type NewService = Pick<z.output<typeof WizardServiceSchema>, 'name' | 'description' | 'price' | 'durationMinutes'> & {
  bufferMinutes?: number;
};

/** Adds services at the end of the shop's list, inside the caller's transaction. */
export async function insertServices(
  manager: EntityManager,
  shopId: string,
  services: NewService[],
): Promise<ServiceEntity[]> {
  if (services.length === 0) return [];
  const repo = manager.getRepository(ServiceEntity);
  const [{ next }] = (await manager.query(
    'SELECT COALESCE(MAX("sort_order") + 1, 0)::int AS "next" FROM "services" WHERE "shop_id" = $1',
    [shopId],
  )) as [{ next: number }];
  const entities = services.map((service, index) =>
    repo.create({
      shopId,
      name: service.name,
      description: service.description ?? '',
      price: toCents(service.price),
      durationMinutes: service.durationMinutes,
      bufferMinutes: service.bufferMinutes ?? 0,
      sortOrder: next + index,
    }),
  );
  return repo.save(entities);
}

export async function createService(deps: ShopChangeDeps, shopId: string, userId: string, body: unknown) {
  return changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const input = parseInput(CreateServiceInput, body);
    const [created] = await insertServices(manager, shop.id, [input]);
    return toServiceDto(created!);
  });
}

async function loadService(manager: EntityManager, shopId: string, serviceId: string): Promise<ServiceEntity> {
  const service = isUuid(serviceId)
    ? await manager.getRepository(ServiceEntity).findOne({ where: { id: serviceId, shopId } })
    : null;
  if (!service) throw notFound(SERVICE_NOT_FOUND);
  return service;
}

export async function updateService(
  deps: ShopChangeDeps,
  shopId: string,
  serviceId: string,
  userId: string,
  body: unknown,
): Promise<Service> {
  return changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const service = await loadService(manager, shop.id, serviceId);
    const patch = parseInput(PatchServiceInput, body);
    Object.assign(service, patch, patch.price === undefined ? {} : { price: toCents(patch.price) });
    return toServiceDto(await manager.getRepository(ServiceEntity).save(service));
  });
}

export async function deleteService(deps: ShopChangeDeps, shopId: string, serviceId: string, userId: string) {
  await changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const service = await loadService(manager, shop.id, serviceId);
    await manager.getRepository(ServiceEntity).delete({ id: service.id });
  });
}
