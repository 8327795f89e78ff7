import {
  type Appointment,
  type Barber,
  type DisplaySettings,
  formatDuration,
  formatMoney,
  localInstant,
  type Service,
} from '@barberly/common';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { type ClientSummary, useClients } from '../../../lib/client-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSeriesFrom, useStaffBook } from '../api/calendar-api';
import { type ClockDisplay, timeOptions } from '../lib/calendar-model';
import { errorText } from '../lib/errors';

/** What the dialog opens with: the free time clicked, or "Book again" from an appointment. */
export interface NewAppointmentDraft {
  barberId: string;
  date: string;
  /** 'HH:MM' */
  time: string;
  client?: { id: string; name: string } | null;
  serviceIds?: string[];
}

/** A barber's own length and price for a service (issue 14's offers), or null when they do not do it. */
export function offerOf(
  barber: Barber | undefined,
  service: Service,
): { durationMinutes: number; price: number } | null {
  const own = barber?.services?.find((s) => s.serviceId === service.id);
  if (barber && barber.offersAllServices === false && !own) return null;
  return { durationMinutes: own?.durationMinutes ?? service.durationMinutes, price: own?.price ?? service.price };
}

const REPEAT_OPTIONS = [
  { value: '0', label: 'Does not repeat' },
  { value: '1', label: 'Every week' },
  ...[2, 3, 4, 5, 6, 8].map((n) => ({ value: String(n), label: `Every ${n} weeks` })),
];

/**
 * "New appointment" (issue 25): a client (search the shop's, or a new one: a name, phone and e-mail optional),
 * the services with the barber's own lengths and prices, the barber, the time, repeat every N weeks (a series,
 * through the series api), a note, and whether the client gets a confirmation.
 */
export function NewAppointmentDialog({
  shopId,
  draft,
  onClose,
  onBooked,
  barbers,
  services,
  span,
  clock,
  display,
}: {
  shopId: string;
  draft: NewAppointmentDraft | null;
  onClose: () => void;
  onBooked: (appointment: Appointment) => void;
  barbers: Barber[];
  services: Service[];
  span: { from: number; to: number };
  clock: ClockDisplay;
  display?: DisplaySettings;
}) {
  return (
    <Dialog open={draft !== null} onClose={onClose} title="New appointment" size="lg">
      {draft ? (
        <NewAppointmentForm
          key={`${draft.barberId}-${draft.date}-${draft.time}`}
          shopId={shopId}
          draft={draft}
          onClose={onClose}
          onBooked={onBooked}
          barbers={barbers}
          services={services}
          span={span}
          clock={clock}
          display={display}
        />
      ) : null}
    </Dialog>
  );
}

