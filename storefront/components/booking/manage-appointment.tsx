import {
  APPOINTMENT_STATUS_LABELS,
  appointmentDisplayOf,
  BOOKING_MESSAGES,
  type CancelScope,
  formatClockTime,
} from '@barberly/common';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  BookingApiError,
  calendarPath,
  cancelManaged,
  fetchManaged,
  type ManagedVisit,
  NETWORK_MESSAGE,
  readFailure,
  rescheduleManaged,
} from '../../lib/booking-api';
import { type BookingView, bookPathOn, formatCalendarDay } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionButton, ActionLink } from '../buttons';
import { Actions, Alert, Details, DisabledReason, LiveStatus, Muted, Notice, Panel, StepHeading } from './booking-ui';
import { CancellationNotice } from './cancellation-notice';
import { TimePicker } from './time-picker';
import { CollisionChoices, SeriesVisits, VisitServices } from './visit-parts';

type Load = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ok' };
type Mode = 'view' | 'cancel' | 'reschedule';

/**
 * The client's own page for one appointment, reached by the private link: view it, cancel it or move it until the
 * shop's cutoff; after that, why not and the shop's phone. The appointment is read in the browser (the server
 * renders the shell only, so no token-bearing answer ever sits in a cache).
 */
export function ManageAppointment({
  view,
  booking,
  token,
  initial = null,
}: {
  view: ShopView;
  booking: BookingView;
  token: string;
  /** The appointment as read while the page was rendered (issue 28): shown at once, not read again. */
  initial?: ManagedVisit | null;
}) {
  const [load, setLoad] = useState<Load>(initial ? { state: 'ok' } : { state: 'loading' });
  const [appointment, setAppointment] = useState<ManagedVisit | null>(initial);
  const readOnServer = useRef(Boolean(initial));
  const [mode, setMode] = useState<Mode>('view');
  const [moved, setMoved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState(() => booking.days.find((d) => !d.closed)?.date ?? '');
  const [start, setStart] = useState<{ start: string; label: string } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const id = useId();

  const show = (next: Mode) => {
    setMoved(true);
    setActionError(null);
    setMode(next);
  };

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await fetchManaged(token, signal);
        setAppointment(answer);
        setLoad({ state: 'ok' });
      } catch (err) {
        if (signal?.aborted) return;
        setLoad(readFailure(err));
      }
    },
    [token],
  );

  useEffect(() => {
    // Rendered with the appointment already: no second read on arrival.
    if (readOnServer.current) {
      readOnServer.current = false;
      return;
    }
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const onStart = useCallback((value: string | null, label: string | null) => {
    setStart(value && label ? { start: value, label } : null);
  }, []);

  /** scope (issue 14): in a series, 'one' cancels this visit, 'following' it and every later one. */
  async function cancel(scope?: CancelScope) {
    if (busy) return;
    setBusy(true);
    setActionError(null);
    try {
      setAppointment(await cancelManaged(token, scope));
      setNotice(
        scope === 'following'
          ? 'This visit and all later visits of the series are cancelled.'
          : scope === 'one'
            ? 'This visit is cancelled. The rest of the series stays booked.'
            : 'Your appointment is cancelled.',
      );
      show('view');
    } catch (err) {
      setActionError(err instanceof BookingApiError ? err.message : NETWORK_MESSAGE);
      if (err instanceof BookingApiError && err.status === 409) void refresh();
    } finally {
      setBusy(false);
    }
  }

  async function reschedule() {
    if (busy || !start || !appointment) return;
    setBusy(true);
    setActionError(null);
    try {
      const answer = await rescheduleManaged(token, { start: start.start, barberId: appointment.barber.id });
      setAppointment(answer);
      setNotice(
        `Your appointment was moved to ${formatCalendarDay(answer.localDate)}, ${formatClockTime(answer.start, booking.clock)}.`,
      );
      setStart(null);
      show('view');
    } catch (err) {
      setActionError(err instanceof BookingApiError ? err.message : NETWORK_MESSAGE);
      if (err instanceof BookingApiError && (err.status === 409 || err.fields.start)) {
        setStart(null);
        setReloadKey((k) => k + 1);
        if (err.code !== 'slot_taken') void refresh();
      }
    } finally {
      setBusy(false);
    }
  }

  if (load.state === 'loading') {
    return (
      <Panel aria-busy="true">
        <LiveStatus>Loading your appointment…</LiveStatus>
      </Panel>
    );
  }
  // A link of another shop's appointment opened under this shop's address is not this shop's to show.
  const foreign = appointment !== null && appointment.shop.slug !== view.shop.slug;
  if (load.state === 'error' || !appointment || foreign) {
    const notFound = foreign || (load.state === 'error' && load.status === 404);
    const message = load.state === 'error' ? load.message : BOOKING_MESSAGES.appointmentNotFound;
    return (
      <Panel aria-labelledby={`${id}-error`} data-manage-state="error">
        <StepHeading focusOnMount={false} id={`${id}-error`}>
          {notFound ? BOOKING_MESSAGES.appointmentNotFound : 'Something went wrong'}
        </StepHeading>
        <Alert role="alert">
          {notFound
            ? 'This link does not match an appointment. Please check the link in your confirmation e-mail.'
            : message}
        </Alert>
        <Actions>
          <ActionLink href={bookPathOn(booking.base)} rel="external" $tone="solid">
            Book an appointment
          </ActionLink>
        </Actions>
      </Panel>
    );
  }

  const a = appointment;
  const cutoffMinutes = Math.max(0, Math.round((Date.parse(a.start) - Date.parse(a.cutoffAt)) / 60_000));
  const state = a.status !== 'confirmed' ? a.status : a.canChange ? 'changeable' : 'locked';
  const display = appointmentDisplayOf(a, view.display);
  // A visit of several services is moved as a whole: the times asked for are the whole visit's.
  const itemIds = (a.items ?? []).map((i) => i.serviceId);
  const visitServiceIds =
    itemIds.length > 0 && itemIds.every((sid): sid is string => Boolean(sid))
      ? itemIds
      : a.service.id
        ? [a.service.id]
        : [];
  const series = a.series;
  const laterVisits = series ? series.upcoming.filter((v) => v.id !== a.id && v.start > a.start) : [];

  return (
    <>
      {/* The outcome is said once: shown in the live region itself, which reads it out (issue 28). */}
      <LiveStatus>{notice ? <Notice data-manage-notice="">{notice}</Notice> : null}</LiveStatus>
      <Panel aria-labelledby={`${id}-view`} data-manage-state={state}>
        <StepHeading focusOnMount={moved && mode === 'view'} id={`${id}-view`}>
          Your appointment
        </StepHeading>
        <Details>
          <dt>Status</dt>
          <dd data-appointment-status={a.status}>{APPOINTMENT_STATUS_LABELS[a.status]}</dd>
          <dt>{(a.items?.length ?? 0) > 1 ? 'Services' : 'Service'}</dt>
          <VisitServices appointment={a} display={display} />
          <dt>Barber</dt>
          <dd>{a.barber.name}</dd>
          <dt>Date</dt>
          <dd>{formatCalendarDay(a.localDate)}</dd>
          <dt>Time</dt>
          <dd>
            {formatClockTime(a.start, booking.clock)} <Muted as="span">({booking.timeZoneLabel})</Muted>
          </dd>
          <dt>Name</dt>
          <dd>{a.client.name}</dd>
          {a.shop.address ? (
            <>
              <dt>Where</dt>
              <dd>{a.shop.address}</dd>
            </>
          ) : null}
        </Details>

        {a.status === 'confirmed' && mode === 'view' ? (
          <Actions>
            <ActionLink href={calendarPath(token)} download="appointment.ics" $tone="outline">
              Add to calendar
            </ActionLink>
            {state === 'changeable' && visitServiceIds.length > 0 ? (
              <ActionButton
                type="button"
                $tone="solid"
                onClick={() => {
                  // Open on the booked day (issue 28): most moves are a little earlier or later the same day.
                  if (booking.days.some((d) => d.date === a.localDate && !d.closed)) setDate(a.localDate);
                  setStart(null);
                  show('reschedule');
                }}
              >
                Reschedule
              </ActionButton>
            ) : null}
            {state === 'changeable' ? (
              <ActionButton type="button" $tone="outline" onClick={() => show('cancel')}>
                Cancel appointment
              </ActionButton>
            ) : null}
          </Actions>
        ) : null}

        {state === 'locked' ? (
          <div data-manage-locked="">
            <p>{BOOKING_MESSAGES.changeWindowClosed(cutoffMinutes)}</p>
            {view.shop.phoneHref ? (
              <Actions>
                <ActionLink href={view.shop.phoneHref} $tone="solid">
                  Call {view.shop.phone}
                </ActionLink>
              </Actions>
            ) : null}
          </div>
        ) : null}

        {state === 'cancelled' ? (
          <Actions>
            <ActionLink href={bookPathOn(booking.base)} rel="external" $tone="solid">
              Book again
            </ActionLink>
          </Actions>
        ) : null}
        {state === 'completed' || state === 'no_show' ? <p>{BOOKING_MESSAGES.notChangeable}</p> : null}
      </Panel>

      {series ? (
        <Panel aria-labelledby={`${id}-series`} data-manage-series={series.status}>
          <StepHeading focusOnMount={false} id={`${id}-series`}>
            {series.status === 'active'
              ? `Your regular appointment: every ${series.intervalWeeks === 1 ? 'week' : `${series.intervalWeeks} weeks`}`
              : 'Your regular appointment has ended'}
          </StepHeading>
          {series.upcoming.length > 0 ? (
            <>
              <Muted>Upcoming visits</Muted>
              <SeriesVisits visits={series.upcoming} clock={booking.clock} />
            </>
          ) : (
            <Muted>No upcoming visits.</Muted>
          )}
          <CollisionChoices
            token={token}
            collisions={series.collisions}
            clock={booking.clock}
            onAccepted={() => void refresh()}
          />
        </Panel>
      ) : null}

      {mode === 'cancel' && state === 'changeable' ? (
        <Panel aria-labelledby={`${id}-cancel`} data-manage-step="cancel">
          <StepHeading focusOnMount id={`${id}-cancel`}>
            Cancel this appointment?
          </StepHeading>
          <p>
            {formatCalendarDay(a.localDate)}, {formatClockTime(a.start, booking.clock)} with {a.barber.name}. The time
            is given back to the shop.
          </p>
          {/* Issue 27: a fee or a refund, said before the client confirms. */}
          <CancellationNotice token={token} />
          {series && laterVisits.length > 0 ? (
            <p>
              It is part of your regular appointment, with {laterVisits.length} later{' '}
              {laterVisits.length === 1 ? 'visit' : 'visits'}.
            </p>
          ) : null}
          {actionError ? <Alert role="alert">{actionError}</Alert> : null}
          {series && laterVisits.length > 0 ? (
            <Actions>
              <ActionButton type="button" $tone="solid" aria-disabled={busy} onClick={() => cancel('one')}>
                Cancel this visit
              </ActionButton>
              <ActionButton type="button" $tone="outline" aria-disabled={busy} onClick={() => cancel('following')}>
                Cancel this and all later visits
              </ActionButton>
              <ActionButton type="button" $tone="outline" onClick={() => show('view')}>
                Keep my appointment
              </ActionButton>
            </Actions>
          ) : (
            <Actions>
              <ActionButton type="button" $tone="solid" aria-disabled={busy} onClick={() => cancel()}>
                Yes, cancel it
              </ActionButton>
              <ActionButton type="button" $tone="outline" onClick={() => show('view')}>
                Keep my appointment
              </ActionButton>
            </Actions>
          )}
        </Panel>
      ) : null}

      {mode === 'reschedule' && state === 'changeable' && visitServiceIds.length > 0 ? (
        <Panel aria-labelledby={`${id}-move`} data-manage-step="reschedule">
          <StepHeading focusOnMount id={`${id}-move`}>
            Pick a new date and time
          </StepHeading>
          {actionError ? <Alert role="alert">{actionError}</Alert> : null}
          <TimePicker
            slug={a.shop.slug}
            serviceIds={visitServiceIds}
            barberId={a.barber.id}
            days={booking.days}
            timeZoneLabel={booking.timeZoneLabel}
            clock={booking.clock}
            date={date}
            onDate={(d) => {
              // "Next available" answers after a search: landing on the day already shown keeps the time picked meanwhile.
              if (d !== date) setStart(null);
              setDate(d);
            }}
            start={start?.start ?? null}
            onStart={onStart}
            reloadKey={reloadKey}
          />
          <Actions>
            <ActionButton
              type="button"
              $tone="solid"
              disabled={!start}
              aria-disabled={busy}
              aria-describedby={start ? undefined : `${id}-move-why`}
              onClick={reschedule}
            >
              {start ? `Move to ${start.label}` : 'Move appointment'}
            </ActionButton>
            <ActionButton type="button" $tone="outline" onClick={() => show('view')}>
              Keep the current time
            </ActionButton>
          </Actions>
          {start ? null : <DisabledReason id={`${id}-move-why`}>Choose a new time to move to.</DisabledReason>}
        </Panel>
      ) : null}
    </>
  );
}
