import {
  ASSISTANT_MESSAGES,
  ASSISTANT_TEXT_KIND,
  type ClientTextProposal,
  TEXT_TAKEOVER_HOURS,
  type TextChannel,
  type TextTakeover,
} from '@barberly/common';
import type { DataSource } from 'typeorm';
import type { BookingMailQueue } from '../mail/mail-queue';
import { allowedCountries, numberCapReached, textRefusal } from '../messaging/text-rules';
import { isOptedOut, sendShopText, type TextDeps } from '../messaging/texts';
import { ShopEntity } from '../shops/shop.entity';
import { llmConfigOf } from './assistant.service';
import { handleClientText } from './client-text';
import { type ClientTextJob, enqueueClientText } from './client-text-queue';
import { latestPending } from './proposals';
import type { AssistantDeps } from './tool-context';

/**
 * The hand-off from the messaging webhook to the assistant (issue 23 item 9, decision 0171). An inbound text the
 * webhook has routed to a shop and stored is answered by the assistant when all of these hold:
 *   - a model is connected (LLM_BASE_URL) and the owner turned on "The assistant answers texts";
 *   - the owner has not taken the conversation over in the last 24 hours (Take over, or a reply by hand);
 *   - the text is not a carrier keyword (STOP, START, HELP: those stay with the webhook, always); YES and X / CANCEL
 *     go to the assistant only when a change it proposed waits for this client (YES confirms it, X / CANCEL turn it
 *     down), and C always confirms the next appointment as the reminders say;
 *   - the number has not opted out.
 * The answer goes back on the channel the client used, through the shop's text provider, stored as kind
 * 'assistant' so the inbox marks it. Everything else (and a model that fails) leaves the text in the inbox as before.
 */

export interface ClientTextHandOff {
  shopId: string;
  /** E.164. */
  phone: string;
  channel: TextChannel;
  body: string;
  /** The stored inbound text (text_messages.id). */
  messageId: string;
  /** The webhook's keyword for the text (null: free text). */
  keyword: string | null;
}

export type AssistantHandOffDeps = Pick<TextDeps, 'dataSource' | 'provider' | 'logger' | 'now'> & {
  /** The assistant's dependencies; absent (a worker or test without them): texts go to the inbox. */
  assistant?: AssistantDeps;
  /** The durable queue the answer is worked out from; absent: worked out in the caller. */
  queue?: BookingMailQueue;
};

/** Replies the assistant gives when it could not do its job: the text then waits in the inbox for a person. */
const FAILED_REPLIES = new Set<string>([
  ASSISTANT_MESSAGES.modelFailed,
  ASSISTANT_MESSAGES.budgetSpent,
  ASSISTANT_MESSAGES.tooManyRounds,
]);

const ALWAYS_THE_WEBHOOKS = new Set(['optOut', 'optIn', 'help']);
const APPOINTMENT_KEYWORDS = new Set(['confirm', 'cancel']);
/** The confirm keywords that answer a proposal ("Reply YES to confirm"); C stays the reminder's confirm. */
const PROPOSAL_YES = new Set(['YES', 'Y', 'CONFIRM']);

export async function assistantAnswersTexts(dataSource: DataSource, shopId: string): Promise<boolean> {
  const [row] = (await dataSource.query('SELECT "assistant_answers_texts" AS "on" FROM "shops" WHERE "id" = $1', [
    shopId,
  ])) as Array<{ on: boolean }>;
  return Boolean(row?.on);
}

export async function activeTakeover(
  dataSource: DataSource,
  shopId: string,
  phone: string,
  now: Date,
): Promise<TextTakeover | null> {
  const [row] = (await dataSource.query(
    `SELECT "phone", "until", "reason" FROM "text_takeovers" WHERE "shop_id" = $1 AND "phone" = $2 AND "until" > $3`,
    [shopId, phone, now],
  )) as Array<{ phone: string; until: Date; reason: TextTakeover['reason'] }>;
  return row ? { phone: row.phone, until: row.until.toISOString(), reason: row.reason } : null;
}

