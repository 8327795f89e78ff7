import { ASSISTANT_LIMITS, ASSISTANT_MESSAGES, type AssistantProposal } from '@barberly/common';
import { HttpError, notFound } from '../../platform/http/errors';
import { type Actor, conversationOf, describeActor } from './actor';
import type { AssistantTool, Channel, ToolContext, ToolResult } from './tool-context';
import { findTool, parseToolArgs } from './tools';

/**
 * Propose, then confirm: a write the assistant wants to make is stored as a proposal (what, who, when, what it
 * displaces) and nothing changes until the same person confirms it. Confirming re-checks everything against the
 * confirmer's own permissions and applies the change through the same services as the REST routes. The audit log
 * (assistant_audit, one line per proposal) of a change of an appointment is written by its event's listener, in the
 * change's transaction (assistant-audit.listener.ts, decision 0190); everything else is written here where it ends:
 * rejected, failed, and applied writes that are not an appointment's (time off, hours, reminders). A proposal
 * lapses after ASSISTANT_LIMITS.proposalTtlMinutes.
 */

interface ProposalRow {
  id: string;
  shop_id: string;
  conversation: string;
  tool: string;
  args: Record<string, unknown>;
  summary: string;
  displaces: string[];
  status: AssistantProposal['status'];
  result: { outcome?: string } | null;
  expires_at: Date;
}

function toDto(row: ProposalRow): AssistantProposal {
  return {
    id: row.id,
    tool: row.tool,
    summary: row.summary,
    displaces: row.displaces ?? [],
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    ...(row.result?.outcome ? { outcome: row.result.outcome } : {}),
  };
}

