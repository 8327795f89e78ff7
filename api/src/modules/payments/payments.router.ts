import { FailedChargeActionSchema, NoShowDecisionSchema, RefundRequestSchema } from '@barberly/common';
import express, { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { parseInput } from '../../platform/http/errors';
import { publicBookingCors } from '../appointments/public-cors';
import { loadOwnedShop, pathParam } from '../shops/shop-access';
import {
  actOnFailedCharge,
  appointmentPayments,
  decideNoShow,
  refundFromAppointment,
} from './appointment-payments.service';
import type { CheckoutDeps } from './checkout.service';
import { paymentReturnState } from './checkout-completion.service';
import { cancellationTerms } from './payment-followups';
import { connectAccount, getAccount, getPolicies, putServicePolicy, putShopPolicy } from './payments.service';
import { handlePaymentsWebhook } from './payments-webhook';

/** Stripe signs the Connect webhook's exact bytes: mounted before the api's JSON parser (app.ts skips its path). */
export function paymentsWebhookRouter(deps: CheckoutDeps): Router {
  const router = Router();
  router.post('/api/payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    await handlePaymentsWebhook(deps, req.body as Buffer, req.header('stripe-signature'));
    res.json({ received: true });
  });
  return router;
}

/**
 * Shops' takings (issue 27): the owner connects Stripe, sets the policy, and acts on an appointment's money;
 * the client's return page and manage page read what applies to them by their link's token.
 */
export function paymentsRouter(deps: CheckoutDeps & { config: { PUBLIC_ORIGIN: string } }): Router {
  const router = Router();
  const owned = (req: express.Request) =>
    loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);

  router.post('/shops/:shopId/payments/connect', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.json(await connectAccount(deps, shop, currentUser(req).email ?? ''));
  });

  router.get('/shops/:shopId/payments/account', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.set('Cache-Control', 'no-store');
    res.json(await getAccount(deps, shop));
  });

  router.get('/shops/:shopId/payment-policy', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.set('Cache-Control', 'no-store');
    res.json(await getPolicies(deps, shop));
  });

  router.put('/shops/:shopId/payment-policy', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.json(await putShopPolicy(deps, shop, currentUser(req).id, req.body));
  });

  router.put('/shops/:shopId/services/:serviceId/payment-policy', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.json(await putServicePolicy(deps, shop, pathParam(req.params, 'serviceId'), currentUser(req).id, req.body));
  });

  router.get('/shops/:shopId/appointments/:appointmentId/payments', requireAuth, async (req, res) => {
    const shop = await owned(req);
    res.set('Cache-Control', 'no-store');
    res.json(await appointmentPayments(deps, shop.id, pathParam(req.params, 'appointmentId')));
  });

  router.post('/shops/:shopId/appointments/:appointmentId/no-show-fee', requireAuth, async (req, res) => {
    const shop = await owned(req);
    const { action } = parseInput(NoShowDecisionSchema, req.body);
    res.json(await decideNoShow(deps, shop.id, pathParam(req.params, 'appointmentId'), currentUser(req).id, action));
  });

  router.post('/shops/:shopId/appointments/:appointmentId/refunds', requireAuth, async (req, res) => {
    const shop = await owned(req);
    const input = parseInput(RefundRequestSchema, req.body);
    res.json(
      await refundFromAppointment(deps, shop.id, pathParam(req.params, 'appointmentId'), currentUser(req).id, input),
    );
  });

  router.post('/shops/:shopId/appointments/:appointmentId/payments/:paymentId', requireAuth, async (req, res) => {
    const shop = await owned(req);
    const { action } = parseInput(FailedChargeActionSchema, req.body);
    res.json(
      await actOnFailedCharge(
        deps,
        shop.id,
        pathParam(req.params, 'appointmentId'),
        pathParam(req.params, 'paymentId'),
        action,
      ),
    );
  });

  // The client's side, by their link's token (no account).
  const cors = publicBookingCors(deps.config as never);
  router.options('/payments/return/:token', cors);
  router.get('/payments/return/:token', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await paymentReturnState(deps, pathParam(req.params, 'token')));
  });
  router.options('/appointments/manage/:token/payment-terms', cors);
  router.get('/appointments/manage/:token/payment-terms', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await cancellationTerms(deps, pathParam(req.params, 'token')));
  });

  return router;
}
