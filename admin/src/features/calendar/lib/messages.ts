import { VISIT_LIMITS } from '@barberly/common';
import type { ToastMessage } from '../../../lib/toast-messages';

// The calendar's toasts: status changes, walk-ins and the waitlist. A failed change (failureToast, apiErrorToast)
// and time off are in lib/dashboard-toasts.ts, shared with the owner dashboard.

const success = (title: string, description?: string): ToastMessage => ({ title, description, variant: 'success' });

// Booking (issue #7)
export const appointmentStatusToasts = {
  completed: success('Appointment completed'),
  no_show: success('Marked as no-show'),
  cancelled: success('Appointment cancelled', 'The client has been told by e-mail.'),
} as const;

/** Cancelling a visit of a series: only it, or it and every later one (the series then ends). */
export const seriesCancelledToasts = {
  one: success('Visit cancelled', 'The rest of the series stays booked. The client has been told by e-mail.'),
  following: success('Series cancelled from this visit', 'This visit and every later one are cancelled.'),
} as const;

// Waitlist (issue 14)
/** 'Offer sent' / 'Jordan Lee has 15 minutes to claim 10:00 AM.' */
export function slotOfferedToast(client: string, time: string): ToastMessage {
  return success('Offer sent', `${client} has ${VISIT_LIMITS.holdMinutes} minutes to claim ${time}.`);
}
export const waitlistEntryRemovedToast = success('Removed from the waitlist');

/** 'Walk-in booked' / 'Skin Fade with Sam at 10:15 AM'. */
export function walkInBookedToast(a: { service: { name: string }; barber: { name: string }; localTime: string }) {
  return success('Walk-in booked', `${a.service.name} with ${a.barber.name} at ${a.localTime}`);
}
