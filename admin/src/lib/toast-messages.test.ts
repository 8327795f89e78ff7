import { describe, expect, it } from 'vitest';
import {
  callbackFailureToast,
  callbackSuccessToast,
  emptyIdentitiesToast,
  leadFailureToast,
  leadSuccessToast,
  loginErrorToast,
  loginSuccessToast,
  logoutErrorToast,
  modalRegisterFailedToast,
  modalSignInFailedToast,
  NO_SESSION_AFTER_AUTH,
  oauthErrorToast,
  registrationCheckEmailToast,
  registrationErrorToast,
  registrationWithSessionToast,
} from './toast-messages';

describe('login toasts (spec 8: Login failure, Login success)', () => {
  it("shows 'Incorrect email or password' for a message containing 'Invalid login'", () => {
    expect(loginErrorToast({ message: 'Invalid login credentials', status: 400 })).toEqual({
      title: 'Login error',
      description: 'Incorrect email or password. Please try again.',
      variant: 'destructive',
    });
  });

  it('passes other provider messages through as they are', () => {
    expect(loginErrorToast({ message: 'Email not confirmed' })).toMatchObject({
      title: 'Login error',
      description: 'Email not confirmed',
    });
  });

  it("says 'An unexpected error occurred' when there is no message", () => {
    expect(loginErrorToast(null)).toMatchObject({ title: 'Login error', description: 'An unexpected error occurred' });
    expect(loginErrorToast({})).toMatchObject({ description: 'An unexpected error occurred' });
  });

  it('welcomes the person back on success', () => {
    expect(loginSuccessToast).toEqual({
      title: 'Welcome back!',
      description: "You've successfully signed in.",
      variant: 'success',
    });
  });
});

describe('registration toasts (spec 8: Registration error, Empty identities, Registration success)', () => {
  it("turns 'already registered' into the sign-in-instead message", () => {
    expect(registrationErrorToast({ message: 'User already registered', code: 'user_already_exists' })).toEqual({
      title: 'Registration error',
      description: 'This email is already registered. Please sign in instead.',
      variant: 'destructive',
    });
  });

  it('recognises an existing account by the GoTrue code when the wording differs', () => {
    expect(registrationErrorToast({ message: 'A user with this email exists', code: 'email_exists' })).toMatchObject({
      description: 'This email is already registered. Please sign in instead.',
    });
  });

  it("turns 'weak password' into the stronger-password message", () => {
    expect(registrationErrorToast({ message: 'Weak password: too short', code: 'weak_password' })).toMatchObject({
      title: 'Registration error',
      description: 'Password is too weak. Please use a stronger password.',
    });
    expect(
      registrationErrorToast({ message: 'Password should be at least 8 characters.', code: 'weak_password' }),
    ).toMatchObject({ description: 'Password is too weak. Please use a stronger password.' });
  });

  it("turns 'valid email' into the valid-address message", () => {
    expect(registrationErrorToast({ message: 'Unable to validate email address: invalid format' })).toMatchObject({
      description: 'Please enter a valid email address.',
    });
    expect(registrationErrorToast({ message: 'Please provide a valid email' })).toMatchObject({
      title: 'Registration error',
      description: 'Please enter a valid email address.',
    });
    expect(
      registrationErrorToast({ message: 'Email address "x@y" is invalid', code: 'email_address_invalid' }),
    ).toMatchObject({ description: 'Please enter a valid email address.' });
  });

  it('passes any other message through', () => {
    expect(registrationErrorToast({ message: 'Signups not allowed for this instance' })).toMatchObject({
      title: 'Registration error',
      description: 'Signups not allowed for this instance',
    });
  });

  it('tells a person whose sign-up came back with no identities that the account exists', () => {
    expect(emptyIdentitiesToast).toEqual({
      title: 'Account already exists',
      description: 'This email is already registered. Please sign in instead.',
      variant: 'destructive',
    });
  });

  it('says what comes next after registering, with or without a session', () => {
    expect(registrationWithSessionToast).toEqual({
      title: 'Registration successful',
      description: "Now let's set up your account.",
      variant: 'success',
    });
    expect(registrationCheckEmailToast).toMatchObject({
      description: 'Please check your email to confirm your account.',
      variant: 'success',
    });
  });
});

describe('modal failure toasts (spec 8: Modal sign-in failure, Modal register failure)', () => {
  it('shows the error message, or the fallback', () => {
    expect(modalSignInFailedToast(new Error('network down'))).toMatchObject({
      title: 'Sign in failed',
      description: 'network down',
    });
    expect(modalSignInFailedToast(undefined)).toMatchObject({
      title: 'Sign in failed',
      description: 'Please check your credentials and try again',
    });
    expect(modalRegisterFailedToast(new Error('network down'))).toMatchObject({
      title: 'Registration failed',
      description: 'network down',
    });
    expect(modalRegisterFailedToast(undefined)).toMatchObject({
      title: 'Registration failed',
      description: 'Please check your information and try again.',
    });
  });
});

describe('provider, logout and callback toasts', () => {
  it("titles a provider error 'Login error' with the server's message", () => {
    expect(oauthErrorToast({ message: 'Unsupported provider: provider is not enabled' })).toEqual({
      title: 'Login error',
      description: 'Unsupported provider: provider is not enabled',
      variant: 'destructive',
    });
  });

  it("titles a failed logout 'Logout error'", () => {
    expect(logoutErrorToast(new Error('offline'))).toMatchObject({ title: 'Logout error', variant: 'destructive' });
  });

  it('reports callback failures with the message, the fallback, or the missing session', () => {
    expect(callbackFailureToast(new Error('invalid flow state'))).toMatchObject({
      title: 'Authentication failed',
      description: 'invalid flow state',
    });
    expect(callbackFailureToast(null)).toMatchObject({
      title: 'Authentication failed',
      description: 'There was a problem with authentication',
    });
    expect(callbackFailureToast(new Error(NO_SESSION_AFTER_AUTH))).toMatchObject({
      description: 'No session found after authentication',
    });
  });

  it('confirms a completed callback', () => {
    expect(callbackSuccessToast).toEqual({
      title: 'Authentication successful',
      description: 'You have been successfully authenticated.',
      variant: 'success',
    });
  });
});

describe('lead toasts (spec 8: Lead success, Lead failure)', () => {
  it('thanks on success and apologises on failure', () => {
    expect(leadSuccessToast).toEqual({
      title: 'Success!',
      description: "Thank you for your interest. We'll be in touch soon!",
      variant: 'success',
    });
    expect(leadFailureToast).toEqual({
      title: 'Submission failed',
      description: 'There was a problem submitting your request. Please try again.',
      variant: 'destructive',
    });
  });
});
