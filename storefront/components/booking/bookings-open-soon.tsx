import { BOOKINGS_OPEN_SOON } from '../../lib/booking-words';
import type { ShopView } from '../../lib/shop-view';
import { BookingLayout } from './booking-layout';

/** No barber yet (issue 28): nobody to book, so no "Any barber" either; the page says bookings open soon. */
export function BookingsOpenSoon({ view, shopHref, title }: { view: ShopView; shopHref: string; title: string }) {
  return (
    <BookingLayout view={view} shopHref={shopHref} title={title}>
      <section data-testid="bookings-open-soon" aria-live="polite">
        <p>{BOOKINGS_OPEN_SOON}</p>
        {view.shop.phoneHref ? (
          <p>
            <a href={view.shop.phoneHref}>Call {view.shop.phone}</a>
          </p>
        ) : null}
      </section>
    </BookingLayout>
  );
}
