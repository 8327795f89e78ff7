import type { Job } from 'pg-boss';
import type { Mailer } from '../mail/mailer';
import type { WaitlistDeps } from './holds';
import { handleHoldExpiry, runWaitlistCheck } from './offers';
import { handleWaitlistMail } from './waitlist-mails';
import {
  ensureWaitlistQueues,
  HOLD_EXPIRY_QUEUE,
  type HoldExpiryJob,
  WAITLIST_CHECK_QUEUE,
  WAITLIST_MAIL_QUEUE,
  type WaitlistCheckJob,
  type WaitlistMailJob,
} from './waitlist-queue';

export interface WaitlistWorkerDeps extends WaitlistDeps {
  mailer: Mailer;
  /** How often an idle worker looks for due jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

/** Jobs fetched at a time: pg-boss waits a polling interval between fetches, and an offer is good for minutes. */
const BATCH_SIZE = 10;

/**
 * Runs the waitlist's jobs from the durable queue (main.ts, beside the mail and domain-check workers): day checks
 * that make offers, hold expiries that pass a slot on, and the waitlist's mails. Jobs of a batch run one after
 * another; one that throws is failed alone (pg-boss retries it) so its neighbours are not run twice.
 */
export async function startWaitlistWorker(deps: WaitlistWorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps.mailQueue;
  await ensureWaitlistQueues(deps.mailQueue);
  const options = { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2, batchSize: BATCH_SIZE };
  const each =
    <T extends object>(queue: string, handle: (data: T) => Promise<unknown>) =>
    async (jobs: Job<T>[]) => {
      for (const job of jobs) {
        try {
          await handle(job.data);
        } catch (err) {
          deps.logger.warn({ queue, jobId: job.id, err: (err as Error).message }, 'waitlist job failed');
          await boss.fail(queue, job.id, { message: (err as Error).message });
        }
      }
    };
  const mailDeps = { ...deps, publicOrigin: deps.config.PUBLIC_ORIGIN };
  const ids = [
    await boss.work<WaitlistCheckJob>(
      WAITLIST_CHECK_QUEUE,
      options,
      each(WAITLIST_CHECK_QUEUE, (data: WaitlistCheckJob) => runWaitlistCheck(deps, data)),
    ),
    await boss.work<HoldExpiryJob>(
      HOLD_EXPIRY_QUEUE,
      options,
      each(HOLD_EXPIRY_QUEUE, (data: HoldExpiryJob) => handleHoldExpiry(deps, data)),
    ),
    await boss.work<WaitlistMailJob>(
      WAITLIST_MAIL_QUEUE,
      options,
      each(WAITLIST_MAIL_QUEUE, (data: WaitlistMailJob) => handleWaitlistMail(mailDeps, data)),
    ),
  ];
  return {
    async stop() {
      for (const id of ids) await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
