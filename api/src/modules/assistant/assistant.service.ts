import {
  ASSISTANT_MESSAGES,
  ASSISTANT_QUICK_ACTION_LABELS,
  ASSISTANT_QUICK_ACTIONS,
  type AssistantConversation,
  type AssistantEvent,
  type AssistantProposal,
  type AssistantQuickAction,
  type AssistantQuickActionResult,
  type AssistantStatus,
} from '@barberly/common';
import { notFound } from '../../platform/http/errors';
import type { StaffActor } from './actor';
import { conversationItems, runTurn } from './conversation';
import type { LlmConfig } from './llm';
import { confirmProposal, latestPending, pendingProposals, propose, rejectProposal } from './proposals';
import type { AssistantDeps, ToolContext } from './tool-context';
import { findTool } from './tools';

/** The assistant as the dashboards and MCP reach it: status, conversation, turns, quick actions. */

export function llmConfigOf(deps: AssistantDeps): LlmConfig | null {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS } = deps.config;
  if (!LLM_BASE_URL) return null;
  return { baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY, model: LLM_MODEL, timeoutMs: LLM_TIMEOUT_MS };
}

export function statusFor(deps: AssistantDeps, actor: StaffActor): AssistantStatus {
  const llm = llmConfigOf(deps);
  const quick = actor.kind === 'owner' ? ASSISTANT_QUICK_ACTIONS : (['next-walk-in-gap'] as const);
  return {
    configured: Boolean(llm),
    model: llm?.model ?? null,
    role: actor.kind,
    quickActions: quick.map((id) => ({ id, label: ASSISTANT_QUICK_ACTION_LABELS[id] })),
  };
}

async function proposalsById(ctx: ToolContext, ids: string[]): Promise<Map<string, AssistantProposal>> {
  if (ids.length === 0) return new Map();
  const rows = (await ctx.deps.dataSource.query(
    `SELECT "id", "tool", "summary", "displaces", "status", "result", "expires_at" FROM "assistant_proposals"
      WHERE "id" = ANY($1::uuid[]) AND "shop_id" = $2`,
    [ids, ctx.actor.shop.id],
  )) as Array<{
    id: string;
    tool: string;
    summary: string;
    displaces: string[];
    status: AssistantProposal['status'];
    result: { outcome?: string } | null;
    expires_at: Date;
  }>;
  const now = ctx.deps.now().getTime();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        tool: r.tool,
        summary: r.summary,
        displaces: r.displaces ?? [],
        // A pending proposal past its time shows as lapsed; confirming it would say so too.
        status: r.status === 'pending' && r.expires_at.getTime() <= now ? 'expired' : r.status,
        expiresAt: r.expires_at.toISOString(),
        ...(r.result?.outcome ? { outcome: r.result.outcome } : {}),
      },
    ]),
  );
}

export async function getConversation(ctx: ToolContext & { actor: StaffActor }): Promise<AssistantConversation> {
  return {
    status: statusFor(ctx.deps, ctx.actor),
    items: await conversationItems(ctx, (ids) => proposalsById(ctx, ids)),
  };
}

/** A chat turn; without a model it says how to connect one (the quick actions still work). */
export async function chat(ctx: ToolContext, message: string, emit: (event: AssistantEvent) => void): Promise<void> {
  const llm = llmConfigOf(ctx.deps);
  if (!llm) {
    emit({ type: 'error', message: ASSISTANT_MESSAGES.notSetUp });
    return;
  }
  await runTurn(ctx, message, { llm, dailyTokenBudget: budgetOf(ctx.deps) }, emit);
}

function budgetOf(deps: AssistantDeps): number {
  return deps.config.ASSISTANT_DAILY_TOKENS > 0 ? deps.config.ASSISTANT_DAILY_TOKENS : Number.POSITIVE_INFINITY;
}

/** The quick actions need no model: a read answered at once, or a proposal to confirm. */
export async function quickAction(
  ctx: ToolContext & { actor: StaffActor },
  action: string,
): Promise<AssistantQuickActionResult> {
  const allowed = statusFor(ctx.deps, ctx.actor).quickActions.map((q) => q.id as string);
  if (!allowed.includes(action)) throw notFound('Unknown quick action');
  const toolNamed = (name: string) => {
    const tool = findTool(ctx.actor, name);
    if (!tool) throw notFound('Unknown quick action');
    return tool;
  };
  switch (action as AssistantQuickAction) {
    case 'next-walk-in-gap': {
      const read = toolNamed('find_walk_in_gap');
      const result = await read.run?.(ctx, {});
      const gap = (result?.data as { gap: unknown } | undefined)?.gap;
      if (!gap) return { text: result?.summary ?? '' };
      const proposal = await propose(ctx, toolNamed('book_walk_in'), {});
      return { text: result?.summary ?? '', proposal };
    }
    case 'send-tomorrows-reminders': {
      const proposal = await propose(ctx, toolNamed('send_reminders'), {});
      return { text: proposal.summary, proposal };
    }
    case 'who-is-overdue': {
      const read = toolNamed('who_is_overdue');
      const result = await read.run?.(ctx, {});
      return { text: result?.summary ?? '' };
    }
  }
}

export { confirmProposal, latestPending, pendingProposals, rejectProposal };
