import {
  appointmentDisplayOf,
  type BookedAppointment,
  BookingClientSchema,
  BookingRequestSchema,
  fieldErrors,
  formatClockTime,
  formatDuration,
  formatPrice,
} from '@barberly/common';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { styled, useTheme } from 'styled-components';
import {
  BookingApiError,
  bookAppointment,
  calendarPath,
  NETWORK_MESSAGE,
  newIdempotencyKey,
} from '../../lib/booking-api';
import { type BookingView, formatCalendarDay, managePathOn } from '../../lib/booking-view';
import type { ShopView } from '../../lib/shop-view';
import { ActionButton, ActionLink } from '../buttons';
import {
  Actions,
  Alert,
  Choice,
  ChoiceList,
  Details,
  Field,
  FieldError,
  Fieldset,
  Input,
  Muted,
  Panel,
  StepHeading,
  TextArea,
} from './booking-ui';
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
  { key: 'service', title: 'Choose a service' },
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

interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  note: string;
}

/** The details step's fields in the form's order: the first with an error takes the focus. */
const DETAIL_FIELDS = ['name', 'email', 'phone', 'channel', 'consent', 'note'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
type DetailErrors = Partial<Record<DetailField, string>>;

/**
 * The schema's messages per field: 'client.email' answers from the api land on 'email', 'reminders.consent' on
 * 'consent', 'reminders' itself (a malformed choice) on 'channel'.
 */
function detailErrorsOf(fields: Record<string, string>): DetailErrors {
  const out: DetailErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key === 'reminders' ? 'channel' : key.replace(/^(client|reminders)\./, '');
    if ((DETAIL_FIELDS as readonly string[]).includes(name)) out[name as DetailField] ??= message;
  }
  return out;
}

function validateDetails(details: ContactDetails): DetailErrors {
  const client = BookingClientSchema.safeParse({ name: details.name, email: details.email, phone: details.phone });
  const note = BookingRequestSchema.shape.note.safeParse(details.note);
  return {
    ...(client.success ? {} : detailErrorsOf(fieldErrors(client.error))),
    ...(note.success ? {} : { note: note.error.issues[0]?.message }),
  };
}

