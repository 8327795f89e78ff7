import {
  type Appointment,
  type Barber,
  type DisplaySettings,
  formatClockTime,
  formatDayLabel,
  formatDuration,
  localInstant,
  type SeriesRequestInput,
  SeriesRequestSchema,
  type SeriesResult,
  type Service,
  VISIT_LIMITS,
  VISIT_MESSAGES,
} from '@barberly/common';
import { CalendarCheck2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { wallTimeOf } from '../../../lib/wall-time';
import { useCreateSeries } from '../api/visits-api';
import { CollisionList } from './collision-list';

/** A new series repeats every three weeks unless the owner says otherwise: the regular's "every three weeks". */
export const DEFAULT_INTERVAL_WEEKS = 3;
const DEFAULT_COUNT = 6;

export interface SeriesDraft {
  barberId: string;
  serviceIds: string[];
  /** The first visit's local day 'YYYY-MM-DD' and wall time 'HH:MM' in the shop's zone. */
  date: string;
  time: string;
  intervalWeeks: string;
  end: 'count' | 'until';
  count: string;
  until: string;
  client: { name: string; email: string; phone: string };
  /**
   * 'Make this a series…': the appointment that is the series' first visit, and its start as the agenda showed it
   * (the api refuses the series if the appointment has moved since). Its barber, services, day, time and client are
   * the series' and are not edited here.
   */
  adopt?: { appointmentId: string; start: string };
}

/**
 * 'Make this a series…' starts from an appointment, which becomes the series' first visit: its barber, services,
 * day, wall time and client, as booked.
 */
export function seriesDraftOf(from: Appointment | undefined, barbers: Barber[], services: Service[]): SeriesDraft {
  const known = new Set(services.map((s) => s.id));
  const base: SeriesDraft = {
    barberId: barbers[0]?.id ?? '',
    serviceIds: [],
    date: '',
    time: '',
    intervalWeeks: String(DEFAULT_INTERVAL_WEEKS),
    end: 'count',
    count: String(DEFAULT_COUNT),
    until: '',
    client: { name: '', email: '', phone: '' },
  };
  if (!from) return base;
  const fromItems = (from.items ?? []).map((i) => i.serviceId).filter((id): id is string => Boolean(id));
  // The appointment's own services, in order, even one the shop no longer offers: the api says what it refuses.
  const serviceIds = fromItems.length > 0 ? fromItems : [from.service.id ?? ''].filter((id) => known.has(id));
  return {
    ...base,
    barberId: from.barber.id,
    serviceIds,
    date: from.localDate,
    time: wallTimeOf(from.start, from.shop.timeZone),
    client: { ...from.client },
    adopt: { appointmentId: from.id, start: from.start },
  };
}

export type SeriesErrors = Partial<
  Record<
    'barberId' | 'serviceIds' | 'start' | 'intervalWeeks' | 'end' | 'clientName' | 'clientEmail' | 'clientPhone',
    string
  >
>;

const FIELD_OF_PATH: Record<string, keyof SeriesErrors> = {
  barberId: 'barberId',
  serviceIds: 'serviceIds',
  start: 'start',
  'repeat.intervalWeeks': 'intervalWeeks',
  'repeat.count': 'end',
  'repeat.until': 'end',
  repeat: 'end',
  'client.name': 'clientName',
  'client.email': 'clientEmail',
  'client.phone': 'clientPhone',
};

/** The first visit's day and time must both be there to place it in the shop's zone. */
export const FIRST_VISIT_MESSAGE = 'Choose the date and time of the first visit';

/**
 * The POST body, or the errors in the contract's words (VISIT_MESSAGES, BookingClientSchema's): the first visit is
 * placed at its wall time in the shop's zone, the series ends after a number of visits or on a date. Made from an
 * appointment, the body names it (fromAppointmentId) with its own start, barber and services, and no client: the
 * series keeps the appointment's.
 */
export function seriesRequestOf(
  draft: SeriesDraft,
  timeZone: string,
): { request: SeriesRequestInput } | { errors: SeriesErrors } {
  const start = draft.adopt ? new Date(draft.adopt.start) : localInstant(draft.date, draft.time, timeZone);
  const endText = draft.end === 'count' ? draft.count.trim() : draft.until.trim();
  const request: SeriesRequestInput = {
    ...(draft.adopt ? { fromAppointmentId: draft.adopt.appointmentId } : {}),
    barberId: draft.barberId,
    serviceIds: draft.serviceIds,
    start: draft.adopt ? draft.adopt.start : start ? start.toISOString() : '',
    repeat: {
      intervalWeeks: Number(draft.intervalWeeks),
      ...(endText === '' ? {} : draft.end === 'count' ? { count: Number(endText) } : { until: endText }),
    },
    ...(draft.adopt
      ? {}
      : {
          client: {
            name: draft.client.name.trim(),
            email: draft.client.email.trim(),
            phone: draft.client.phone.trim(),
          },
        }),
  };
  const errors: SeriesErrors = {};
  const parsed = SeriesRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_PATH[issue.path.join('.')] ?? FIELD_OF_PATH[String(issue.path[0])];
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!start) errors.start = FIRST_VISIT_MESSAGE;
  // The schema checks these only once the rest is valid; the owner hears them together with the others.
  if (endText === '') errors.end = VISIT_MESSAGES.seriesEnd;
  else if (draft.end === 'until' && draft.date && endText <= draft.date) errors.end = VISIT_MESSAGES.untilBeforeStart;
  if (Object.keys(errors).length > 0) return { errors };
  return { request };
}

