import type { ToastMessage } from '../../../lib/toast-messages';

// The owner dashboard's toasts. A failed change (failureToast, apiErrorToast) and time off are in
// lib/dashboard-toasts.ts, the calendar's own (statuses, walk-ins, the waitlist) in features/calendar/lib/messages.ts.

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

export const joinCodeCopiedToast = success('Join code copied', 'Send it to your barber so they can join your shop.');
export const joinCodeRegeneratedToast = success('New join code', 'The old code no longer works.');

// A barber's schedule
export const barberHoursSavedToast = success('Hours saved', 'Clients can book this barber within these hours.');
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
