import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AppointmentEntity } from '../appointments/appointment.entity';
import { loadAppointmentContext, toAppointmentDto } from '../appointments/appointment-view';
import { recordNote } from '../appointments/lifecycle';
import { sendAppointmentText, type TextDeps, textKindOf } from '../messaging/texts';
import { CARRIES_PAYMENT_POLICY, composePaymentActionMail, paymentPolicyTextOf } from '../payments/policy-words';
import { composeReceiptMail } from '../payments/receipt';
import { UserProfileEntity } from '../users/user.entity';
import { composeBookingMail, manageUrlOf } from './booking-mails';
import { BOOKING_MAIL_QUEUE, type BookingMailJob, type BookingMailQueue, workWhileBusy } from './mail-queue';
import type { Mailer } from './mailer';

export interface MailWorkerDeps {
  queue: BookingMailQueue;
  dataSource: DataSource;
  mailer: Mailer;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
  /** Text reminders (issue 15); absent: e-mail only. */
  texts?: TextDeps;
  /** How often an idle worker looks for due jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export interface MailWorker {
  stop(): Promise<void>;
}

/**
 * Sends one booking mail job. A mail goes out at most once per (appointment, kind, version): the row in
 * booking_mails_sent is claimed before sending and released if the send fails (so pg-boss retries it).
 * A reminder is dropped when the appointment was cancelled or moved since it was queued (its version changed).
 */
export async function handleBookingMail(
  deps: Omit<MailWorkerDeps, 'queue'>,
  job: BookingMailJob,
): Promise<'sent' | 'skipped'> {
  const { dataSource } = deps;
  const ctx = await loadAppointmentContext(dataSource.manager, { id: job.appointmentId });
  if (!ctx) return 'skipped';
  const { appointment } = ctx;
  if (job.kind === 'reminder' || job.kind === 'second_reminder') {
    const stale = appointment.version !== job.version || appointment.status !== 'confirmed';
    if (stale || appointment.startsAt.getTime() <= deps.now().getTime()) return 'skipped';
  }
  if (job.kind === 'rescheduled' && appointment.version !== job.version) return 'skipped';
  // The receipt of a checkout at the chair (issue 27 item 5): always an e-mail (a text receipt is sent at checkout).
  const receipt =
    job.kind === 'receipt' && job.paymentId ? await composeReceiptMail(dataSource.manager, job.paymentId) : null;
  if (job.kind === 'receipt' && !receipt) return 'skipped';
  // A fee the client's bank wants confirmed (issue 27): the link to complete it.
  const action =
    job.kind === 'payment_action' && job.paymentId
      ? await composePaymentActionMail(dataSource.manager, job.paymentId)
      : null;
  if (job.kind === 'payment_action' && !action) return 'skipped';

  const manageUrl = job.manageToken ? manageUrlOf(deps.publicOrigin, ctx.shop, job.manageToken) : undefined;
  // The client chose texts (issue 15): the text goes instead of the e-mail, which stays the fallback.
  if (
    !receipt &&
    !action &&
    deps.texts &&
    job.channel !== 'email' &&
    textKindOf(job.kind) &&
    appointment.reminderChannel !== 'email'
  ) {
    const outcome = await sendAppointmentText(deps.texts, job, ctx, manageUrl);
    if (outcome === 'sent') await noteReminder(deps, appointment, job, appointment.reminderChannel);
    if (outcome !== 'fallback') return outcome === 'sent' ? 'sent' : 'skipped';
  }

  const owner = await dataSource.getRepository(UserProfileEntity).findOne({ where: { id: ctx.shop.ownerId } });
  const mail =
    receipt ??
    action ??
    composeBookingMail({
      kind: job.kind,
      appointment: toAppointmentDto(ctx),
      version: appointment.version,
      ownerEmail: owner?.email ?? null,
      manageUrl,
      now: deps.now(),
      // Issue 27: the payment policy the client accepted rides on the confirmation and every reminder.
      paymentPolicy: CARRIES_PAYMENT_POLICY.has(job.kind)
        ? await paymentPolicyTextOf(dataSource.manager, appointment.id)
        : null,
    });
  if (!mail) return 'skipped';

  const claimed = (await dataSource.query(
    `INSERT INTO "booking_mails_sent" ("appointment_id", "kind", "version") VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING "appointment_id"`,
    [appointment.id, job.kind, job.version],
  )) as unknown[];
  if (claimed.length === 0) return 'skipped';
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    await dataSource.query(
      `DELETE FROM "booking_mails_sent" WHERE "appointment_id" = $1 AND "kind" = $2 AND "version" = $3`,
      [appointment.id, job.kind, job.version],
    );
    throw err;
  }
  deps.logger.info({ kind: job.kind, appointmentId: appointment.id, to: mail.to }, 'booking mail sent');
  await noteReminder(deps, appointment, job, 'email');
  return 'sent';
}

/** A reminder that went out is a line of the appointment's history (issue 24): 'Reminder sent by SMS, delivered'. */
async function noteReminder(
  deps: Omit<MailWorkerDeps, 'queue'>,
  appointment: AppointmentEntity,
  job: BookingMailJob,
  channel: string,
): Promise<void> {
  if (job.kind !== 'reminder' && job.kind !== 'second_reminder') return;
  await recordNote(
    deps.dataSource.manager,
    appointment,
    { type: 'reminder_sent', actor: { kind: 'system' }, data: { kind: job.kind, channel } },
    deps.now(),
  ).catch((err) => deps.logger.warn({ err: (err as Error).message }, 'reminder not noted in the history'));
}

/** Starts consuming the booking mail queue. */
export async function startMailWorker(deps: MailWorkerDeps): Promise<MailWorker> {
  await deps.queue.ready();
  const id = await workWhileBusy<BookingMailJob>(
    deps.queue.boss,
    BOOKING_MAIL_QUEUE,
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2, batchSize: 1 },
    async (jobs: Job<BookingMailJob>[]) => {
      for (const job of jobs) await handleBookingMail(deps, job.data);
    },
  );
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await deps.queue.boss.offWork({ id });
    },
  };
}
