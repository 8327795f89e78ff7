import { AssistantChatRequestSchema, type AssistantEvent, OPERATOR_ASSISTANT_DOCS } from '@barberly/common';
import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { parseInput, tooManyRequests } from '../../platform/http/errors';
import { isOperator } from '../billing/billing.service';
import { pathParam } from '../shops/shop-access';
import { staffActor } from './actor';
import { chat, confirmProposal, getConversation, quickAction, rejectProposal } from './assistant.service';
import { clearConversation } from './conversation';
import { type AssistantDeps, assistantLimiter } from './tool-context';

/**
 * The dashboards' assistant panel: GET the conversation, POST a message (answered as server-sent events), confirm
 * or reject a proposal, run a quick action, clear the conversation. Only the shop's owner and its linked barbers
 * get in; what each may do is the tool layer's business.
 */
export function assistantRouter(deps: AssistantDeps): Router {
  const router = Router();
  const limiter = assistantLimiter(deps, 'assistant', 1);

  const contextOf = async (req: Express.Request & { params: Record<string, string | string[]> }) => ({
    deps,
    actor: await staffActor(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req)),
  });

  router.get('/shops/:shopId/assistant', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const conversation = await getConversation(await contextOf(req));
    // Only an operator is shown where the docs say how to connect a model (issue 28): owners see plain words.
    if (isOperator(deps.config, currentUser(req).email)) conversation.status.operatorDocs = OPERATOR_ASSISTANT_DOCS;
    res.json(conversation);
  });

  router.delete('/shops/:shopId/assistant', requireAuth, async (req, res) => {
    await clearConversation(await contextOf(req));
    res.status(204).end();
  });

  router.post('/shops/:shopId/assistant/chat', requireAuth, async (req, res) => {
    const ctx = await contextOf(req);
    const { message } = parseInput(AssistantChatRequestSchema, req.body);
    const limit = await limiter?.consume(ctx.actor.userId);
    if (limit && !limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // nginx must pass each event on as it comes.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    const emit = (event: AssistantEvent) => {
      if (!res.writableEnded) res.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    try {
      await chat(ctx, message, emit);
    } catch (err) {
      deps.logger.error({ err, reqId: req.id }, 'assistant turn failed');
      emit({ type: 'error', message: 'Something went wrong. Nothing was changed.' });
    }
    emit({ type: 'done' });
    res.end();
  });

  router.post('/shops/:shopId/assistant/proposals/:proposalId/confirm', requireAuth, async (req, res) => {
    res.json(await confirmProposal(await contextOf(req), pathParam(req.params, 'proposalId'), 'chat'));
  });

  router.post('/shops/:shopId/assistant/proposals/:proposalId/reject', requireAuth, async (req, res) => {
    res.json({ proposal: await rejectProposal(await contextOf(req), pathParam(req.params, 'proposalId'), 'chat') });
  });

  router.post('/shops/:shopId/assistant/quick/:action', requireAuth, async (req, res) => {
    const ctx = await contextOf(req);
    const limit = await limiter?.consume(ctx.actor.userId);
    if (limit && !limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    res.json(await quickAction(ctx, pathParam(req.params, 'action')));
  });

  return router;
}
