import { z } from './zod';

/** The assistant (issue 18): what the dashboards' chat panel and the api share. */

export const ASSISTANT_LIMITS = {
  messageMax: 2000,
  /** A proposal not confirmed within this many minutes lapses: the world it described may have moved on. */
  proposalTtlMinutes: 15,
  /** Model rounds (tool calls and answers) in one turn before the assistant stops and says so. */
  maxRounds: 6,
  /** Messages of the conversation sent back to the model as context. */
  historyMessages: 30,
} as const;

export const ASSISTANT_MESSAGES = {
  message: `Type a message of at most ${ASSISTANT_LIMITS.messageMax} characters.`,
  /** Owners and barbers never see how (an env var, a restart): operators get a link to OPERATOR_ASSISTANT_DOCS. */
  notSetUp: 'The assistant is not connected yet. Your Barberly administrator can connect one.',
  modelFailed: 'The assistant could not reach its model just now. Nothing was changed. Please try again in a moment.',
  budgetSpent: "Today's assistant budget for this shop is used up. It resets at midnight; nothing was changed.",
  tooManyRounds: 'That took too many steps. Nothing was changed; please ask again more simply.',
  proposalNotFound: 'This proposed change no longer exists.',
  proposalDecided: 'This proposed change was already decided.',
  proposalExpired: 'This proposed change has lapsed. Ask again to get a fresh one.',
  notYourShop: 'You do not work at this shop.',
} as const;

/** How an operator connects a model (served with the admin app, admin/public/operators/); linked for operators only. */
export const OPERATOR_ASSISTANT_DOCS = '/operators/assistant.txt';

export const AssistantChatRequestSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, ASSISTANT_MESSAGES.message)
      .max(ASSISTANT_LIMITS.messageMax, ASSISTANT_MESSAGES.message),
  })
  .strict();
export type AssistantChatRequest = z.input<typeof AssistantChatRequestSchema>;

export const ASSISTANT_QUICK_ACTIONS = ['next-walk-in-gap', 'send-tomorrows-reminders', 'who-is-overdue'] as const;
export type AssistantQuickAction = (typeof ASSISTANT_QUICK_ACTIONS)[number];
export const ASSISTANT_QUICK_ACTION_LABELS: Record<AssistantQuickAction, string> = {
  'next-walk-in-gap': 'Next walk-in gap',
  'send-tomorrows-reminders': "Send tomorrow's reminders",
  'who-is-overdue': 'Who is overdue',
};

export type AssistantProposalStatus = 'pending' | 'confirmed' | 'rejected' | 'failed' | 'expired';

/** A write the assistant wants to make: nothing happens until a person confirms it. */
export interface AssistantProposal {
  id: string;
  tool: string;
  /** One line: what, who, when. */
  summary: string;
  /** What the change would move or cancel besides its own subject (empty when nothing). */
  displaces: string[];
  status: AssistantProposalStatus;
  expiresAt: string;
  /** After a decision: what happened (or why it failed). */
  outcome?: string;
}

export interface AssistantToolCall {
  name: string;
  args: Record<string, unknown>;
  /** Reads: the result as the model saw it; a short human summary for the card. */
  summary: string;
}

/** One item of a conversation as the panel shows it. */
export type AssistantItem =
  | { kind: 'user'; text: string; at: string }
  | { kind: 'assistant'; text: string; at: string }
  | { kind: 'tool'; call: AssistantToolCall; at: string }
  | { kind: 'proposal'; proposal: AssistantProposal; at: string };

export interface AssistantStatus {
  /** Whether a model is connected (LLM_BASE_URL set). */
  configured: boolean;
  model: string | null;
  /** Who the assistant acts for here. */
  role: 'owner' | 'barber';
  quickActions: Array<{ id: AssistantQuickAction; label: string }>;
  /** Operators only (ADMIN_EMAILS): where the operator docs say how to connect a model. */
  operatorDocs?: string;
}

export interface AssistantConversation {
  status: AssistantStatus;
  items: AssistantItem[];
}

/** Server-sent events of POST /api/shops/{id}/assistant/chat (one JSON object per `data:` line). */
export type AssistantEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool'; call: AssistantToolCall }
  | { type: 'proposal'; proposal: AssistantProposal }
  | { type: 'error'; message: string }
  | { type: 'done' };

/** Answer of a quick action: a read's text, or a proposal to confirm. */
export interface AssistantQuickActionResult {
  text: string;
  proposal?: AssistantProposal;
}
