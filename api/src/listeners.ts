import { analyticsRollupListener } from './modules/analytics/analytics-rollups.listener';
import { type AppointmentListener, registerAppointmentListeners } from './modules/appointments/lifecycle';
import { assistantAuditListener } from './modules/assistant/assistant-audit.listener';
import { scheduleNotifyListener } from './modules/availability/schedule-notify.listener';
import { bookingMailListener } from './modules/mail/booking-mail.listener';
import { paymentsCancelListener } from './modules/payments/payments-cancel.listener';
import { staffPushListener } from './modules/push/push.listener';
import { waitlistOfferListener } from './modules/waitlist/waitlist.listener';

/**
 * Everything that follows an appointment's change (issue 24, decision 0179): one listener per follow-up, each in
 * its own file. A new follow-up (push, live calendar, fees) is a new file added here; no transition changes.
 * Loaded by the composition roots (routes.ts for the api, workers.ts for the worker).
 */
export const APPOINTMENT_LISTENERS: readonly AppointmentListener[] = [
  // Availability's and analytics' caches and the live calendar hear of the change at its commit (decision 0191).
  scheduleNotifyListener,
  bookingMailListener,
  waitlistOfferListener,
  // Web push (and its e-mail fallback) to the chair's barber and the owner (issue 26 item 4, decision 0187).
  staffPushListener,
  // A cancel's refund or late-cancellation fee (issue 27 item 4, decision 0184).
  paymentsCancelListener,
  // Analytics' per-day rollups, recomputed inside the change's transaction (issue 29 item 3, decision 0188).
  analyticsRollupListener,
  // The assistant's audit line of an applied change, in the change's transaction (issue 24, decision 0190).
  assistantAuditListener,
];

/** Idempotent: every composition root calls it. */
export function registerListeners(): void {
  registerAppointmentListeners(APPOINTMENT_LISTENERS);
}
