import { ChoosePlanSchema, ExtendTrialSchema } from '@barberly/common';
import express, { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { HttpError, parseInput } from '../../platform/http/errors';
import type { Mailer } from '../mail/mailer';
import { loadOwnedShop, pathParam } from '../shops/shop-access';
import { type BillingDeps, shopBilling } from './billing.service';
import { createCheckout, createPortal, handleStripeWebhook } from './billing-stripe.service';
import { assertOperator, confirmOperatorProof, sendOperatorProof } from './operator';
import { extendTrial, operatorShops } from './operator-shops';

/**
 * Stripe's webhook needs the body exactly as sent (its signature covers the bytes), so it is mounted before the
 * api's JSON parser (app.ts).
 */
export function stripeWebhookRouter(deps: BillingDeps): Router {
  const router = Router();
  router.post('/api/billing/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    await handleStripeWebhook(deps, req.body as Buffer, req.header('stripe-signature'));
    res.json({ received: true });
  });
  return router;
}

/** The owner's plan and the operator's view of every shop. */
export function billingRouter(deps: BillingDeps & { mailer?: Mailer }): Router {
  const router = Router();

  router.get('/shops/:shopId/billing', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    res.set('Cache-Control', 'no-store');
    res.json(await shopBilling(deps, shop.id));
  });

  router.post('/shops/:shopId/billing/checkout', requireAuth, async (req, res) => {
    const user = currentUser(req);
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), user.id);
    const { plan } = parseInput(ChoosePlanSchema, req.body);
    res.json({ url: await createCheckout(deps, shop, user.email, plan) });
  });

  router.post('/shops/:shopId/billing/portal', requireAuth, async (req, res) => {
    const user = currentUser(req);
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), user.id);
    res.json({ url: await createPortal(deps, shop, user.email) });
  });

  // Operators only, and only with a proven address (decision 0173): the answer says how to prove it.
  const operatorOnly = (req: Express.Request) => assertOperator(deps, currentUser(req));

  router.get('/admin/shops', requireAuth, async (req, res) => {
    await operatorOnly(req);
    res.set('Cache-Control', 'no-store');
    res.json({ shops: await operatorShops(deps) });
  });

  router.post('/admin/shops/:shopId/trial', requireAuth, async (req, res) => {
    await operatorOnly(req);
    const { days } = parseInput(ExtendTrialSchema, req.body);
    await extendTrial(deps, pathParam(req.params, 'shopId'), days, currentUser(req));
    res.json({ shops: await operatorShops(deps) });
  });

  router.post('/admin/verify-email', requireAuth, async (req, res) => {
    if (!deps.mailer) throw new HttpError(409, 'conflict', 'This server cannot send mail.');
    res.json(await sendOperatorProof({ ...deps, mailer: deps.mailer }, currentUser(req)));
  });

  router.post('/admin/verify-email/confirm', requireAuth, async (req, res) => {
    res.json(await confirmOperatorProof(deps, currentUser(req), req.body));
  });

  return router;
}