function ServicesChecklist({
  services,
  selected,
  error,
  onChange,
}: {
  services: Service[];
  selected: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-neutral-800">Services</legend>
      <p className="text-xs text-neutral-500">Done back to back, in the order ticked.</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {services.map((service) => {
          const checked = selected.includes(service.id);
          return (
            <li key={service.id}>
              <label className="flex min-h-11 items-center gap-3 rounded-lg border border-neutral-200 px-3 py-2">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...selected, service.id] : selected.filter((id) => id !== service.id),
                    )
                  }
                  className="size-5 shrink-0 accent-amber-600"
                />
                <span className="min-w-0 flex-1 break-words text-sm">{service.name}</span>
                <span className="shrink-0 text-xs text-neutral-500">{formatDuration(service.durationMinutes)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The first visit of a series made from an appointment: that appointment, as booked, in a sentence instead of the
 * fields. The api's refusal of its barber, services or start (it moved meanwhile) is said here too.
 */
function AdoptedVisit({
  from,
  timeZone,
  display,
  errors,
}: {
  from: Appointment;
  timeZone: string;
  display?: DisplaySettings;
  errors: SeriesErrors;
}) {
  const at = new Date(from.start);
  const error = errors.start ?? errors.barberId ?? errors.serviceIds;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-neutral-200 bg-neutral-50 p-3">
      <p className="font-medium text-neutral-900">
        Starting with this appointment on {formatDayLabel(at, timeZone)} at{' '}
        {formatClockTime(at, { ...display, timeZone })}
      </p>
      <p className="text-sm text-neutral-600">
        {from.service.name} with {from.barber.name}. Later visits repeat its weekday and time.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SeriesForm({
  initial,
  from,
  timeZone,
  display,
  barbers,
  services,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: SeriesDraft;
  /** The appointment the series is made from: its first visit. */
  from?: Appointment;
  timeZone: string;
  display?: DisplaySettings;
  barbers: Barber[];
  services: Service[];
  pending: boolean;
  onSubmit: (request: SeriesRequestInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SeriesErrors>({});
  const set = <K extends keyof SeriesDraft>(key: K, value: SeriesDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setClient = (key: keyof SeriesDraft['client']) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, client: { ...current.client, [key]: event.target.value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = seriesRequestOf(draft, timeZone);
    if ('errors' in answer) {
      setErrors(answer.errors);
      return;
    }
    setErrors({});
    onSubmit(answer.request);
  };
  const endName = useId();
  const adopted = Boolean(from && draft.adopt);
  return (
    <form noValidate onSubmit={submit} aria-label="Series" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        {from && draft.adopt ? (
          <AdoptedVisit from={from} timeZone={timeZone} display={display} errors={errors} />
        ) : (
          <>
            <SelectField
              label="Barber"
              value={draft.barberId}
              error={errors.barberId}
              data-autofocus
              onChange={(event) => set('barberId', event.target.value)}
              options={barbers.map((b) => ({ value: b.id, label: b.name }))}
            />
            <ServicesChecklist
              services={services}
              selected={draft.serviceIds}
              error={errors.serviceIds}
              onChange={(ids) => set('serviceIds', ids)}
            />
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="First visit"
                type="date"
                value={draft.date}
                error={errors.start}
                onChange={(event) => set('date', event.target.value)}
              />
              <Field
                label="Time"
                type="time"
                step={300}
                value={draft.time}
                hint={`In ${timeZone.replace(/_/g, ' ')}`}
                onChange={(event) => set('time', event.target.value)}
              />
            </div>
          </>
        )}
        <Field
          label="Every (weeks)"
          type="number"
          inputMode="numeric"
          min={1}
          max={VISIT_LIMITS.intervalWeeksMax}
          value={draft.intervalWeeks}
          error={errors.intervalWeeks}
          data-autofocus={adopted ? true : undefined}
          onChange={(event) => set('intervalWeeks', event.target.value)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-neutral-800">Ends</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={endName}
                checked={draft.end === 'count'}
                onChange={() => set('end', 'count')}
                className="size-4 accent-amber-600"
              />
              After a number of visits
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={endName}
                checked={draft.end === 'until'}
                onChange={() => set('end', 'until')}
                className="size-4 accent-amber-600"
              />
              On a date
            </label>
          </div>
          {draft.end === 'count' ? (
            <Field
              label="Visits in all"
              type="number"
              inputMode="numeric"
              min={2}
              max={VISIT_LIMITS.occurrencesMax}
              value={draft.count}
              error={errors.end}
              onChange={(event) => set('count', event.target.value)}
            />
          ) : (
            <Field
              label="Last date"
              type="date"
              value={draft.until}
              error={errors.end}
              onChange={(event) => set('until', event.target.value)}
            />
          )}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium text-neutral-800">Client</legend>
          {adopted ? <p className="text-xs text-neutral-500 sm:col-span-3">The appointment's client.</p> : null}
          <Field
            label="Client name"
            autoComplete="off"
            value={draft.client.name}
            error={errors.clientName}
            readOnly={adopted}
            onChange={setClient('name')}
          />
          <Field
            label="E-mail"
            type="email"
            autoComplete="off"
            value={draft.client.email}
            error={errors.clientEmail}
            readOnly={adopted}
            onChange={setClient('email')}
          />
          <Field
            label="Phone"
            type="tel"
            autoComplete="off"
            value={draft.client.phone}
            error={errors.clientPhone}
            readOnly={adopted}
            onChange={setClient('phone')}
          />
        </fieldset>
      </fieldset>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Booking...' : 'Book Series'}
        </Button>
      </div>
    </form>
  );
}

/**
 * What the POST booked, and each visit the rule wanted that was not free, with its nearest free alternatives to
 * accept one by one, or dismiss: never skipped silently (decision 0160).
 */
export function SeriesOutcome({
  shopId,
  result,
  timeZone,
  display,
  onDone,
}: {
  shopId: string;
  result: SeriesResult;
  timeZone: string;
  display?: DisplaySettings;
  onDone: () => void;
}) {
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const collisions = result.collisions.filter((c) => c.status === 'open');
  const count = result.booked.length;
  const open = collisions.filter((c) => !settled.has(c.date)).length;

  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900">
        <CalendarCheck2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-bold">{count === 1 ? 'Booked 1 visit' : `Booked ${count} visits`}</p>
          <p className="text-sm">
            Repeats every {result.series.intervalWeeks === 1 ? 'week' : `${result.series.intervalWeeks} weeks`} with{' '}
            {result.series.barberName}.
            {collisions.length > 0
              ? ` ${collisions.length === 1 ? '1 visit needs' : `${collisions.length} visits need`} another time.`
              : ''}
          </p>
        </div>
      </div>
      {collisions.length > 0 ? (
        <section aria-label="Visits that collide" className="flex flex-col gap-3">
          <h3 className="font-bold">Not free at the usual time</h3>
          <CollisionList
            shopId={shopId}
            seriesId={result.series.id}
            collisions={collisions}
            timeZone={timeZone}
            display={display}
            label="Visits to rebook"
            onSettled={(date) => setSettled((current) => new Set(current).add(date))}
          />
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>{open > 0 ? 'Decide later' : 'Done'}</Button>
      </div>
    </div>
  );
}

/**
 * 'New series…' and 'Make this a series…' (issue 14): barber, services, first visit in the shop's zone, every N
 * weeks until a date or for a number of visits, the client → POST /api/shops/{shopId}/series, then the outcome.
 * From an appointment, that appointment is the first visit: only the rule is chosen.
 */
export function SeriesDialog({
  shopId,
  timeZone,
  barbers,
  services,
  from,
  open,
  onClose,
  display,
}: {
  shopId: string;
  timeZone: string;
  barbers: Barber[];
  services: Service[];
  /** The appointment 'Make this a series…' was pressed on; absent: a new series. */
  from?: Appointment;
  open: boolean;
  onClose: () => void;
  display?: DisplaySettings;
}) {
  const create = useCreateSeries(shopId);
  const [result, setResult] = useState<SeriesResult | null>(null);
  const close = () => {
    setResult(null);
    create.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={result ? 'Series booked' : from ? 'Make this a series' : 'New series'}
      description={
        result
          ? undefined
          : from
            ? `${from.client.name} with ${from.barber.name}, on the same weekday and time.`
            : 'The same barber, weekday and time every few weeks.'
      }
    >
      {result ? (
        <SeriesOutcome shopId={shopId} result={result} timeZone={timeZone} display={display} onDone={close} />
      ) : (
        <SeriesForm
          initial={seriesDraftOf(from, barbers, services)}
          from={from}
          timeZone={timeZone}
          display={display}
          barbers={barbers}
          services={services}
          pending={create.isPending}
          onCancel={close}
          onSubmit={async (request) => {
            try {
              setResult(await create.mutateAsync(request));
            } catch (error) {
              showToast(failureToast('Failed to book series', error));
            }
          }}
        />
      )}
    </Dialog>
  );
}
