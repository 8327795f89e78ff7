/** Issue 27: /shop/{slug}/payment/{token} (and its path on the shop's own host): back from Stripe Checkout. */
import type { PageContext } from 'vike/types';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { bookPathOn } from '../../lib/booking-view';
import { StatusScreen } from '../status-screen';
import { BookingLayout } from './booking-layout';
import type { ManageRouteData } from './booking-route';
import { PaymentReturn } from './payment-return';

export function PaymentRoutePage() {
  const data = useData<ManageRouteData>();
  const { homeUrl } = usePageContext();
  if (data.kind !== 'ok' || !data.token) {
    return (
      <StatusScreen
        title="No Shop Data"
        message="It appears this shop's data is incomplete. Please contact support."
        homeUrl={homeUrl}
      />
    );
  }
  return (
    <BookingLayout view={data.view} shopHref={data.booking.base || '/'} title="Your payment">
      <PaymentReturn token={data.token} bookHref={bookPathOn(data.booking.base)} />
    </BookingLayout>
  );
}

export function paymentRouteTitle(pageContext: PageContext<ManageRouteData>): string {
  const data = pageContext.data;
  return data.kind === 'ok' ? `Your payment | ${data.view.shop.name}` : 'No Shop Data';
}
