import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../lib/auth';
import { LoginModalHost } from './login-modal-host';

/** Everything every page shares: the session, the login modal and the toasts. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <LoginModalHost />
      <Toaster />
      <ScrollRestoration />
    </AuthProvider>
  );
}
