/**
 * Page, title and head of /shop/{slug}/book, /shop/{slug}/appointments/{token}, and (issue 14) the waitlist entry
 * /shop/{slug}/waitlist/{token} and the offer /shop/{slug}/hold/{token}, and their paths on the shop's own host.
 */
import { BILLING_MESSAGES } from '@barberly/common';
import type { PageContext } from 'vike/types';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import type { ManagedVisit } from '../../lib/booking-api';
import type { BookingShop } from '../../lib/booking-data';
import { STOREFRONT_THEMES } from '../../themes';
import { StatusScreen } from '../status-screen';
import { BookingFlow, type BookingPreselect } from './booking-flow';
import { BookingLayout } from './booking-layout';
import { BookingsOpenSoon } from './bookings-open-soon';
import { HoldClaim } from './hold-claim';
import { ManageAppointment } from './manage-appointment';
import { WaitlistEntryPage } from './waitlist-entry';

export type BookRouteData = BookingShop & { preselect?: BookingPreselect };
export type ManageRouteData = BookingShop & {
  token?: string;
  /** The manage page's appointment, read while rendering (issue 28); null: the browser reads it. */
  appointment?: ManagedVisit | null;
};

function Incomplete() {
  const { homeUrl } = usePageContext();
  return (
    <StatusScreen
      title="No Shop Data"
      message="It appears this shop's data is incomplete. Please contact support."
      homeUrl={homeUrl}
    />
  );
}

export function BookRoutePage() {
  const data = useData<BookRouteData>();
  if (data.kind !== 'ok') return <Incomplete />;
  const title = STOREFRONT_THEMES[data.view.theme].labels.bookShop;
  if (data.view.bookingsPaused) {
    // The shop's plan paused online booking (issue 17): the page says so politely and how to reach the shop.
    return (
      <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title={title}>
        <section data-testid="bookings-paused" aria-live="polite">
          <p>{BILLING_MESSAGES.bookingsPaused}</p>
          {data.view.shop.phoneHref ? (
            <p>
              <a href={data.view.shop.phoneHref}>Call {data.view.shop.phone}</a>
            </p>
          ) : null}
        </section>
      </BookingLayout>
    );
  }
  if (data.view.barbers.length === 0) {
    return <BookingsOpenSoon view={data.view} shopHref={data.booking.base || '/'} title={title} />;
  }
  return (
    <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title={title}>
      <BookingFlow
        view={data.view}
        booking={data.booking}
        preselect={data.preselect ?? { serviceId: null, barberId: null }}
      />
    </BookingLayout>
  );
}

export function ManageRoutePage() {
  const data = useData<ManageRouteData>();
  if (data.kind !== 'ok' || !data.token) return <Incomplete />;
  return (
    <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title="Manage your appointment">
      <ManageAppointment
        view={data.view}
        booking={data.booking}
        token={data.token}
        initial={data.appointment ?? null}
      />
    </BookingLayout>
  );
}

export function WaitlistRoutePage() {
  const data = useData<ManageRouteData>();
  if (data.kind !== 'ok' || !data.token) return <Incomplete />;
  return (
    <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title="Your place on the waitlist">
      <WaitlistEntryPage view={data.view} booking={data.booking} token={data.token} />
    </BookingLayout>
  );
}

export function HoldRoutePage() {
  const data = useData<ManageRouteData>();
  if (data.kind !== 'ok' || !data.token) return <Incomplete />;
  return (
    <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title="A time held for you">
      <HoldClaim view={data.view} booking={data.booking} token={data.token} />
    </BookingLayout>
  );
}

export function waitlistRouteTitle(pageContext: PageContext<ManageRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok' ? `Your place on the waitlist | ${data.view.shop.name}` : 'No Shop Data';
}

export function holdRouteTitle(pageContext: PageContext<ManageRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok' ? `A time held for you | ${data.view.shop.name}` : 'No Shop Data';
}

export function bookRouteTitle(pageContext: PageContext<BookRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok'
    ? `${STOREFRONT_THEMES[data.view.theme].labels.bookShop} | ${data.view.shop.name}`
    : 'No Shop Data';
}

export function manageRouteTitle(pageContext: PageContext<ManageRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok' ? `Your appointment | ${data.view.shop.name}` : 'No Shop Data';
}

/** Booking pages are not for search engines; a manage, waitlist or offer URL is a credential (no referrer leaves it). */
export function BookingRouteHead() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
