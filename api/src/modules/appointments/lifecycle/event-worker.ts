import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../config';
import { type BookingMailQueue, workWhileBusy } from '../../mail/mail-queue';
import { APPOINTMENT_EVENT_QUEUE, type AppointmentEventJob, ensureEventQueue, loadEvent } from './event-log';
import { appointmentListeners } from './listeners';

/**
 * Runs one listener's after-commit part for one event (listeners.ts, `handle`). The delivery is claimed in
 * appointment_event_deliveries in the same transaction as the handler's own writes: a replay of a delivery that
 * was done finds the claim and does nothing; a handler that throws rolls back its claim (and its writes), never the
 * change that caused the event (committed long before), and pg-boss runs it again later with backoff.
 */
export async function deliverEvent(
  deps: { dataSource: DataSource; now: () => Date; config: Config; logger: Logger; queue: BookingMailQueue },
  job: AppointmentEventJob,
): Promise<'done' | 'already' | 'gone'> {
  const listener = appointmentListeners().find((l) => l.name === job.handler);
  if (!listener?.handle) return 'gone';
  return deps.dataSource.transaction(async (manager) => {
    const claimed = (await manager.query(
      `INSERT INTO "appointment_event_deliveries" ("event_id", "handler") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "event_id"`,
      [job.eventId, job.handler],
    )) as unknown[];
    if (claimed.length === 0) return 'already' as const;
    const event = await loadEvent(manager, job.eventId);
    if (!event) return 'gone' as const;
    await listener.handle!(event, {
      manager,
      now: deps.now,
      dataSource: deps.dataSource,
      config: deps.config,
      logger: deps.logger,
      queue: deps.queue,
    });
    return 'done' as const;
  });
}

/** Consumes the after-commit handlers' queue (workers.ts). One failing job is failed alone; pg-boss retries it. */
export async function startAppointmentEventWorker(deps: {
  queue: BookingMailQueue;
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  now: () => Date;
  pollingIntervalSeconds?: number;
}): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps.queue;
  await ensureEventQueue(deps.queue);
  const id = await workWhileBusy<AppointmentEventJob>(
    boss,
    APPOINTMENT_EVENT_QUEUE,
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2, batchSize: 10 },
    async (jobs: Job<AppointmentEventJob>[]) => {
      for (const job of jobs) {
        try {
          await deliverEvent(deps, job.data);
        } catch (err) {
          deps.logger.warn(
            { queue: APPOINTMENT_EVENT_QUEUE, jobId: job.id, handler: job.data.handler, err: (err as Error).message },
            'appointment event handler failed',
          );
          await boss.fail(APPOINTMENT_EVENT_QUEUE, job.id, { message: (err as Error).message });
        }
      }
    },
  );
  return {
    async stop() {
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
