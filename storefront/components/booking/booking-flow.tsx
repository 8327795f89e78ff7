import {
  type BookedVisit,
  type BookingRequestInput,
  formatDuration,
  formatPhone,
  formatPrice,
  type PendingPaymentBooking,
} from '@barberly/common';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { styled, useTheme } from 'styled-components';
import { BookingApiError, bookAppointment, NETWORK_MESSAGE, newIdempotencyKey } from '../../lib/booking-api';
import type { BookingView } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { barbersForVisit, visitTotal } from '../../lib/visit';
import { BeforeYouPay } from './before-you-pay';
import { BookingConfirmation } from './booking-confirmation';
import { Details, Muted } from './booking-ui';
import {
  type ContactDetails,
  clientOf,
  DETAIL_FIELDS,
  type DetailErrors,
  detailErrorsOf,
  EMPTY_DETAILS,
  validateDetails,
} from './contact-fields';
import {
  defaultReminders,
  type ReminderAnswer,
  reminderSentence,
  remindersRequest,
  validateReminders,
} from './reminder-choice';
import { BarberStep } from './steps/barber-step';
import { DetailsStep, REPEAT_DEFAULT, type RepeatAnswer } from './steps/details-step';
import { ReviewStep } from './steps/review-step';
import { ServiceStep } from './steps/service-step';
import { TimeStep } from './steps/time-step';
import { WaitlistJoin } from './waitlist-join';

/**
 * Every control of the flow, disabled until the browser has taken over: a click before hydration would change the
 * page without telling the flow (a checked radio with Continue still disabled).
 */
