import {
  DEFAULT_TEXT_TEMPLATES,
  MESSAGING_MESSAGES,
  type MessagingSettings,
  MessagingSettingsPatchSchema,
  normalizePhone,
  OwnerReplySchema,
  TEXT_KINDS,
  TEXT_RULE_MESSAGES,
  TemplatePreviewSchema,
  type TextKind,
  type TextMessage,
} from '@barberly/common';
import express, { Router } from 'express';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import type { ShopEvents } from '../../platform/events/shop-events';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { HttpError, parseInput } from '../../platform/http/errors';
import type { BookingDeps } from '../appointments/booking.service';
import { type AssistantHandOffDeps, takeOverConversation } from '../assistant/client-text-dispatch';
import { ShopEntity } from '../shops/shop.entity';
import { changeOwnedShop, loadOwnedShop, pathParam } from '../shops/shop-access';
import { handleInboundText } from './inbound';
import { allowedCountries, numberCapReached, textRefusal, textRefusalMessage } from './text-rules';
import {
  applyDeliveryStatus,
  fillTemplate,
  isOptedOut,
  sendShopText,
  shopCountry,
  type TextDeps,
  templateOf,
  textDateValues,
} from './texts';
import { INBOUND_PATH, STATUS_CALLBACK_PATH } from './twilio';

export type MessagingDeps = TextDeps & { booking: BookingDeps; events: ShopEvents } & AssistantHandOffDeps;

