import { appointmentDisplayOf, type BookedVisit, formatClockTime } from '@barberly/common';
import { useId } from 'react';
import { calendarPath } from '../../lib/booking-api';
import { type BookingView, formatCalendarDay, managePathOn } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionLink } from '../buttons';
import { Actions, Details, Muted, Panel, StepHeading } from './booking-ui';
import { CollisionChoices, SeriesVisits, VisitServices } from './visit-parts';

/**
 * "You're booked!": the visit as booked, the calendar file and the private manage link; for a series (issue 14), the
 * visits booked and those that were not free with their alternatives. The booking flow and the claim page end here.
 */
export function BookingConfirmation({
  booked,
  view,
  booking,
  remindedBy,
}: {
  booked: BookedVisit;
  view: ShopView;
  booking: BookingView;
  /** The reminders line ('We'll text reminders to …'); null for e-mail. */
  remindedBy: string | null;
}) {
  const id = useId();
  const slug = view.shop.slug;
  const managePath = managePathOn(booking.base, slug, booked.manageToken);
  const series = booked.series;
  const openCollisions = series?.collisions.filter((c) => c.status === 'open') ?? [];
  return (
    <Panel aria-labelledby={`${id}-done`} data-booking-step="done">
      <StepHeading focusOnMount id={`${id}-done`}>
        You're booked!
      </StepHeading>
      <p>
        We've sent a confirmation to <strong>{booked.client.email}</strong>.
      </p>
      {remindedBy ? <p>{remindedBy}</p> : null}
      <Details>
        <dt>{(booked.items?.length ?? 0) > 1 ? 'Services' : 'Service'}</dt>
        <VisitServices appointment={booked} display={appointmentDisplayOf(booked, view.display)} />
        <dt>Barber</dt>
        <dd>{booked.barber.name}</dd>
        <dt>Date</dt>
        <dd>{formatCalendarDay(booked.localDate)}</dd>
        <dt>Time</dt>
        <dd>
          {formatClockTime(booked.start, booking.clock)} <Muted as="span">({booking.timeZoneLabel})</Muted>
        </dd>
        {view.shop.address ? (
          <>
            <dt>Where</dt>
            <dd>{view.shop.address}</dd>
          </>
        ) : null}
      </Details>
      {series ? (
        <section aria-labelledby={`${id}-series`} data-series-result="">
          <h3 id={`${id}-series`}>
            Your regular appointment: every{' '}
            {series.series.intervalWeeks === 1 ? 'week' : `${series.series.intervalWeeks} weeks`}
          </h3>
          <p>
            {series.booked.length} {series.booked.length === 1 ? 'visit' : 'visits'} booked
            {openCollisions.length > 0
              ? `; ${openCollisions.length} ${openCollisions.length === 1 ? 'visit needs' : 'visits need'} another time`
              : ''}
            .
          </p>
          <SeriesVisits visits={series.booked} clock={booking.clock} />
          <CollisionChoices token={booked.manageToken} collisions={series.collisions} clock={booking.clock} />
        </section>
      ) : null}
      <Actions>
        <ActionLink href={calendarPath(booked.manageToken)} download="appointment.ics" $tone="solid">
          Add to calendar
        </ActionLink>
        {/* A button, not the raw token address (issue 28); the same link is in the confirmation e-mail. */}
        <ActionLink
          href={managePath}
          rel="external"
          $tone="outline"
          data-manage-link=""
          aria-describedby={`${id}-manage-note`}
        >
          Manage your appointment
        </ActionLink>
      </Actions>
      <Muted id={`${id}-manage-note`}>
        View, move or cancel this appointment{series ? ' and the visits after it' : ''} there. The link is also in your
        confirmation e-mail: keep it to yourself, as anyone with it can change your booking.
      </Muted>
    </Panel>
  );
}
