/**
 * The client's place on a waitlist (issue 14), reached by the link in the waitlist e-mail: the day, the window,
 * the barber, the services and the place in line, and "Leave the waitlist". Read in the browser with the token.
 */
import { formatWallTime, type PublicWaitlistEntry, VISIT_MESSAGES, type WaitlistStatus } from '@barberly/common';
import { useCallback, useEffect, useId, useState } from 'react';
import {
  BookingApiError,
  fetchWaitlistEntry,
  leaveWaitlist,
  NETWORK_MESSAGE,
  readFailure,
} from '../../lib/booking-api';
import { type BookingView, bookPathOn, formatCalendarDay } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionButton, ActionLink } from '../buttons';
import { Actions, Alert, Details, LiveStatus, Notice, Panel, StepHeading } from './booking-ui';

type Load = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ok' };

const STATUS_TEXT: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'A time was offered to you: see your e-mail',
  booked: 'Booked',
  expired: 'Ended',
  left: 'You left the waitlist',
};

export function WaitlistEntryPage({ view, booking, token }: { view: ShopView; booking: BookingView; token: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [entry, setEntry] = useState<PublicWaitlistEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const id = useId();

  const read = useCallback(
    async (signal: AbortSignal) => {
      try {
        setEntry(await fetchWaitlistEntry(token, signal));
        setLoad({ state: 'ok' });
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

  async function leave() {
    if (busy || !entry) return;
    setBusy(true);
    setActionError(null);
    try {
      await leaveWaitlist(token);
      setEntry({ ...entry, status: 'left' });
      setNotice(`You've left the waitlist for ${formatCalendarDay(entry.date)}.`);
    } catch (err) {
      setActionError(err instanceof BookingApiError ? err.message : NETWORK_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  if (load.state === 'loading') {
    return (
      <Panel aria-busy="true">
        <LiveStatus>Loading your place on the waitlist…</LiveStatus>
      </Panel>
    );
  }
  const foreign = entry !== null && entry.shop.slug !== view.shop.slug;
  if (load.state === 'error' || !entry || foreign) {
    const notFound = foreign || (load.state === 'error' && load.status === 404);
    return (
      <Panel aria-labelledby={`${id}-error`} data-waitlist-state="error">
        <StepHeading focusOnMount={false} id={`${id}-error`}>
          {notFound ? VISIT_MESSAGES.waitlistNotFound : 'Something went wrong'}
        </StepHeading>
        <Alert role="alert">
          {notFound || load.state !== 'error'
            ? 'This link does not match a place on the waitlist. Please check the link in your e-mail.'
            : load.message}
        </Alert>
        <Actions>
          <ActionLink href={bookPathOn(booking.base)} rel="external" $tone="solid">
            Book an appointment
          </ActionLink>
        </Actions>
      </Panel>
    );
  }

  const e = entry;
  const wall = (t: string) => formatWallTime(t, booking.clock);
  const active = e.status === 'waiting' || e.status === 'offered';
  return (
    <>
      <LiveStatus>{notice ?? ''}</LiveStatus>
      {notice ? <Notice>{notice}</Notice> : null}
      <Panel aria-labelledby={`${id}-entry`} data-waitlist-state={e.status}>
        <StepHeading focusOnMount={false} id={`${id}-entry`}>
          Your place on the waitlist
        </StepHeading>
        {e.status === 'waiting' ? (
          <p data-waitlist-position={e.position}>
            You're #{e.position} on the waitlist for {formatCalendarDay(e.date)}. We'll e-mail you if a time frees up.
          </p>
        ) : null}
        <Details>
          <dt>Status</dt>
          <dd>{STATUS_TEXT[e.status]}</dd>
          <dt>Date</dt>
          <dd>{formatCalendarDay(e.date)}</dd>
          <dt>Between</dt>
          <dd>
            {wall(e.windowStart)} and {wall(e.windowEnd)}
          </dd>
          <dt>Barber</dt>
          <dd>{e.barber ? e.barber.name : 'Any barber'}</dd>
          <dt>{e.services.length > 1 ? 'Services' : 'Service'}</dt>
          <dd>{e.services.map((s) => s.name).join(' + ')}</dd>
        </Details>
        {actionError ? <Alert role="alert">{actionError}</Alert> : null}
        <Actions>
          {active ? (
            <ActionButton type="button" $tone="outline" aria-disabled={busy} onClick={leave}>
              Leave the waitlist
            </ActionButton>
          ) : null}
          <ActionLink href={bookPathOn(booking.base)} rel="external" $tone={active ? 'outline' : 'solid'}>
            Book another time
          </ActionLink>
        </Actions>
      </Panel>
    </>
  );
}
