import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam } from '../shops/shop-access';
import { chairCheckout, getChairCheckout } from './chair-checkout.service';
import type { ChairCheckoutDeps } from './chair-payments';
import { getChairPayment } from './chair-settlement.service';
import { getEarnings, getLedger, getPayouts, ledgerCsv, putBarberPay } from './money.service';

/**
 * Checkout at the chair and the money views (issue 27 items 5 and 6, decision 0186):
 * - GET/POST /api/shops/{shopId}/appointments/{appointmentId}/checkout, GET …/checkout/{paymentId} (a payment link's
 *   state, polled by the dialog) — the owner, or the barber of the visit;
 * - GET /api/shops/{shopId}/payments/ledger (?format=csv), GET …/payments/payouts — the owner;
 * - GET /api/shops/{shopId}/payments/earnings — the owner (every barber) or a barber (their own);
 * - PUT /api/shops/{shopId}/barbers/{barberId}/pay — the owner.
 */
export function moneyRouter(deps: ChairCheckoutDeps): Router {
  const router = Router();
  const p = (req: { params: Record<string, string | string[] | undefined> }, name: string) =>
    pathParam(req.params, name);

  router.get('/shops/:shopId/appointments/:appointmentId/checkout', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getChairCheckout(deps, p(req, 'shopId'), p(req, 'appointmentId'), currentUser(req).id));
  });
  router.post('/shops/:shopId/appointments/:appointmentId/checkout', requireAuth, async (req, res) => {
    res.json(await chairCheckout(deps, p(req, 'shopId'), p(req, 'appointmentId'), currentUser(req).id, req.body));
  });
  router.get('/shops/:shopId/appointments/:appointmentId/checkout/:paymentId', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(
      await getChairPayment(deps, p(req, 'shopId'), p(req, 'appointmentId'), p(req, 'paymentId'), currentUser(req).id),
    );
  });
  router.get('/shops/:shopId/payments/ledger', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const ledger = await getLedger(deps, p(req, 'shopId'), currentUser(req).id, req.query);
    if (req.query.format === 'csv') {
      res
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', 'attachment; filename="payments.csv"')
        .send(ledgerCsv(ledger));
      return;
    }
    res.json(ledger);
  });
  router.get('/shops/:shopId/payments/payouts', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getPayouts(deps, p(req, 'shopId'), currentUser(req).id));
  });
  router.get('/shops/:shopId/payments/earnings', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getEarnings(deps, p(req, 'shopId'), currentUser(req).id, req.query));
  });
  router.put('/shops/:shopId/barbers/:barberId/pay', requireAuth, async (req, res) => {
    res.json(await putBarberPay(deps, p(req, 'shopId'), p(req, 'barberId'), currentUser(req).id, req.body));
  });
  return router;
}
