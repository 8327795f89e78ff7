import {
  type DnsRecord,
  DOMAIN_MESSAGES,
  type DomainStatus,
  domainTxtName,
  domainTxtValue,
  type ShopChangedEvent,
  type ShopDomain,
} from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { ShopEvents } from '../../platform/events/shop-events';
import { HttpError, notFound } from '../../platform/http/errors';
import type { BillingGate } from '../billing/billing-gate';
import type { BookingMailQueue } from '../mail/mail-queue';
import { bumpShopVersion, isUuid } from '../shops/shop-access';
import type { DnsChecker, DomainTargets } from './dns-check';
import { checkHostname } from './hostname';

/**
 * A shop's custom domains (issue 16) as rows: what the owner sees of each (with the DNS records to create), and the
 * shop kept in step with them (its primary domain, its version). The owner's actions are in domains.service.ts, the
 * DNS checks in domain-verification.ts, a request's host in domain-hosts.ts.
 */

export type DomainsConfig = Pick<
  Config,
  'APP_DOMAIN' | 'CUSTOM_DOMAIN_TARGET' | 'CUSTOM_DOMAIN_IPV4' | 'CUSTOM_DOMAIN_IPV6'
>;

export interface DomainsDeps {
  dataSource: DataSource;
  events: ShopEvents;
  billing?: BillingGate;
  config: DomainsConfig;
  dns: DnsChecker;
  now: () => Date;
  /** The durable queue (pg-boss, shared with booking mails); absent: no background re-checks. */
  queue?: BookingMailQueue | null;
  logger?: Logger;
}

export interface DomainRow {
  id: string;
  shop_id: string;
  hostname: string;
  token: string;
  status: DomainStatus;
  reason: string | null;
  checked_at: Date | null;
  verified_at: Date | null;
  created_at: Date;
}

export const domainError = (status: number, code: string, message: string) => new HttpError(status, code, message);

export function isApex(hostname: string, appDomain: string): boolean {
  const check = checkHostname(hostname, appDomain);
  return check.ok && check.apex;
}

export function targetsFor(config: DomainsConfig, slug: string): DomainTargets {
  const appDomain = config.APP_DOMAIN.replace(/:\d+$/, '');
  return {
    cname: config.CUSTOM_DOMAIN_TARGET ?? `${slug}.${appDomain}`,
    ipv4: config.CUSTOM_DOMAIN_IPV4 ?? null,
    ipv6: config.CUSTOM_DOMAIN_IPV6 ?? null,
  };
}

export function recordsFor(
  row: Pick<DomainRow, 'hostname' | 'token'>,
  apex: boolean,
  targets: DomainTargets,
): DnsRecord[] {
  const records: DnsRecord[] = [];
  if (apex) {
    if (targets.ipv4) records.push({ type: 'A', name: row.hostname, value: targets.ipv4 });
    if (targets.ipv6) records.push({ type: 'AAAA', name: row.hostname, value: targets.ipv6 });
  } else {
    records.push({ type: 'CNAME', name: row.hostname, value: targets.cname });
  }
  records.push({ type: 'TXT', name: domainTxtName(row.hostname), value: domainTxtValue(row.token) });
  return records;
}

export function toDto(config: DomainsConfig, slug: string, row: DomainRow): ShopDomain {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    reason: row.reason,
    primary: row.status === 'active',
    records: recordsFor(row, isApex(row.hostname, config.APP_DOMAIN), targetsFor(config, slug)),
    checkedAt: row.checked_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function rowsOf(manager: EntityManager, shopId: string): Promise<DomainRow[]> {
  return manager.query('SELECT * FROM "shop_domains" WHERE "shop_id" = $1 ORDER BY "created_at", "id"', [shopId]);
}

export async function ownedDomain(manager: EntityManager, shopId: string, domainId: string): Promise<DomainRow> {
  if (!isUuid(domainId)) throw notFound(DOMAIN_MESSAGES.notFound);
  const [row] = (await manager.query('SELECT * FROM "shop_domains" WHERE "id" = $1 AND "shop_id" = $2 FOR UPDATE', [
    domainId,
    shopId,
  ])) as DomainRow[];
  if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
  return row;
}

/**
 * Keeps `shops.custom_domain` equal to the shop's active domain, promoting its oldest verified alias when the
 * active one went away, then bumps the shop's version: the event names the hosts whose routing changed.
 */
export async function settleShop(manager: EntityManager, shopId: string, hosts: string[]): Promise<ShopChangedEvent> {
  const rows = await rowsOf(manager, shopId);
  let active = rows.find((r) => r.status === 'active');
  if (!active) {
    const alias = rows.find((r) => r.status === 'verified');
    if (alias) {
      await manager.query(`UPDATE "shop_domains" SET "status" = 'active' WHERE "id" = $1`, [alias.id]);
      active = alias;
    }
  }
  await manager.query('UPDATE "shops" SET "custom_domain" = $2 WHERE "id" = $1', [shopId, active?.hostname ?? null]);
  const event = await bumpShopVersion(manager, shopId);
  // Every proven host of the shop may redirect elsewhere now; the changed ones may have become unknown.
  const all = new Set([
    ...hosts,
    ...rows.filter((r) => r.status === 'verified' || r.status === 'active').map((r) => r.hostname),
  ]);
  return { ...event, hosts: [...all] };
}
