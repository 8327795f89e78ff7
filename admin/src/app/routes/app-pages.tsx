/**
 * The signed-in pages' shells and their access rules; the features (onboarding, dashboards) fill them in.
 * Features never import each other: this file composes them.
 */
import { ROLE_LABELS, TIMINGS, type User } from '@barberly/common';
import { LogOut } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toaster';
import { BarberNumbersCard, LazyAnalyticsTab } from '../../features/analytics';
import { AssistantButton } from '../../features/assistant';
import { BarberDashboard } from '../../features/barber-dashboard';
import { BillingBanner, OperatorShops } from '../../features/billing';
import { TodayAgenda } from '../../features/calendar';
import { ClientDashboard } from '../../features/client-dashboard';
import { BarberClients, ClientsTab } from '../../features/clients';
import { GenericDashboard } from '../../features/dashboard';
import { MessagesTab, MessagesTabLabel } from '../../features/messaging';
import { InvitePage, OnboardingPage } from '../../features/onboarding';
import { MyScheduleDialog, OwnerDashboard } from '../../features/owner-dashboard';
import { CheckOutAction, MyEarningsCard, PaymentsSetupCard, PaymentsTab } from '../../features/payments';
import { api } from '../../lib/api-client';
import { useAuth, useUser } from '../../lib/auth';
import { paths, stayOnLanding } from '../../lib/routes';
import { dashboardRouterTarget, looksLikeShopId } from '../../lib/routing-rules';
import { GlobalRedirects } from '../global-redirects';
import { MyCalendar } from './my-calendar';
import { ShopCalendar } from './shop-calendar';

function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-neutral-950 text-amber-400">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

