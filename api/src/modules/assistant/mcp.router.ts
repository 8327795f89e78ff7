import type { IncomingMessage } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type Request, Router } from 'express';
import { z } from 'zod';
import type { TokenVerifier } from '../../platform/http/auth-context';
import { HttpError } from '../../platform/http/errors';
import { defaultStaffActor, type StaffActor } from './actor';
import { confirmProposal, propose, rejectProposal } from './proposals';
import { type AssistantDeps, assistantLimiter, type ToolContext } from './tool-context';
import { toolsFor } from './tools';

/**
 * The owner's and barber's assistant tools as a Model Context Protocol server (Streamable HTTP, stateless: every
 * POST carries its own bearer token), so any MCP client can act as the shop's secretary. The token is the user's
 * Barberly access token; the protected-resource metadata (RFC 9728) points clients at the built-in auth under
 * /auth/v1. Writes keep the propose-then-confirm rule: a write tool answers with a proposal, and confirm_proposal
 * (with its id) applies it.
 */

const MCP_PATH = '/mcp';

function origin(deps: AssistantDeps): string {
  return new URL(deps.config.PUBLIC_ORIGIN).origin;
}

function metadataUrl(deps: AssistantDeps): string {
  return `${origin(deps)}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

const asText = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
const asError = (message: string) => ({ isError: true, content: [{ type: 'text' as const, text: message }] });

/** Runs a tool body; the api's own refusals (404, 400, 409...) become MCP tool errors, anything else throws. */
async function guarded(body: () => Promise<ReturnType<typeof asText>>) {
  try {
    return await body();
  } catch (err) {
    if (err instanceof HttpError) return asError(err.message);
    throw err;
  }
}

function buildServer(ctx: ToolContext & { actor: StaffActor }): McpServer {
  const server = new McpServer(
    { name: 'barberly', version: '1.0.0' },
    {
      instructions: `Barberly front desk for ${ctx.actor.shop.name} (acting as its ${ctx.actor.kind}). Write tools only propose a change; show the proposal to the user and call confirm_proposal with its id once they agree.`,
    },
  );
  for (const tool of toolsFor(ctx.actor)) {
    const schema = tool.schema(ctx.actor);
    server.registerTool(
      tool.name,
      {
        description:
          tool.kind === 'write'
            ? `${tool.description} Proposes the change; confirm_proposal applies it.`
            : tool.description,
        inputSchema: schema.shape,
        annotations: { readOnlyHint: tool.kind === 'read' },
      },
      async (args: Record<string, unknown>) =>
        guarded(async () => {
          if (tool.kind === 'read') {
            const result = await tool.run?.(ctx, args);
            return asText({ summary: result?.summary, data: result?.data });
          }
          const proposal = await propose(ctx, tool, args);
          return asText({
            proposal,
            next: `Call confirm_proposal with proposalId "${proposal.id}" once the user agrees.`,
          });
        }),
    );
  }
  const byId = { proposalId: z.string().uuid().describe('The id of a proposal a write tool returned') };
  server.registerTool(
    'confirm_proposal',
    { description: 'Apply a proposed change the user has agreed to.', inputSchema: byId },
    async ({ proposalId }) => guarded(async () => asText(await confirmProposal(ctx, proposalId, 'mcp'))),
  );
  server.registerTool(
    'reject_proposal',
    { description: 'Drop a proposed change the user does not want.', inputSchema: byId },
    async ({ proposalId }) => guarded(async () => asText({ proposal: await rejectProposal(ctx, proposalId, 'mcp') })),
  );
  return server;
}

export function mcpRouter(deps: AssistantDeps & { verifier: TokenVerifier }): Router {
  const router = Router();
  // Tool calls come faster than chat messages: an MCP client lists tools and reads before it writes.
  const limiter = assistantLimiter(deps, 'mcp', 10);

  const metadata = () => ({
    resource: `${origin(deps)}${MCP_PATH}`,
    authorization_servers: [`${origin(deps)}/auth/v1`],
    bearer_methods_supported: ['header'],
    resource_name: 'Barberly assistant',
  });
  router.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, (_req, res) => res.json(metadata()));
  router.get('/.well-known/oauth-protected-resource', (_req, res) => res.json(metadata()));

  const unauthorized = (res: express.Response, error?: string) =>
    res
      .status(401)
      .set('WWW-Authenticate', `Bearer resource_metadata="${metadataUrl(deps)}"${error ? `, error="${error}"` : ''}`)
      .json({ error: { code: 'unauthorized', message: 'A Barberly access token is required.' } });

  router.post(MCP_PATH, express.json({ limit: '100kb' }), async (req: Request, res) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return unauthorized(res);
    let user: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      user = await deps.verifier.verify(token);
    } catch {
      return unauthorized(res, 'invalid_token');
    }
    const limit = await limiter?.consume(user.id);
    if (limit && !limit.allowed) {
      return res
        .status(429)
        .set('Retry-After', String(limit.retryAfterSeconds))
        .json({ error: { code: 'too_many_requests', message: 'Too many requests. Please wait a moment.' } });
    }
    const shopId = typeof req.query.shopId === 'string' ? req.query.shopId : req.header('x-barberly-shop');
    const actor = await defaultStaffActor(deps.dataSource.manager, user, shopId || undefined);
    const server = buildServer({ deps, actor });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // Our Request types `auth` as the api's user; the SDK's as its own AuthInfo, which this server does not use.
    await transport.handleRequest(req as unknown as IncomingMessage, res, req.body);
  });
  // Stateless: no server-initiated stream and no session to end.
  router.all(MCP_PATH, (_req, res) => {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ error: { code: 'method_not_allowed', message: 'Use POST.' } });
  });
  return router;
}
