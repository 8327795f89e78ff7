/**
 * The link in a waitlist offer (issue 14): the slot held for this client, a live countdown to the hold's end, and
 * "Book this time", which claims it and ends on the normal confirmation. Read in the browser with the token (the
 * server renders the shell only, as for the manage page).
 */
import {
  type BookedAppointment,
  formatClockTime,
  formatDuration,
  formatPrice,
  type HeldSlot,
  VISIT_MESSAGES,
} from '@barberly/common';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BookingApiError, claimHold, fetchHold, NETWORK_MESSAGE, readFailure } from '../../lib/booking-api';
import { type BookingView, bookPathOn, formatCalendarDay, localDateIn } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionButton, ActionLink } from '../buttons';
import { BookingConfirmation } from './booking-confirmation';
import { Actions, Alert, Details, Figures, LiveStatus, Muted, Panel, PlainList, StepHeading } from './booking-ui';

type Load =
  | { state: 'loading' }
  | { state: 'error'; status: number; message: string }
  | { state: 'ok'; hold: HeldSlot }
  /** Claiming failed for good (409 used, 410 expired) or the countdown ran out: the api's words. */
  | { state: 'gone'; message: string }
  | { state: 'booked'; booked: BookedAppointment };

/** 754 seconds gives '12:34'; an hour or more '1:02:03'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hours ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

export function HoldClaim({ view, booking, token }: { view: ShopView; booking: BookingView; token: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [left, setLeft] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [claimError, setClaimError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const id = useId();

  const read = useCallback(
    async (signal: AbortSignal) => {
      try {
        const hold = await fetchHold(token, signal);
        if (hold.status === 'claimed') setLoad({ state: 'gone', message: VISIT_MESSAGES.holdTaken });
        else if (hold.status !== 'active') setLoad({ state: 'gone', message: VISIT_MESSAGES.holdExpired });
        else setLoad({ state: 'ok', hold });
      } catch (err) {
        if (signal.aborted) return;
        setLoad(readFailure(err));
      }
    },
    [token],
  );

  useEffect(() => {
    const controller = new AbortController();
    void read(controller.signal);
    return () => controller.abort();
  }, [read]);

  // The countdown: once a second while the hold is shown; at zero the offer has passed on.
  const expiresAt = load.state === 'ok' ? load.hold.expiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => {
      const s = secondsLeft(expiresAt, Date.now());
      setLeft(s);
      if (s === 0 && !inFlight.current) setLoad({ state: 'gone', message: VISIT_MESSAGES.holdExpired });
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  async function claim() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setClaimError(null);
    try {
      setLoad({ state: 'booked', booked: await claimHold(token) });
    } catch (err) {
      if (err instanceof BookingApiError && (err.status === 409 || err.status === 410 || err.status === 404)) {
        setLoad({ state: 'gone', message: err.message });
      } else {
        setClaimError(err instanceof BookingApiError ? err.message : NETWORK_MESSAGE);
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  if (load.state === 'booked') {
    return <BookingConfirmation booked={load.booked} view={view} booking={booking} remindedBy={null} />;
  }
  if (load.state === 'loading') {
    return (
      <Panel aria-busy="true">
        <LiveStatus>Loading the time held for you…</LiveStatus>
      </Panel>
    );
  }
  // An offer of another shop opened under this shop's address is not this shop's to show.
  const foreign = load.state === 'ok' && load.hold.shop.slug !== view.shop.slug;
  if (load.state === 'error' || load.state === 'gone' || foreign) {
    const notFound = foreign || (load.state === 'error' && load.status === 404);
    const message = load.state === 'gone' ? load.message : load.state === 'error' && !notFound ? load.message : null;
    return (
      <Panel key="gone" aria-labelledby={`${id}-gone`} data-hold-state={load.state === 'gone' ? 'gone' : 'error'}>
        <StepHeading focusOnMount={load.state === 'gone'} id={`${id}-gone`}>
          {notFound
            ? VISIT_MESSAGES.holdNotFound
            : load.state === 'gone'
              ? 'This time is no longer held for you'
              : 'Something went wrong'}
        </StepHeading>
        <Alert role="alert">
          {message ?? 'This link does not match an offer. Please check the link in your e-mail.'}
        </Alert>
        <Actions>
          <ActionLink href={bookPathOn(booking.base)} rel="external" $tone="solid">
            Find another time
          </ActionLink>
        </Actions>
      </Panel>
    );
  }

  const hold = load.hold;
  const clock = { timeZone: hold.shop.timeZone, locale: hold.shop.locale, clock: hold.shop.clock };
  const money = { currency: hold.shop.currency, locale: hold.shop.locale };
  const minutes = hold.services.reduce((sum, s) => sum + s.durationMinutes, 0);
  const price = hold.services.reduce((sum, s) => sum + Math.round(s.price * 100), 0) / 100;
  const remaining = left ?? secondsLeft(hold.expiresAt, Date.now());
  return (
    <Panel key="active" aria-labelledby={`${id}-hold`} data-hold-state="active">
      <StepHeading focusOnMount={false} id={`${id}-hold`}>
        A time freed up for you
      </StepHeading>
      <p>
        {/* role=timer: read when asked, not every second. */}
        <strong role="timer" aria-live="off" data-hold-countdown="">
          Held for you for <Figures>{formatCountdown(remaining)}</Figures>
        </strong>
      </p>
      <Details>
        <dt>Date</dt>
        <dd>{formatCalendarDay(localDateIn(hold.start, hold.shop.timeZone))}</dd>
        <dt>Time</dt>
        <dd>
          {formatClockTime(hold.start, clock)} <Muted as="span">({booking.timeZoneLabel})</Muted>
        </dd>
        <dt>Barber</dt>
        <dd>{hold.barber.name}</dd>
        <dt>{hold.services.length > 1 ? 'Services' : 'Service'}</dt>
        <dd>
          <PlainList>
            {hold.services.map((s) => (
              <li key={s.id}>
                {s.name} ({formatDuration(s.durationMinutes)}, {formatPrice(s.price, money)})
              </li>
            ))}
          </PlainList>
        </dd>
        <dt>Total</dt>
        <dd data-hold-total="">
          {formatDuration(minutes)}, {formatPrice(price, money)}
        </dd>
      </Details>
      <LiveStatus>{busy ? 'Booking this time…' : ''}</LiveStatus>
      {claimError ? <Alert role="alert">{claimError}</Alert> : null}
      <Actions>
        <ActionButton type="button" $tone="solid" aria-disabled={busy} onClick={claim}>
          Book this time
        </ActionButton>
        <ActionLink href={bookPathOn(booking.base)} rel="external" $tone="outline">
          Choose another time
        </ActionLink>
      </Actions>
      <Muted>If you don't book it in time, it goes to the next person on the waitlist.</Muted>
    </Panel>
  );
}