interface TextRow {
  id: string;
  direction: 'in' | 'out';
  channel: 'sms' | 'whatsapp';
  phone: string;
  client_name: string | null;
  body: string;
  kind: string;
  status: TextMessage['status'];
  appointment_id: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toText = (r: TextRow): TextMessage => ({
  id: r.id,
  direction: r.direction,
  channel: r.channel,
  phone: r.phone,
  clientName: r.client_name,
  body: r.body,
  kind: r.kind,
  status: r.status,
  appointmentId: r.appointment_id,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

async function settingsOf(deps: MessagingDeps, dataSource: DataSource, shop: ShopEntity): Promise<MessagingSettings> {
  const monthStart = DateTime.fromJSDate(deps.now(), { zone: shop.timeZone }).startOf('month').toJSDate();
  const counts = (await dataSource.query(
    `SELECT "channel", count(*)::int AS "n" FROM "text_messages"
     WHERE "shop_id" = $1 AND "direction" = 'out' AND "status" NOT IN ('logged', 'failed') AND "created_at" >= $2
     GROUP BY "channel"`,
    [shop.id, monthStart],
  )) as Array<{ channel: 'sms' | 'whatsapp'; n: number }>;
  const [unread] = (await dataSource.query(
    `SELECT count(*)::int AS "n" FROM "text_messages" WHERE "shop_id" = $1 AND "direction" = 'in' AND "read_at" IS NULL`,
    [shop.id],
  )) as Array<{ n: number }>;
  const templates = Object.fromEntries(
    TEXT_KINDS.map((kind) => [kind, typeof shop.textTemplates?.[kind] === 'string' ? shop.textTemplates[kind] : null]),
  ) as Record<TextKind, string | null>;
  return {
    provider: {
      sms: deps.provider.ready('sms') ? 'ready' : 'not_set_up',
      whatsapp: deps.provider.ready('whatsapp') ? 'ready' : 'not_set_up',
    },
    smsEnabled: shop.smsEnabled,
    whatsappEnabled: shop.whatsappEnabled,
    reminderLeadMinutes: shop.reminderLeadMinutes,
    secondReminderMinutes: shop.secondReminderMinutes,
    quietStart: shop.quietStart,
    quietEnd: shop.quietEnd,
    templates,
    defaults: DEFAULT_TEXT_TEMPLATES,
    sentThisMonth: {
      sms: counts.find((c) => c.channel === 'sms')?.n ?? 0,
      whatsapp: counts.find((c) => c.channel === 'whatsapp')?.n ?? 0,
    },
    unread: unread?.n ?? 0,
  };
}

/** Form fields as Twilio posts them: every value a string. */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/**
 * Text messaging (issue 15): Twilio's webhooks (signed; a forged one is 403) and the owner's settings, inbox and
 * replies under /api/shops/{id}.
 */
export function messagingRouter(deps: MessagingDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  const forged = () => new HttpError(403, 'forbidden', 'The request is not signed by Twilio');

  router.post(INBOUND_PATH.replace(/^\/api/, ''), form, async (req, res) => {
    const fields = formFields(req.body);
    if (!deps.provider.verify(req.get('x-twilio-signature'), INBOUND_PATH, fields)) throw forged();
    await handleInboundText(deps, {
      sid: fields.MessageSid ?? '',
      from: fields.From ?? '',
      body: fields.Body ?? '',
      to: fields.To,
      messagingServiceSid: fields.MessagingServiceSid,
    });
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  router.post(STATUS_CALLBACK_PATH.replace(/^\/api/, ''), form, async (req, res) => {
    const fields = formFields(req.body);
    if (!deps.provider.verify(req.get('x-twilio-signature'), STATUS_CALLBACK_PATH, fields)) throw forged();
    if (fields.MessageSid && fields.MessageStatus) {
      await applyDeliveryStatus(deps, {
        sid: fields.MessageSid,
        status: fields.MessageStatus,
        errorCode: fields.ErrorCode,
      });
    }
    res.status(204).end();
  });

  router.get('/shops/:shopId/messaging', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    res.set('Cache-Control', 'no-store').json(await settingsOf(deps, deps.dataSource, shop));
  });

  router.patch('/shops/:shopId/messaging', requireAuth, async (req, res) => {
    const patch = parseInput(MessagingSettingsPatchSchema, req.body);
    const shop = await changeOwnedShop(
      { dataSource: deps.dataSource, events: deps.events },
      pathParam(req.params, 'shopId'),
      currentUser(req).id,
      async (manager, shop) => {
        if (patch.smsEnabled !== undefined) shop.smsEnabled = patch.smsEnabled;
        if (patch.whatsappEnabled !== undefined) shop.whatsappEnabled = patch.whatsappEnabled;
        if (patch.secondReminderMinutes !== undefined) shop.secondReminderMinutes = patch.secondReminderMinutes;
        if (patch.quietStart !== undefined) shop.quietStart = patch.quietStart;
        if (patch.quietEnd !== undefined) shop.quietEnd = patch.quietEnd;
        if (patch.templates) {
          const next = { ...(shop.textTemplates ?? {}) };
          for (const [kind, text] of Object.entries(patch.templates)) {
            if (text === null) delete next[kind];
            else if (typeof text === 'string') next[kind] = text;
          }
          shop.textTemplates = next;
        }
        return manager.getRepository(ShopEntity).save(shop);
      },
    );
    res.json(await settingsOf(deps, deps.dataSource, shop));
  });

  router.post('/shops/:shopId/messaging/preview', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    const input = parseInput(TemplatePreviewSchema, req.body);
    const template = input.template ?? templateOf(shop, input.kind);
    const sampleStart = DateTime.fromJSDate(deps.now(), { zone: shop.timeZone })
      .plus({ days: 1 })
      .set({ hour: 10, minute: 30, second: 0, millisecond: 0 })
      .toJSDate();
    res.json({
      text: fillTemplate(template, {
        shop: shop.name,
        service: 'Haircut',
        barber: 'Sam',
        ...textDateValues(sampleStart, shop.timeZone, shop),
        link: `${new URL(deps.config.PUBLIC_ORIGIN).origin}/shop/${shop.slug}`,
        phone: shop.phoneNumber,
      }),
    });
  });

  router.get('/shops/:shopId/messages', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    const rows = (await deps.dataSource.query(
      `SELECT t.*, (SELECT a."client_name" FROM "appointments" a WHERE a."shop_id" = t."shop_id"
                      AND a."client_phone_e164" = t."phone" ORDER BY a."created_at" DESC LIMIT 1) AS "client_name"
       FROM "text_messages" t WHERE t."shop_id" = $1 ORDER BY t."created_at" DESC, t."id" LIMIT 200`,
      [shop.id],
    )) as TextRow[];
    res.set('Cache-Control', 'no-store').json(rows.map(toText));
  });

  router.post('/shops/:shopId/messages/read', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    await deps.dataSource.query(
      `UPDATE "text_messages" SET "read_at" = $2 WHERE "shop_id" = $1 AND "direction" = 'in' AND "read_at" IS NULL`,
      [shop.id, deps.now()],
    );
    res.json({ unread: 0 });
  });

  router.post('/shops/:shopId/messages', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    const input = parseInput(OwnerReplySchema, req.body);
    const phone = normalizePhone(input.phone, shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY));
    if (!phone)
      throw new HttpError(400, 'invalid_input', MESSAGING_MESSAGES.phoneForTexts, {
        phone: MESSAGING_MESSAGES.phoneForTexts,
      });
    if (!deps.provider.ready(input.channel)) {
      throw new HttpError(503, 'sms_not_set_up', MESSAGING_MESSAGES.channelNotSetUp(input.channel));
    }
    // Only numbers that booked online or texted the shop (issue 23): a walk-in lets the owner type any number, so
    // it would make an owner account a way to text anyone (SMS pumping).
    const [known] = (await deps.dataSource.query(
      `SELECT 1 FROM "text_messages" WHERE "shop_id" = $1 AND "phone" = $2 AND "direction" = 'in'
       UNION ALL SELECT 1 FROM "appointments" WHERE "shop_id" = $1 AND "client_phone_e164" = $2 AND "source" = 'online'
       LIMIT 1`,
      [shop.id, phone],
    )) as unknown[];
    if (!known)
      throw new HttpError(400, 'not_a_client', MESSAGING_MESSAGES.notAClient, { phone: MESSAGING_MESSAGES.notAClient });
    const countries = allowedCountries(shop, deps.config.DEFAULT_PHONE_COUNTRY);
    const refusal = textRefusal(phone, countries);
    if (refusal) {
      const message = textRefusalMessage(refusal, countries);
      throw new HttpError(400, 'not_textable', message, { phone: message });
    }
    if (await numberCapReached(deps.dataSource.manager, phone, deps.now())) {
      throw new HttpError(429, 'text_cap_reached', TEXT_RULE_MESSAGES.numberCapReached);
    }
    if (await isOptedOut(deps.dataSource.manager, shop.id, phone, input.channel)) {
      throw new HttpError(409, 'opted_out', MESSAGING_MESSAGES.optedOut);
    }
    const sent = await sendShopText(deps, {
      shopId: shop.id,
      phone,
      channel: input.channel,
      body: input.body,
      kind: 'reply',
      capped: true,
    });
    if (sent === 'capped') throw new HttpError(429, 'text_cap_reached', TEXT_RULE_MESSAGES.numberCapReached);
    if (!sent) throw new HttpError(409, 'opted_out', MESSAGING_MESSAGES.optedOut);
    // Answering by hand takes the conversation over: the assistant stays out of it for 24 hours (decision 0171).
    await takeOverConversation(deps.dataSource, { shopId: shop.id, phone, now: deps.now(), reason: 'reply' });
    const [row] = (await deps.dataSource.query(
      'SELECT t.*, NULL AS "client_name" FROM "text_messages" t WHERE t."id" = $1',
      [sent.id],
    )) as TextRow[];
    if (!row) throw new Error('the reply was not stored');
    res.status(201).json(toText(row));
  });

  return router;
}
