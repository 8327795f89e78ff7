import { ASSISTANT_MESSAGES, type AssistantProposalStatus } from './assistant';
import { z } from './zod';

/**
 * Clients talk to the assistant by text (issue 23 item 9, decision 0171): the owner's switch, the conversations the
 * owner has taken over, and the changes the assistant proposed that wait for a client's YES.
 */

/** A takeover keeps the assistant silent in that conversation for this long. */
export const TEXT_TAKEOVER_HOURS = 24;

/** The kind of an outgoing text the assistant wrote (text_messages.kind). */
export const ASSISTANT_TEXT_KIND = 'assistant';

export const ASSISTANT_TEXTS_MESSAGES = {
  /** The switch's label. */
  switchLabel: 'The assistant answers texts',
  /** Without a model (owners and barbers see this; operators also get a link to the operator docs). */
  notConnected: ASSISTANT_MESSAGES.notSetUp,
  phone: 'Choose a conversation',
} as const;

/** PATCH /api/shops/{id}/messaging/assistant */
export const AssistantTextsPatchSchema = z.object({ enabled: z.boolean() }).strict();

/** POST /api/shops/{id}/messages/takeover; DELETE gives the conversation back to the assistant. */
export const TextTakeoverSchema = z
  .object({ phone: z.string().trim().min(5, ASSISTANT_TEXTS_MESSAGES.phone).max(40, ASSISTANT_TEXTS_MESSAGES.phone) })
  .strict();

export interface TextTakeover {
  /** The client's number, E.164. */
  phone: string;
  /** The assistant answers this conversation again after this instant. */
  until: string;
  /** owner: "Take over"; reply: the owner texted the client by hand; handed_over: the assistant passed it on. */
  reason: 'owner' | 'reply' | 'handed_over';
}

/** A change the assistant proposed to a texting client. */
export interface ClientTextProposal {
  id: string;
  phone: string;
  summary: string;
  status: AssistantProposalStatus;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/shops/{id}/messaging/assistant */
export interface AssistantTextsState {
  /** A model is connected on this Barberly. */
  available: boolean;
  /** The owner's switch (answers only while `available` too). */
  enabled: boolean;
  /** Operators only: where the operator docs say how to connect a model. */
  operatorDocs?: string;
  /** Conversations the assistant is silent in now. */
  takeovers: TextTakeover[];
  /** The last 7 days' proposals to texting clients, newest first (pending ones wait for the client's YES). */
  proposals: ClientTextProposal[];
}