function NewAppointmentForm({
  shopId,
  draft,
  onClose,
  onBooked,
  barbers,
  services,
  span,
  clock,
  display,
}: {
  shopId: string;
  draft: NewAppointmentDraft;
  onClose: () => void;
  onBooked: (appointment: Appointment) => void;
  barbers: Barber[];
  services: Service[];
  span: { from: number; to: number };
  clock: ClockDisplay;
  display?: DisplaySettings;
}) {
  const ids = useId();
  const [mode, setMode] = useState<'existing' | 'new'>(draft.client ? 'existing' : 'new');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(draft.client ?? null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [barberId, setBarberId] = useState(draft.barberId);
  const [date, setDate] = useState(draft.date);
  const [time, setTime] = useState(draft.time);
  const [serviceIds, setServiceIds] = useState<string[]>(draft.serviceIds ?? []);
  const [repeat, setRepeat] = useState('0');
  const [count, setCount] = useState('6');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const book = useStaffBook(shopId);
  const series = useSeriesFrom(shopId);
  const search = useDebouncedValue(query, 250);
  const clients = useClients(shopId, { q: search, filter: 'all', sort: 'name', page: 1 }, mode === 'existing');
  const barber = barbers.find((b) => b.id === barberId);
  const offered = services
    .map((service) => ({ service, offer: offerOf(barber, service) }))
    .filter((o): o is { service: Service; offer: { durationMinutes: number; price: number } } => o.offer !== null);
  const chosen = offered.filter((o) => serviceIds.includes(o.service.id));
  const totalMinutes = chosen.reduce((sum, o) => sum + o.offer.durationMinutes, 0);
  const totalPrice = chosen.reduce((sum, o) => sum + o.offer.price, 0);
  const pending = book.isPending || series.isPending;

  const submit = async () => {
    setError(null);
    const errors: Record<string, string> = {};
    if (mode === 'existing' && !picked) errors.client = 'Choose a client from the list, or add a new client.';
    if (mode === 'new' && name.trim().length < 2) errors.name = 'Please enter the client’s name';
    const kept = serviceIds.filter((id) => offered.some((o) => o.service.id === id));
    if (kept.length === 0) errors.services = 'Choose at least one service.';
    const start = localInstant(date, time, clock.timeZone);
    if (!start) errors.time = 'Choose a date and time.';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || !start) return;
    try {
      const booked = await book.mutateAsync({
        serviceIds: kept,
        barberId,
        start: start.toISOString(),
        ...(mode === 'existing' && picked
          ? { clientId: picked.id }
          : { client: { name: name.trim(), phone: phone.trim(), email: email.trim() } }),
        ...(note.trim() ? { note: note.trim() } : {}),
        notify,
      });
      if (repeat !== '0') {
        try {
          await series.mutateAsync({
            fromAppointmentId: booked.id,
            barberId,
            serviceIds: kept,
            start: booked.start,
            repeat: { intervalWeeks: Number(repeat), count: Math.max(2, Number(count) || 2) },
          });
        } catch (seriesError) {
          // The first visit stands; the series is what failed.
          onBooked(booked);
          setError(`The appointment is booked, but the series was not made: ${errorText(seriesError)}`);
          return;
        }
      }
      onBooked(booked);
    } catch (bookError) {
      setError(errorText(bookError));
    }
  };

  const results: ClientSummary[] = clients.data?.clients ?? [];
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-neutral-900">Client</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${ids}-mode`}
              checked={mode === 'existing'}
              onChange={() => setMode('existing')}
            />
            A client of the shop
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />
            New client
          </label>
        </div>
        {mode === 'existing' ? (
          <div className="flex flex-col gap-2">
            {picked ? (
              <p className="text-sm">
                Booking for <strong>{picked.name}</strong>{' '}
                <button type="button" className="text-amber-800 underline" onClick={() => setPicked(null)}>
                  Change
                </button>
              </p>
            ) : (
              <>
                <Field
                  label="Search clients"
                  type="search"
                  autoComplete="off"
                  hint="Name, e-mail or phone"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  error={fieldErrors.client}
                />
                {clients.isError ? (
                  <p className="text-sm text-red-700">The clients could not be loaded.</p>
                ) : clients.isPending ? (
                  <p className="text-sm text-neutral-600">Loading clients…</p>
                ) : results.length === 0 ? (
                  <p className="text-sm text-neutral-600">No clients match. Add a new client instead.</p>
                ) : (
                  <ul
                    aria-label="Matching clients"
                    className="max-h-48 overflow-y-auto rounded-lg border border-neutral-200"
                  >
                    {results.slice(0, 8).map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          className="w-full px-3 py-2 text-left text-sm hover:bg-amber-50 focus-visible:bg-amber-50"
                          onClick={() => setPicked({ id: c.id, name: c.name })}
                        >
                          <span className="font-semibold">{c.name}</span>
                          <span className="ml-2 text-neutral-600">{c.email ?? c.phone ?? ''}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label="Name"
              autoComplete="off"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={fieldErrors.name}
            />
            <Field
              label="Phone (optional)"
              type="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
            <Field
              label="E-mail (optional)"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Barber"
          value={barberId}
          onChange={(event) => setBarberId(event.target.value)}
          options={barbers.map((b) => ({ value: b.id, label: b.name }))}
        />
        <Field label="Date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        <SelectField
          label="Time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          options={timeOptions(date, span, clock)}
          error={fieldErrors.time}
        />
      </div>

      <fieldset aria-describedby={fieldErrors.services ? `${ids}-services-error` : undefined}>
        <legend className="text-sm font-semibold text-neutral-900">Services</legend>
        {offered.length === 0 ? (
          <p className="mt-1 text-sm text-neutral-600">{barber?.name ?? 'This barber'} has no services yet.</p>
        ) : (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {offered.map(({ service, offer }) => (
              <li key={service.id}>
                <label className="flex items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    checked={serviceIds.includes(service.id)}
                    onChange={(event) =>
                      setServiceIds((current) =>
                        event.target.checked ? [...current, service.id] : current.filter((id) => id !== service.id),
                      )
                    }
                  />
                  <span className="min-w-0 flex-1 truncate">{service.name}</span>
                  <span className="shrink-0 text-neutral-600">
                    {formatDuration(offer.durationMinutes)} · {formatMoney(offer.price, display)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {fieldErrors.services ? (
          <p id={`${ids}-services-error`} role="alert" className="mt-1 text-sm text-red-600">
            {fieldErrors.services}
          </p>
        ) : null}
        {chosen.length > 0 ? (
          <p className="mt-2 text-sm text-neutral-700">
            {formatDuration(totalMinutes)} · {formatMoney(totalPrice, display)}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Repeat"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          options={REPEAT_OPTIONS}
        />
        {repeat !== '0' ? (
          <Field
            label="Visits in all"
            type="number"
            min={2}
            max={52}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        ) : null}
      </div>
      <TextareaField label="Note (optional)" value={note} onChange={(event) => setNote(event.target.value)} rows={2} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
        Send the client a confirmation (by e-mail, when they have one)
      </label>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="light" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Booking…' : 'Book appointment'}
        </Button>
      </div>
    </form>
  );
}
