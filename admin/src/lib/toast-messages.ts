/**
 * The spec's toasts (section 8 and the login modal of section 4), as data. Every toast the admin shows for auth,
 * leads and the callback is built here, so one test file checks every row.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  /** Spec 8: toasts are destructive unless noted. */
  variant: 'destructive' | 'success';
}

const destructive = (title: string, description?: string): ToastMessage => ({
  title,
  description,
  variant: 'destructive',
});
const success = (title: string, description?: string): ToastMessage => ({ title, description, variant: 'success' });

export const ALREADY_REGISTERED = 'This email is already registered. Please sign in instead.';

/** What an auth error carries: supabase-js AuthError (message, code, status) or anything thrown. */
function messageOf(error: unknown): string | null {
  if (typeof error === 'string') return error || null;
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

function codeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return '';
}

/**
 * 'Login error': a message containing 'Invalid login' becomes 'Incorrect email or password. Please try again.';
 * other server messages as they are; anything without a message 'An unexpected error occurred'.
 */
export function loginErrorToast(error: unknown): ToastMessage {
  const message = messageOf(error);
  if (!message) return destructive('Login error', 'An unexpected error occurred');
  if (message.includes('Invalid login'))
    return destructive('Login error', 'Incorrect email or password. Please try again.');
  return destructive('Login error', message);
}

/** The modal's own toast after signing in (spec 4 'Login modal'). */
export const loginSuccessToast = success('Welcome back!', "You've successfully signed in.");

/**
 * 'Registration error': 'already registered' becomes 'This email is already registered. Please sign in instead.';
 * 'weak password' becomes 'Password is too weak. Please use a stronger password.'; 'valid email' becomes 'Please
 * enter a valid email address.'; other messages as they are. Matched on the message, case-insensitively, and on the
 * GoTrue error code (and GoTrue's 'Unable to validate email address') for servers that word it differently.
 */
export function registrationErrorToast(error: unknown): ToastMessage {
  const message = messageOf(error);
  const lower = (message ?? '').toLowerCase();
  const code = codeOf(error);
  if (lower.includes('already registered') || code === 'user_already_exists' || code === 'email_exists') {
    return destructive('Registration error', ALREADY_REGISTERED);
  }
  if (lower.includes('weak password') || lower.includes('password is too weak') || code === 'weak_password') {
    return destructive('Registration error', 'Password is too weak. Please use a stronger password.');
  }
  if (lower.includes('valid email') || lower.includes('validate email') || code === 'email_address_invalid') {
    return destructive('Registration error', 'Please enter a valid email address.');
  }
  return destructive('Registration error', message ?? 'An unexpected error occurred');
}

/** Sign-up answered a user whose identities list is empty: the account already exists (spec 5). */
export const emptyIdentitiesToast = destructive('Account already exists', ALREADY_REGISTERED);

/** Sign-up answered a session: the person is signed in and goes to /onboarding. */
export const registrationWithSessionToast = success('Registration successful', "Now let's set up your account.");

/** Sign-up answered no session: e-mail confirmation is on. */
export const registrationCheckEmailToast = success(
  'Registration successful!',
  'Please check your email to confirm your account.',
);

/** An error that escaped the auth layer while the modal signed in (the auth client failed to load, say). */
export function modalSignInFailedToast(error: unknown): ToastMessage {
  return destructive('Sign in failed', messageOf(error) ?? 'Please check your credentials and try again');
}

/** An error that escaped the auth layer while the modal registered. */
export function modalRegisterFailedToast(error: unknown): ToastMessage {
  return destructive('Registration failed', messageOf(error) ?? 'Please check your information and try again.');
}

/** A provider sign-in that could not start (for example the server has not enabled that provider). */
export function oauthErrorToast(error: unknown): ToastMessage {
  return destructive('Login error', messageOf(error) ?? 'An unexpected error occurred');
}

export function logoutErrorToast(error: unknown): ToastMessage {
  return destructive('Logout error', messageOf(error) ?? 'An unexpected error occurred');
}

export const NO_SESSION_AFTER_AUTH = 'No session found after authentication';

export function callbackFailureToast(error: unknown): ToastMessage {
  return destructive('Authentication failed', messageOf(error) ?? 'There was a problem with authentication');
}

export const callbackSuccessToast = success('Authentication successful', 'You have been successfully authenticated.');

export const leadSuccessToast = success('Success!', "Thank you for your interest. We'll be in touch soon!");
export const leadFailureToast = destructive(
  'Submission failed',
  'There was a problem submitting your request. Please try again.',
);
