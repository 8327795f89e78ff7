import { randomBytes } from 'node:crypto';
import {
  AddDomainSchema,
  DOMAIN_MESSAGES,
  DomainPatchSchema,
  MAX_DOMAINS_PER_SHOP,
  type ShopDomain,
} from '@barberly/common';
import { notFound, parseInput } from '../../platform/http/errors';
import { loadOwnedShop } from '../shops/shop-access';
import { type DomainRow, type DomainsDeps, domainError, ownedDomain, rowsOf, settleShop, toDto } from './domain-rows';
import { applyVerdict, checkDns, enqueueCheck, FIRST_CHECK_DELAY_S } from './domain-verification';
import { checkHostname } from './hostname';

/** The owner's custom domains (issue 16): list, add, 'Check now', make primary, remove. */

export async function listDomains(deps: DomainsDeps, shopId: string, userId: string): Promise<ShopDomain[]> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  return (await rowsOf(manager, shop.id)).map((row) => toDto(deps.config, shop.slug, row));
}

export async function addDomain(deps: DomainsDeps, shopId: string, userId: string, body: unknown): Promise<ShopDomain> {
  const { hostname: typed } = parseInput(AddDomainSchema, body);
  const checked = checkHostname(typed, deps.config.APP_DOMAIN);
  if (!checked.ok) throw domainError(400, 'invalid_hostname', checked.message);
  if (checked.apex && !deps.config.CUSTOM_DOMAIN_IPV4) {
    throw domainError(400, 'invalid_hostname', DOMAIN_MESSAGES.apexNeedsAddress);
  }
  const { hostname } = checked;
  return deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    await deps.billing?.assertFeature(manager, shop.id, 'customDomain');
    // One add at a time per shop: the count and the duplicate check see every committed row.
    await manager.query('SELECT 1 FROM "shops" WHERE "id" = $1 FOR UPDATE', [shop.id]);
    const rows = await rowsOf(manager, shop.id);
    if (rows.some((r) => r.hostname === hostname)) throw domainError(409, 'domain_exists', DOMAIN_MESSAGES.exists);
    if (rows.length >= MAX_DOMAINS_PER_SHOP) throw domainError(400, 'too_many_domains', DOMAIN_MESSAGES.tooMany);
    const [taken] = (await manager.query(
      `SELECT 1 FROM "shop_domains" WHERE "hostname" = $1 AND "status" IN ('verified', 'active')`,
      [hostname],
    )) as unknown[];
    if (taken) throw domainError(409, 'domain_taken', DOMAIN_MESSAGES.taken);
    const [row] = (await manager.query(
      `INSERT INTO "shop_domains" ("shop_id", "hostname", "token", "created_at") VALUES ($1, $2, $3, $4) RETURNING *`,
      [shop.id, hostname, randomBytes(16).toString('hex'), deps.now()],
    )) as DomainRow[];
    if (!row) throw new Error('insert returned no row');
    await enqueueCheck(deps, manager, { domainId: row.id, delay: FIRST_CHECK_DELAY_S });
    return toDto(deps.config, shop.slug, row);
  });
}

/** 'Check now': looks the records up at once and answers the domain as it now stands. */
export async function verifyDomain(
  deps: DomainsDeps,
  shopId: string,
  domainId: string,
  userId: string,
): Promise<ShopDomain> {
  const manager = deps.dataSource.manager;
  const shop = await loadOwnedShop(manager, shopId, userId);
  const row = await ownedDomain(manager, shop.id, domainId);
  const verdict = await checkDns(deps, row, shop.slug);
  const applied = await applyVerdict(deps, row.id, verdict);
  if (!applied) throw notFound(DOMAIN_MESSAGES.notFound);
  if (applied.event) await deps.events.shopChanged(applied.event);
  return toDto(deps.config, applied.slug, applied.row);
}

/** Makes a verified alias the shop's primary domain; the former primary becomes an alias redirecting to it. */
export async function makePrimary(
  deps: DomainsDeps,
  shopId: string,
  domainId: string,
  userId: string,
  body: unknown,
): Promise<ShopDomain[]> {
  parseInput(DomainPatchSchema, body);
  const { slug, event } = await deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    await manager.query('SELECT 1 FROM "shops" WHERE "id" = $1 FOR UPDATE', [shop.id]);
    const row = await ownedDomain(manager, shop.id, domainId);
    if (row.status === 'active') return { slug: shop.slug, event: null };
    if (row.status !== 'verified') throw domainError(409, 'domain_not_verified', DOMAIN_MESSAGES.notVerified);
    await deps.billing?.assertFeature(manager, shop.id, 'customDomain');
    await manager.query(
      `UPDATE "shop_domains" SET "status" = 'verified' WHERE "shop_id" = $1 AND "status" = 'active'`,
      [shop.id],
    );
    await manager.query(`UPDATE "shop_domains" SET "status" = 'active' WHERE "id" = $1`, [row.id]);
    return { slug: shop.slug, event: await settleShop(manager, shop.id, [row.hostname]) };
  });
  if (event) await deps.events.shopChanged(event);
  return (await rowsOf(deps.dataSource.manager, shopId)).map((row) => toDto(deps.config, slug, row));
}

export async function removeDomain(deps: DomainsDeps, shopId: string, domainId: string, userId: string): Promise<void> {
  const event = await deps.dataSource.transaction(async (manager) => {
    const shop = await loadOwnedShop(manager, shopId, userId);
    await manager.query('SELECT 1 FROM "shops" WHERE "id" = $1 FOR UPDATE', [shop.id]);
    const row = await ownedDomain(manager, shop.id, domainId);
    await manager.query('DELETE FROM "shop_domains" WHERE "id" = $1', [row.id]);
    const wasServing = row.status === 'active' || row.status === 'verified';
    return wasServing ? settleShop(manager, shop.id, [row.hostname]) : null;
  });
  if (event) await deps.events.shopChanged(event);
}