/** The owner (or the assistant handing over) takes a conversation: the assistant is silent in it for 24 hours. */
export async function takeOverConversation(
  dataSource: DataSource,
  input: { shopId: string; phone: string; now: Date; reason: TextTakeover['reason'] },
): Promise<TextTakeover> {
  const until = new Date(input.now.getTime() + TEXT_TAKEOVER_HOURS * 3_600_000);
  await dataSource.query(
    `INSERT INTO "text_takeovers" ("shop_id", "phone", "until", "reason") VALUES ($1, $2, $3, $4)
     ON CONFLICT ("shop_id", "phone") DO UPDATE SET "until" = EXCLUDED."until", "reason" = EXCLUDED."reason",
       "created_at" = now()`,
    [input.shopId, input.phone, until, input.reason],
  );
  return { phone: input.phone, until: until.toISOString(), reason: input.reason };
}

/** The owner gives the conversation back: the assistant answers its next text. */
export async function endTakeover(dataSource: DataSource, shopId: string, phone: string): Promise<void> {
  await dataSource.query('DELETE FROM "text_takeovers" WHERE "shop_id" = $1 AND "phone" = $2', [shopId, phone]);
}

export async function activeTakeovers(dataSource: DataSource, shopId: string, now: Date): Promise<TextTakeover[]> {
  const rows = (await dataSource.query(
    `SELECT "phone", "until", "reason" FROM "text_takeovers" WHERE "shop_id" = $1 AND "until" > $2 ORDER BY "until" DESC`,
    [shopId, now],
  )) as Array<{ phone: string; until: Date; reason: TextTakeover['reason'] }>;
  return rows.map((r) => ({ phone: r.phone, until: r.until.toISOString(), reason: r.reason }));
}

/** The last 7 days' proposals to texting clients, newest first; a pending one past its time shows as expired. */
export async function clientTextProposals(
  dataSource: DataSource,
  shopId: string,
  now: Date,
): Promise<ClientTextProposal[]> {
  const rows = (await dataSource.query(
    `SELECT "id", "conversation", "summary", "status", "created_at", "expires_at" FROM "assistant_proposals"
      WHERE "shop_id" = $1 AND "conversation" LIKE 'phone:%' AND "created_at" > $2
      ORDER BY "created_at" DESC LIMIT 100`,
    [shopId, new Date(now.getTime() - 7 * 86_400_000)],
  )) as Array<{
    id: string;
    conversation: string;
    summary: string;
    status: ClientTextProposal['status'];
    created_at: Date;
    expires_at: Date;
  }>;
  return rows.map((r) => ({
    id: r.id,
    phone: r.conversation.slice('phone:'.length),
    summary: r.summary,
    status: r.status === 'pending' && r.expires_at.getTime() <= now.getTime() ? 'expired' : r.status,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  }));
}

/**
 * Called by the webhook once it has decided the shop and stored the text. True: the assistant takes the text (the
 * webhook does nothing more); false: the webhook goes on as before (keywords, the inbox).
 *
 * Only the quick checks run here. The answer itself (the model, up to ASSISTANT_LIMITS.maxRounds calls of up to
 * LLM_TIMEOUT_MS each) is worked out from the durable queue (`client-text-answer`, answerClientText), so the
 * webhook answers Twilio at once, well inside its 15 seconds; a redelivered webhook (same MessageSid) is stored once
 * and queued once. The text waits unread until the answer goes: if the answer never comes, a person sees it.
 */
export async function handOffToAssistant(deps: AssistantHandOffDeps, input: ClientTextHandOff): Promise<boolean> {
  const text = await assistantTakes(deps, input);
  if (text === null) return false;
  const job: ClientTextJob = { ...input, text };
  if (!deps.queue) return answerClientText(deps, job);
  await deps.dataSource.query('UPDATE "text_messages" SET "read_at" = NULL WHERE "id" = $1 AND "shop_id" = $2', [
    input.messageId,
    input.shopId,
  ]);
  await enqueueClientText(deps.queue, job);
  return true;
}

/** Whether the assistant answers this text, and what it reads ('NO' for X / CANCEL on a proposal); null: it does not. */
async function assistantTakes(deps: AssistantHandOffDeps, input: ClientTextHandOff): Promise<string | null> {
  const assistant = deps.assistant;
  if (!assistant || !llmConfigOf(assistant)) return null;
  if (input.keyword && ALWAYS_THE_WEBHOOKS.has(input.keyword)) return null;
  const shop = await answeringShop(deps, input);
  if (!shop) return null;
  let text = input.body;
  if (input.keyword && APPOINTMENT_KEYWORDS.has(input.keyword)) {
    // With a proposal of the assistant waiting, YES confirms it and X / CANCEL turn it down (never cancelling the
    // appointment behind it); C keeps confirming the next appointment, as the reminders say. Without one, the
    // keywords act on the next appointment as before.
    const pending = await latestPending({ deps: assistant, actor: { kind: 'client', phone: input.phone, shop } });
    if (!pending) return null;
    const word = input.body
      .trim()
      .toUpperCase()
      .replace(/[.!?]+$/, '');
    if (input.keyword === 'confirm' && !PROPOSAL_YES.has(word)) return null;
    if (input.keyword === 'cancel') text = 'NO';
  }
  return text;
}

