import { randomUUID } from 'node:crypto';
import { PORTFOLIO_LIMITS, PORTFOLIO_MESSAGES, type PortfolioImage, PortfolioPatchSchema } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { type FileStorage, uploadUrl } from '../../platform/storage/file-storage';
import type { BarberEntity } from '../barbers/barber.entity';
import { loadLinkedBarber } from '../barbers/barber-settings.service';
import { bumpShopVersion, loadOwnedShop, loadVisibleShop, type ShopChangeDeps } from '../shops/shop-access';
import {
  allKeys,
  loadPortfolioRow,
  loadPortfolios,
  type PortfolioRow,
  portfolioKey,
  toPortfolioImage,
} from './portfolio.repository';
import { encodePortfolioImage } from './portfolio-images';

export interface PortfolioDeps extends ShopChangeDeps {
  storage: FileStorage;
}

const tooMany = () => new HttpError(409, 'portfolio_full', PORTFOLIO_MESSAGES.tooMany);

async function countOf(manager: EntityManager, barberId: string): Promise<number> {
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS "n" FROM "portfolio_images" WHERE "barber_id" = $1`, [
    barberId,
  ])) as [{ n: number }];
  return n;
}

/** Runs a change to a barber's portfolio in one transaction and tells the storefront's caches afterwards. */
async function changePortfolio<T>(
  deps: PortfolioDeps,
  shopId: string,
  change: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const result = await change(manager);
    return { result, event: await bumpShopVersion(manager, shopId) };
  });
  await deps.events.shopChanged(event);
  return result;
}

/**
 * POST /api/my/portfolio: the 30-image limit is checked first (nothing is decoded for a full portfolio), the image
 * is decoded and encoded again (portfolio-images.ts), its six files stored, then the row is added under a lock on the
 * barber with the count checked again; a second upload racing past 30 has its files removed.
 */
export async function uploadPortfolioImage(
  deps: PortfolioDeps,
  userId: string,
  readFile: () => Promise<Buffer>,
): Promise<PortfolioImage> {
  const barber = await loadLinkedBarber(deps.dataSource.manager, userId);
  if ((await countOf(deps.dataSource.manager, barber.id)) >= PORTFOLIO_LIMITS.maxImages) throw tooMany();
  const encoded = await encodePortfolioImage(await readFile());
  const id = randomUUID();
  const base = `portfolio/${barber.shopId}/${barber.id}/${id}`;
  await Promise.all(
    encoded.files.map((f) =>
      deps.storage.put(
        portfolioKey(base, f.width, f.format),
        f.body,
        f.format === 'webp' ? 'image/webp' : 'image/avif',
      ),
    ),
  );
  try {
    return await changePortfolio(deps, barber.shopId, async (manager) => {
      await manager.query(`SELECT 1 FROM "barbers" WHERE "id" = $1 FOR UPDATE`, [barber.id]);
      const n = await countOf(manager, barber.id);
      if (n >= PORTFOLIO_LIMITS.maxImages) throw tooMany();
      const [row] = (await manager.query(
        `INSERT INTO "portfolio_images" ("id", "shop_id", "barber_id", "storage_key", "position", "width", "height")
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max("position") + 1, 0) FROM "portfolio_images" WHERE "barber_id" = $3), $5, $6)
         RETURNING "id", "shop_id", "barber_id", "storage_key", "caption", "position", "width", "height", "hidden"`,
        [id, barber.shopId, barber.id, base, encoded.width, encoded.height],
      )) as PortfolioRow[];
      return toPortfolioImage(row as PortfolioRow);
    });
  } catch (err) {
    await Promise.all(allKeys(base).map((k) => deps.storage.delete(k).catch(() => undefined)));
    throw err;
  }
}

/** GET /api/my/portfolio: the barber's own images, hidden ones included (marked). */
export async function listMyPortfolio(deps: PortfolioDeps, userId: string): Promise<PortfolioImage[]> {
  const barber = await loadLinkedBarber(deps.dataSource.manager, userId);
  return (await loadPortfolios(deps.dataSource.manager, [barber.id], false)).get(barber.id) ?? [];
}

/** GET /api/shops/{slugOrId}/barbers/{barberId}/portfolio: what the public sees (the owner's hidden ones left out). */
export async function listPublicPortfolio(
  deps: PortfolioDeps,
  slugOrId: string,
  barberId: string,
  viewerId: string | undefined,
): Promise<PortfolioImage[]> {
  const manager = deps.dataSource.manager;
  const shop = await loadVisibleShop(manager, slugOrId, viewerId);
  const ok =
    /^[0-9a-f-]{36}$/i.test(barberId) &&
    (
      (await manager.query(`SELECT 1 FROM "barbers" WHERE "id" = $1 AND "shop_id" = $2`, [
        barberId,
        shop.id,
      ])) as unknown[]
    ).length > 0;
  if (!ok) throw notFound('Barber not found');
  return (await loadPortfolios(manager, [barberId], true)).get(barberId) ?? [];
}

/** Puts the image at `position` among the barber's images (0 first) and numbers them all again. */
async function reorder(manager: EntityManager, row: PortfolioRow, position: number): Promise<void> {
  const rows = (await manager.query(
    `SELECT "id" FROM "portfolio_images" WHERE "barber_id" = $1 ORDER BY "position", "created_at", "id"`,
    [row.barber_id],
  )) as Array<{ id: string }>;
  const ids = rows.map((r) => r.id).filter((id) => id !== row.id);
  ids.splice(Math.min(position, ids.length), 0, row.id);
  await manager.query(
    `UPDATE "portfolio_images" p SET "position" = o."n" - 1, "updated_at" = now()
     FROM unnest($1::uuid[]) WITH ORDINALITY AS o("id", "n") WHERE p."id" = o."id"`,
    [ids],
  );
}

async function myRow(manager: EntityManager, barber: BarberEntity, id: string): Promise<PortfolioRow> {
  const row = await loadPortfolioRow(manager, id, true);
  if (!row || row.barber_id !== barber.id) throw notFound(PORTFOLIO_MESSAGES.notFound);
  return row;
}

/** PATCH /api/my/portfolio/{id} {caption?, position?}: hiding is the owner's. */
export async function patchMyPortfolioImage(
  deps: PortfolioDeps,
  userId: string,
  id: string,
  body: unknown,
): Promise<PortfolioImage> {
  const input = parseInput(PortfolioPatchSchema, body);
  if (input.hidden !== undefined) {
    throw badRequest('Only the shop owner can hide a photo.', { hidden: 'Only the shop owner can hide a photo.' });
  }
  const barber = await loadLinkedBarber(deps.dataSource.manager, userId);
  return changePortfolio(deps, barber.shopId, async (manager) => {
    const row = await myRow(manager, barber, id);
    if (input.caption !== undefined) {
      await manager.query(`UPDATE "portfolio_images" SET "caption" = $2, "updated_at" = now() WHERE "id" = $1`, [
        row.id,
        input.caption,
      ]);
    }
    if (input.position !== undefined) await reorder(manager, row, input.position);
    return toPortfolioImage((await loadPortfolioRow(manager, row.id)) as PortfolioRow);
  });
}

/** DELETE /api/my/portfolio/{id}: the row, then its files. */
export async function deleteMyPortfolioImage(deps: PortfolioDeps, userId: string, id: string): Promise<void> {
  const barber = await loadLinkedBarber(deps.dataSource.manager, userId);
  const row = await changePortfolio(deps, barber.shopId, async (manager) => {
    const row = await myRow(manager, barber, id);
    await manager.query(`DELETE FROM "portfolio_images" WHERE "id" = $1`, [row.id]);
    return row;
  });
  await Promise.all(allKeys(row.storage_key).map((k) => deps.storage.delete(k)));
}

/** GET /api/shops/{shopId}/portfolio (owner): every barber's images, hidden ones included. */
export async function listShopPortfolio(
  deps: PortfolioDeps,
  shopId: string,
  userId: string,
): Promise<PortfolioImage[]> {
  const shop = await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  const ids = (
    (await deps.dataSource.query(`SELECT "id" FROM "barbers" WHERE "shop_id" = $1 ORDER BY "created_at", "id"`, [
      shop.id,
    ])) as Array<{ id: string }>
  ).map((r) => r.id);
  return [...(await loadPortfolios(deps.dataSource.manager, ids, false)).values()].flat();
}

/** PATCH /api/shops/{shopId}/portfolio/{id} {hidden} (owner): owners can hide any image of their shop. */
export async function ownerPatchPortfolioImage(
  deps: PortfolioDeps,
  shopId: string,
  userId: string,
  id: string,
  body: unknown,
): Promise<PortfolioImage> {
  const input = parseInput(PortfolioPatchSchema.pick({ hidden: true }).required(), body);
  const shop = await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  return changePortfolio(deps, shop.id, async (manager) => {
    const row = await loadPortfolioRow(manager, id, true);
    if (!row || row.shop_id !== shop.id) throw notFound(PORTFOLIO_MESSAGES.notFound);
    await manager.query(`UPDATE "portfolio_images" SET "hidden" = $2, "updated_at" = now() WHERE "id" = $1`, [
      row.id,
      input.hidden,
    ]);
    return toPortfolioImage({ ...row, hidden: input.hidden });
  });
}

/**
 * POST /api/my/photo (multipart, field `image`): the barber's own photo, through the same decoding as the portfolio
 * (no EXIF kept); the 640-wide WebP becomes their profile picture, at PUBLIC_ORIGIN so it works on every host.
 */
export async function uploadMyPhoto(
  deps: PortfolioDeps & { publicOrigin: string },
  userId: string,
  readFile: () => Promise<Buffer>,
): Promise<{ profileImageUrl: string }> {
  const barber = await loadLinkedBarber(deps.dataSource.manager, userId);
  const encoded = await encodePortfolioImage(await readFile());
  const base = `photo/${barber.shopId}/${barber.id}/${randomUUID()}`;
  const webp = encoded.files.filter((f) => f.format === 'webp');
  await Promise.all(webp.map((f) => deps.storage.put(portfolioKey(base, f.width, 'webp'), f.body, 'image/webp')));
  const profileImageUrl = `${new URL(deps.publicOrigin).origin}${uploadUrl(portfolioKey(base, 640, 'webp'))}`;
  return changePortfolio(deps, barber.shopId, async (manager) => {
    await manager.query(`UPDATE "barbers" SET "profile_image_url" = $2, "updated_at" = now() WHERE "id" = $1`, [
      barber.id,
      profileImageUrl,
    ]);
    return { profileImageUrl };
  });
}
