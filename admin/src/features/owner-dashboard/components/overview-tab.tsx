import {
  currencyLabel,
  displaySettingsOf,
  formatPhone,
  localeLabel,
  type Shop,
  shopPhoneCountry,
  THEME_LABELS,
} from '@barberly/common';
import { CalendarDays, Copy, ExternalLink, Pencil, Scissors, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { StatCard } from '../../../components/ui/stat-card';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../lib/routes';
import { copyText } from '../lib/clipboard';
import { copyFailedToast, customUrlCopiedToast, urlCopiedToast } from '../lib/messages';
import { BookingSettingsCard } from './booking-settings-card';
import { CustomDomains } from './custom-domains';
import { HoursCard } from './hours-card';
import { SetupChecklist, type SetupTarget } from './setup-checklist';

/** '{slug}.{product domain}' (with the port in development): the host of the shop's subdomain URL. */
export function subdomainOf(shop: Pick<Shop, 'subdomain_url' | 'slug'>): string {
  try {
    return new URL(shop.subdomain_url).host;
  } catch {
    return shop.slug;
  }
}

export function standardUrlOf(shop: Pick<Shop, 'slug'>): string {
  return `${window.location.origin}${paths.shop(shop.slug)}`;
}

export async function copyStandardUrl(shop: Pick<Shop, 'slug'>) {
  showToast((await copyText(standardUrlOf(shop))) ? urlCopiedToast : copyFailedToast);
}

/** One term and its value; the wrapping div is the only element a <dl> may hold besides dt and dd. */
function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `min-w-0 ${className}` : 'min-w-0'}>
      <dt className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-neutral-900">
        {children || <span className="text-neutral-500">Not set</span>}
      </dd>
    </div>
  );
}

function UrlRow({
  label,
  url,
  copyLabel,
  onCopy,
}: {
  label: string;
  url: string;
  copyLabel: string;
  onCopy: () => void;
}) {
  return (
    <div>
      <p className="text-sm font-semibold text-neutral-800">{label}</p>
      <div className="mt-1 flex items-center gap-2 rounded-lg border border-neutral-200 bg-neutral-50 p-1 pl-3">
        <code className="min-w-0 flex-1 truncate text-sm text-neutral-800" title={url}>
          {url}
        </code>
        <Button variant="light" size="sm" aria-label={copyLabel} onClick={onCopy}>
          <Copy aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}

export function OverviewTab({
  shop,
  todayAppointments,
  barberCount,
  serviceCount,
  onEdit,
  onOpenTab,
  TodayAgenda,
  PaymentsSetup,
}: {
  shop: Shop;
  /** The setup checklist's way to another tab (Barbers, Messages). */
  onOpenTab?: (tab: 'barbers' | 'messages' | 'appointments') => void;
  /** Live appointments of the shop's today (GET /api/shops/{id}/stats). */
  todayAppointments: number;
  barberCount: number;
  serviceCount: number;
  onEdit: () => void;
  /** Today's appointments at the top (features/calendar, issue 25), handed in by app/. */
  TodayAgenda?: ComponentType<{ shopId: string; onOpenCalendar: () => void }>;
  /** The shop's Stripe account and payment policy (features/payments, issue 27), handed in by app/. */
  PaymentsSetup?: ComponentType<{ shop: Shop }>;
}) {
  const subdomain = subdomainOf(shop);
  const display = displaySettingsOf(shop);
  const goTo = (target: SetupTarget) => {
    if (target === 'barbers' || target === 'messages') onOpenTab?.(target);
    else document.getElementById(`overview-${target}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className="flex flex-col gap-6">
      {TodayAgenda ? <TodayAgenda shopId={shop.id} onOpenCalendar={() => onOpenTab?.('appointments')} /> : null}
      <SetupChecklist
        shop={shop}
        barberCount={barberCount}
        onGoTo={goTo}
        onShareLink={async () => {
          const copied = await copyText(standardUrlOf(shop));
          showToast(copied ? urlCopiedToast : copyFailedToast);
          return copied;
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Today's Appointments" value={todayAppointments} icon={CalendarDays} />
        <StatCard label="Total Barbers" value={barberCount} icon={Users} />
        <StatCard label="Available Services" value={serviceCount} icon={Scissors} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Shop Details"
            description="What clients see on your booking page."
            actions={
              <Button variant="light" size="sm" onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4" /> Edit Details
              </Button>
            }
          />
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <Detail label="Name">{shop.name}</Detail>
            <Detail label="Template">{THEME_LABELS[shop.theme]}</Detail>
            <Detail label="Description" className="sm:col-span-2">
              {shop.bio}
            </Detail>
            <Detail label="Address">{shop.address}</Detail>
            <Detail label="Phone">{formatPhone(shop.phoneNumber, shopPhoneCountry(shop))}</Detail>
            <Detail label="Currency">{currencyLabel(display.currency)}</Detail>
            <Detail label="Locale">{localeLabel(display.locale)}</Detail>
            <Detail label="Clock">{display.clock === '24h' ? '24-hour' : '12-hour'}</Detail>
          </dl>
        </Card>
        <Card>
          <CardHeader title="Your Booking Page" description="Share this link with your clients." />
          <div className="mt-5 flex flex-col gap-4">
            <UrlRow
              label="Standard URL"
              url={standardUrlOf(shop)}
              copyLabel="Copy standard URL"
              onCopy={() => void copyStandardUrl(shop)}
            />
            <UrlRow
              label="Subdomain URL"
              url={subdomain}
              copyLabel="Copy subdomain URL"
              onCopy={async () => showToast((await copyText(subdomain)) ? customUrlCopiedToast : copyFailedToast)}
            />
            <div className="flex flex-wrap gap-2">
              <a
                href={paths.shop(shop.slug)}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses('primary', 'sm')}
              >
                <ExternalLink aria-hidden="true" className="size-4" /> Preview Site
              </a>
              <Button variant="light" size="sm" onClick={() => void copyStandardUrl(shop)}>
                <Copy aria-hidden="true" className="size-4" /> Copy Standard URL
              </Button>
            </div>
            <div id="overview-domains" className="scroll-mt-24 border-t border-neutral-100 pt-4">
              <CustomDomains shopId={shop.id} />
            </div>
          </div>
        </Card>
        <div id="overview-hours" className="min-w-0 scroll-mt-24">
          <HoursCard shop={shop} />
        </div>
        <BookingSettingsCard shop={shop} />
        {PaymentsSetup ? <PaymentsSetup shop={shop} /> : null}
      </div>
    </div>
  );
}
