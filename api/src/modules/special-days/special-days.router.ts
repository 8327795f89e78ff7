import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import type { PaymentsDeps } from '../payments/payments-stripe';
import { pathParam } from '../shops/shop-access';
import {
  deleteSpecialDayOf,
  holidaySuggestions,
  listSpecialDays,
  putSpecialDay,
  type SpecialDaysDeps,
} from './special-days.service';

/**
 * /api/shops/{shopId}/special-days (issue 25, item 6; decision 0180). A barber-level day is the same path with
 * ?barberId={id}: PUT /api/shops/{shopId}/special-days/2026-12-24?barberId=... closes that barber alone.
 */
export function specialDaysRouter(deps: SpecialDaysDeps & { payments?: PaymentsDeps }): Router {
  const router = Router();
  const shopId = (req: { params: Record<string, string | string[] | undefined> }) => pathParam(req.params, 'shopId');

  router.get('/shops/:shopId/special-days', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listSpecialDays(deps, shopId(req), currentUser(req).id, req.query));
  });

  router.get('/shops/:shopId/special-days/holiday-suggestions', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await holidaySuggestions(deps, shopId(req), currentUser(req).id));
  });

  router.put('/shops/:shopId/special-days/:date', requireAuth, async (req, res) => {
    const date = pathParam(req.params, 'date');
    const answer = await putSpecialDay(deps, shopId(req), date, currentUser(req).id, req.query, req.body);
    // Each cancelled visit's refund follows its cancelled event (payments-cancel.listener.ts).
    res.json(answer);
  });

  router.delete('/shops/:shopId/special-days/:date', requireAuth, async (req, res) => {
    await deleteSpecialDayOf(deps, shopId(req), pathParam(req.params, 'date'), currentUser(req).id, req.query);
    res.status(204).end();
  });

  return router;
}
