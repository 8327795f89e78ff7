// One cohesive thing: a custom domain's whole life (add, DNS check queue, verify, make primary, remove, resolve a request's host) over the shop_domains rows.
import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import {
  AddDomainSchema,
  type DnsRecord,
  DOMAIN_MESSAGES,
  DomainPatchSchema,
  type DomainStatus,
  domainTxtName,
  domainTxtValue,
  MAX_DOMAINS_PER_SHOP,
  type ShopChangedEvent,
  type ShopDomain,
} from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { ShopEvents } from '../../platform/events/shop-events';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import type { BillingGate } from '../billing/billing-gate';
import { type BookingMailQueue, createQueueOnce, transactionDb } from '../mail/mail-queue';
import { bumpShopVersion, isUuid, loadOwnedShop } from '../shops/shop-access';
import type { DnsChecker, DnsVerdict, DomainTargets } from './dns-check';
import { checkHostname } from './hostname';

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

interface DomainRow {
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

export const DOMAIN_CHECK_QUEUE = 'domain-check';
/** Pending domains are re-checked for this long after they were added, then marked failed. */
export const DOMAIN_CHECK_WINDOW_MS = 72 * 3_600_000;
/** The first background check a minute after adding; each next one waits twice as long, at most an hour. */
export const FIRST_CHECK_DELAY_S = 60;
const MAX_CHECK_DELAY_S = 3_600;

export interface DomainCheckJob {
  domainId: string;
  /** Seconds this job waited; the next one waits twice as long. */
  delay: number;
}

const domainError = (status: number, code: string, message: string) => new HttpError(status, code, message);

function isApex(hostname: string, appDomain: string): boolean {
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

function toDto(config: DomainsConfig, slug: string, row: DomainRow): ShopDomain {
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

async function rowsOf(manager: EntityManager, shopId: string): Promise<DomainRow[]> {
  return manager.query('SELECT * FROM "shop_domains" WHERE "shop_id" = $1 ORDER BY "created_at", "id"', [shopId]);
}

async function ownedDomain(manager: EntityManager, shopId: string, domainId: string): Promise<DomainRow> {
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
async function settleShop(manager: EntityManager, shopId: string, hosts: string[]): Promise<ShopChangedEvent> {
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

/** Inserts the next background check through the caller's transaction (it exists only if the change commits). */
async function enqueueCheck(deps: DomainsDeps, manager: EntityManager, job: DomainCheckJob): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await ensureDomainQueue(queue);
  const { boss } = queue;
  await boss.send(DOMAIN_CHECK_QUEUE, job, {
    db: transactionDb(manager),
    startAfter: job.delay,
    singletonKey: `${job.domainId}:${job.delay}`,
  });
}

const queuesReady = new WeakMap<BookingMailQueue, Promise<void>>();
/** Starts the shared pg-boss (once) and creates the domain-check queue beside the mail queue. */
export function ensureDomainQueue(queue: BookingMailQueue): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    const { boss } = queue;
    ready = (async () => {
      await queue.ready();
      await createQueueOnce(boss, { name: DOMAIN_CHECK_QUEUE, policy: 'short', retryLimit: 3, retryDelay: 60 });
    })();
    ready.catch(() => queuesReady.delete(queue));
    queuesReady.set(queue, ready);
  }
  return ready;
}

/**
 * Applies what DNS said to one domain, in one transaction: pending -> active (the shop's first) or verified (an
 * alias), a wrong record -> failed with the reason, a hostname another shop has proven -> failed. A proven domain
 * keeps its state (a check only refreshes its note). `expire`: the background check's window is over.
 */
async function applyVerdict(
  deps: DomainsDeps,
  domainId: string,
  verdict: DnsVerdict,
  options: { expire?: boolean } = {},
): Promise<{ row: DomainRow; slug: string; event: ShopChangedEvent | null } | null> {
  return deps.dataSource.transaction(async (manager) => {
    const [meta] = (await manager.query('SELECT "shop_id", "hostname" FROM "shop_domains" WHERE "id" = $1', [
      domainId,
    ])) as Array<{ shop_id: string; hostname: string }>;
    if (!meta) return null;
    // Two shops proving one hostname at once: one at a time, so the second sees the first's claim.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop_domains:${meta.hostname}`]);
    // The shop first, as primary and remove take it: changes to one shop's domains run one at a time.
    const [shop] = (await manager.query('SELECT "slug" FROM "shops" WHERE "id" = $1 FOR UPDATE', [
      meta.shop_id,
    ])) as Array<{
      slug: string;
    }>;
    if (!shop) return null;
    const [row] = (await manager.query('SELECT * FROM "shop_domains" WHERE "id" = $1 FOR UPDATE', [
      domainId,
    ])) as DomainRow[];
    if (!row) return null;
    const now = deps.now();
    const proven = row.status === 'verified' || row.status === 'active';
    let status: DomainStatus = row.status;
    let reason: string | null = null;
    let event: ShopChangedEvent | null = null;
    if (verdict.result === 'proven') {
      if (!proven) {
        const [taken] = (await manager.query(
          `SELECT 1 FROM "shop_domains" WHERE "hostname" = $1 AND "status" IN ('verified', 'active') AND "id" <> $2`,
          [row.hostname, row.id],
        )) as unknown[];
        if (taken) {
          status = 'failed';
          reason = DOMAIN_MESSAGES.taken;
        } else {
          const [active] = (await manager.query(
            `SELECT 1 FROM "shop_domains" WHERE "shop_id" = $1 AND "status" = 'active'`,
            [row.shop_id],
          )) as unknown[];
          status = active ? 'verified' : 'active';
        }
      }
    } else if (verdict.result === 'unknown') {
      reason = verdict.reason;
    } else if (!proven) {
      status = verdict.result === 'wrong' ? 'failed' : options.expire ? 'failed' : 'pending';
      reason = verdict.result === 'missing' && options.expire ? DOMAIN_MESSAGES.expired : verdict.reason;
    } else {
      // A proven domain whose records changed keeps serving; the note tells the owner.
      reason = verdict.reason;
    }
    const [updated] = (await manager.query(
      `UPDATE "shop_domains" SET "status" = $2::varchar, "reason" = $3, "checked_at" = $4,
         "verified_at" = CASE WHEN $2::varchar IN ('verified', 'active') THEN COALESCE("verified_at", $4) ELSE NULL END
       WHERE "id" = $1 RETURNING *`,
      [row.id, status, reason, now],
    )) as [DomainRow[], number];
    const next = (Array.isArray(updated) ? updated[0] : updated) as DomainRow | undefined;
    if (status !== row.status && (status === 'active' || status === 'verified')) {
      event = await settleShop(manager, row.shop_id, [row.hostname]);
    }
    return { row: next ?? { ...row, status, reason, checked_at: now }, slug: shop.slug, event };
  });
}

async function checkDns(deps: DomainsDeps, row: DomainRow, slug: string): Promise<DnsVerdict> {
  return deps.dns.check({
    hostname: row.hostname,
    apex: isApex(row.hostname, deps.config.APP_DOMAIN),
    token: row.token,
    targets: targetsFor(deps.config, slug),
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

/** The background check (the durable queue): pending domains again with backoff until 72 hours after adding. */
export async function runDomainCheck(deps: DomainsDeps, job: DomainCheckJob): Promise<DomainStatus | 'gone'> {
  const [row] = (await deps.dataSource.query(
    'SELECT d.*, s."slug" FROM "shop_domains" d JOIN "shops" s ON s."id" = d."shop_id" WHERE d."id" = $1',
    [job.domainId],
  )) as Array<DomainRow & { slug: string }>;
  if (!row) return 'gone';
  if (row.status !== 'pending') return row.status;
  const verdict = await checkDns(deps, row, row.slug);
  const age = deps.now().getTime() - row.created_at.getTime();
  const delay = Math.min(MAX_CHECK_DELAY_S, job.delay * 2);
  const expire = age + delay * 1000 > DOMAIN_CHECK_WINDOW_MS;
  const applied = await applyVerdict(deps, row.id, verdict, { expire });
  if (!applied) return 'gone';
  if (applied.event) await deps.events.shopChanged(applied.event);
  if (applied.row.status === 'pending') {
    await deps.dataSource.transaction((manager) => enqueueCheck(deps, manager, { domainId: row.id, delay }));
  }
  return applied.row.status;
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

/** A Host header or ?domain= value as the table keeps hostnames (ASCII, lower case, no port or trailing dot). */
export function normaliseHost(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 300) return null;
  const host = value.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const ascii = domainToASCII(host);
  return ascii && /^[a-z0-9.-]+$/.test(ascii) ? ascii : null;
}

/**
 * Caddy's on-demand TLS `ask`: may a certificate be issued for this name? Only for a domain a shop has proven
 * (its primary or an alias, which redirects over HTTPS), and for an existing shop's own subdomain.
 */
export async function domainAllowed(
  deps: Pick<DomainsDeps, 'dataSource' | 'config'>,
  value: unknown,
): Promise<boolean> {
  const host = normaliseHost(value);
  if (!host) return false;
  const [proven] = (await deps.dataSource.query(
    `SELECT 1 FROM "shop_domains" d JOIN "shops" s ON s."id" = d."shop_id"
     WHERE d."hostname" = $1 AND d."status" IN ('verified', 'active') AND s."is_active"`,
    [host],
  )) as unknown[];
  if (proven) return true;
  const appDomain = deps.config.APP_DOMAIN.toLowerCase().replace(/:\d+$/, '');
  if (!host.endsWith(`.${appDomain}`)) return false;
  const label = host.slice(0, -(appDomain.length + 1));
  if (label.includes('.')) return false;
  const [shop] = (await deps.dataSource.query('SELECT 1 FROM "shops" WHERE "slug" = $1 AND "is_active"', [
    label,
  ])) as unknown[];
  return Boolean(shop);
}

/** Which shop a custom host serves (the storefront's host map): its slug and the shop's primary domain. */
export async function resolveHost(
  deps: Pick<DomainsDeps, 'dataSource'>,
  value: unknown,
): Promise<{ slug: string; primary: string | null } | null> {
  const host = normaliseHost(value);
  if (!host) return null;
  const [row] = (await deps.dataSource.query(
    `SELECT s."slug", s."custom_domain" FROM "shop_domains" d JOIN "shops" s ON s."id" = d."shop_id"
     WHERE d."hostname" = $1 AND d."status" IN ('verified', 'active')`,
    [host],
  )) as Array<{ slug: string; custom_domain: string | null }>;
  return row ? { slug: row.slug, primary: row.custom_domain } : null;
}
