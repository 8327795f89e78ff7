import {
  AssistantTextsPatchSchema,
  type AssistantTextsState,
  MESSAGING_MESSAGES,
  normalizePhone,
  OPERATOR_ASSISTANT_DOCS,
  TextTakeoverSchema,
} from '@barberly/common';
import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { HttpError, parseInput } from '../../platform/http/errors';
import { isOperator } from '../billing/billing.service';
import { shopCountry } from '../messaging/texts';
import type { ShopEntity } from '../shops/shop.entity';
import { loadOwnedShop, pathParam } from '../shops/shop-access';
import { llmConfigOf } from './assistant.service';
import {
  activeTakeovers,
  assistantAnswersTexts,
  clientTextProposals,
  endTakeover,
  takeOverConversation,
} from './client-text-dispatch';
import type { AssistantDeps } from './tool-context';

/**
 * The owner's side of clients texting the assistant (decision 0171), under /api/shops/{id}:
 *   GET/PATCH messaging/assistant: the switch "The assistant answers texts", whether a model is connected, the
 *     conversations taken over and the proposals waiting for a client's YES;
 *   POST messages/takeover {phone}: the assistant stays silent in that conversation for 24 hours;
 *   DELETE messages/takeover/{phone}: it answers that conversation again.
 * Owner only, like the rest of messaging.
 */
export function clientTextRouter(deps: AssistantDeps): Router {
  const router = Router();

  const stateOf = async (shopId: string, email: string): Promise<AssistantTextsState> => {
    const now = deps.now();
    return {
      available: Boolean(llmConfigOf(deps)),
      ...(isOperator(deps.config, email) ? { operatorDocs: OPERATOR_ASSISTANT_DOCS } : {}),
      enabled: await assistantAnswersTexts(deps.dataSource, shopId),
      takeovers: await activeTakeovers(deps.dataSource, shopId, now),
      proposals: await clientTextProposals(deps.dataSource, shopId, now),
    };
  };

  const phoneOf = (shop: ShopEntity, body: unknown): string => {
    const input = parseInput(TextTakeoverSchema, body);
    const phone = normalizePhone(input.phone, shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY));
    if (!phone) {
      throw new HttpError(400, 'invalid_input', MESSAGING_MESSAGES.phoneForTexts, {
        phone: MESSAGING_MESSAGES.phoneForTexts,
      });
    }
    return phone;
  };

  router.get('/shops/:shopId/messaging/assistant', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    res.set('Cache-Control', 'no-store').json(await stateOf(shop.id, currentUser(req).email));
  });

  router.patch('/shops/:shopId/messaging/assistant', requireAuth, async (req, res) => {
    const patch = parseInput(AssistantTextsPatchSchema, req.body);
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    // Not part of the public site: no shop version bump, no cache to drop.
    await deps.dataSource.query('UPDATE "shops" SET "assistant_answers_texts" = $2 WHERE "id" = $1', [
      shop.id,
      patch.enabled,
    ]);
    res.json(await stateOf(shop.id, currentUser(req).email));
  });

  router.post('/shops/:shopId/messages/takeover', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    const phone = phoneOf(shop, req.body);
    const takeover = await takeOverConversation(deps.dataSource, {
      shopId: shop.id,
      phone,
      now: deps.now(),
      reason: 'owner',
    });
    res.status(201).json(takeover);
  });

  router.delete('/shops/:shopId/messages/takeover/:phone', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    await endTakeover(deps.dataSource, shop.id, phoneOf(shop, { phone: pathParam(req.params, 'phone') }));
    res.status(204).end();
  });

  return router;
}