/** Checks and describes a write, and stores it as pending. Throws (an HttpError) when the write could not happen. */
export async function propose(ctx: ToolContext, tool: AssistantTool, rawArgs: unknown): Promise<AssistantProposal> {
  if (tool.kind !== 'write' || !tool.describe) throw new Error(`${tool.name} is not a write`);
  const args = parseToolArgs(tool, ctx.actor, rawArgs);
  const draft = await tool.describe(ctx, args);
  const expires = new Date(ctx.deps.now().getTime() + ASSISTANT_LIMITS.proposalTtlMinutes * 60_000);
  const [row] = (await ctx.deps.dataSource.query(
    `INSERT INTO "assistant_proposals" ("shop_id", "conversation", "actor", "tool", "args", "summary", "displaces", "expires_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      ctx.actor.shop.id,
      conversationOf(ctx.actor),
      JSON.stringify(describeActor(ctx.actor)),
      tool.name,
      JSON.stringify(args),
      draft.summary,
      JSON.stringify(draft.displaces),
      expires,
    ],
  )) as ProposalRow[];
  return toDto(row as ProposalRow);
}

/** Pending proposals of this person's conversation (the panel shows their cards again after a reload). */
export async function pendingProposals(ctx: ToolContext): Promise<AssistantProposal[]> {
  const rows = (await ctx.deps.dataSource.query(
    `SELECT * FROM "assistant_proposals" WHERE "shop_id" = $1 AND "conversation" = $2 AND "status" = 'pending'
       AND "expires_at" > $3 ORDER BY "created_at"`,
    [ctx.actor.shop.id, conversationOf(ctx.actor), ctx.deps.now()],
  )) as ProposalRow[];
  return rows.map(toDto);
}

async function loadOwn(ctx: ToolContext, id: string, lock = false): Promise<ProposalRow> {
  const rows = /^[0-9a-f-]{36}$/i.test(id)
    ? ((await ctx.deps.dataSource.query(
        `SELECT * FROM "assistant_proposals" WHERE "id" = $1 AND "shop_id" = $2 AND "conversation" = $3${lock ? ' FOR UPDATE' : ''}`,
        [id, ctx.actor.shop.id, conversationOf(ctx.actor)],
      )) as ProposalRow[])
    : [];
  // Someone else's proposal is as unknown as a made-up one: only the person who asked decides.
  if (!rows[0]) throw notFound(ASSISTANT_MESSAGES.proposalNotFound);
  return rows[0];
}

/**
 * Claims the pending proposal (pending -> confirmed) in one statement, so two confirms of the same proposal (a
 * double click, two tabs) apply it once; the loser sees that it was already decided.
 */
async function claim(ctx: ToolContext, id: string): Promise<ProposalRow> {
  const row = await loadOwn(ctx, id);
  if (row.status !== 'pending') throw new HttpError(409, 'proposal_decided', ASSISTANT_MESSAGES.proposalDecided);
  if (row.expires_at.getTime() <= ctx.deps.now().getTime()) {
    await ctx.deps.dataSource.query(
      `UPDATE "assistant_proposals" SET "status" = 'expired', "decided_at" = now() WHERE "id" = $1 AND "status" = 'pending'`,
      [id],
    );
    throw new HttpError(409, 'proposal_expired', ASSISTANT_MESSAGES.proposalExpired);
  }
  const [claimed] = (await ctx.deps.dataSource.query(
    `UPDATE "assistant_proposals" SET "status" = 'confirmed', "decided_at" = now()
      WHERE "id" = $1 AND "status" = 'pending' RETURNING *`,
    [id],
  )) as [ProposalRow[], number];
  if (!claimed[0]) throw new HttpError(409, 'proposal_decided', ASSISTANT_MESSAGES.proposalDecided);
  return claimed[0];
}

/**
 * The proposal's audit line where the listener wrote none: a line already there (the applied change's, written with
 * its event) is kept.
 */
async function audit(ctx: ToolContext, row: ProposalRow, channel: Channel, outcome: string, detail: unknown) {
  await ctx.deps.dataSource.query(
    `INSERT INTO "assistant_audit" ("shop_id", "proposal_id", "confirmed_by", "channel", "tool", "args", "outcome", "detail")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ("proposal_id") DO NOTHING`,
    [
      ctx.actor.shop.id,
      row.id,
      JSON.stringify(describeActor(ctx.actor)),
      channel,
      row.tool,
      JSON.stringify(row.args),
      outcome,
      JSON.stringify(detail ?? null),
    ],
  );
}

/**
 * Applies a pending proposal for the person who asked for it. The tool is looked up among the confirmer's own tools
 * and its arguments re-parsed with their schema: a proposal can never do more than its confirmer may.
 */
export async function confirmProposal(
  ctx: ToolContext,
  id: string,
  channel: Channel,
): Promise<{ proposal: AssistantProposal; result?: ToolResult }> {
  const row = await claim(ctx, id);
  const tool = findTool(ctx.actor, row.tool);
  let result: ToolResult | undefined;
  let failure: string | undefined;
  try {
    if (!tool?.apply) throw new HttpError(403, 'forbidden', 'You may not make this change.');
    // The proposal rides along: its appointment changes' events carry its id and channel for the audit listener.
    result = await tool.apply({ ...ctx, proposal: { id: row.id, channel } }, parseToolArgs(tool, ctx.actor, row.args));
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    failure = err.message;
  }
  const outcome = failure ?? result?.summary ?? 'Done';
  const [updated] = (await ctx.deps.dataSource.query(
    `UPDATE "assistant_proposals" SET "status" = $2, "result" = $3 WHERE "id" = $1 RETURNING *`,
    [row.id, failure ? 'failed' : 'confirmed', JSON.stringify({ outcome, data: result?.data ?? null })],
  )) as [ProposalRow[], number];
  await audit(ctx, row, channel, failure ? 'failed' : 'applied', failure ? { error: failure } : result?.data);
  return { proposal: toDto(updated[0] as ProposalRow), ...(result ? { result } : {}) };
}

export async function rejectProposal(ctx: ToolContext, id: string, channel: Channel): Promise<AssistantProposal> {
  const row = await loadOwn(ctx, id);
  if (row.status !== 'pending') throw new HttpError(409, 'proposal_decided', ASSISTANT_MESSAGES.proposalDecided);
  const [updated] = (await ctx.deps.dataSource.query(
    `UPDATE "assistant_proposals" SET "status" = 'rejected', "decided_at" = now(), "result" = $2
      WHERE "id" = $1 AND "status" = 'pending' RETURNING *`,
    [id, JSON.stringify({ outcome: 'Rejected: nothing was changed' })],
  )) as [ProposalRow[], number];
  if (!updated[0]) throw new HttpError(409, 'proposal_decided', ASSISTANT_MESSAGES.proposalDecided);
  await audit(ctx, row, channel, 'rejected', null);
  return toDto(updated[0]);
}

/** The caller's latest pending proposal (a client answering "yes" by text means this one). */
export async function latestPending(ctx: ToolContext): Promise<AssistantProposal | null> {
  const pending = await pendingProposals(ctx);
  return pending[pending.length - 1] ?? null;
}

export type { Actor, Channel };
