import { Router } from 'express';
import type { Redis } from 'ioredis';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { bookWithPayment, type CheckoutDeps } from '../payments/checkout.service';
import { pathParam } from '../shops/shop-access';
import { type BookingDeps, bookAppointment } from './booking.service';
import { appointmentHistory } from './history.service';
import { calendarFor, cancelManaged, getManaged, rescheduleManaged } from './manage.service';
import { bookWalkIn, getAgenda, getStats, setAppointmentStatus } from './owner.service';
import { PUBLIC_BOOKING_PATHS, publicBookingCors, publicRequestLimit } from './public-cors';
import { staffBook, staffChangeServices, staffMove } from './staff-booking.service';

export interface AppointmentsRouterDeps extends BookingDeps {
  redis: Redis | null;
  keyPrefix: string;
  /** Scales the per-address booking limit (AUTH_RATE_LIMIT_MULTIPLIER); 0 turns it off. */
  rateLimitMultiplier: number;
  /** Shops' takings (issue 27): payment at booking and the follow-ups of a cancel; absent, no money is asked. */
  payments?: CheckoutDeps;
}

/**
 * Appointments: clients book and manage theirs without an account (the manage link is the credential);
 * a shop's owner reads the agenda, sets statuses, books walk-ins and reads the day's numbers.
 */
export function appointmentsRouter(deps: AppointmentsRouterDeps): Router {
  const router = Router();
  const limited = publicRequestLimit('bookings', deps);

  // Owner routes below carry their own bearer token and are called from the admin's origin (same origin).
  const cors = publicBookingCors(deps.config);
  for (const path of PUBLIC_BOOKING_PATHS.filter((p) => !p.endsWith('/availability'))) {
    router.options(path, cors);
  }
  router.post('/shops/:slugOrId/appointments', cors, async (req, res) => {
    await limited(req.ip);
    // payments (issue 27): a policy that takes money or a card ends in Stripe Checkout, the slot held meanwhile.
    const pending = deps.payments
      ? await bookWithPayment(deps.payments, pathParam(req.params, 'slugOrId'), req.body, req.header('idempotency-key'))
      : null;
    if (pending) {
      res.status(201).json(pending);
      return;
    }
    const key = req.header('idempotency-key');
    res.status(201).json(await bookAppointment(deps, pathParam(req.params, 'slugOrId'), req.body, key));
  });

  router.get('/appointments/manage/:token', cors, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getManaged(deps, pathParam(req.params, 'token')));
  });

  router.get('/appointments/manage/:token/calendar.ics', cors, async (req, res) => {
    const ics = await calendarFor(deps, pathParam(req.params, 'token'));
    res.set('Cache-Control', 'no-store');
    res.set('Content-Disposition', 'attachment; filename="appointment.ics"');
    res.type('text/calendar; charset=utf-8').send(ics);
  });

  router.post('/appointments/manage/:token/cancel', cors, async (req, res) => {
    // The money (late fee or refund) follows the cancelled event: payments-cancel.listener.ts.
    res.json(await cancelManaged(deps, pathParam(req.params, 'token'), req.body));
  });

  router.post('/appointments/manage/:token/reschedule', cors, async (req, res) => {
    await limited(req.ip);
    res.json(await rescheduleManaged(deps, pathParam(req.params, 'token'), req.body));
  });

  router.get('/shops/:shopId/appointments', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getAgenda(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.query));
  });

  router.patch('/shops/:shopId/appointments/:appointmentId', requireAuth, async (req, res) => {
    const changed = await setAppointmentStatus(
      deps,
      pathParam(req.params, 'shopId'),
      pathParam(req.params, 'appointmentId'),
      currentUser(req).id,
      req.body,
    );
    // A cancel's refund follows the cancelled event (payments-cancel.listener.ts). A no-show charges nothing here:
    // the owner chooses "Charge the no-show fee" or "Waive it" on the appointment.
    res.json(changed);
  });

  router.post('/shops/:shopId/walk-in', requireAuth, async (req, res) => {
    res.status(201).json(await bookWalkIn(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  // The calendar (issue 25): the owner or a barber books and moves.
  router.post('/shops/:shopId/bookings', requireAuth, async (req, res) => {
    res.status(201).json(await staffBook(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.body));
  });

  router.post('/shops/:shopId/appointments/:appointmentId/move', requireAuth, async (req, res) => {
    res.json(
      await staffMove(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'appointmentId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.get('/shops/:shopId/appointments/:appointmentId/events', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(
      await appointmentHistory(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'appointmentId'),
        currentUser(req).id,
      ),
    );
  });

  router.post('/shops/:shopId/appointments/:appointmentId/services', requireAuth, async (req, res) => {
    res.json(
      await staffChangeServices(
        deps,
        pathParam(req.params, 'shopId'),
        pathParam(req.params, 'appointmentId'),
        currentUser(req).id,
        req.body,
      ),
    );
  });

  router.get('/shops/:shopId/stats', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getStats(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.query));
  });

  return router;
}
