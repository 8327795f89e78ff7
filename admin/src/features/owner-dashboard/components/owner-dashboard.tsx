import type { Barber, Service, Shop } from '@barberly/common';
import { ExternalLink, Pencil, RefreshCw, Store } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useShopStats } from '../../../lib/booking-api';
import { launchedSiteUrlOf, paths } from '../../../lib/routes';
import { useBarbers, useMyShops, useServices } from '../../../lib/shop-queries';
import { AppearanceTab } from './appearance-tab';
import { BarbersTab } from './barbers-tab';
import { OverviewTab } from './overview-tab';
import { ServicesTab } from './services-tab';
import { EditShopDialog } from './shop-dialogs';

/** Tab list columns by the number of tabs (Tailwind needs whole class names). */
const TAB_GRID: Record<number, string> = {
  // Three across on phones: 'Appointments' needs about 100 px (issue 25: four across ran it into 'Clients').
  5: 'grid-cols-3 sm:grid-cols-5 max-w-3xl',
  6: 'grid-cols-3 sm:grid-cols-6 max-w-4xl',
  7: 'grid-cols-3 sm:grid-cols-4 lg:grid-cols-7 max-w-5xl',
  8: 'grid-cols-3 sm:grid-cols-4 lg:grid-cols-8 max-w-5xl',
  9: 'grid-cols-3 sm:grid-cols-5 lg:grid-cols-9 max-w-6xl',
};

type TabKey =
  | 'overview'
  | 'appointments'
  | 'clients'
  | 'analytics'
  | 'payments'
  | 'messages'
  | 'services'
  | 'barbers'
  | 'appearance';

function Header({
  shop,
  onEdit,
  Assistant,
}: {
  shop: Shop | undefined;
  onEdit: () => void;
  Assistant?: ComponentType<{ shopId: string }>;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight">Shop Owner Dashboard</h1>
        <p className="mt-1 text-neutral-600">Manage your barbershop, barbers, and appointments</p>
        {shop ? (
          <p className="mt-2 truncate text-sm font-semibold text-amber-700" data-testid="dashboard-shop-name">
            {shop.name}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {shop && Assistant ? <Assistant shopId={shop.id} /> : null}
        {shop ? (
          <a href={paths.shop(shop.slug)} target="_blank" rel="noreferrer" className={buttonClasses('light', 'md')}>
            <ExternalLink aria-hidden="true" className="size-4" /> Preview Site
          </a>
        ) : (
          <Button variant="light" disabled>
            <ExternalLink aria-hidden="true" className="size-4" /> Preview Site
          </Button>
        )}
        <Button onClick={onEdit} disabled={!shop}>
          <Pencil aria-hidden="true" className="size-4" /> Edit Shop
        </Button>
      </div>
    </div>
  );
}

/**
 * Right after "Launch My Barbershop" (issue 28): the shop is live and its site is a link away. The wizard hands the
 * site's address over in the router state; a reload or a later visit does not show it again.
 */
function LaunchedBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const siteUrl = launchedSiteUrlOf(location.state);
  if (!siteUrl) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-semibold text-emerald-900">Your barbershop is live</p>
        <p className="break-all text-sm text-emerald-900">{siteUrl}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <a href={siteUrl} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'sm')}>
          <ExternalLink aria-hidden="true" className="size-4" /> Open your site
        </a>
        <Button
          variant="light"
          size="sm"
          onClick={() =>
            navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })
          }
        >
          Dismiss
        </Button>
      </div>
    </div>
  );
}

function useShopStatsOf(shopId: string | undefined) {
  return useShopStats(shopId ?? '', Boolean(shopId));
}

/**
 * /dashboard/owner/{slug}: the owner's shop with that slug. Someone else's slug (or an unknown one) is not shown:
 * `onNotYours` sends the person on. An owner with no shop at all gets the welcome card.
 */
