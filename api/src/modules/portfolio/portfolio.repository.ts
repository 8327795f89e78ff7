import { PORTFOLIO_WIDTHS, type PortfolioImage, type PortfolioImageUrls } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { uploadUrl } from '../../platform/storage/file-storage';

/** The stored key of one size of an image: 'portfolio/<shop>/<barber>/<image>-640.webp'. */
export const portfolioKey = (base: string, width: number, format: 'webp' | 'avif') => `${base}-${width}.${format}`;

export interface PortfolioRow {
  id: string;
  shop_id: string;
  barber_id: string;
  storage_key: string;
  caption: string;
  position: number;
  width: number;
  height: number;
  hidden: boolean;
}

export function allKeys(base: string): string[] {
  return PORTFOLIO_WIDTHS.flatMap((w) => [portfolioKey(base, w, 'webp'), portfolioKey(base, w, 'avif')]);
}

export function toPortfolioImage(row: PortfolioRow): PortfolioImage {
  const urls: PortfolioImageUrls = { webp: {}, avif: {} };
  for (const w of PORTFOLIO_WIDTHS) {
    urls.webp[String(w)] = uploadUrl(portfolioKey(row.storage_key, w, 'webp'));
    urls.avif[String(w)] = uploadUrl(portfolioKey(row.storage_key, w, 'avif'));
  }
  return {
    id: row.id,
    barberId: row.barber_id,
    caption: row.caption,
    position: row.position,
    width: row.width,
    height: row.height,
    hidden: row.hidden,
    urls,
  };
}

const COLUMNS = `"id", "shop_id", "barber_id", "storage_key", "caption", "position", "width", "height", "hidden"`;

/** The images of these barbers in their order; `visibleOnly` leaves out the ones the owner hid. */
export async function loadPortfolios(
  manager: EntityManager,
  barberIds: string[],
  visibleOnly: boolean,
): Promise<Map<string, PortfolioImage[]>> {
  const out = new Map<string, PortfolioImage[]>(barberIds.map((id) => [id, []]));
  if (barberIds.length === 0) return out;
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM "portfolio_images" WHERE "barber_id" = ANY($1::uuid[])
     ${visibleOnly ? 'AND NOT "hidden"' : ''} ORDER BY "barber_id", "position", "created_at", "id"`,
    [barberIds],
  )) as PortfolioRow[];
  for (const r of rows) out.get(r.barber_id)?.push(toPortfolioImage(r));
  return out;
}

export async function loadPortfolioRow(manager: EntityManager, id: string, lock = false): Promise<PortfolioRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM "portfolio_images" WHERE "id" = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  )) as PortfolioRow[];
  return rows[0] ?? null;
}
