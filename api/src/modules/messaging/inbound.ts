import { normalizePhone, TEXT_KEYWORDS, type TextChannel } from '@barberly/common';
import { loadAppointmentContext } from '../appointments/appointment-view';
import type { BookingDeps } from '../appointments/booking.service';
import { cancelAppointment, cutoffOf } from '../appointments/manage.service';
import { type AssistantHandOffDeps, handOffToAssistant } from '../assistant/client-text-dispatch';
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
}

/**
 * A text from a client (Twilio's inbound webhook, signature already checked). The shop is the one that last texted
 * this number (else the one it last booked with). Keywords act; anything else lands in the owner's inbox.
 * - STOP and the usual synonyms: this shop never texts the number again; confirmed once.
 * - START: texts resume. HELP: the shop's contact.
 * - C / YES: the next appointment is confirmed by the client. X / CANCEL: cancelled if the cutoff allows (the
 *   cancellation text follows through the queue), else how to reach the shop.
 * A redelivered webhook (the same MessageSid) is handled once.
 */
export async function handleInboundText(
  deps: TextDeps & { booking: BookingDeps } & AssistantHandOffDeps,
  input: InboundText,
): Promise<'ignored' | 'duplicate' | Keyword | 'inbox' | 'assistant'> {
  const channel: TextChannel = input.from.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const phone = normalizePhone(input.from);
  if (!phone) return 'ignored';
  const manager = deps.dataSource.manager;
  const [latest] = (await manager.query(
    `SELECT "shop_id" FROM (
       SELECT "shop_id", "created_at" FROM "text_messages" WHERE "phone" = $1 AND "direction" = 'out'
       UNION ALL
       SELECT "shop_id", "created_at" FROM "appointments" WHERE "client_phone_e164" = $1
     ) AS seen ORDER BY "created_at" DESC LIMIT 1`,
    [phone],
  )) as Array<{ shop_id: string }>;
  if (!latest) return 'ignored';
  const shopId = latest.shop_id;
  const [shop] = (await manager.query('SELECT "name", "phone_number", "address" FROM "shops" WHERE "id" = $1', [
    shopId,
  ])) as Array<{ name: string; phone_number: string; address: string }>;
  if (!shop) return 'ignored';

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
  if (toInbox) return 'inbox';

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
      const contact = [shop.phone_number && `call ${shop.phone_number}`, shop.address].filter(Boolean).join(', ');
      await reply(
        `${shop.name}: ${contact || 'reply here and we will get back to you'}. Reply STOP to opt out.`,
        'help',
        true,
      );
      return 'help';
    }
    case 'confirm': {
      const ctx = next ? await loadAppointmentContext(manager, { id: next.id }) : null;
      if (!ctx) return 'inbox';
      await manager.query(
        `UPDATE "appointments" SET "client_confirmed_at" = COALESCE("client_confirmed_at", $2) WHERE "id" = $1`,
        [ctx.appointment.id, deps.now()],
      );
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
        await cancelAppointment(deps.booking, tx, ctx);
        return 'cancelled' as const;
      });
      if (outcome === 'too_late') {
        const contact = shop.phone_number ? `please call us at ${shop.phone_number}` : 'please contact the shop';
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
