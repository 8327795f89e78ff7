import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';

/** What a booking mail job carries. The worker re-reads the appointment; a job for an outdated version is dropped. */
export interface BookingMailJob {
  kind: BookingMailKind;
  appointmentId: string;
  version: number;
  /** Only confirmation and rescheduled mails carry the manage link's token (kept until pg-boss purges the job). */
  manageToken?: string;
  /** 'email': send the e-mail even when the client chose texts (a failed text falls back to it, issue 15). */
  channel?: 'email';
  /** A receipt (issue 27 item 5): the checkout at the chair's payment. */
  paymentId?: string;
}

export type BookingMailKind =
  | 'confirmation'
  | 'owner_notice'
  | 'rescheduled'
  | 'cancellation'
  | 'owner_cancellation'
  | 'reminder'
  /** The shop's optional second reminder (issue 15), the same message. */
  | 'second_reminder'
  /** The receipt of a checkout at the chair (issue 27), by e-mail. */
  | 'receipt'
  /** A fee the client's bank wants them to confirm (issue 27): the link to complete it, by e-mail. */
  | 'payment_action';

export const BOOKING_MAIL_QUEUE = 'booking-mail';

/**
 * pg-boss's `db` option for the caller's TypeORM transaction: a job sent through it exists only if the change that
 * causes it commits (booking mails, domain checks).
 */
export function transactionDb(manager: EntityManager) {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const runner = manager.queryRunner;
      if (!runner) throw new Error('jobs are enqueued inside a transaction');
      const result = await runner.query(text, values, true);
      return { rows: result.records as unknown[] };
    },
  };
}

/**
 * Creates a queue unless it exists. Processes starting together (api replicas, workers) may create the same queues
 * at once: pg-boss's create then fails for all but one (a unique violation, or a deadlock between two creates of
 * different queues). Whoever failed looks again, after a short random wait, until the queue is there.
 */
export async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      if (attempt >= 8) {
        if (await boss.getQueue(queue.name)) return;
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * attempt));
    }
  }
}

/**
 * `boss.work` that keeps going while there is work. pg-boss waits its polling interval after every fetch, jobs or
 * not, so a worker taking one job at a time drains a backlog at one job per interval (a busy evening's mails, 0.5 a
 * second). After a batch that had jobs this asks pg-boss to look again at once; an empty fetch still waits.
 */
export async function workWhileBusy<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { pollingIntervalSeconds: number; batchSize: number },
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
): Promise<string> {
  let id: string | null = null;
  id = await boss.work<T>(queue, options, async (jobs: PgBoss.Job<T>[]) => {
    await handler(jobs);
    if (jobs.length > 0 && id) boss.notifyWorker(id);
  });
  return id;
}

export interface ScheduledMail {
  job: BookingMailJob;
  /** When to send; absent or past: now. */
  at?: Date;
  /**
   * Tells this job apart from one already queued for the same (kind, appointment, version): a reminder sent now on
   * the owner's word beside the one scheduled for later. The worker's sent record still sends it only once.
   */
  key?: string;
}

/**
 * The durable queue of booking mails: pg-boss 10 in the api's own database (schema `pgboss`). Jobs are inserted
 * in the same transaction as the appointment change that causes them, so a crash can neither lose a reminder of
 * a committed booking nor leave one behind for a booking that rolled back. The queue uses pg-boss's 'short'
 * policy with a singleton key per (kind, appointment, version): the same mail is never queued twice.
 */
export interface BookingMailQueue {
  readonly boss: PgBoss;
  /** Creates pg-boss's schema and the queue (once); awaited before the first enqueue. */
  ready(): Promise<void>;
  /** Inserts the jobs through the caller's transaction. */
  enqueue(manager: EntityManager, mails: ScheduledMail[], now: Date): Promise<void>;
  stop(): Promise<void>;
}

export function createBookingMailQueue(options: {
  connectionString: string;
  logger: Logger;
  /** Maintenance (expiry, archiving) runs where the worker runs. */
  supervise?: boolean;
}): BookingMailQueue {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    supervise: options.supervise ?? false,
    schedule: false,
    application_name: 'barberly-mail',
  });
  boss.on('error', (err: Error) => options.logger.warn({ err: err.message }, 'mail queue error'));
  let starting: Promise<void> | null = null;
  let stopped = false;

  return {
    boss,
    ready() {
      starting ??= (async () => {
        await boss.start();
        // Retries with backoff for a mail server that is down; a day of attempts, then the job fails.
        const queue = {
          name: BOOKING_MAIL_QUEUE,
          policy: 'short' as const,
          retryLimit: 12,
          retryDelay: 30,
          retryBackoff: true,
        };
        await createQueueOnce(boss, queue);
      })();
      return starting;
    },
    async enqueue(manager, mails, now) {
      if (mails.length === 0) return;
      await this.ready();
      const db = transactionDb(manager);
      for (const { job, at, key } of mails) {
        // Relative seconds: pg-boss compares with the database clock, and `now` may be a controlled clock.
        const delaySeconds = at ? Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000)) : 0;
        await boss.send(BOOKING_MAIL_QUEUE, job, {
          db,
          singletonKey: `${job.kind}:${job.appointmentId}:v${job.version}${key ? `:${key}` : ''}`,
          ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
        });
      }
    },
    async stop() {
      if (stopped || !starting) return;
      stopped = true;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