/** Top bar of the signed-in pages: a link to the landing page, the page's label, Logout. */
export function AppShell({ label, children }: { label: string; children: ReactNode }) {
  const { logout } = useAuth();
  return (
    <div className="min-h-dvh bg-neutral-50 text-neutral-900">
      <header className="border-b border-neutral-800 bg-neutral-950">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Link to={paths.home} state={stayOnLanding} aria-label="Barberly home">
              <Logo />
            </Link>
            <span className="hidden rounded-md bg-white/10 px-2 py-1 text-xs font-semibold text-neutral-200 sm:inline">
              {label}
            </span>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" /> Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

function Placeholder({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-1 text-neutral-600">{subtitle}</p> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}

/** Signed in, but GET /api/auth/user failed: say so and offer another try instead of spinning forever. */
function AccountUnavailable({ label }: { label: string }) {
  const { refetch } = useAuth();
  return (
    <AppShell label={label}>
      <Placeholder title="Your account could not be loaded" subtitle="Please check your connection and try again.">
        <Button onClick={() => void refetch()}>Try again</Button>
      </Placeholder>
    </AppShell>
  );
}

/** Waits for the session; signed-out visitors go to / (with the onboarding page's message where the spec has one). */
function useSignedInUser(opts: { onMissing?: () => void } = {}): { user: User | null; ready: boolean } {
  const { user, isLoading, status } = useUser();
  const navigate = useNavigate();
  const onMissing = useRef(opts.onMissing);
  useEffect(() => {
    if (!isLoading && status !== 'signedIn') {
      onMissing.current?.();
      navigate(paths.home, { replace: true });
    }
  }, [isLoading, status, navigate]);
  return { user, ready: !isLoading && status === 'signedIn' };
}

export function OnboardingRoute() {
  const { user, ready } = useSignedInUser({
    onMissing: () =>
      showToast({
        title: 'Authentication required',
        description: 'Please sign in to access the onboarding page.',
        variant: 'destructive',
      }),
  });
  if (!ready) return <FullPageSpinner />;
  if (!user) return <AccountUnavailable label="Onboarding" />;
  return (
    <AppShell label="Onboarding">
      <OnboardingPage user={user} />
    </AppShell>
  );
}

/** /join/{token}: a barber invite link (decision 0054). */
export function JoinInviteRoute() {
  const { token = '' } = useParams();
  return (
    <AppShell label="Join a shop">
      <InvitePage token={token} />
    </AppShell>
  );
}

/** /admin/shops: the operator's view of every shop (the api refuses anyone not in ADMIN_EMAILS). */
export function AdminShopsRoute() {
  const { user, ready } = useSignedInUser();
  if (!ready) return <FullPageSpinner />;
  if (!user) return <AccountUnavailable label="Shops" />;
  return (
    <AppShell label="Operator">
      <OperatorShops />
    </AppShell>
  );
}

export function RedirectingRoute() {
  return <FullPageSpinner label="Redirecting" />;
}

export function ProfileRoute() {
  const { user, ready } = useSignedInUser();
  return (
    <>
      <GlobalRedirects />
      {ready && user ? (
        <AppShell label="Profile">
          <Placeholder title="Your profile" subtitle={user.email}>
            <p className="text-neutral-600">Role: {ROLE_LABELS[user.role ?? 'client']}</p>
            <Link to={paths.dashboard} className={buttonClasses('primary', 'md', 'mt-4')}>
              Go to dashboard
            </Link>
          </Placeholder>
        </AppShell>
      ) : (
        <FullPageSpinner />
      )}
    </>
  );
}

const DASHBOARD_HOME_REDIRECTS_KEY = 'barberly.dashboardHomeRedirects';

/** Spec 2 'Dashboard router': attempts to redirect to / are capped at 3 per browser tab. */
function mayRedirectHome(): boolean {
  const count = Number(window.sessionStorage.getItem(DASHBOARD_HOME_REDIRECTS_KEY) ?? 0);
  if (count >= TIMINGS.dashboardRedirectCap) return false;
  window.sessionStorage.setItem(DASHBOARD_HOME_REDIRECTS_KEY, String(count + 1));
  return true;
}

export function DashboardRoute() {
  const { user, isLoading, status, error } = useUser();
  const navigate = useNavigate();
  const stuck =
    !isLoading &&
    status !== 'signedIn' &&
    Number(sessionStorage.getItem(DASHBOARD_HOME_REDIRECTS_KEY)) >= TIMINGS.dashboardRedirectCap;

  useEffect(() => {
    if (isLoading) return;
    if (status !== 'signedIn') {
      if (mayRedirectHome()) navigate(paths.home, { replace: true });
      return;
    }
    window.sessionStorage.removeItem(DASHBOARD_HOME_REDIRECTS_KEY);
    if (!user) return; // the user could not be loaded: the generic dashboard is the fallback
    const target = dashboardRouterTarget(user);
    if (target) navigate(target, { replace: true });
  }, [isLoading, status, user, navigate]);

  if (stuck) {
    return (
      <AppShell label="Dashboard">
        <Placeholder title="Please sign in" subtitle="Your session could not be found.">
          <Link to={paths.home} className={buttonClasses('primary')}>
            Go to the home page
          </Link>
        </Placeholder>
      </AppShell>
    );
  }
  if (isLoading || status !== 'signedIn' || (user && dashboardRouterTarget(user))) return <FullPageSpinner />;
  if (error) console.error('The user could not be loaded; showing the generic dashboard', error);
  return (
    <AppShell label="Dashboard">
      <GenericDashboard user={user} />
    </AppShell>
  );
}

/**
 * /dashboard/{owner|barber}/{shopRef}: the slug is canonical. An id in that position (the spec's other reading) is
 * the user's own shop id or is looked up, then replaced by the slug.
 */
function useCanonicalShopSlug(kind: 'owner' | 'barber', user: User | null): string | null {
  const { shopRef = '' } = useParams();
  const navigate = useNavigate();
  const isId = looksLikeShopId(shopRef);
  useEffect(() => {
    if (!isId || !user) return;
    const toSlug = (slug: string) =>
      navigate(kind === 'owner' ? paths.ownerDashboard(slug) : paths.barberDashboard(slug), { replace: true });
    if (user.shopId === shopRef && user.shopSlug) {
      toSlug(user.shopSlug);
      return;
    }
    let cancelled = false;
    api
      .get<{ shop: { slug: string } }>(`/api/shops/${encodeURIComponent(shopRef)}`)
      .then((page) => !cancelled && toSlug(page.shop.slug))
      .catch(() => !cancelled && navigate(paths.dashboard, { replace: true }));
    return () => {
      cancelled = true;
    };
  }, [isId, shopRef, user, kind, navigate]);
  return isId ? null : shopRef;
}

export function OwnerDashboardRoute() {
  const { user, isLoading, status } = useUser();
  const navigate = useNavigate();
  const notOwner = !isLoading && (status !== 'signedIn' || (user !== null && user.role !== 'owner'));
  useEffect(() => {
    if (notOwner) navigate(paths.home, { replace: true });
  }, [notOwner, navigate]);
  const slug = useCanonicalShopSlug('owner', user);
  // Someone else's shop (or an unknown slug): the dashboard router takes them to their own.
  const sendAway = useCallback(() => navigate(paths.dashboard, { replace: true }), [navigate]);
  if (isLoading || notOwner || !slug) return <FullPageSpinner />;
  return (
    <AppShell label="Dashboard">
      <OwnerDashboard
        key={slug}
        slug={slug}
        onNotYours={sendAway}
        Assistant={AssistantButton}
        Billing={BillingBanner}
        Messages={MessagesTab}
        MessagesLabel={MessagesTabLabel}
        Clients={ClientsTab}
        Analytics={LazyAnalyticsTab}
        Payments={PaymentsTab}
        Calendar={ShopCalendar}
        TodayAgenda={TodayAgenda}
        PaymentsSetup={PaymentsSetupCard}
      />
    </AppShell>
  );
}

export function BarberDashboardRoute() {
  const { user, isLoading, status } = useUser();
  const navigate = useNavigate();
  const notBarber = !isLoading && (status !== 'signedIn' || (user !== null && user.role !== 'barber'));
  useEffect(() => {
    if (notBarber) navigate(paths.home, { replace: true });
  }, [notBarber, navigate]);
  const slug = useCanonicalShopSlug('barber', user);
  if (isLoading || notBarber || !slug) return <FullPageSpinner />;
  return (
    <AppShell label="Barber Dashboard">
      <BarberDashboard
        ScheduleDialog={MyScheduleDialog}
        Assistant={AssistantButton}
        Clients={BarberClients}
        Numbers={BarberNumbersCard}
        Earnings={MyEarningsCard}
        CheckOut={CheckOutAction}
        Calendar={MyCalendar}
      />
    </AppShell>
  );
}

export function ClientDashboardRoute() {
  const { user, ready } = useSignedInUser();
  if (!ready) return <FullPageSpinner />;
  if (!user) return <AccountUnavailable label="Dashboard" />;
  return (
    <AppShell label="Dashboard">
      <ClientDashboard user={user} />
    </AppShell>
  );
}

function AltDashboard({ kind }: { kind: 'owner' | 'barber' }) {
  const { user, ready } = useSignedInUser();
  if (!ready) return <FullPageSpinner />;
  if (user?.role === kind && user.shopSlug) {
    return (
      <Navigate
        replace
        to={kind === 'owner' ? paths.ownerDashboard(user.shopSlug) : paths.barberDashboard(user.shopSlug)}
      />
    );
  }
  return <Navigate replace to={paths.dashboard} />;
}

export function OwnerDashboardAltRoute() {
  return <AltDashboard kind="owner" />;
}

export function BarberDashboardAltRoute() {
  return <AltDashboard kind="barber" />;
}