const Controls = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
`;

export const BOOKING_STEPS = [
  { key: 'service', title: 'Choose your services' },
  { key: 'barber', title: 'Choose a barber' },
  { key: 'time', title: 'Pick a date and time' },
  { key: 'details', title: 'Your details' },
  { key: 'review', title: 'Review and confirm' },
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number]['key'];

export interface BookingPreselect {
  serviceId: string | null;
  barberId: string | null;
}

/** Where a flow opened with this choice starts: the first step the button did not answer. */
export function firstStep(preselect: BookingPreselect): BookingStep {
  if (!preselect.serviceId) return 'service';
  return preselect.barberId ? 'time' : 'barber';
}

/**
 * The booking flow: services (one or more, issue 14), barber (or any, among those who do them all), date and time,
 * contact details (and, where the shop allows, a regular appointment), review, confirmation. One step at a time,
 * one component each (./steps/);
 * each new step's heading takes the focus. A day without a time that suits offers the waitlist. The server renders
 * the first step, the browser takes over.
 */
export function BookingFlow({
  view,
  booking,
  preselect,
}: {
  view: ShopView;
  booking: BookingView;
  preselect: BookingPreselect;
}) {
  const { labels } = useTheme();
  const slug = view.shop.slug;
  const [step, setStep] = useState<BookingStep | 'waitlist' | 'done'>(firstStep(preselect));
  const [moved, setMoved] = useState(false);
  const [serviceIds, setServiceIds] = useState<string[]>(preselect.serviceId ? [preselect.serviceId] : []);
  const [barberId, setBarberId] = useState<string>(preselect.barberId ?? 'any');
  const [date, setDate] = useState(() => booking.days.find((d) => !d.closed)?.date ?? '');
  const [start, setStart] = useState<{ start: string; label: string } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [details, setDetails] = useState<ContactDetails>(EMPTY_DETAILS);
  const [reminders, setReminders] = useState<ReminderAnswer>(() => defaultReminders(booking.textChannels));
  const [repeat, setRepeat] = useState<RepeatAnswer>(REPEAT_DEFAULT);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookedVisit | null>(null);
  /** Issue 27: the shop's policy asks for a deposit, prepayment or a card: Stripe Checkout next. */
  const [pending, setPending] = useState<PendingPaymentBooking | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const defaultMinutes = labels.defaultDurationMinutes ?? 0;
  const chosen = serviceIds.flatMap((sid) => view.services.filter((s) => s.id === sid));
  const eligible = barbersForVisit(view.barbers, serviceIds);
  const barber = eligible.find((b) => b.id === barberId) ?? null;
  const total = visitTotal(view.services, serviceIds, barber, defaultMinutes);
  const shopTotal = visitTotal(view.services, serviceIds, null, defaultMinutes);
  // No barber does all of them (a shop without barbers keeps the old flow: the api answers that).
  const nobody = chosen.length > 0 && view.barbers.length > 0 && eligible.length === 0;
  const serviceName = (s: (typeof view.services)[number]) => s.name || labels.untitledService || 'Service';
  const visitName = chosen.map(serviceName).join(' + ');
  const totalText = (t: { durationMinutes: number; price: number }) =>
    [t.durationMinutes ? formatDuration(t.durationMinutes) : null, formatPrice(t.price, view.display)]
      .filter(Boolean)
      .join(' · ');
  const day = booking.days.find((d) => d.date === date);

  const go = (next: BookingStep | 'waitlist' | 'done') => {
    setMoved(true);
    setStep(next);
  };
  const onStart = useCallback((value: string | null, label: string | null) => {
    setStart(value && label ? { start: value, label } : null);
  }, []);

  const stepIndex = BOOKING_STEPS.findIndex((s) => s.key === (step === 'waitlist' ? 'time' : step));
  const title = (key: BookingStep) => BOOKING_STEPS.find((s) => s.key === key)?.title ?? '';

  async function confirm() {
    if (chosen.length === 0 || !start || inFlight.current) return;
    const body: BookingRequestInput = {
      serviceIds: chosen.map((s) => s.id),
      barberId,
      start: start.start,
      client: clientOf(details),
      note: details.note.trim(),
      reminders: remindersRequest(booking.textChannels, reminders),
      ...(view.clientsMayRepeat && repeat.on
        ? { repeat: { intervalWeeks: repeat.intervalWeeks, count: repeat.count } }
        : {}),
    };
    const json = JSON.stringify(body);
    // One key per attempt: a second click or a retry after a lost answer sends the same key and books once.
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const result = await bookAppointment(slug, body, attempt.current.key);
      if ('checkoutUrl' in result) setPending(result);
      else setBooked(result);
      go('done');
    } catch (err) {
      if (!(err instanceof BookingApiError)) {
        setSubmitError(NETWORK_MESSAGE);
      } else if (err.status === 409 && err.code === 'slot_taken') {
        // Someone was quicker: say so in the api's words, fresh times, the details kept.
        setTimeError(err.message);
        setStart(null);
        setReloadKey((k) => k + 1);
        go('time');
      } else if (err.status === 400 && err.fields.start) {
        setTimeError(err.fields.start);
        setStart(null);
        setReloadKey((k) => k + 1);
        go('time');
      } else if (err.status === 400 && Object.keys(detailErrorsOf(err.fields)).length > 0) {
        setErrors(detailErrorsOf(err.fields));
        go('details');
      } else {
        setSubmitError(err.message);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  function submitDetails(event: FormEvent) {
    event.preventDefault();
    const found = { ...validateDetails(details), ...validateReminders(booking.textChannels, reminders) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = DETAIL_FIELDS.find((k) => found[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    go('review');
  }

  if (step === 'done' && pending) return <BeforeYouPay pending={pending} />;

  if (step === 'done' && booked) {
    // The api's record wins (it falls back to e-mail without consent); an api before issue 15 leaves our choice.
    const sent = remindersRequest(booking.textChannels, reminders);
    const remindedBy = reminderSentence(
      booked.reminderChannel ?? (sent?.consent ? sent.channel : undefined),
      formatPhone(booked.client.phone, view.shop.phoneCountry),
    );
    return <BookingConfirmation booked={booked} view={view} booking={booking} remindedBy={remindedBy} />;
  }

  return (
    <Controls disabled={!hydrated} aria-busy={!hydrated}>
      <Muted>
        Step {stepIndex + 1} of {BOOKING_STEPS.length}
      </Muted>
      {step !== 'service' && chosen.length > 0 ? (
        <Details aria-label="Your choices" data-booking-summary="">
          <dt>{chosen.length > 1 ? 'Services' : 'Service'}</dt>
          <dd>
            {visitName}
            {total.durationMinutes ? ` · ${formatDuration(total.durationMinutes)}` : ''} ·{' '}
            {formatPrice(total.price, view.display)}
          </dd>
          {step !== 'barber' ? (
            <>
              <dt>Barber</dt>
              <dd>{barber ? barber.name : 'Any barber'}</dd>
            </>
          ) : null}
          {start && (step === 'details' || step === 'review') ? (
            <>
              <dt>When</dt>
              <dd>
                {day?.label ?? date}, {start.label}
              </dd>
            </>
          ) : null}
        </Details>
      ) : null}

      {step === 'service' ? (
        <ServiceStep
          id={id}
          title={title('service')}
          moved={moved}
          view={view}
          serviceIds={serviceIds}
          onServiceIds={setServiceIds}
          totalText={totalText(shopTotal)}
          nobody={nobody}
          onContinue={() => {
            // A barber chosen before who does not do all of these: back to any, the barber step shows who does.
            if (barberId !== 'any' && !eligible.some((b) => b.id === barberId)) setBarberId('any');
            go('barber');
          }}
        />
      ) : null}

      {step === 'barber' ? (
        <BarberStep
          id={id}
          title={title('barber')}
          moved={moved}
          eligible={eligible}
          allBarbers={view.barbers.length}
          severalServices={chosen.length > 1}
          barberId={barberId}
          onBarberId={setBarberId}
          ownTotal={(b) => {
            const own = visitTotal(view.services, serviceIds, b, defaultMinutes);
            const differs = own.durationMinutes !== shopTotal.durationMinutes || own.price !== shopTotal.price;
            return differs ? `With ${b.firstName}: ${totalText(own)}` : null;
          }}
          onContinue={() => go('time')}
          onBack={() => go('service')}
        />
      ) : null}

      {step === 'time' && chosen.length > 0 ? (
        <TimeStep
          id={id}
          title={title('time')}
          moved={moved}
          view={view}
          booking={booking}
          serviceIds={serviceIds}
          barberId={barberId}
          barber={barber}
          eligible={eligible}
          onBarberId={(other) => {
            setBarberId(other);
            setStart(null);
          }}
          date={date}
          onDate={(d) => {
            // "Next available" answers after a search: landing on the day already shown keeps the time picked meanwhile.
            if (d !== date) setStart(null);
            setDate(d);
          }}
          start={start?.start ?? null}
          onStart={onStart}
          reloadKey={reloadKey}
          timeError={timeError}
          onWaitlist={view.waitlistEnabled && day && !day.closed ? () => go('waitlist') : undefined}
          onContinue={() => {
            setTimeError(null);
            go('details');
          }}
          onBack={() => go(preselect.barberId ? 'service' : 'barber')}
        />
      ) : null}

      {step === 'waitlist' && day ? (
        <WaitlistJoin
          view={view}
          booking={booking}
          day={day}
          barber={barber}
          serviceIds={serviceIds}
          details={details}
          onDetails={setDetails}
          onBack={() => go('time')}
        />
      ) : null}

      {step === 'details' ? (
        <DetailsStep
          id={id}
          title={title('details')}
          moved={moved}
          view={view}
          booking={booking}
          details={details}
          onDetails={setDetails}
          errors={errors}
          onErrors={setErrors}
          reminders={reminders}
          onReminders={setReminders}
          repeat={repeat}
          onRepeat={setRepeat}
          onSubmit={submitDetails}
          onBack={() => go('time')}
        />
      ) : null}

      {step === 'review' && chosen.length > 0 && start ? (
        <ReviewStep
          id={id}
          title={title('review')}
          moved={moved}
          view={view}
          booking={booking}
          details={details}
          reminders={reminders}
          repeat={repeat}
          submitting={submitting}
          submitError={submitError}
          onConfirm={confirm}
          onBack={() => go('details')}
        />
      ) : null}
    </Controls>
  );
}
