import { DOMAIN_MESSAGES, type DomainStatus, type ShopChangedEvent } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { type BookingMailQueue, createQueueOnce, transactionDb } from '../mail/mail-queue';
import type { DnsVerdict } from './dns-check';
import { type DomainRow, type DomainsDeps, isApex, settleShop, targetsFor } from './domain-rows';

/**
 * Proving a custom domain (issue 16): what DNS says applied to the row (pending -> active, verified or failed), at
 * once ('Check now') or from the durable queue, with backoff, for 72 hours after adding.
 */

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

/** Inserts the next background check through the caller's transaction (it exists only if the change commits). */
export async function enqueueCheck(deps: DomainsDeps, manager: EntityManager, job: DomainCheckJob): Promise<void> {
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
export async function applyVerdict(
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

export async function checkDns(deps: DomainsDeps, row: DomainRow, slug: string): Promise<DnsVerdict> {
  return deps.dns.check({
    hostname: row.hostname,
    apex: isApex(row.hostname, deps.config.APP_DOMAIN),
    token: row.token,
    targets: targetsFor(deps.config, slug),
  });
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
