import { normalizePhone } from '@barberly/common';
import type { ShopEntity } from '../shops/shop.entity';
import type { Actor } from './actor';
import { llmConfigOf } from './assistant.service';
import { runTurn } from './conversation';
import { confirmProposal, latestPending, rejectProposal } from './proposals';
import type { AssistantDeps, ToolContext } from './tool-context';

/**
 * A client texting the shop's number talks to the assistant with client-only tools: the shop's public facts, free
 * times, booking, and the appointments booked with the phone number they text from. Their text reaches the model
 * quoted, as data. A change the assistant proposes waits for the client's own "YES" (or "NO") by text.
 */

const YES = /^\s*(yes|y|yep|yeah|ok|okay|confirm|sure|si|sí|oui|ja)\s*[.!]*\s*$/i;
const NO = /^\s*(no|n|nope|nah|non|nein)\s*[.!]*\s*$/i;

export interface ClientTextOutcome {
  /** What to text back. */
  reply: string;
  /** The client asked for a person, or wanted what the assistant may not do: the owner's inbox gets the text. */
  handedOver: boolean;
}

/** Null when no model is connected: the caller then routes the text to the owner's inbox as before. */
export async function handleClientText(
  deps: AssistantDeps,
  shop: ShopEntity,
  from: string,
  text: string,
): Promise<ClientTextOutcome | null> {
  const llm = llmConfigOf(deps);
  const phone = normalizePhone(from, (shop as { country?: string | null }).country ?? undefined);
  if (!llm || !phone) return null;
  const actor: Actor = { kind: 'client', phone, shop };
  let handedOver = false;
  const ctx: ToolContext = {
    deps,
    actor,
    async onHandOver() {
      handedOver = true;
    },
  };

  const pending = await latestPending(ctx);
  if (pending && YES.test(text)) {
    const { proposal } = await confirmProposal(ctx, pending.id, 'text');
    return {
      reply:
        proposal.status === 'confirmed' ? `Done: ${proposal.outcome}` : `Sorry, that did not work: ${proposal.outcome}`,
      handedOver,
    };
  }
  if (pending && NO.test(text)) {
    await rejectProposal(ctx, pending.id, 'text');
    return { reply: 'OK, nothing was changed.', handedOver };
  }

  const { reply, proposals } = await runTurn(
    ctx,
    text,
    { llm, dailyTokenBudget: deps.config.ASSISTANT_DAILY_TOKENS || Number.POSITIVE_INFINITY, quoted: true },
    () => undefined,
  );
  const asks = proposals.at(-1);
  const suffix = asks ? `\n${asks.summary}? Reply YES to confirm or NO to cancel.` : '';
  return { reply: `${reply}${suffix}`.trim(), handedOver };
}
