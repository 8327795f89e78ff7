import {
  type BookedVisit,
  type BookingRequestInput,
  formatDuration,
  formatPhone,
  formatPrice,
  VISIT_LIMITS,
  VISIT_MESSAGES,
} from '@barberly/common';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { styled, useTheme } from 'styled-components';
import { BookingApiError, bookAppointment, NETWORK_MESSAGE, newIdempotencyKey } from '../../lib/booking-api';
import type { BookingView } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { barbersForVisit, toggleService, visitTotal } from '../../lib/visit';
import { ActionButton } from '../buttons';
import { BookingConfirmation } from './booking-confirmation';
import {
  Actions,
  Alert,
  Checkbox,
  Choice,
  ChoiceList,
  Details,
  DisabledReason,
  Field,
  FieldError,
  Fieldset,
  Figures,
  LiveStatus,
  Muted,
  Panel,
  Select,
  StepHeading,
  TextArea,
  ToggleChoice,
} from './booking-ui';
import {
  type ContactDetails,
  ContactFields,
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
  ReminderChoice,
  reminderLabel,
  reminderSentence,
  remindersRequest,
  validateReminders,
} from './reminder-choice';
import { TimePicker } from './time-picker';
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

/** A client's series (issue 14): every N weeks, K visits in all; off unless they ask. */
interface RepeatAnswer {
  on: boolean;
  intervalWeeks: number;
  count: number;
}

const REPEAT_DEFAULT: RepeatAnswer = { on: false, intervalWeeks: 4, count: 6 };
const WEEK_CHOICES = Array.from({ length: VISIT_LIMITS.intervalWeeksMax }, (_, i) => i + 1);
const COUNT_CHOICES = Array.from({ length: VISIT_LIMITS.occurrencesMax - 1 }, (_, i) => i + 2);

function everyWeeks(n: number): string {
  return n === 1 ? 'Every week' : `Every ${n} weeks`;
}

