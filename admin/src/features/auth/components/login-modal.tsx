import { PRODUCT_NAME, TIMINGS } from '@barberly/common';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Tabs } from '../../../components/ui/tabs';
import { showToast } from '../../../components/ui/toaster';
import { type Provider, useAuth } from '../../../lib/auth';
import { type LoginTab, loginModal, useLoginModal } from '../../../lib/login-modal';
import { paths } from '../../../lib/routes';
import { sleep } from '../../../lib/timing';
import { loginSuccessToast, modalRegisterFailedToast, modalSignInFailedToast } from '../../../lib/toast-messages';
import { LoginForm } from './login-form';
import { GitHubIcon, GoogleIcon } from './provider-icons';
import { RegisterForm } from './register-form';

/**
 * Spec 2 and 4 'Login modal'. A submit closes the modal at once; sign-in waits 300 ms before asking the server.
 * While a submit is in progress every field and button is disabled, including after reopening the modal.
 */
export default function LoginModal() {
  const { open, tab, submitting } = useLoginModal();
  const { status, loginWithEmail, registerWithEmail, loginWithProvider } = useAuth();

  useEffect(() => {
    if (open && status === 'signedIn') loginModal.close();
  }, [open, status]);

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    loginModal.close();
    loginModal.setSubmitting(true);
    try {
      await sleep(TIMINGS.loginDelayMs);
      if (await loginWithEmail(email, password)) showToast(loginSuccessToast);
    } catch (error) {
      showToast(modalSignInFailedToast(error));
    } finally {
      loginModal.setSubmitting(false);
    }
  };

  const signUp = async ({ email, password }: { email: string; password: string }) => {
    loginModal.close();
    loginModal.setSubmitting(true);
    try {
      const outcome = await registerWithEmail(email, password);
      if (outcome === 'checkEmail' || outcome === 'exists') loginModal.setTab('signin');
    } catch (error) {
      showToast(modalRegisterFailedToast(error));
    } finally {
      loginModal.setSubmitting(false);
    }
  };

  const withProvider = async (provider: Provider) => {
    loginModal.setSubmitting(true);
    try {
      await loginWithProvider(provider);
    } catch (error) {
      showToast(modalSignInFailedToast(error));
    } finally {
      loginModal.setSubmitting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={loginModal.close}
      title={`Welcome to ${PRODUCT_NAME}`}
      description="The ultimate platform for barbershop management"
    >
      <Tabs<LoginTab>
        label="Sign in or register"
        value={tab}
        onChange={loginModal.setTab}
        items={[
          { key: 'signin', label: 'Sign In', panel: <LoginForm onSubmit={signIn} disabled={submitting} /> },
          { key: 'register', label: 'Register', panel: <RegisterForm onSubmit={signUp} disabled={submitting} /> },
        ]}
      />
      <div className="my-5 flex items-center gap-3 text-xs text-neutral-500 uppercase">
        <span className="h-px flex-1 bg-neutral-200" />
        or continue with
        <span className="h-px flex-1 bg-neutral-200" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="light" disabled={submitting} onClick={() => void withProvider('google')}>
          <GoogleIcon /> Google
        </Button>
        <Button variant="light" disabled={submitting} onClick={() => void withProvider('github')}>
          <GitHubIcon /> GitHub
        </Button>
      </div>
      <p className="mt-5 text-center text-xs text-neutral-600">
        By continuing, you agree to our{' '}
        <a href={paths.terms} target="_blank" rel="noreferrer" className="font-medium text-neutral-900 underline">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href={paths.privacy} target="_blank" rel="noreferrer" className="font-medium text-neutral-900 underline">
          Privacy Policy
        </a>
        .
      </p>
    </Dialog>
  );
}
