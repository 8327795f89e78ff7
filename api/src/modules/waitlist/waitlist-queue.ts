import { localDateOf } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { type BookingMailQueue, createQueueOnce, transactionDb } from '../mail/mail-queue';

/**
 * The waitlist's durable jobs (decision 0160), in the api's pg-boss beside the booking mails:
 *   - waitlist-check {shopId, date}: offer the day's freed time to the entries waiting for it, in join order. 'short'
 *     policy keyed by shop and day: while one check of a day is queued, another would find the same state, so it is
 *     not queued twice.
 *   - waitlist-hold-expiry {holdId}: due when a hold runs out; passes the slot on.
 *   - waitlist-mail: the join confirmation and the offer, each carrying the link's token (kept until pg-boss purges
 *     the job, as booking mails keep the manage token).
 * Every job is inserted through the caller's transaction: it exists only if the change that causes it commits.
 */

export const WAITLIST_CHECK_QUEUE = 'waitlist-check';
export const HOLD_EXPIRY_QUEUE = 'waitlist-hold-expiry';
export const WAITLIST_MAIL_QUEUE = 'waitlist-mail';

export interface WaitlistCheckJob {
  shopId: string;
  /** The shop's local day, 'YYYY-MM-DD'. */
  date: string;
}

export interface HoldExpiryJob {
  holdId: string;
}

export type WaitlistMailJob =
  | { kind: 'joined'; entryId: string; token: string }
  | { kind: 'offer'; holdId: string; token: string };

const queuesReady = new WeakMap<BookingMailQueue, Promise<void>>();

/** Starts the shared pg-boss (once) and creates the waitlist's queues beside the mail queue. */
export function ensureWaitlistQueues(queue: BookingMailQueue): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    const { boss } = queue;
    ready = (async () => {
      await queue.ready();
      await createQueueOnce(boss, { name: WAITLIST_CHECK_QUEUE, policy: 'short', retryLimit: 5, retryDelay: 10 });
      await createQueueOnce(boss, { name: HOLD_EXPIRY_QUEUE, policy: 'standard', retryLimit: 5, retryDelay: 10 });
      await createQueueOnce(boss, {
        name: WAITLIST_MAIL_QUEUE,
        policy: 'short',
        retryLimit: 12,
        retryDelay: 30,
        retryBackoff: true,
      });
    })();
    ready.catch(() => queuesReady.delete(queue));
    queuesReady.set(queue, ready);
  }
  return ready;
}

/**
 * Time may have freed up on this local day of the shop (a cancellation, a reschedule, removed time off, changed
 * hours): queues a check that offers it to the day's waiting entries, in the caller's transaction. Nothing is queued
 * when nobody waits for that day.
 */
export async function enqueueWaitlistCheck(
  manager: EntityManager,
  queue: BookingMailQueue,
  shopId: string,
  date: string,
): Promise<void> {
  const [waiting] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM "waitlist_entries" WHERE "shop_id" = $1 AND "date" = $2 AND "status" = 'waiting')
       AS "any"`,
    [shopId, date],
  )) as Array<{ any: boolean }>;
  if (!waiting?.any) return;
  await ensureWaitlistQueues(queue);
  await queue.boss.send(WAITLIST_CHECK_QUEUE, { shopId, date } satisfies WaitlistCheckJob, {
    db: transactionDb(manager),
    singletonKey: `${shopId}:${date}`,
  });
}

/**
 * The same for every day from `from` to `to` (inclusive, local days; `to` absent: every later day) that has
 * waiting entries: changed hours or removed time off can free several days at once.
 */
export async function enqueueWaitlistChecksBetween(
  manager: EntityManager,
  queue: BookingMailQueue,
  shopId: string,
  from: string,
  to?: string,
): Promise<void> {
  const rows = (await manager.query(
    `SELECT DISTINCT to_char("date", 'YYYY-MM-DD') AS "date" FROM "waitlist_entries"
     WHERE "shop_id" = $1 AND "status" = 'waiting' AND "date" >= $2 AND ($3::date IS NULL OR "date" <= $3::date)
     ORDER BY 1`,
    [shopId, from, to ?? null],
  )) as Array<{ date: string }>;
  for (const { date } of rows) await enqueueWaitlistCheck(manager, queue, shopId, date);
}

/** The expiry of a hold, due when it runs out (relative seconds: pg-boss uses the database's clock). */
export async function enqueueHoldExpiry(
  manager: EntityManager,
  queue: BookingMailQueue,
  holdId: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await ensureWaitlistQueues(queue);
  const delaySeconds = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  await queue.boss.send(HOLD_EXPIRY_QUEUE, { holdId } satisfies HoldExpiryJob, {
    db: transactionDb(manager),
    ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
  });
}

export async function enqueueWaitlistMail(
  manager: EntityManager,
  queue: BookingMailQueue,
  job: WaitlistMailJob,
): Promise<void> {
  await ensureWaitlistQueues(queue);
  const id = job.kind === 'joined' ? job.entryId : job.holdId;
  await queue.boss.send(WAITLIST_MAIL_QUEUE, job, { db: transactionDb(manager), singletonKey: `${job.kind}:${id}` });
}

/**
 * A schedule change that may free time (issue 14): removed time off (its range) or changed hours (every day from
 * today). Queues a check for each day with waiting entries, in the caller's transaction.
 */
export async function enqueueWaitlistChecksForChange(
  manager: EntityManager,
  queue: BookingMailQueue,
  shopId: string,
  now: Date,
  range?: { start: Date; end: Date },
): Promise<void> {
  const [shop] = (await manager.query(`SELECT "time_zone" FROM "shops" WHERE "id" = $1`, [shopId])) as Array<{
    time_zone: string;
  }>;
  if (!shop) return;
  const from = localDateOf(range ? range.start : now, shop.time_zone);
  const today = localDateOf(now, shop.time_zone);
  await enqueueWaitlistChecksBetween(
    manager,
    queue,
    shopId,
    from < today ? today : from,
    range ? localDateOf(range.end, shop.time_zone) : undefined,
  );
}

/**
 * Queues the waitlist's check of the days a schedule change may have freed (the shop's or a barber's hours, removed
 * time off, a special day), when the api runs a queue. Shops and barbers reach it through their ScheduleFreedHook,
 * wired in routes.ts; special days call it themselves.
 */
export async function queueFreedTimeChecks(
  deps: { mailQueue?: BookingMailQueue; now?: () => Date },
  manager: EntityManager,
  shopId: string,
  range?: { start: Date; end: Date },
): Promise<void> {
  if (!deps.mailQueue) return;
  await deps.mailQueue.ready();
  await enqueueWaitlistChecksForChange(manager, deps.mailQueue, shopId, deps.now?.() ?? new Date(), range);
}
