import {
  DEFAULT_TEXT_TEMPLATES,
  DEFAULT_TEXTS_PER_SHOP_PER_DAY,
  displaySettingsOf,
  formatClockTime,
  formatPhone,
  normalizePhone,
  phoneCountry,
  shopPhoneCountry,
  shopSiteOrigin,
  type TextChannel,
  type TextKind,
} from '@barberly/common';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { AppointmentContext } from '../appointments/appointment-view';
import { BOOKING_MAIL_QUEUE, type BookingMailJob, type BookingMailQueue } from '../mail/mail-queue';
import { CARRIES_PAYMENT_POLICY, paymentPolicyTextOf } from '../payments/policy-words';
import type { ShopEntity } from '../shops/shop.entity';
import {
  allowedCountries,
  numberCapReached,
  senderOf,
  shopCapReached,
  textRefusal,
  underNumberLock,
} from './text-rules';
import { PermanentTextError, type TextProvider, type TextSender } from './twilio';

/** Text reminders (issue 15): what is sent, when, and to whom; the provider only carries it. */
export interface TextDeps {
  dataSource: DataSource;
  provider: TextProvider;
  queue: BookingMailQueue;
  config: Pick<Config, 'DEFAULT_PHONE_COUNTRY' | 'PUBLIC_ORIGIN' | 'APP_DOMAIN'> &
    Partial<Pick<Config, 'TEXTS_PER_SHOP_PER_DAY'>>;
  now: () => Date;
  logger: Logger;
}

/** The country of numbers written without +country code: the shop's own number's, else DEFAULT_PHONE_COUNTRY. */
export function shopCountry(shop: Pick<ShopEntity, 'phoneNumber'>, fallback: string): string {
  return phoneCountry(shop.phoneNumber ?? '') ?? fallback;
}

/** The text channels a shop offers its clients (shops' own rule, which the booking form and shop page share). */
export { textChannelsOf } from '../shops/text-channels';

/** The appointment texts per mail job kind (owner notices are e-mail only). */
export function textKindOf(kind: BookingMailJob['kind']): TextKind | null {
  if (kind === 'second_reminder') return 'reminder';
  return kind === 'confirmation' || kind === 'reminder' || kind === 'rescheduled' || kind === 'cancellation'
    ? kind
    : null;
}

export interface TemplateValues {
  shop: string;
  service: string;
  barber: string;
  date: string;
  time: string;
  link: string;
  phone: string;
}

/** Fills {shop}, {service}, {barber}, {date}, {time}, {link} and {phone}; other braces stay as written. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(
    /\{(shop|service|barber|date|time|link|phone)\}/g,
    (_, key: keyof TemplateValues) => values[key],
  );
}

export function templateOf(shop: Pick<ShopEntity, 'textTemplates'>, kind: TextKind): string {
  const own = shop.textTemplates?.[kind];
  return typeof own === 'string' && own.trim() ? own : DEFAULT_TEXT_TEMPLATES[kind];
}

/** The shop's site: its custom domain when active, else its subdomain, with the public origin's scheme and port. */
export function shopSiteUrl(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'APP_DOMAIN'>,
  shop: Pick<ShopEntity, 'slug' | 'customDomain'>,
): string {
  const site = shopSiteOrigin(shop.slug, {
    publicOrigin: config.PUBLIC_ORIGIN,
    appDomain: config.APP_DOMAIN,
    customDomain: shop.customDomain,
  });
  return `${site}/`;
}

/**
 * A text's {date} and {time}: 'Sat 5 Dec' and the time on the shop's clock ('10:30 AM', or '10:30' on a 24-hour
 * clock; issue 13), in the shop's zone. Without the shop's settings: 12-hour, as before.
 */
export function textDateValues(
  instant: Date,
  timeZone: string,
  shop?: Partial<Pick<ShopEntity, 'locale' | 'clock'>> | null,
): Pick<TemplateValues, 'date' | 'time'> {
  const { locale, clock } = displaySettingsOf(shop);
  return {
    date: DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US').toFormat('ccc d LLL'),
    time: formatClockTime(instant, { timeZone, locale, clock }),
  };
}

export function valuesFor(ctx: AppointmentContext, link: string): TemplateValues {
  const { appointment: a, shop, barber } = ctx;
  return {
    shop: shop.name,
    service: a.serviceName,
    barber: barber.name,
    ...textDateValues(a.startsAt, shop.timeZone, shop),
    link,
    // As the shop's country writes it (issue 28).
    phone: formatPhone(shop.phoneNumber, shopPhoneCountry(shop)),
  };
}