export function OwnerDashboard({
  slug,
  onNotYours,
  Assistant,
  Billing,
  Messages,
  MessagesLabel,
  Clients,
  Analytics,
  Payments,
  Calendar,
  TodayAgenda,
  PaymentsSetup,
}: {
  slug: string;
  onNotYours: () => void;
  /** The assistant's button, handed in by app/ (features do not import each other). */
  Assistant?: ComponentType<{ shopId: string }>;
  /** The plan banner (issue 17), handed in by app/; renders nothing with BILLING=off. */
  Billing?: ComponentType<{ shopId: string }>;
  /** The Messages tab and its label with the unread count (issue 15), handed in by app/. */
  Messages?: ComponentType<{ shopId: string }>;
  MessagesLabel?: ComponentType<{ shopId: string }>;
  /** The Clients and Analytics tabs (issue 13), handed in by app/; Analytics loads its charts only when opened. */
  Clients?: ComponentType<{ shop: Shop }>;
  Analytics?: ComponentType<{ shop: Shop }>;
  /** The Payments tab (issue 27: charges, payouts, barbers' pay), handed in by app/. */
  Payments?: ComponentType<{ shop: Shop }>;
  /** The Appointments tab: the calendar (features/calendar, issue 25), handed in by app/. */
  Calendar: ComponentType<{ shopId: string; services: Service[]; barbers: Barber[] }>;
  /** The Overview's pieces from other features, handed in by app/: today's agenda and the payments setup card. */
  TodayAgenda?: ComponentType<{ shopId: string; onOpenCalendar: () => void }>;
  PaymentsSetup?: ComponentType<{ shop: Shop }>;
}) {
  const shops = useMyShops();
  const shop = shops.data?.find((s) => s.slug === slug.toLowerCase());
  const notYours = Boolean(shops.data && shops.data.length > 0 && !shop);
  const services = useServices(shop?.id);
  const barbers = useBarbers(shop?.id);
  const stats = useShopStatsOf(shop?.id);
  const [tab, setTab] = useState<TabKey>('overview');
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (notYours) onNotYours();
  }, [notYours, onNotYours]);

  if (shops.isPending || notYours) {
    return <PageSpinner label="Loading your shop" />;
  }
  if (shops.isError) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold">Your shop could not be loaded</h1>
        <p className="mt-1 text-sm text-neutral-600">{shops.error.message}</p>
        <Button className="mt-4" onClick={() => void shops.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <Header shop={shop} onEdit={() => setEditing(true)} Assistant={Assistant} />
      {shop ? <LaunchedBanner /> : null}
      {shop && Billing ? <Billing shopId={shop.id} /> : null}
      {!shop ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-amber-100 text-amber-700">
            <Store aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 max-w-md text-lg font-semibold">
            You don't have a barbershop yet. Let's create one to get started.
          </p>
          <Link to={paths.onboarding} className={buttonClasses('primary', 'lg', 'mt-6')}>
            Create Your Shop
          </Link>
        </Card>
      ) : (
        <>
          <Tabs<TabKey>
            label="Shop management"
            value={tab}
            onChange={setTab}
            listClassName={TAB_GRID[5 + [Messages, Clients, Analytics, Payments].filter(Boolean).length] ?? TAB_GRID[5]}
            items={[
              {
                key: 'overview',
                label: 'Overview',
                panel: (
                  <OverviewTab
                    shop={shop}
                    todayAppointments={stats.data?.todayAppointments ?? 0}
                    barberCount={barbers.data?.length ?? 0}
                    serviceCount={services.data?.length ?? 0}
                    onEdit={() => setEditing(true)}
                    onOpenTab={(next) => setTab(next === 'messages' && !Messages ? 'overview' : next)}
                    TodayAgenda={TodayAgenda}
                    PaymentsSetup={PaymentsSetup}
                  />
                ),
              },
              {
                key: 'appointments',
                label: 'Appointments',
                panel: <Calendar shopId={shop.id} services={services.data ?? []} barbers={barbers.data ?? []} />,
              },
              ...(Clients ? [{ key: 'clients' as const, label: 'Clients', panel: <Clients shop={shop} /> }] : []),
              ...(Analytics
                ? [{ key: 'analytics' as const, label: 'Analytics', panel: <Analytics shop={shop} /> }]
                : []),
              ...(Payments ? [{ key: 'payments' as const, label: 'Payments', panel: <Payments shop={shop} /> }] : []),
              ...(Messages
                ? [
                    {
                      key: 'messages' as const,
                      label: MessagesLabel ? <MessagesLabel shopId={shop.id} /> : 'Messages',
                      panel: <Messages shopId={shop.id} />,
                    },
                  ]
                : []),
              {
                key: 'services',
                label: 'Services',
                panel: <ServicesTab shopId={shop.id} services={services.data} loading={services.isPending} />,
              },
              {
                key: 'barbers',
                label: 'Barbers',
                panel: <BarbersTab shop={shop} barbers={barbers.data} loading={barbers.isPending} />,
              },
              {
                key: 'appearance',
                label: 'Appearance',
                panel: <AppearanceTab shop={shop} onEdit={() => setEditing(true)} />,
              },
            ]}
          />
          <EditShopDialog shop={shop} open={editing} onClose={() => setEditing(false)} />
        </>
      )}
    </div>
  );
}
