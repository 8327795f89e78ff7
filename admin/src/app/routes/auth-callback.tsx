import { AuthCallback } from '../../features/auth/components/auth-callback';

export function AuthCallbackRoute() {
  return <AuthCallback />;
}
