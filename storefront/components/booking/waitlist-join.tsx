/**
 * "Join the waitlist for {day}" (issue 14): when the chosen day has no time that suits, the client names a window
 * of that day (the shop's opening hours by default), keeps the barber they chose (or any) and leaves their contact.
 * The api tells them their place; the first in line gets a held slot by e-mail when one frees up.
 */
import { formatWallTime, VISIT_LIMITS, VISIT_MESSAGES, type WaitlistJoined } from '@barberly/common';
import { type FormEvent, useId, useRef, useState } from 'react';
import { BookingApiError, joinWaitlist, NETWORK_MESSAGE } from '../../lib/booking-api';
import { type BookingDay, type BookingView, waitlistPathOn, wallTimesBetween } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionButton } from '../buttons';
import { Actions, Alert, Field, FieldError, LiveStatus, Muted, Panel, Select, StepHeading } from './booking-ui';
import {
  type ContactDetails,
  ContactFields,
  clientOf,
  DETAIL_FIELDS,
  type DetailErrors,
  detailErrorsOf,
  validateContact,
} from './contact-fields';

/** The window's choices, every quarter hour. */
const STEP_MINUTES = 15;

export function WaitlistJoin({
  view,
  booking,
  day,
  barber,
  serviceIds,
  details,
  onDetails,
  onBack,
}: {
  view: ShopView;
  booking: BookingView;
  day: BookingDay;
  /** The barber chosen in the flow, or null for any barber. */
  barber: { id: string; name: string } | null;
  serviceIds: string[];
  details: ContactDetails;
  onDetails: (next: ContactDetails) => void;
  onBack: () => void;
}) {
  const id = useId();
  const open = day.open ?? '09:00';
  const close = day.close ?? '18:00';
  const times = wallTimesBetween(open, close, STEP_MINUTES);
  const [windowStart, setWindowStart] = useState(open);
  const [windowEnd, setWindowEnd] = useState(close);
  const [windowError, setWindowError] = useState<string | null>(null);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const inFlight = useRef(false);
  const wall = (t: string) => formatWallTime(t, booking.clock);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateContact(details);
    const badWindow = windowStart >= windowEnd ? VISIT_MESSAGES.window : null;
    setErrors(found);
    setWindowError(badWindow);
    if (badWindow) {
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    const first = DETAIL_FIELDS.find((k) => found[k]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      setJoined(
        await joinWaitlist(view.shop.slug, {
          date: day.date,
          windowStart,
          windowEnd,
          barberId: barber?.id ?? 'any',
          serviceIds,
          client: clientOf(details),
        }),
      );
    } catch (err) {
      if (!(err instanceof BookingApiError)) {
        setSubmitError(NETWORK_MESSAGE);
      } else {
        const fieldErrors = detailErrorsOf(err.fields);
        const windowField = err.fields.windowEnd ?? err.fields.windowStart ?? null;
        setErrors(fieldErrors);
        setWindowError(windowField);
        if (Object.keys(fieldErrors).length === 0 && !windowField) setSubmitError(err.message);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  if (joined) {
    return (
      // Its own key: a new panel whose heading takes the focus, not the form's panel reused.
      <Panel key="joined" aria-labelledby={`${id}-joined`} data-booking-step="waitlist-joined">
        <StepHeading focusOnMount id={`${id}-joined`}>
          You're on the waitlist
        </StepHeading>
        <p data-waitlist-position={joined.position}>
          You're #{joined.position} on the waitlist for {day.label}. We'll e-mail you if a time frees up.
        </p>
        <p>
          <a href={waitlistPathOn(booking.base, joined.manageToken)} rel="external" data-waitlist-link="">
            See or leave your place on the waitlist
          </a>
        </p>
        <Muted>
          The first in line gets the freed time held for {VISIT_LIMITS.holdMinutes} minutes, with a link to book it.
        </Muted>
      </Panel>
    );
  }

  return (
    <Panel key="form" aria-labelledby={`${id}-waitlist`} data-booking-step="waitlist">
      <StepHeading focusOnMount id={`${id}-waitlist`}>
        Join the waitlist for {day.label}
      </StepHeading>
      <Muted>
        {barber ? `With ${barber.name}.` : 'With any barber.'} Tell us when you could come; we'll e-mail you if a time
        in that window frees up. Times are in {booking.timeZoneLabel}.
      </Muted>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-waitlist`}>
        <div style={{ display: 'grid', gap: '1rem' }}>
          <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <Field>
              <label htmlFor={`${id}-from`}>From</label>
              <Select
                id={`${id}-from`}
                value={windowStart}
                onChange={(e) => {
                  setWindowStart(e.target.value);
                  setWindowError(null);
                }}
              >
                {times.slice(0, -1).map((t) => (
                  <option key={t} value={t}>
                    {wall(t)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <label htmlFor={`${id}-to`}>To</label>
              <Select
                id={`${id}-to`}
                value={windowEnd}
                aria-invalid={windowError ? 'true' : 'false'}
                aria-describedby={windowError ? `${id}-to-error` : undefined}
                onChange={(e) => {
                  setWindowEnd(e.target.value);
                  setWindowError(null);
                }}
              >
                {times.slice(1).map((t) => (
                  <option key={t} value={t}>
                    {wall(t)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {windowError ? <FieldError id={`${id}-to-error`}>{windowError}</FieldError> : null}
          <ContactFields idPrefix={id} details={details} errors={errors} onChange={onDetails} />
          <LiveStatus>{submitting ? 'Adding you to the waitlist…' : ''}</LiveStatus>
          {submitError ? <Alert role="alert">{submitError}</Alert> : null}
          <Actions>
            <ActionButton type="submit" $tone="solid" aria-disabled={submitting}>
              Join the waitlist
            </ActionButton>
            <ActionButton type="button" $tone="outline" onClick={onBack}>
              Back to times
            </ActionButton>
          </Actions>
        </div>
      </form>
    </Panel>
  );
}
