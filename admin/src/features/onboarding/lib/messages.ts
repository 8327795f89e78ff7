import { ApiError } from '../../../lib/api-client';
import type { ToastMessage } from '../../../lib/toast-messages';

/** The onboarding toasts of spec sections 7 and 8, word for word. */
export const roleUpdatedToast: ToastMessage = {
  title: 'Role updated',
  description: 'Your account has been set up successfully.',
  variant: 'success',
};

export const roleFailedToast: ToastMessage = {
  title: 'Error',
  description: 'Failed to set user role. Please try again.',
  variant: 'destructive',
};

export const shopCreatedToast: ToastMessage = { title: 'Barbershop Created', variant: 'success' };

export function launchSuccessToast(url: string): ToastMessage {
  return { title: 'Success!', description: `Your barbershop is live at ${url}`, variant: 'success' };
}

export const launchingToast: ToastMessage = {
  title: 'Launching Your Barbershop',
  description: 'Taking you to your new site...',
  variant: 'success',
};

/** 'Error: Failed to create shop. Please try again.', with the api's reason after it when there is one. */
export function shopCreateFailedToast(error: unknown): ToastMessage {
  const reason = error instanceof ApiError ? error.message : null;
  return {
    title: 'Error',
    description: ['Failed to create shop. Please try again.', reason].filter(Boolean).join(' '),
    variant: 'destructive',
  };
}

export const navigationErrorToast: ToastMessage = {
  title: 'Navigation Error',
  description: 'There was an issue redirecting to your shop. Please try again.',
  variant: 'destructive',
};

export const LAUNCH_DURATIONS = { successMs: 10_000, launchingMs: 7_000 } as const;

/** POST /api/barbers/join succeeded: 'Welcome to Fade Co' / "You've joined the team. Here is your dashboard." */
export function joinedShopToast(shopName: string): ToastMessage {
  return {
    title: `Welcome to ${shopName}`,
    description: "You've joined the team. Here is your dashboard.",
    variant: 'success',
  };
}
