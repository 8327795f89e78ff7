import { REPLY_WINDOW_DAYS, type TextChannel, whichShopQuestion } from '@barberly/common';
import type { EntityManager } from 'typeorm';

/**
 * Which shop a client's text is for (issue 23, decision 0170).
 * - A shop with its own sender: the text came to its number (To) or its Messaging Service; it is that shop's.
 * - The shared sender: only a shop that itself texted this number on this channel in the last REPLY_WINDOW_DAYS.
 *   A booking or a walk-in with the number does not count: anyone can type anyone's number into a booking. One
 *   such shop: its text. Several: the client's earlier answer to "which shop?" while no other of them has texted
 *   since; else the client is asked and the text is held.
 */
export type InboundRoute =
  | { kind: 'shop'; shopId: string; shared: boolean }
  | { kind: 'ask'; options: Array<{ id: string; name: string }> }
  | { kind: 'none' };

export interface InboundAddress {
  phone: string;
  channel: TextChannel;
  /** Twilio's To: the number the client wrote to ('whatsapp:' stripped). */
  to: string | null;
  /** Twilio's MessagingServiceSid, present when the number belongs to a Messaging Service. */
  messagingServiceSid: string | null;
  now: Date;
}

/** The shop whose own SMS sender received the text, or null (the shared sender, or WhatsApp). */
export async function shopOfSender(manager: EntityManager, address: InboundAddress): Promise<string | null> {
  if (address.channel !== 'sms' || (!address.to && !address.messagingServiceSid)) return null;
  const [row] = (await manager.query(
    `SELECT "id" FROM "shops" WHERE ("text_messaging_service_sid" = $1 OR "text_from" = $2) LIMIT 1`,
    [address.messagingServiceSid, address.to],
  )) as Array<{ id: string }>;
  return row?.id ?? null;
}

export async function resolveInboundShop(manager: EntityManager, address: InboundAddress): Promise<InboundRoute> {
  const own = await shopOfSender(manager, address);
  if (own) return { kind: 'shop', shopId: own, shared: false };
  const since = new Date(address.now.getTime() - REPLY_WINDOW_DAYS * 86_400_000);
  const candidates = (await manager.query(
    `SELECT s."id", s."name", max(t."created_at") AS "last_text" FROM "text_messages" t JOIN "shops" s ON s."id" = t."shop_id"
     WHERE t."phone" = $1 AND t."channel" = $2 AND t."direction" = 'out' AND t."created_at" > $3
       AND ($2 = 'whatsapp' OR (s."text_from" IS NULL AND s."text_messaging_service_sid" IS NULL))
     GROUP BY s."id", s."name" ORDER BY max(t."created_at") DESC, s."name"`,
    [address.phone, address.channel, since],
  )) as Array<{ id: string; name: string; last_text: Date }>;
  const [only] = candidates;
  if (!only) return { kind: 'none' };
  if (candidates.length === 1) return { kind: 'shop', shopId: only.id, shared: true };
  const [choice] = (await manager.query(
    `SELECT "shop_id", "chosen_at" FROM "text_shop_choices" WHERE "phone" = $1 AND "channel" = $2`,
    [address.phone, address.channel],
  )) as Array<{ shop_id: string; chosen_at: Date }>;
  if (
    choice &&
    candidates.some((c) => c.id === choice.shop_id) &&
    candidates.every((c) => c.id === choice.shop_id || c.last_text.getTime() <= choice.chosen_at.getTime())
  ) {
    return { kind: 'shop', shopId: choice.shop_id, shared: true };
  }
  return { kind: 'ask', options: candidates.map(({ id, name }) => ({ id, name })) };
}

/** How long held texts wait for the client's answer before they are dropped. */
const HOLD_DAYS = 7;
/** The question is asked again at most this often while the client keeps writing without answering. */
const ASK_AGAIN_MS = 10 * 60_000;

/**
 * The client's answer to "which shop?": a number from the list. The choice is kept and the held texts are handed
 * back in the order they came, each with its own MessageSid; null when the text is not such an answer.
 */
export async function answerWhichShop(
  manager: EntityManager,
  address: InboundAddress,
  body: string,
): Promise<{ shopId: string; held: Array<{ sid: string; body: string }> } | null> {
  const answer = /^\s*#?(\d{1,2})[.)]?\s*$/.exec(body);
  if (!answer) return null;
  const since = new Date(address.now.getTime() - HOLD_DAYS * 86_400_000);
  const [latest] = (await manager.query(
    `SELECT "options" FROM "text_held_replies" WHERE "phone" = $1 AND "channel" = $2 AND "created_at" > $3
     ORDER BY "created_at" DESC LIMIT 1`,
    [address.phone, address.channel, since],
  )) as Array<{ options: string[] }>;
  const shopId = latest?.options[Number(answer[1]) - 1];
  if (!shopId) return null;
  await manager.query(
    `INSERT INTO "text_shop_choices" ("phone", "channel", "shop_id", "chosen_at") VALUES ($1, $2, $3, $4)
     ON CONFLICT ("phone", "channel") DO UPDATE SET "shop_id" = EXCLUDED."shop_id", "chosen_at" = EXCLUDED."chosen_at"`,
    [address.phone, address.channel, shopId, address.now],
  );
  const held = (await manager.query(
    `DELETE FROM "text_held_replies" WHERE "phone" = $1 AND "channel" = $2 RETURNING "provider_sid", "body", "created_at", "created_at" > $3 AS "fresh"`,
    [address.phone, address.channel, since],
  )) as [Array<{ provider_sid: string; body: string; created_at: Date; fresh: boolean }>, number];
  const rows = Array.isArray(held[0]) ? held[0] : [];
  return {
    shopId,
    held: rows
      .filter((r) => r.fresh)
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
      .map((r) => ({ sid: r.provider_sid, body: r.body })),
  };
}

/**
 * Holds a text that could be for several shops. Returns the question to send (a numbered list of the shops'
 * names), or null when it was asked a moment ago or the text is a redelivery.
 */
export async function holdForChoice(
  manager: EntityManager,
  address: InboundAddress,
  text: { sid: string; body: string },
  options: Array<{ id: string; name: string }>,
): Promise<{ held: boolean; question: string | null }> {
  const [asked] = (await manager.query(
    `SELECT max("created_at") AS "at" FROM "text_held_replies" WHERE "phone" = $1 AND "channel" = $2`,
    [address.phone, address.channel],
  )) as Array<{ at: Date | null }>;
  const inserted = (await manager.query(
    `INSERT INTO "text_held_replies" ("phone", "channel", "body", "provider_sid", "options", "created_at")
     VALUES ($1, $2, $3, $4, $5::uuid[], $6) ON CONFLICT ("provider_sid") DO NOTHING RETURNING "id"`,
    [address.phone, address.channel, text.body.slice(0, 1600), text.sid, options.map((o) => o.id), address.now],
  )) as unknown[];
  if (inserted.length === 0) return { held: false, question: null };
  // Every held text takes the newest list, so the client's number answers the question they last saw.
  await manager.query(`UPDATE "text_held_replies" SET "options" = $3::uuid[] WHERE "phone" = $1 AND "channel" = $2`, [
    address.phone,
    address.channel,
    options.map((o) => o.id),
  ]);
  const recently = asked?.at && address.now.getTime() - asked.at.getTime() < ASK_AGAIN_MS;
  return { held: true, question: recently ? null : whichShopQuestion(options.map((o) => o.name)) };
}
