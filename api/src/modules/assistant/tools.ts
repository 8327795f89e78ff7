import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { Actor } from './actor';
import { READ_TOOLS } from './read-tools';
import type { AssistantTool } from './tool-context';
import { WRITE_TOOLS } from './write-tools';

/**
 * The assistant's tools: one typed layer over the api's services, used by the chat, by client texts and by MCP.
 * Who may use a tool is decided here, once: a tool is only ever offered to (and accepted from) the roles it names,
 * and its schema for a barber has no barber to choose (it is always their own chair). Reads run at once
 * (read-tools.ts); a write is first described (what, who, when, what it displaces) and applied only after a person
 * confirms it (write-tools.ts, proposals.ts). What a tool gets and returns is in tool-context.ts.
 */
export const TOOLS: AssistantTool[] = [...READ_TOOLS, ...WRITE_TOOLS];

/** The tools this caller may use: nothing else is ever offered to the model or accepted from it. */
export function toolsFor(actor: Actor): AssistantTool[] {
  return TOOLS.filter((tool) => tool.roles.includes(actor.kind));
}

export function findTool(actor: Actor, name: string): AssistantTool | undefined {
  return toolsFor(actor).find((tool) => tool.name === name);
}

/** Tool arguments checked against the caller's own schema (a barber's has no barberId to smuggle in). */
export function parseToolArgs(tool: AssistantTool, actor: Actor, raw: unknown): Record<string, unknown> {
  const parsed = tool
    .schema(actor)
    .strict()
    .safeParse(raw ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    throw badRequest(`The ${tool.name} arguments are not valid: ${detail}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** Chat Completions' `tools` for this caller. */
export function toolDefinitions(actor: Actor) {
  return toolsFor(actor).map((tool) => ({
    type: 'function' as const,
    function: {
      name: tool.name,
      description:
        tool.kind === 'write' ? `${tool.description} (Proposes the change; a person confirms it.)` : tool.description,
      parameters: z.toJSONSchema(tool.schema(actor)),
    },
  }));
}
