import type { DataSource } from 'typeorm';
import { createLogger } from '../../platform/logger';
import type { BookingTestApp } from './booking.test-helper';
import { APPOINTMENT_EVENT_QUEUE, type AppointmentEventJob, deliverEvent } from './lifecycle';

/**
 * Runs every queued after-commit delivery of the appointment lifecycle (listeners' `handle`), as the worker would
 * after the change commits (workers.ts). Deliveries already done are skipped by their claim, so calling it again
 * is a replay. Returns how many deliveries ran now.
 */
export async function runAppointmentEvents(app: BookingTestApp, dataSource: DataSource): Promise<number> {
  const jobs = (await dataSource.query(
    `SELECT "data" FROM pgboss.job WHERE "name" = $1 AND "state" IN ('created', 'retry') ORDER BY "created_on"`,
    [APPOINTMENT_EVENT_QUEUE],
  )) as Array<{ data: AppointmentEventJob }>;
  const logger = createLogger(app.config.LOG_LEVEL);
  let done = 0;
  for (const { data } of jobs) {
    const result = await deliverEvent(
      { dataSource, now: app.clock.now, config: app.config, logger, queue: app.mailQueue },
      data,
    );
    if (result === 'done') done += 1;
  }
  return done;
}
