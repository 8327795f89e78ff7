import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BookingDeps } from '../appointments/booking.service';
import type { Actor } from './actor';
import { sharedRateLimiter } from './assistant-rate';

/**
 * What a tool gets (the api's services, the person it acts for) and gives back (data for the model, one line for
 * the person watching). The tools themselves are in read-tools.ts and write-tools.ts, listed by tools.ts.
 */
export interface AssistantDeps extends BookingDeps {
  config: Config;
  redis: Redis | null;
}

/** A person's budget of assistant calls a minute (ASSISTANT_MESSAGES_PER_MINUTE times `factor`); null: no limit. */
export function assistantLimiter(deps: AssistantDeps, name: string, factor: number): RateLimiter | null {
  const perMinute = deps.config.ASSISTANT_MESSAGES_PER_MINUTE;
  if (perMinute <= 0) return null;
  // Shared by every api process: Redis when set, PostgreSQL otherwise (issue 30).
  return sharedRateLimiter({
    name,
    rule: { points: perMinute * factor, durationSeconds: 60 },
    redis: deps.redis,
    keyPrefix: deps.config.REDIS_KEY_PREFIX,
    dataSource: deps.dataSource,
  });
}

/** Where a person confirmed or rejected a proposal: the dashboards' chat, an MCP client, a text, a quick action. */
export type Channel = 'chat' | 'mcp' | 'text' | 'quick';

export interface ToolContext {
  deps: AssistantDeps;
  actor: Actor;
  /** Called when a client asks for a person (client texts hand the conversation to the owner's inbox). */
  onHandOver?: (reason: string) => Promise<void>;
  /**
   * A write being applied: the proposal confirmed and where. Its appointment changes carry it in their events, so
   * the audit listener records them (assistant-audit.listener.ts).
   */
  proposal?: { id: string; channel: Channel };
}

export interface ToolResult {
  /** What the model (or MCP client) reads. Text written by clients is under `clientWritten`: data, never orders. */
  data: unknown;
  /** One line for the person watching. */
  summary: string;
}

export interface ProposalDraft {
  summary: string;
  displaces: string[];
}

type Role = Actor['kind'];

export interface AssistantTool {
  name: string;
  description: string;
  kind: 'read' | 'write';
  roles: readonly Role[];
  schema(actor: Actor): z.ZodObject;
  /** Reads. */
  run?(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult>;
  /** Writes: checks and describes without changing anything. */
  describe?(ctx: ToolContext, args: Record<string, unknown>): Promise<ProposalDraft>;
  /** Writes: the change itself, after confirmation. */
  apply?(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult>;
}
