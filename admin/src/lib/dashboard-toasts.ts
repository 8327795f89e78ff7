import { ApiError } from './api-client';
import type { ToastMessage } from './toast-messages';

// Toasts the dashboards' features share (the owner dashboard, the calendar): a change that failed, in the spec's
// words and with the api's reason, and a barber's time off.

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

/** A refused walk-in says the api's reason as is ('No barber is free for this service before closing today.'). */
export function apiErrorToast(error: unknown, fallback: string): ToastMessage {
  const reason = error instanceof Error && error.message ? error.message : fallback;
  return { title: 'Error', description: reason, variant: 'destructive' };
}

export const timeOffAddedToast: ToastMessage = {
  title: 'Time off added',
  description: 'Clients cannot book this barber during it.',
  variant: 'success',
};
export const timeOffRemovedToast: ToastMessage = {
  title: 'Time off removed',
  description: 'Clients can book these times again.',
  variant: 'success',
};
