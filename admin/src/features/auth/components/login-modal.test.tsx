import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { AuthContext, type AuthContextValue } from '../../../lib/auth';
import { loginModal } from '../../../lib/login-modal';
import LoginModal from './login-modal';

function authStub(patch: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signedOut',
    session: null,
    loginWithEmail: vi.fn().mockResolvedValue(true),
    registerWithEmail: vi.fn().mockResolvedValue('checkEmail'),
    loginWithProvider: vi.fn().mockResolvedValue(undefined),
    logout: vi.fn(),
    refetch: vi.fn(),
    signedInOnThisPage: () => false,
    ...patch,
  };
}

function renderModal(auth: AuthContextValue) {
  return render(
    <AuthContext.Provider value={auth}>
      <LoginModal />
      <Toaster />
    </AuthContext.Provider>,
  );
}

async function fillSignIn() {
  const dialog = screen.getByRole('dialog', { name: 'Welcome to Barberly' });
  await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
}

describe('LoginModal', () => {
  beforeEach(() => {
    act(() => loginModal.open('signin'));
  });
  afterEach(() => {
    act(() => {
      loginModal.close();
      loginModal.setSubmitting(false);
    });
  });

  it('shows the title, subtitle, both tabs, provider buttons and the terms line', () => {
    renderModal(authStub());
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Barberly' });
    expect(dialog).toHaveAccessibleDescription('The ultimate platform for barbershop management');
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Register' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'GitHub' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('By continuing, you agree to our Terms of Service and Privacy Policy.');
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it("closes at once on sign-in, signs in after the 300 ms pause and says 'Welcome back!'", async () => {
    const auth = authStub();
    renderModal(auth);
    await fillSignIn();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(auth.loginWithEmail).not.toHaveBeenCalled();
    await waitFor(() => expect(auth.loginWithEmail).toHaveBeenCalledWith('sam@example.com', 'secret1'));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully signed in.")).toBeInTheDocument();
  });

  it('keeps fields and buttons locked while a sign-in is in progress', async () => {
    let finish: (value: boolean) => void = () => {};
    const auth = authStub({ loginWithEmail: vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve))) });
    renderModal(auth);
    await fillSignIn();
    await waitFor(() => expect(auth.loginWithEmail).toHaveBeenCalled());
    act(() => loginModal.open('signin'));
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Barberly' });
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Google' })).toBeDisabled();
    await act(async () => finish(false));
    expect(within(dialog).getByLabelText('Email')).toBeEnabled();
  });

  it("says 'Sign in failed' when signing in breaks outside the auth layer", async () => {
    renderModal(authStub({ loginWithEmail: vi.fn().mockRejectedValue(new Error('Failed to fetch')) }));
    await fillSignIn();
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
  });

  it('registers, closes, and comes back on the Sign In tab when the e-mail must be confirmed', async () => {
    const auth = authStub();
    act(() => loginModal.open('register'));
    renderModal(auth);
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Barberly' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret12');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(auth.registerWithEmail).toHaveBeenCalledWith('new@example.com', 'secret12'));
    await waitFor(() => expect(loginModal.get().tab).toBe('signin'));
  });

  it("says 'Registration failed' when registering breaks outside the auth layer", async () => {
    act(() => loginModal.open('register'));
    renderModal(authStub({ registerWithEmail: vi.fn().mockRejectedValue(new Error('')) }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Barberly' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret12');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Please check your information and try again.')).toBeInTheDocument();
  });

  it('closes itself when the person is already signed in', async () => {
    renderModal(authStub({ status: 'signedIn' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