/**
 * The booking flow: service, barber (or any), date and time, contact details, review, confirmation. One step at a
 * time; each new step's heading takes the focus. The server renders the first step, the browser takes over.
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
  const [step, setStep] = useState<BookingStep | 'done'>(firstStep(preselect));
  const [moved, setMoved] = useState(false);
  const [serviceId, setServiceId] = useState<string | null>(preselect.serviceId);
  const [barberId, setBarberId] = useState<string>(preselect.barberId ?? 'any');
  const [date, setDate] = useState(() => booking.days.find((d) => !d.closed)?.date ?? '');
  const [start, setStart] = useState<{ start: string; label: string } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [details, setDetails] = useState<ContactDetails>({ name: '', email: '', phone: '', note: '' });
  const [reminders, setReminders] = useState<ReminderAnswer>(() => defaultReminders(booking.textChannels));
  const [errors, setErrors] = useState<DetailErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const service = view.services.find((s) => s.id === serviceId) ?? null;
  const barber = view.barbers.find((b) => b.id === barberId) ?? null;
  const serviceName = (s: (typeof view.services)[number]) => s.name || labels.untitledService || 'Service';
  const minutesOf = (s: (typeof view.services)[number]) => s.durationMinutes ?? labels.defaultDurationMinutes;

  const go = (next: BookingStep | 'done') => {
    setMoved(true);
    setStep(next);
  };
  const onStart = useCallback((value: string | null, label: string | null) => {
    setStart(value && label ? { start: value, label } : null);
  }, []);

  const stepIndex = BOOKING_STEPS.findIndex((s) => s.key === step);
  const title = (key: BookingStep) => BOOKING_STEPS.find((s) => s.key === key)?.title ?? '';

  async function confirm() {
    if (!service || !start || inFlight.current) return;
    const body = {
      serviceId: service.id,
      barberId,
      start: start.start,
      client: { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim() },
      note: details.note.trim(),
      reminders: remindersRequest(booking.textChannels, reminders),
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
    const managePath = managePathOn(booking.base, slug, booked.manageToken);
    const manageHref = typeof window === 'undefined' ? managePath : `${window.location.origin}${managePath}`;
    // The api's record wins (it falls back to e-mail without consent); an api before issue 15 leaves our choice.
    const sent = remindersRequest(booking.textChannels, reminders);
    const remindedBy = reminderSentence(
      booked.reminderChannel ?? (sent?.consent ? sent.channel : undefined),
      booked.client.phone,
    );
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
          <dt>Service</dt>
          <dd>
            {booked.service.name} ({formatDuration(booked.service.durationMinutes)},{' '}
            {formatPrice(booked.service.price, appointmentDisplayOf(booked, view.display))})
          </dd>
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
        <Actions>
          <ActionLink href={calendarPath(booked.manageToken)} download="appointment.ics" $tone="solid">
            Add to calendar
          </ActionLink>
        </Actions>
        <div>
          <p>
            <strong>Your private link</strong> to view, move or cancel this appointment:
          </p>
          <p>
            <a href={managePath} rel="external" data-manage-link="">
              {manageHref}
            </a>
          </p>
          <Muted>Keep it to yourself: anyone with this link can change your booking.</Muted>
        </div>
      </Panel>
    );
  }

  return (
    <Controls disabled={!hydrated} aria-busy={!hydrated}>
      <Muted>
        Step {stepIndex + 1} of {BOOKING_STEPS.length}
      </Muted>
      {step !== 'service' && service ? (
        <Details aria-label="Your choices" data-booking-summary="">
          <dt>Service</dt>
          <dd>
            {serviceName(service)}
            {minutesOf(service) ? ` · ${formatDuration(minutesOf(service))}` : ''} ·{' '}
            {formatPrice(service.price, view.display)}
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
                {booking.days.find((d) => d.date === date)?.label ?? date}, {start.label}
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
            <Fieldset>
              <legend>Service</legend>
              <ChoiceList>
                {view.services.map((s) => (
                  <Choice
                    key={s.id}
                    name={`${id}-service-choice`}
                    value={s.id}
                    checked={serviceId === s.id}
                    onChange={setServiceId}
                    detail={[minutesOf(s) ? formatDuration(minutesOf(s)) : null, formatPrice(s.price, view.display)]
                      .filter(Boolean)
                      .join(' · ')}
                    testId="service"
                  >
                    {serviceName(s)}
                  </Choice>
                ))}
              </ChoiceList>
            </Fieldset>
          )}
          <Actions>
            <ActionButton type="button" $tone="solid" disabled={!service} onClick={() => go('barber')}>
              Continue
            </ActionButton>
          </Actions>
        </Panel>
      ) : null}

      {step === 'barber' ? (
        <Panel aria-labelledby={`${id}-barber`} data-booking-step="barber">
          <StepHeading focusOnMount={moved} id={`${id}-barber`}>
            {title('barber')}
          </StepHeading>
          <Fieldset>
            <legend>Barber</legend>
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
              {view.barbers.map((b) => (
                <Choice
                  key={b.id}
                  name={`${id}-barber-choice`}
                  value={b.id}
                  checked={barberId === b.id}
                  onChange={setBarberId}
                  detail={b.bio || undefined}
                  testId="barber"
                >
                  {b.name}
                </Choice>
              ))}
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

      {step === 'time' && service ? (
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
            serviceId={service.id}
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
          />
          <Actions>
            <ActionButton
              type="button"
              $tone="solid"
              disabled={!start}
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
        </Panel>
      ) : null}

      {step === 'details' ? (
        <Panel aria-labelledby={`${id}-details`} data-booking-step="details">
          <StepHeading focusOnMount={moved} id={`${id}-details`}>
            {title('details')}
          </StepHeading>
          <form noValidate onSubmit={submitDetails} aria-labelledby={`${id}-details`}>
            <div style={{ display: 'grid', gap: '1rem' }}>
              {(
                [
                  ['name', 'Name', 'text', 'name'],
                  ['email', 'Email', 'email', 'email'],
                  ['phone', 'Phone', 'tel', 'tel'],
                ] as const
              ).map(([key, label, type, autoComplete]) => (
                <Field key={key}>
                  <label htmlFor={`${id}-${key}`}>{label}</label>
                  <Input
                    id={`${id}-${key}`}
                    name={key}
                    type={type}
                    autoComplete={autoComplete}
                    required
                    value={details[key]}
                    aria-invalid={errors[key] ? 'true' : 'false'}
                    aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
                    onChange={(e) => setDetails((d) => ({ ...d, [key]: e.target.value }))}
                  />
                  {errors[key] ? <FieldError id={`${id}-${key}-error`}>{errors[key]}</FieldError> : null}
                </Field>
              ))}
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

      {step === 'review' && service && start ? (
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
            <dd>{details.phone}</dd>
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