/**
 * The end of the shop's quiet hours when `now` falls inside them (shop time; a window may run past midnight,
 * 21:00-08:00), else null: texts wait for it, they are not dropped.
 */
export function quietUntil(shop: Pick<ShopEntity, 'quietStart' | 'quietEnd' | 'timeZone'>, now: Date): Date | null {
  const [sh, sm] = shop.quietStart.split(':').map(Number);
  const [eh, em] = shop.quietEnd.split(':').map(Number);
  const start = (sh ?? 0) * 60 + (sm ?? 0);
  const end = (eh ?? 0) * 60 + (em ?? 0);
  if (start === end) return null;
  const local = DateTime.fromJSDate(now, { zone: shop.timeZone });
  const minute = local.hour * 60 + local.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  let until = local.set({ hour: eh ?? 0, minute: em ?? 0, second: 0, millisecond: 0 });
  if (until <= local) until = until.plus({ days: 1 });
  return until.toJSDate();
}

/**
 * Whether the number said STOP to this shop, or to the shared sender the shop texts from (issue 23: the carrier
 * blocks the whole sender, so every shop on it stops). Without a channel, a STOP on either shared sender counts.
 */
export async function isOptedOut(
  manager: EntityManager,
  shopId: string,
  phone: string,
  channel?: TextChannel,
): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT 1 FROM "text_opt_outs" WHERE "shop_id" = $1 AND "phone" = $2
     UNION ALL
     SELECT 1 FROM "text_sender_opt_outs" o JOIN "shops" s ON s."id" = $1
      WHERE o."phone" = $2 AND ($3::varchar IS NULL OR o."channel" = $3)
        AND (o."channel" = 'whatsapp' OR (s."text_from" IS NULL AND s."text_messaging_service_sid" IS NULL))
     LIMIT 1`,
    [shopId, phone, channel ?? null],
  )) as unknown[];
  return Boolean(row);
}

export type TextOutcome = 'sent' | 'skipped' | 'deferred' | 'fallback';

/**
 * One appointment text from the durable queue, exactly once per (appointment, kind, version): the row in
 * text_messages is claimed before sending and released when the provider fails in a way worth retrying (pg-boss
 * retries with backoff). Inside the shop's quiet hours the job is put back for their end. 'fallback': the caller
 * sends the e-mail instead (no usable number, opted out, a permanent refusal, or texts not set up: logged only).
 */
export async function sendAppointmentText(
  deps: TextDeps,
  job: BookingMailJob,
  ctx: AppointmentContext,
  manageUrl: string | undefined,
): Promise<TextOutcome> {
  const kind = textKindOf(job.kind);
  const { appointment: a, shop } = ctx;
  const channel = a.reminderChannel;
  if (!kind || channel === 'email' || !a.reminderConsentAt) return 'fallback';
  const phone =
    a.clientPhoneE164 ?? normalizePhone(a.clientPhone, shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY));
  if (!phone) return 'fallback';
  const manager = deps.dataSource.manager;
  if (await isOptedOut(manager, shop.id, phone, channel)) return 'fallback';
  // Only to the shop's countries and to mobile numbers (issue 23): the e-mail goes instead.
  const refusal = textRefusal(phone, allowedCountries(shop, deps.config.DEFAULT_PHONE_COUNTRY));
  if (refusal) {
    deps.logger.warn({ appointmentId: a.id, kind: job.kind, refusal }, 'text refused (country or type): e-mail only');
    return 'fallback';
  }

  const now = deps.now();
  const until = quietUntil(shop, now);
  if (until) {
    const delaySeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    await deps.queue.boss.send(BOOKING_MAIL_QUEUE, job, {
      startAfter: delaySeconds,
      singletonKey: `${job.kind}:${job.appointmentId}:v${job.version}:quiet:${until.toISOString()}`,
    });
    deps.logger.info({ appointmentId: a.id, kind: job.kind, until }, 'text deferred past quiet hours');
    return 'deferred';
  }

  // The manage link where the job carries its token (confirmation, reschedule, reminders); else the shop's site.
  // The caps (issue 23): online bookings cannot make a shop send more than TEXTS_PER_SHOP_PER_DAY texts, nor anyone
  // make one number get more than TEXTS_PER_NUMBER_PER_DAY. Over a cap the text is not sent; the e-mail goes.
  // The counts and the claim run under the number's lock, so parallel jobs cannot each pass a cap by one.
  const perShop = deps.config.TEXTS_PER_SHOP_PER_DAY ?? DEFAULT_TEXTS_PER_SHOP_PER_DAY;
  const link = kind !== 'cancellation' && manageUrl ? manageUrl : shopSiteUrl(deps.config, shop);
  // Issue 27: the payment policy the client accepted rides on the confirmation and every reminder.
  const policy = CARRIES_PAYMENT_POLICY.has(job.kind) ? await paymentPolicyTextOf(deps.dataSource.manager, a.id) : null;
  const body = [fillTemplate(templateOf(shop, kind), valuesFor(ctx, link)), policy].filter(Boolean).join(' ');
  const claim = await underNumberLock(deps.dataSource, phone, async (tx) => {
    const cap =
      a.source === 'online' && (await shopCapReached(tx, shop.id, perShop, now))
        ? 'shop'
        : (await numberCapReached(tx, phone, now))
          ? 'number'
          : null;
    if (cap) return { cap } as const;
    const [row] = (await tx.query(
      `INSERT INTO "text_messages" ("shop_id", "appointment_id", "direction", "channel", "kind", "version", "phone", "body", "status", "job")
       VALUES ($1, $2, 'out', $3, $4, $5, $6, $7, 'queued', $8::jsonb)
       ON CONFLICT DO NOTHING RETURNING "id"`,
      [shop.id, a.id, channel, job.kind, job.version, phone, body, JSON.stringify(job)],
    )) as Array<{ id: string }>;
    return { row } as const;
  });
  if ('cap' in claim) {
    deps.logger.warn(
      { appointmentId: a.id, shopId: shop.id, kind: job.kind, cap: claim.cap },
      'text cap reached: e-mail only',
    );
    return 'fallback';
  }
  const claimed = claim.row;
  if (!claimed) return 'skipped';

  const sender = channel === 'sms' ? senderOf(shop) : null;
  const ready = deps.provider.ready(channel, sender);
  try {
    const sent = await deps.provider.send({ to: phone, channel, body, sender });
    await manager.query(
      `UPDATE "text_messages" SET "status" = $2, "provider_sid" = $3, "updated_at" = now(),
         "fell_back_at" = CASE WHEN $2::varchar = 'logged' THEN now() ELSE NULL END WHERE "id" = $1`,
      [claimed.id, sent.status, sent.sid],
    );
    deps.logger.info({ appointmentId: a.id, kind: job.kind, channel, status: sent.status }, 'appointment text');
    // Not set up: the text is only in the log, so the client gets the e-mail as well.
    return ready ? 'sent' : 'fallback';
  } catch (err) {
    if (err instanceof PermanentTextError) {
      await manager.query(
        `UPDATE "text_messages" SET "status" = 'failed', "error" = $2, "fell_back_at" = now(), "updated_at" = now() WHERE "id" = $1`,
        [claimed.id, err.message],
      );
      deps.logger.warn({ appointmentId: a.id, kind: job.kind, err: err.message }, 'text refused: sending e-mail');
      return 'fallback';
    }
    await manager.query('DELETE FROM "text_messages" WHERE "id" = $1', [claimed.id]);
    throw err;
  }
}

/**
 * A text outside the appointment pipeline (a keyword's answer, the owner's reply), logged in text_messages.
 * null: the number opted out. 'capped': `capped` was asked and the number has had TEXTS_PER_NUMBER_PER_DAY texts in
 * the last 24 hours (counted under the number's lock, the text's row claimed before it is sent); nothing was sent.
 */
export async function sendShopText(
  deps: Pick<TextDeps, 'dataSource' | 'logger'> & { provider: Pick<TextProvider, 'send'> },
  input: {
    /** null: the platform's own text on the shared sender (the "which shop?" question, a shared STOP's answer). */
    shopId: string | null;
    phone: string;
    channel: TextChannel;
    body: string;
    kind: string;
    appointmentId?: string | null;
    /** The one answer an opted-out number still gets: the confirmation of its STOP. */
    evenIfOptedOut?: boolean;
    /** Counted against TEXTS_PER_NUMBER_PER_DAY (the owner's texts, the assistant's answers, the rebook link). */
    capped?: boolean;
  },
): Promise<{ id: string; status: string } | 'capped' | null> {
  const manager = deps.dataSource.manager;
  if (!input.evenIfOptedOut && input.shopId && (await isOptedOut(manager, input.shopId, input.phone, input.channel)))
    return null;
  let claimedId: string | null = null;
  if (input.capped) {
    const claimed = await underNumberLock(deps.dataSource, input.phone, async (tx) => {
      if (await numberCapReached(tx, input.phone, new Date())) return null;
      const [row] = (await tx.query(
        `INSERT INTO "text_messages" ("shop_id", "appointment_id", "direction", "channel", "kind", "phone", "body", "status")
         VALUES ($1, $2, 'out', $3, $4, $5, $6, 'queued') RETURNING "id"`,
        [input.shopId, input.appointmentId ?? null, input.channel, input.kind, input.phone, input.body],
      )) as Array<{ id: string }>;
      return row?.id ?? null;
    });
    if (!claimed) {
      deps.logger.warn({ shopId: input.shopId, kind: input.kind }, 'text cap reached: not sent');
      return 'capped';
    }
    claimedId = claimed;
  }
  let status = 'failed';
  let sid: string | null = null;
  let error: string | null = null;
  try {
    const sender = input.channel === 'sms' && input.shopId ? await shopSender(manager, input.shopId) : null;
    const sent = await deps.provider.send({ to: input.phone, channel: input.channel, body: input.body, sender });
    status = sent.status;
    sid = sent.sid;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    deps.logger.warn({ shopId: input.shopId, err: error }, 'text could not be sent');
  }
  if (claimedId) {
    const updated = (await manager.query(
      `UPDATE "text_messages" SET "status" = $2, "provider_sid" = $3, "error" = $4, "updated_at" = now()
       WHERE "id" = $1 RETURNING "id", "status"`,
      [claimedId, status, sid, error],
    )) as [Array<{ id: string; status: string }>, number];
    return updated[0]?.[0] ?? null;
  }
  const [row] = (await manager.query(
    `INSERT INTO "text_messages" ("shop_id", "appointment_id", "direction", "channel", "kind", "phone", "body", "status", "provider_sid", "error")
     VALUES ($1, $2, 'out', $3, $4, $5, $6, $7, $8, $9) RETURNING "id", "status"`,
    [input.shopId, input.appointmentId ?? null, input.channel, input.kind, input.phone, input.body, status, sid, error],
  )) as Array<{ id: string; status: string }>;
  return row ?? null;
}

/** The shop's own SMS sender, or null on the shared one. */
export async function shopSender(manager: EntityManager, shopId: string): Promise<TextSender | null> {
  const [row] = (await manager.query('SELECT "text_from", "text_messaging_service_sid" FROM "shops" WHERE "id" = $1', [
    shopId,
  ])) as Array<{ text_from: string | null; text_messaging_service_sid: string | null }>;
  return senderOf(row && { textFrom: row.text_from, textMessagingServiceSid: row.text_messaging_service_sid });
}

const FINAL = new Set(['delivered', 'failed', 'undelivered']);
const KNOWN = new Set(['queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'accepted', 'read']);

/**
 * Twilio's delivery status callback: stored on the text (never moving back from a final state). A failed or
 * undelivered appointment text sends its e-mail instead, once.
 */
export async function applyDeliveryStatus(
  deps: TextDeps,
  input: { sid: string; status: string; errorCode?: string },
): Promise<void> {
  const raw = input.status.toLowerCase();
  if (!KNOWN.has(raw)) return;
  const status = raw === 'read' ? 'delivered' : raw === 'sending' || raw === 'accepted' ? 'queued' : raw;
  const manager = deps.dataSource.manager;
  const [row] = (await manager.query(
    `UPDATE "text_messages" SET "status" = $2, "error" = COALESCE($3, "error"), "updated_at" = now()
     WHERE "provider_sid" = $1 AND ("status" NOT IN ('delivered', 'failed', 'undelivered') OR $2 IN ('failed', 'undelivered'))
     RETURNING "id", "job", "appointment_id"`,
    [input.sid, status, input.errorCode ? `Twilio error ${input.errorCode}` : null],
  )) as [Array<{ id: string; job: BookingMailJob | null; appointment_id: string | null }>, number];
  const updated = Array.isArray(row) ? row[0] : undefined;
  if (!updated || !FINAL.has(status) || status === 'delivered' || !updated.job) return;
  const [claimed] = (await manager.query(
    `UPDATE "text_messages" SET "fell_back_at" = now() WHERE "id" = $1 AND "fell_back_at" IS NULL RETURNING "id"`,
    [updated.id],
  )) as [unknown[], number];
  if (!Array.isArray(claimed) || claimed.length === 0) return;
  await deps.queue.ready();
  await deps.queue.boss.send(
    BOOKING_MAIL_QUEUE,
    { ...updated.job, channel: 'email' },
    { singletonKey: `${updated.job.kind}:${updated.job.appointmentId}:v${updated.job.version}:fallback` },
  );
  deps.logger.info({ textId: updated.id, status }, 'text not delivered: e-mail queued instead');
}
