import { VISIT_LIMITS } from '@barberly/common';
import { ApiError } from '../../../lib/api-client';
import type { ToastMessage } from '../../../lib/toast-messages';

/**
 * Spec 8: 'Error' with 'Failed to update shop', 'Failed to add service' or 'Failed to add barber', each followed by
 * 'Please try again.'; the api's own reason follows as a second sentence ('Failed to add service. Please try
 * again. Price must be at least 1').
 */
export function failureToast(what: string, error: unknown): ToastMessage {
  const reason = error instanceof ApiError || error instanceof Error ? error.message : null;
  return {
    title: 'Error',
    description: [`${what}. Please try again.`, reason].filter(Boolean).join(' '),
    variant: 'destructive',
  };
}

const success = (title: string, description?: string): ToastMessage => ({ title, description, variant: 'success' });

export const shopUpdatedToast = success('Shop updated', 'Your changes are live on your booking page.');
export const serviceAddedToast = success('Service added');
export const serviceUpdatedToast = success('Service updated');
export const serviceDeletedToast = success('Service deleted');
export const barberAddedToast = success('Barber added');
export const barberUpdatedToast = success('Barber updated');
export const barberRemovedToast = success('Barber removed');
export function barberServicesSavedToast(barber: string): ToastMessage {
  return success('Services saved', `Clients can book ${barber} for these services.`);
}
export const urlCopiedToast = success('URL Copied', 'Shop URL has been copied to clipboard');
export const customUrlCopiedToast = success('Custom URL Copied', 'Custom domain URL has been copied to clipboard');
export const copyFailedToast: ToastMessage = {
  title: 'Copy failed',
  description: 'Your browser did not allow copying. Select the URL and copy it yourself.',
  variant: 'destructive',
};

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

/** A refused walk-in says the api's reason as is ('No barber is free for this service before closing today.'). */
export function apiErrorToast(error: unknown, fallback: string): ToastMessage {
  const reason = error instanceof Error && error.message ? error.message : fallback;
  return { title: 'Error', description: reason, variant: 'destructive' };
}

export const joinCodeCopiedToast = success('Join code copied', 'Send it to your barber so they can join your shop.');
export const joinCodeRegeneratedToast = success('New join code', 'The old code no longer works.');

// A barber's schedule
export const barberHoursSavedToast = success('Hours saved', 'Clients can book this barber within these hours.');
export const timeOffAddedToast = success('Time off added', 'Clients cannot book this barber during it.');
export const timeOffRemovedToast = success('Time off removed', 'Clients can book these times again.');

// Custom domains (issue 16)
export const domainAddedToast = success('Domain added', 'Add the DNS records shown at your domain provider.');
export const domainRemovedToast = success('Domain removed', 'It no longer leads to your booking page.');
export function domainPrimaryToast(hostname: string): ToastMessage {
  return success('Primary address changed', `Your site is now served at https://${hostname}.`);
}
export function dnsValueCopiedToast(type: string): ToastMessage {
  return success(`${type} value copied`, 'Paste it at your domain provider.');
}

/** Said under a domain after Check now, beside the badge and the api's reason. */
export const domainCheckResults = {
  active: 'Checked just now: connected.',
  verified: 'Checked just now: verified. It redirects to your primary address.',
  pending: "Checked just now: the records were not found yet. We'll keep checking for 72 hours.",
  failed: 'Checked just now: the check failed.',
} as const;
