import {
  formatPhone,
  normalizePhone,
  SHARED_START_TEXT,
  SHARED_STOP_TEXT,
  shopPhoneCountry,
  TEXT_KEYWORDS,
  type TextChannel,
} from '@barberly/common';
import { cutoffOf, loadAppointmentContext } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking.service';
import { cancelAppointment, confirmByClient } from '../appointments/lifecycle';
import { type AssistantHandOffDeps, handOffToAssistant } from '../assistant/client-text-dispatch';
import { runClientTextHooks } from './client-text-hooks';
import {
  answerWhichShop,
  holdForChoice,
  type InboundAddress,
  resolveInboundShop,
  shopOfSender,
} from './inbound-routing';
import { sendShopText, type TextDeps, valuesFor } from './texts';

type Keyword = keyof typeof TEXT_KEYWORDS;

function keywordOf(body: string): Keyword | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[.!?]+$/, '');
  for (const [keyword, words] of Object.entries(TEXT_KEYWORDS) as Array<[Keyword, readonly string[]]>) {
    if (words.includes(word)) return keyword;
  }
  return null;
}

export interface InboundText {
  sid: string;
  from: string;
  body: string;
  /** Twilio's To (the number written to) and MessagingServiceSid: a shop's own sender routes by them. */
  to?: string;
  messagingServiceSid?: string;
}

type Outcome = 'ignored' | 'duplicate' | Keyword | 'inbox' | 'assistant' | 'held' | 'chosen';

/**
 * A text from a client (Twilio's inbound webhook, signature already checked). Which shop it is for is decided
 * first (resolveInboundShop, inbound-routing.ts: a shop's own number, else a shop that texted the number in the
 * last 30 days on the shared sender, else the client is asked which shop and the text is held until they answer).
 * STOP and START on the shared sender act for every shop on it, as the carrier does. Then, for that shop,
 * keywords act and anything else lands in the owner's inbox:
 * - STOP and the usual synonyms (on the shop's own number): this shop never texts the number again; confirmed once.
 * - START: texts resume. HELP: the shop's contact.
 * - C / YES: the next appointment is confirmed by the client. X / CANCEL: cancelled if the cutoff allows (the
 *   cancellation text follows through the queue), else how to reach the shop.
 * A redelivered webhook (the same MessageSid) is handled once.
 */
export async function handleInboundText(
  deps: TextDeps & { booking: BookingDeps } & AssistantHandOffDeps,
  input: InboundText,
): Promise<Outcome> {
  const channel: TextChannel = input.from.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const phone = normalizePhone(input.from);
  if (!phone) return 'ignored';
  const manager = deps.dataSource.manager;
  const address: InboundAddress = {
    phone,
    channel,
    to: input.to ? (normalizePhone(input.to) ?? input.to) : null,
    messagingServiceSid: input.messagingServiceSid || null,
    now: deps.now(),
  };
  const keyword = keywordOf(input.body);
  if ((keyword === 'optOut' || keyword === 'optIn') && !(await shopOfSender(manager, address))) {
    return sharedSenderKeyword(deps, address, keyword, input);
  }

  const answered = await answerWhichShop(manager, address, input.body);
  if (answered) {
    // The answer is the platform's, like the question (no shop's inbox); kept so that a redelivery is a duplicate.
    const kept = (await manager.query(
      `INSERT INTO "text_messages" ("shop_id", "direction", "channel", "kind", "phone", "body", "status", "provider_sid", "read_at")
       VALUES (NULL, 'in', $1, 'which_shop', $2, $3, 'received', $4, $5) ON CONFLICT DO NOTHING RETURNING "id"`,
      [channel, phone, input.body.slice(0, 1600), input.sid, address.now],
    )) as unknown[];
    if (kept.length === 0) return 'duplicate';
    for (const held of answered.held) {
      await handleForShop(deps, { ...input, sid: held.sid, body: held.body }, answered.shopId, phone, channel);
    }
    return 'chosen';
  }

  const route = await resolveInboundShop(manager, address);
  if (route.kind === 'none') return 'ignored';
  if (route.kind === 'ask') {
    const { held, question } = await holdForChoice(manager, address, input, route.options);
    if (!held) return 'duplicate';
    if (question) {
      await sendShopText(deps, { shopId: null, phone, channel, body: question, kind: 'which_shop' });
    }
    return 'held';
  }
  // The routing decided the shop (route.shopId): from here on the text is that shop's alone (hand-offs such as the
  // assistant's happen inside handleForShop, after the text is stored).
  return handleForShop(deps, input, route.shopId, phone, channel);
}

