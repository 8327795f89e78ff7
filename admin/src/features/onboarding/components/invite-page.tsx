import type { JoinShopResponse } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { loginModal } from '../../../lib/login-modal';
import { paths } from '../../../lib/routes';
import { joinedShopToast } from '../lib/messages';

/** The invite waiting for a person who opened the link signed out: onboarding brings them back here. */
export const PENDING_INVITE_KEY = 'barberly.pendingInvite';

interface InvitePreview {
  shop: { name: string; slug: string };
  barber: { name: string };
  email: string;
}

/**
 * /join/{token}: the single-use link a shop owner's invite mails to a barber's address (decision 0054). Opening it
 * proves the address, so any signed-in account of the person can take the invited seat; signed out, they sign in
 * or register first and onboarding brings them back.
 */
export function InvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const { status, refetch } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const preview = useQuery({
    queryKey: [`/api/barbers/invites/${token}`],
    queryFn: () => api.get<InvitePreview>(`/api/barbers/invites/${encodeURIComponent(token)}`),
    retry: false,
  });

  const signInFirst = (tab: 'signin' | 'register') => {
    window.sessionStorage.setItem(PENDING_INVITE_KEY, token);
    loginModal.open(tab);
  };

  const accept = async () => {
    setPending(true);
    setError(null);
    try {
      const { shop } = await api.post<JoinShopResponse>('/api/barbers/invites/accept', { token });
      window.sessionStorage.removeItem(PENDING_INVITE_KEY);
      showToast(joinedShopToast(shop.name));
      await refetch();
      navigate(paths.barberDashboard(shop.slug));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };

  if (preview.isPending || status === 'loading') {
    return <PageSpinner label="Loading your invite" />;
  }
  if (preview.isError) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold">This invite cannot be used</h1>
        <p className="mt-2 text-neutral-700">{preview.error.message}</p>
      </Card>
    );
  }
  const { shop, barber, email } = preview.data;
  return (
    <Card className="mx-auto max-w-lg">
      <h1 className="text-2xl font-bold tracking-tight">Join {shop.name}</h1>
      <p className="mt-2 text-neutral-700">
        {shop.name} invited {email} to take the chair of <strong>{barber.name}</strong> on Barberly.
      </p>
      {status === 'signedIn' ? (
        <div className="mt-6 flex flex-col gap-3">
          <Button onClick={() => void accept()} disabled={pending}>
            <KeyRound aria-hidden="true" className="size-4" /> {pending ? 'Joining...' : `Join ${shop.name}`}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => signInFirst('register')}>
            <UserPlus aria-hidden="true" className="size-4" /> Sign up to join
          </Button>
          <Button variant="light" onClick={() => signInFirst('signin')}>
            <LogIn aria-hidden="true" className="size-4" /> I have an account
          </Button>
        </div>
      )}
    </Card>
  );
}
