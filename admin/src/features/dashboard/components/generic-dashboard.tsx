import { ROLE_LABELS, type Shop, THEME_LABELS, type User } from '@barberly/common';
import { ExternalLink, LifeBuoy, Plus, Scissors, Settings, Store, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useMyShops } from '../api/dashboard-api';

export const SUPPORT_EMAIL = 'support@barberly.app';

function hostOf(url: string, fallback: string): string {
  try {
    return new URL(url).host;
  } catch {
    return fallback;
  }
}

function ShopCard({ shop }: { shop: Shop }) {
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start gap-3">
        <span
          className="grid size-11 shrink-0 place-items-center rounded-xl text-white"
          style={{ backgroundColor: shop.primaryColor }}
        >
          <Scissors aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="break-words text-lg font-bold">{shop.name}</h3>
          <p className="truncate text-sm text-neutral-500">{hostOf(shop.subdomain_url, shop.slug)}</p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm text-neutral-600">{shop.bio || 'No description yet.'}</p>
      <p className="mt-3 text-sm">
        <span className="text-neutral-500">Template:</span>{' '}
        <span className="font-semibold">{THEME_LABELS[shop.theme]}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.ownerDashboard(shop.slug)} className={buttonClasses('primary', 'sm')}>
          <Settings aria-hidden="true" className="size-4" /> Manage Shop
        </Link>
        <a href={paths.shop(shop.slug)} target="_blank" rel="noreferrer" className={buttonClasses('light', 'sm')}>
          <ExternalLink aria-hidden="true" className="size-4" /> Visit Site
        </a>
      </div>
    </Card>
  );
}

/** Spec 2 'Generic dashboard': the owner's shops, a barber profile card, quick links. */
export function GenericDashboard({ user }: { user: User | null }) {
  const shops = useMyShops(Boolean(user));
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-1 break-all text-neutral-600">
          {user ? `Signed in as ${user.email}` : 'Your account could not be loaded.'}
          {user?.role ? ` · ${ROLE_LABELS[user.role]}` : ''}
        </p>
      </div>

      {user?.role === 'barber' ? (
        <Card>
          <CardHeader title="Barber Profile" />
          <div className="mt-4 flex items-center gap-4">
            <span className="grid size-14 shrink-0 place-items-center rounded-full bg-neutral-100 text-neutral-500">
              <UserRound aria-hidden="true" className="size-7" />
            </span>
            <div className="min-w-0">
              <p className="break-all font-semibold">{user.email}</p>
              {user.shopSlug ? (
                <Link
                  to={paths.barberDashboard(user.shopSlug)}
                  className="text-sm font-semibold text-amber-700 hover:underline"
                >
                  Go to your barber dashboard
                </Link>
              ) : (
                <>
                  <p className="font-semibold text-neutral-800">No Shop Assigned</p>
                  <p className="text-sm text-neutral-600">Ask your shop owner for a shop code to join their team.</p>
                  <Link to={paths.onboarding} className={buttonClasses('light', 'sm', 'mt-2')}>
                    Enter Shop Code
                  </Link>
                </>
              )}
            </div>
          </div>
        </Card>
      ) : null}

      <section aria-labelledby="my-shops-title">
        <h2 id="my-shops-title" className="text-xl font-bold tracking-tight">
          Your Barbershops
        </h2>
        {shops.isPending && user ? (
          <div className="grid place-items-center py-10 text-amber-500">
            <Spinner label="Loading your shops" />
          </div>
        ) : shops.data && shops.data.length > 0 ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {shops.data.map((shop) => (
              <li key={shop.id}>
                <ShopCard shop={shop} />
              </li>
            ))}
          </ul>
        ) : (
          <Card className="mt-4 flex flex-col items-center py-10 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-amber-100 text-amber-700">
              <Store aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-3 font-semibold">You don't have a barbershop yet.</p>
            <p className="mt-1 text-sm text-neutral-600">Create one and get your booking website in minutes.</p>
            <Link to={paths.onboarding} className={buttonClasses('primary', 'md', 'mt-5')}>
              <Plus aria-hidden="true" className="size-4" /> Create Barbershop
            </Link>
          </Card>
        )}
      </section>

      <section aria-labelledby="quick-links-title">
        <h2 id="quick-links-title" className="text-xl font-bold tracking-tight">
          Quick Links
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          <li>
            <Link
              to={paths.onboarding}
              className="flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-4 font-semibold shadow-sm hover:border-amber-500 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <Plus aria-hidden="true" className="size-5 text-amber-600" /> Create New Shop
            </Link>
          </li>
          <li>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-4 font-semibold shadow-sm hover:border-amber-500 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <LifeBuoy aria-hidden="true" className="size-5 text-amber-600" /> Contact Support
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