/** STOP or START on the shared sender: the carrier blocks (or unblocks) the sender, so every shop on it follows. */
async function sharedSenderKeyword(
  deps: TextDeps,
  address: InboundAddress,
  keyword: 'optOut' | 'optIn',
  input: InboundText,
): Promise<Outcome> {
  const manager = deps.dataSource.manager;
  const { phone, channel } = address;
  const stored = (await manager.query(
    `INSERT INTO "text_messages" ("shop_id", "direction", "channel", "kind", "phone", "body", "status", "provider_sid", "read_at")
     VALUES (NULL, 'in', $1, $2, $3, $4, 'received', $5, $6) ON CONFLICT DO NOTHING RETURNING "id"`,
    [channel, keyword, phone, input.body.slice(0, 1600), input.sid, address.now],
  )) as unknown[];
  if (stored.length === 0) return 'duplicate';
  if (keyword === 'optOut') {
    const inserted = (await manager.query(
      `INSERT INTO "text_sender_opt_outs" ("channel", "phone") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "phone"`,
      [channel, phone],
    )) as unknown[];
    if (inserted.length > 0) {
      await sendShopText(deps, { shopId: null, phone, channel, body: SHARED_STOP_TEXT, kind: 'opt_out' });
    }
    return 'optOut';
  }
  await manager.query('DELETE FROM "text_sender_opt_outs" WHERE "channel" = $1 AND "phone" = $2', [channel, phone]);
  // Earlier STOPs to single shops on this sender end too: START unblocks the whole sender.
  await manager.query(
    `DELETE FROM "text_opt_outs" o USING "shops" s WHERE o."shop_id" = s."id" AND o."phone" = $1
       AND ($2 = 'whatsapp' OR (s."text_from" IS NULL AND s."text_messaging_service_sid" IS NULL))`,
    [phone, channel],
  );
  await sendShopText(deps, { shopId: null, phone, channel, body: SHARED_START_TEXT, kind: 'opt_in' });
  return 'optIn';
}