/**
 * The booking flow: services (one or more, issue 14), barber (or any, among those who do them all), date and time,
 * contact details (and, where the shop allows, a regular appointment), review, confirmation. One step at a time;
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
  const minutesOf = (s: (typeof view.services)[number]) => s.durationMinutes ?? labels.defaultDurationMinutes;
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
      setBooked(result);
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
        <Panel aria-labelledby={`${id}-service`} data-booking-step="service">
          <StepHeading focusOnMount={moved} id={`${id}-service`}>
            {title('service')}
          </StepHeading>
          {view.services.length === 0 ? (
            <Muted>{labels.noServices}</Muted>
          ) : (
            <Fieldset aria-describedby={`${id}-service-hint`}>
              <legend>Services</legend>
              <Muted id={`${id}-service-hint`}>
                Choose one or more, up to {VISIT_LIMITS.servicesMax}: they are done one after the other, in the order
                you pick them.
              </Muted>
              <ChoiceList>
                {view.services.map((s) => {
                  const place = serviceIds.indexOf(s.id);
                  return (
                    <ToggleChoice
                      key={s.id}
                      name={`${id}-service-choice`}
                      value={s.id}
                      checked={place >= 0}
                      order={place >= 0 ? place + 1 : undefined}
                      disabled={place < 0 && serviceIds.length >= VISIT_LIMITS.servicesMax}
                      onChange={(value) => setServiceIds((ids) => toggleService(ids, value, VISIT_LIMITS.servicesMax))}
                      detail={[minutesOf(s) ? formatDuration(minutesOf(s)) : null, formatPrice(s.price, view.display)]
                        .filter(Boolean)
                        .join(' · ')}
                      testId="service"
                    >
                      {serviceName(s)}
                    </ToggleChoice>
                  );
                })}
              </ChoiceList>
            </Fieldset>
          )}
          {view.services.length > 0 ? (
            // Always there (one line), so choosing a service moves nothing below it.
            <div data-visit-total="">
              <LiveStatus>
                {chosen.length === 0 ? (
                  <Muted as="span">No service chosen yet.</Muted>
                ) : (
                  <>
                    <strong>Total:</strong> <Figures>{totalText(shopTotal)}</Figures>
                    <Muted as="span"> ({chosen.length === 1 ? '1 service' : `${chosen.length} services`})</Muted>
                  </>
                )}
              </LiveStatus>
              {nobody ? <Alert role="alert">{VISIT_MESSAGES.noBarberForVisit}</Alert> : null}
            </div>
          ) : null}
          <Actions>
            <ActionButton
              type="button"
              $tone="solid"
              disabled={chosen.length === 0 || nobody}
              aria-describedby={chosen.length === 0 ? `${id}-service-why` : undefined}
              onClick={() => {
                // A barber chosen before who does not do all of these: back to any, the barber step shows who does.
                if (barberId !== 'any' && !eligible.some((b) => b.id === barberId)) setBarberId('any');
                go('barber');
              }}
            >
              Continue
            </ActionButton>
          </Actions>
          {chosen.length === 0 ? (
            <DisabledReason id={`${id}-service-why`}>Choose a service to continue.</DisabledReason>
          ) : null}
        </Panel>
      ) : null}

      {step === 'barber' ? (
        <Panel aria-labelledby={`${id}-barber`} data-booking-step="barber">
          <StepHeading focusOnMount={moved} id={`${id}-barber`}>
            {title('barber')}
          </StepHeading>
          <Fieldset>
            <legend>Barber</legend>
            {eligible.length < view.barbers.length ? (
              <Muted>Only the barbers who do {chosen.length > 1 ? 'all of these services' : 'this service'}.</Muted>
            ) : null}
            <ChoiceList>
              <Choice
                name={`${id}-barber-choice`}
                value="any"
                checked={barberId === 'any'}
                onChange={setBarberId}
                detail="The first barber free at your time"
                testId="barber"
              >
                Any barber
              </Choice>
              {eligible.map((b) => {
                const own = visitTotal(view.services, serviceIds, b, defaultMinutes);
                const differs = own.durationMinutes !== shopTotal.durationMinutes || own.price !== shopTotal.price;
                return (
                  <Choice
                    key={b.id}
                    name={`${id}-barber-choice`}
                    value={b.id}
                    checked={barberId === b.id}
                    onChange={setBarberId}
                    detail={[b.bio, differs ? `With ${b.firstName}: ${totalText(own)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                    testId="barber"
                  >
                    {b.name}
                  </Choice>
                );
              })}
            </ChoiceList>
          </Fieldset>
          <Actions>
            <ActionButton type="button" $tone="solid" onClick={() => go('time')}>
              Continue
            </ActionButton>
            <ActionButton type="button" $tone="outline" onClick={() => go('service')}>
              Back
            </ActionButton>
          </Actions>
        </Panel>
      ) : null}

      {step === 'time' && chosen.length > 0 ? (
        <Panel aria-labelledby={`${id}-time`} data-booking-step="time">
          <StepHeading focusOnMount={moved} id={`${id}-time`}>
            {title('time')}
          </StepHeading>
          {barber ? (
            <Muted>
              With {barber.name}
              {barber.bio ? `: ${barber.bio}` : ''}
            </Muted>
          ) : null}
          {timeError ? <Alert role="alert">{timeError}</Alert> : null}
          <TimePicker
            slug={slug}
            serviceIds={serviceIds}
            barberId={barberId}
            days={booking.days}
            timeZoneLabel={booking.timeZoneLabel}
            clock={booking.clock}
            date={date}
            onDate={(d) => {
              setDate(d);
              setStart(null);
            }}
            start={start?.start ?? null}
            onStart={onStart}
            reloadKey={reloadKey}
            onWaitlist={view.waitlistEnabled && day && !day.closed ? () => go('waitlist') : undefined}
          />
          <Actions>
            <ActionButton
              type="button"
              $tone="solid"
              disabled={!start}
              aria-describedby={start ? undefined : `${id}-time-why`}
              onClick={() => {
                setTimeError(null);
                go('details');
              }}
            >
              Continue
            </ActionButton>
            <ActionButton type="button" $tone="outline" onClick={() => go(preselect.barberId ? 'service' : 'barber')}>
              Back
            </ActionButton>
          </Actions>
          {start ? null : <DisabledReason id={`${id}-time-why`}>Choose a time to continue.</DisabledReason>}
        </Panel>
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
        <Panel aria-labelledby={`${id}-details`} data-booking-step="details">
          <StepHeading focusOnMount={moved} id={`${id}-details`}>
            {title('details')}
          </StepHeading>
          <form noValidate onSubmit={submitDetails} aria-labelledby={`${id}-details`}>
            <div style={{ display: 'grid', gap: '1rem' }}>
              <ContactFields idPrefix={id} details={details} errors={errors} onChange={setDetails} />
              <ReminderChoice
                idPrefix={id}
                shopName={view.shop.name}
                channels={booking.textChannels}
                value={reminders}
                onChange={(next) => {
                  setReminders(next);
                  setErrors(({ channel: _c, consent: _k, ...rest }) => rest);
                }}
                errors={{ channel: errors.channel, consent: errors.consent }}
              />
              <Field>
                <label htmlFor={`${id}-note`}>
                  Note <small>(optional)</small>
                </label>
                <TextArea
                  id={`${id}-note`}
                  name="note"
                  value={details.note}
                  aria-invalid={errors.note ? 'true' : 'false'}
                  aria-describedby={errors.note ? `${id}-note-error` : undefined}
                  onChange={(e) => setDetails((d) => ({ ...d, note: e.target.value }))}
                />
                {errors.note ? <FieldError id={`${id}-note-error`}>{errors.note}</FieldError> : null}
              </Field>
              {view.clientsMayRepeat ? (
                <Fieldset data-repeat-choice="">
                  <legend>
                    Regular appointment <small>(optional)</small>
                  </legend>
                  <Checkbox
                    id={`${id}-repeat`}
                    name="repeat"
                    checked={repeat.on}
                    onChange={(on) => setRepeat((r) => ({ ...r, on }))}
                  >
                    Make this a regular appointment: the same time with the same barber
                  </Checkbox>
                  {repeat.on ? (
                    <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                      <Field>
                        <label htmlFor={`${id}-every`}>Repeat</label>
                        <Select
                          id={`${id}-every`}
                          value={repeat.intervalWeeks}
                          onChange={(e) => setRepeat((r) => ({ ...r, intervalWeeks: Number(e.target.value) }))}
                        >
                          {WEEK_CHOICES.map((n) => (
                            <option key={n} value={n}>
                              {everyWeeks(n)}
                            </option>
                          ))}
                        </Select>
                      </Field>
                      <Field>
                        <label htmlFor={`${id}-count`}>Number of visits</label>
                        <Select
                          id={`${id}-count`}
                          value={repeat.count}
                          onChange={(e) => setRepeat((r) => ({ ...r, count: Number(e.target.value) }))}
                        >
                          {COUNT_CHOICES.map((n) => (
                            <option key={n} value={n}>
                              {n} visits
                            </option>
                          ))}
                        </Select>
                      </Field>
                    </div>
                  ) : null}
                </Fieldset>
              ) : null}
              <Actions>
                <ActionButton type="submit" $tone="solid">
                  Continue
                </ActionButton>
                <ActionButton type="button" $tone="outline" onClick={() => go('time')}>
                  Back
                </ActionButton>
              </Actions>
            </div>
          </form>
        </Panel>
      ) : null}

      {step === 'review' && chosen.length > 0 && start ? (
        <Panel aria-labelledby={`${id}-review`} data-booking-step="review">
          <StepHeading focusOnMount={moved} id={`${id}-review`}>
            {title('review')}
          </StepHeading>
          <Details>
            <dt>Name</dt>
            <dd>{details.name}</dd>
            <dt>Email</dt>
            <dd>{details.email}</dd>
            <dt>Phone</dt>
            <dd>{formatPhone(details.phone, view.shop.phoneCountry)}</dd>
            {booking.textChannels.length > 0 ? (
              <>
                <dt>Reminders</dt>
                <dd>{reminderLabel(reminders.channel)}</dd>
              </>
            ) : null}
            {details.note.trim() ? (
              <>
                <dt>Note</dt>
                <dd>{details.note}</dd>
              </>
            ) : null}
            {view.clientsMayRepeat && repeat.on ? (
              <>
                <dt>Repeats</dt>
                <dd data-review-repeat="">
                  {everyWeeks(repeat.intervalWeeks)}, {repeat.count} visits in all
                </dd>
              </>
            ) : null}
          </Details>
          <Muted>Times are in {booking.timeZoneLabel}.</Muted>
          <div role="status" aria-live="polite">
            {submitting ? 'Booking your appointment…' : ''}
          </div>
          {submitError ? <Alert role="alert">{submitError}</Alert> : null}
          <Actions>
            <ActionButton type="button" $tone="solid" aria-disabled={submitting} onClick={confirm}>
              Confirm booking
            </ActionButton>
            <ActionButton type="button" $tone="outline" disabled={submitting} onClick={() => go('details')}>
              Back
            </ActionButton>
          </Actions>
        </Panel>
      ) : null}
    </Controls>
  );
}