/**
 * The shop, when its assistant may answer this number now: the switch on, no takeover, no STOP, and the shop's text
 * rules (issue 23 item 5: its countries, mobile numbers, the number's daily cap). Checked when the text comes in and
 * again when its queued answer is worked out, since the owner may have taken over in between.
 */
async function answeringShop(deps: AssistantHandOffDeps, input: ClientTextHandOff): Promise<ShopEntity | null> {
  const { dataSource } = deps;
  const assistant = deps.assistant;
  if (!assistant) return null;
  if (!(await assistantAnswersTexts(dataSource, input.shopId))) return null;
  if (await activeTakeover(dataSource, input.shopId, input.phone, deps.now())) return null;
  if (await isOptedOut(dataSource.manager, input.shopId, input.phone)) return null;
  const shop = await dataSource.getRepository(ShopEntity).findOneBy({ id: input.shopId });
  if (!shop) return null;
  // A number the assistant may not text gets no model call: its text waits in the inbox for a person.
  if (textRefusal(input.phone, allowedCountries(shop, assistant.config.DEFAULT_PHONE_COUNTRY))) return null;
  if (await numberCapReached(dataSource.manager, input.phone, new Date())) return null;
  return shop;
}

/**
 * The queued answer (the `client-text-answer` worker; or inline without a queue). True: the assistant acted on the
 * text. On any failure (a model that fails, is over budget or loops; the cap reached meanwhile; anything thrown)
 * the client gets nothing and the text stays unread in the inbox for a person. Never retried: a second run could
 * answer twice.
 */
export async function answerClientText(deps: AssistantHandOffDeps, job: ClientTextJob): Promise<boolean> {
  const { dataSource } = deps;
  const assistant = deps.assistant;
  const unread = () =>
    dataSource.query('UPDATE "text_messages" SET "read_at" = NULL WHERE "id" = $1 AND "shop_id" = $2', [
      job.messageId,
      job.shopId,
    ]);
  if (!assistant || !llmConfigOf(assistant)) return false;
  const shop = await answeringShop(deps, job);
  if (!shop) {
    // Taken over (or stopped, or switched off) while it waited: the owner has it.
    await unread();
    return false;
  }
  const now = deps.now();

  let outcome: Awaited<ReturnType<typeof handleClientText>>;
  try {
    outcome = await handleClientText(assistant, shop, job.phone, job.text);
  } catch (err) {
    // Whatever went wrong, the client's text is stored: it waits in the inbox for a person.
    deps.logger.error({ err, shopId: job.shopId, messageId: job.messageId }, 'assistant failed on a text');
    await unread();
    return false;
  }
  if (!outcome?.reply || FAILED_REPLIES.has(outcome.reply)) {
    deps.logger.warn({ shopId: job.shopId, messageId: job.messageId }, 'assistant could not answer a text');
    await unread();
    return false;
  }
  const sent = await sendShopText(deps, {
    shopId: job.shopId,
    phone: job.phone,
    channel: job.channel,
    body: outcome.reply.slice(0, 1600),
    kind: ASSISTANT_TEXT_KIND,
    capped: true,
  });
  if (sent === 'capped') {
    // The cap was reached while the model worked: the answer is not sent and the text waits, unread, for a person
    // (the assistant did act on it, so the webhook's keywords must not act again).
    deps.logger.warn({ shopId: job.shopId, messageId: job.messageId }, 'assistant answer over the text cap');
    await unread();
    return true;
  }
  if (outcome.handedOver) {
    // The client wants a person: the text stays unread in the inbox and the assistant steps back, as after a
    // takeover, so that the owner's answer is not talked over.
    await takeOverConversation(dataSource, { shopId: job.shopId, phone: job.phone, now, reason: 'handed_over' });
  } else {
    // Answered: nothing waits for the owner, though the inbox still shows the exchange.
    await dataSource.query(
      'UPDATE "text_messages" SET "read_at" = COALESCE("read_at", $2) WHERE "id" = $1 AND "shop_id" = $3',
      [job.messageId, now, job.shopId],
    );
  }
  return true;
}