/** A text that is the shop's: keywords act for it, anything else goes to its inbox (or its assistant). */
async function handleForShop(
  deps: TextDeps & { booking: BookingDeps } & AssistantHandOffDeps,
  input: InboundText,
  shopId: string,
  phone: string,
  channel: TextChannel,
): Promise<Outcome> {
  const manager = deps.dataSource.manager;
  const [shop] = (await manager.query(
    'SELECT "name", "phone_number", "address", "locale" FROM "shops" WHERE "id" = $1',
    [shopId],
  )) as Array<{ name: string; phone_number: string; address: string; locale: string }>;
  if (!shop) return 'ignored';
  // The shop's number as its country writes it (issue 28).
  const shopPhone = formatPhone(
    shop.phone_number,
    shopPhoneCountry({ phoneNumber: shop.phone_number, locale: shop.locale }),
  );

  const keyword = keywordOf(input.body);
  const [next] = (await manager.query(
    `SELECT "id" FROM "appointments" WHERE "shop_id" = $1 AND "client_phone_e164" = $2 AND "status" = 'confirmed'
       AND "starts_at" > $3 ORDER BY "starts_at" LIMIT 1`,
    [shopId, phone, deps.now()],
  )) as Array<{ id: string }>;
  const actsOnAppointment = keyword === 'confirm' || keyword === 'cancel';
  const toInbox = keyword === null || (actsOnAppointment && !next);
  const [stored] = (await manager.query(
    `INSERT INTO "text_messages" ("shop_id", "appointment_id", "direction", "channel", "kind", "phone", "body", "status", "provider_sid", "read_at")
     VALUES ($1, $2, 'in', $3, $4, $5, $6, 'received', $7, $8) ON CONFLICT DO NOTHING RETURNING "id"`,
    [
      shopId,
      next?.id ?? null,
      channel,
      keyword ?? 'message',
      phone,
      input.body.slice(0, 1600),
      input.sid,
      toInbox ? null : deps.now(),
    ],
  )) as Array<{ id: string }>;
  if (!stored) return 'duplicate';
  // The assistant answers when the owner turned it on (decision 0171); else keywords act and the rest goes to the inbox.
  if (await handOffToAssistant(deps, { shopId, phone, channel, body: input.body, messageId: stored.id, keyword }))
    return 'assistant';
  if (toInbox) {
    // The barber of their next visit and the owner hear of it (issue 26 item 4), in the background.
    void runClientTextHooks({ shopId, appointmentId: next?.id ?? null, body: input.body });
    return 'inbox';
  }

  const reply = (body: string, kind: string, evenIfOptedOut = false) =>
    sendShopText(deps, { shopId, phone, channel, body, kind, appointmentId: next?.id ?? null, evenIfOptedOut });

  switch (keyword) {
    case 'optOut': {
      const inserted = (await manager.query(
        `INSERT INTO "text_opt_outs" ("shop_id", "phone") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "phone"`,
        [shopId, phone],
      )) as unknown[];
      if (inserted.length > 0) {
        await reply(
          `${shop.name}: you will get no more texts from us. Reply START to get them again.`,
          'opt_out',
          true,
        );
      }
      return 'optOut';
    }
    case 'optIn': {
      await manager.query('DELETE FROM "text_opt_outs" WHERE "shop_id" = $1 AND "phone" = $2', [shopId, phone]);
      await reply(`${shop.name}: texts are back on. Reply STOP to opt out.`, 'opt_in');
      return 'optIn';
    }
    case 'help': {
      const contact = [shopPhone && `call ${shopPhone}`, shop.address].filter(Boolean).join(', ');
      await reply(
        `${shop.name}: ${contact || 'reply here and we will get back to you'}. Reply STOP to opt out.`,
        'help',
        true,
      );
      return 'help';
    }
    case 'confirm': {
      const ctx = next
        ? await deps.dataSource.transaction(async (tx) => {
            const ctx = await loadAppointmentContext(tx, { id: next.id }, true);
            if (ctx) await confirmByClient(deps.booking, tx, ctx, 'text');
            return ctx;
          })
        : null;
      if (!ctx) return 'inbox';
      const v = valuesFor(ctx, '');
      await reply(`${shop.name}: thank you, see you ${v.date} at ${v.time}.`, 'confirmed');
      return 'confirm';
    }
    case 'cancel': {
      if (!next) return 'inbox';
      const outcome = await deps.dataSource.transaction(async (tx) => {
        const ctx = await loadAppointmentContext(tx, { id: next.id }, true);
        if (!ctx) return 'gone' as const;
        if (ctx.appointment.status !== 'confirmed') return 'gone' as const;
        if (deps.now().getTime() >= cutoffOf(ctx).getTime()) return 'too_late' as const;
        await cancelAppointment(deps.booking, tx, ctx, {
          actor: { kind: 'client', id: ctx.appointment.clientId },
          reason: 'replied CANCEL to a text',
        });
        return 'cancelled' as const;
      });
      if (outcome === 'too_late') {
        const contact = shopPhone ? `please call us at ${shopPhone}` : 'please contact the shop';
        await reply(
          `${shop.name}: it is too close to your appointment to cancel by text; ${contact}.`,
          'cancel_refused',
        );
      }
      return 'cancel';
    }
    default:
      return 'inbox';
  }
}
