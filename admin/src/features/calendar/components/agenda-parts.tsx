/**
 * The agenda's pieces kept from before the calendar (issue 25): one appointment as a card with its actions (the
 * calendar's detail shows it), the day as a list per barber, and the walk-in panel.
 */
import {
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
  type AppointmentStatus,
  appointmentDisplayOf,
  type Barber,
  BOOKING_MESSAGES,
  CANCEL_REASON_MAX,
  type CancelScope,
  type DisplaySettings,
  formatClockTime,
  formatDuration,
  formatMoney,
  type Service,
  type ShopAgenda,
  shopPhoneCountry,
  TEXT_CHANNEL_NAMES,
} from '@barberly/common';
import { CalendarDays, CheckCheck, Footprints, MessageSquare, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { ContactLinks } from '../../../components/ui/contact-links';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { OwnerSettableStatus } from '../../../lib/booking-api';

const STATUS_STYLES: Record<AppointmentStatus, string> = {
  confirmed: 'bg-sky-100 text-sky-800',
  completed: 'bg-emerald-100 text-emerald-800',
  no_show: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-neutral-200 text-neutral-600 line-through',
};

/** What the owner may do next with an appointment in each status (confirmed is where every booking starts). */
export function nextStatuses(status: AppointmentStatus): OwnerSettableStatus[] {
  if (status === 'confirmed') return ['completed', 'no_show', 'cancelled'];
  if (status === 'completed') return ['no_show'];
  if (status === 'no_show') return ['completed'];
  return [];
}

const ACTION_LABELS: Record<OwnerSettableStatus, string> = {
  completed: 'Mark completed',
  no_show: 'Mark no-show',
  cancelled: 'Cancel',
};

function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[status])}>
      {APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The latest text about an appointment in words: 'SMS delivered', 'WhatsApp sent'. A text that failed is followed
 * by an e-mail, so the owner knows the client heard anyway: 'SMS failed: sent by e-mail'.
 */
export function textStatusLabel(text: NonNullable<Appointment['lastText']>): string {
  const channel = TEXT_CHANNEL_NAMES[text.channel] ?? text.channel;
  if (text.status === 'failed' || text.status === 'undelivered') return `${channel} failed: sent by e-mail`;
  if (text.status === 'logged') return `${channel} not sent (not set up)`;
  return `${channel} ${text.status}`;
}

/** Confirmed by the client's text and the latest text's status; words first, the colour only repeats them. */
function TextBadges({ appointment }: { appointment: Appointment }) {
  const { clientConfirmedAt, lastText } = appointment;
  if (!clientConfirmedAt && !lastText) return null;
  const failed = lastText?.status === 'failed' || lastText?.status === 'undelivered';
  return (
    <div className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
      {clientConfirmedAt ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900">
          <CheckCheck aria-hidden="true" className="size-3.5" /> Confirmed by client
        </span>
      ) : null}
      {lastText ? (
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5',
            failed ? 'bg-red-100 text-red-800' : 'bg-neutral-100 text-neutral-800',
          )}
        >
          <MessageSquare aria-hidden="true" className="size-3.5" /> {textStatusLabel(lastText)}
        </span>
      ) : null}
    </div>
  );
}

/** 'Repeats every 3 weeks'; 'Part of a series' until the series list says how often. */
export function seriesBadgeLabel(intervalWeeks: number | undefined): string {
  if (!intervalWeeks) return 'Part of a series';
  return intervalWeeks === 1 ? 'Repeats every week' : `Repeats every ${intervalWeeks} weeks`;
}

/** A visit's line items (issue 14), each with its length, when it has more than one. */
function VisitItems({ items }: { items: NonNullable<Appointment['items']> }) {
  if (items.length < 2) return null;
  return (
    <ul aria-label="Services in this visit" className="mt-1 flex flex-wrap gap-1.5 text-xs text-neutral-600">
      {items.map((item) => (
        <li key={item.serviceId ?? item.name} className="rounded-full bg-neutral-100 px-2 py-0.5">
          {item.name} · {formatDuration(item.durationMinutes)}
        </li>
      ))}
    </ul>
  );
}

export function AppointmentItem({
  appointment,
  pending,
  onSetStatus,
  onMakeSeries,
  seriesIntervalWeeks,
  display,
  askReason,
}: {
  appointment: Appointment;
  pending: boolean;
  /**
   * Cancelling a visit of a series says whether only it goes or it and every later one (issue 14); with
   * `askReason`, the owner's reason too (issue 25 item 3), undefined when they gave none.
   */
  onSetStatus: (status: OwnerSettableStatus, scope?: CancelScope, reason?: string) => void;
  /** The cancel asks for an optional short reason, kept in the appointment's history (the calendar's detail). */
  askReason?: boolean;
  /** 'Make this a series…' on a confirmed visit outside a series; absent: not offered. */
  onMakeSeries?: () => void;
  /** How often the visit's series repeats, when known. */
  seriesIntervalWeeks?: number;
  /** The shop's currency, locale and clock (issue 13); absent: the api's '9:00 AM' and USD. */
  display?: DisplaySettings;
}) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState('');
  const { client, service } = appointment;
  const inSeries = Boolean(appointment.seriesId);
  const items = appointment.items ?? [];
  // The visit as one line, 'Haircut + Beard trim': the api's joined name, else the items' names.
  const visitName = items.length > 1 ? items.map((i) => i.name).join(' + ') : service.name;
  const money = appointmentDisplayOf(appointment, display);
  const time = display
    ? formatClockTime(appointment.start, { ...money, timeZone: appointment.shop.timeZone })
    : appointment.localTime;
  const who = `${time} ${client.name}`;
  // Once it has started (issue 28), an appointment is not cancelled or made a series: it was kept or missed.
  const started = Date.parse(appointment.start) <= Date.now();
  const actions = nextStatuses(appointment.status).filter((status) => !(started && status === 'cancelled'));
  // The reason as typed, trimmed; none when blank or not asked.
  const reasonGiven = () => (askReason && reason.trim() ? reason.trim() : undefined);
  return (
    <li
      aria-label={`${time}, ${client.name}, ${visitName}`}
      className="rounded-xl border border-neutral-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold tabular-nums">
            {time}{' '}
            <span className="font-normal text-neutral-500">
              · {formatDuration(service.durationMinutes)} · {formatMoney(service.price, money)}
            </span>
          </p>
          <p className="mt-0.5 break-words font-semibold">{client.name}</p>
          <p className="text-sm text-neutral-700">{visitName}</p>
          <VisitItems items={items} />
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={appointment.status} />
          {inSeries ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
              <Repeat aria-hidden="true" className="size-3" /> {seriesBadgeLabel(seriesIntervalWeeks)}
            </span>
          ) : null}
        </div>
      </div>
      <TextBadges appointment={appointment} />
      <ContactLinks phone={client.phone} email={client.email} country={shopPhoneCountry(appointment.shop)} />
      {appointment.note ? <p className="mt-2 text-sm text-neutral-600 italic">“{appointment.note}”</p> : null}
      {confirmingCancel ? (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-medium text-red-900">
            Cancel {client.name}'s {visitName} at {time}?{client.email ? ' The client gets an e-mail.' : ''}
          </p>
          {inSeries ? <p className="mt-1 text-sm text-red-900">This visit is part of a series.</p> : null}
          {askReason ? (
            <Field
              className="mt-2"
              label="Reason (optional)"
              hint={`Kept in the appointment's history, up to ${CANCEL_REASON_MAX} characters.`}
              placeholder="Client called in sick"
              autoComplete="off"
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="light" size="sm" disabled={pending} onClick={() => setConfirmingCancel(false)}>
              Keep
            </Button>
            {inSeries ? (
              <>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={pending}
                  onClick={() => {
                    setConfirmingCancel(false);
                    onSetStatus('cancelled', 'one', reasonGiven());
                  }}
                >
                  Only this visit
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={pending}
                  onClick={() => {
                    setConfirmingCancel(false);
                    onSetStatus('cancelled', 'following', reasonGiven());
                  }}
                >
                  This and all later visits
                </Button>
              </>
            ) : (
              <Button
                variant="danger"
                size="sm"
                disabled={pending}
                onClick={() => {
                  setConfirmingCancel(false);
                  onSetStatus('cancelled', undefined, reasonGiven());
                }}
              >
                Yes, cancel
              </Button>
            )}
          </div>
        </div>
      ) : actions.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.map((status) => (
            <Button
              key={status}
              variant="light"
              size="sm"
              disabled={pending}
              aria-label={`${ACTION_LABELS[status]}: ${who}`}
              className={status === 'cancelled' ? 'text-red-700' : undefined}
              onClick={() => (status === 'cancelled' ? setConfirmingCancel(true) : onSetStatus(status))}
            >
              {ACTION_LABELS[status]}
            </Button>
          ))}
          {onMakeSeries && appointment.status === 'confirmed' && !inSeries && !started ? (
            <Button
              variant="light"
              size="sm"
              disabled={pending}
              aria-label={`Make this a series: ${who}`}
              onClick={onMakeSeries}
            >
              <Repeat aria-hidden="true" className="size-4" /> Make this a series…
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The day per barber: each barber's section lists their appointments by start time. */
export function AgendaDay({
  agenda,
  pendingId,
  onSetStatus,
  onMakeSeries,
  seriesIntervals,
  display,
}: {
  agenda: ShopAgenda;
  pendingId: string | null;
  onSetStatus: (appointment: Appointment, status: OwnerSettableStatus, scope?: CancelScope) => void;
  onMakeSeries?: (appointment: Appointment) => void;
  /** Series id → every how many weeks (issue 14), for the badge. */
  seriesIntervals?: ReadonlyMap<string, number>;
  /** The shop's currency, locale and clock (issue 13). */
  display?: DisplaySettings;
}) {
  if (agenda.appointments.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-500">
          <CalendarDays aria-hidden="true" className="size-6" />
        </span>
        <h3 className="mt-4 text-lg font-bold">No appointments on this day</h3>
        <p className="mt-1 max-w-sm text-sm text-neutral-600">
          Bookings from your booking page and walk-ins show up here.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {agenda.barbers.map(({ barber, appointments }) => (
        <section key={barber.id} aria-label={barber.name} className="rounded-2xl bg-neutral-100 p-4">
          <h3 className="flex items-baseline justify-between gap-2 font-bold">
            <span className="break-words">{barber.name}</span>
            <span className="shrink-0 text-sm font-normal text-neutral-600">
              {appointments.length === 1 ? '1 appointment' : `${appointments.length} appointments`}
            </span>
          </h3>
          {appointments.length === 0 ? (
            <p className="mt-3 text-sm text-neutral-600">No appointments</p>
          ) : (
            <ul aria-label={`Appointments with ${barber.name}`} className="mt-3 flex flex-col gap-3">
              {appointments.map((appointment) => (
                <AppointmentItem
                  key={appointment.id}
                  appointment={appointment}
                  pending={pendingId === appointment.id}
                  onSetStatus={(status, scope) =>
                    scope ? onSetStatus(appointment, status, scope) : onSetStatus(appointment, status)
                  }
                  onMakeSeries={onMakeSeries ? () => onMakeSeries(appointment) : undefined}
                  seriesIntervalWeeks={appointment.seriesId ? seriesIntervals?.get(appointment.seriesId) : undefined}
                  display={display}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** Who is at the door (issue 13): sent only when a field is filled; with an e-mail or phone it joins their record. */
export interface WalkInClientDetails {
  name: string;
  email: string;
  phone: string;
}
export type WalkInBooking = { serviceId: string; barberId: string; date?: string; client?: WalkInClientDetails };

/** The day the agenda shows, as the walk-in panel names it (issue 28): walk-ins book only on the shop's today. */
export interface WalkInDay {
  date: string;
  /** 'Friday, November 27'. */
  label: string;
  isToday: boolean;
}

const NO_CLIENT_DETAILS: WalkInClientDetails = { name: '', email: '', phone: '' };

/**
 * Walk-in: 'Walk-in' opens the services; choosing one books the next free start now (two clicks). The barber
 * defaults to any (the rotation's pick). The client's name, e-mail and phone are optional, folded away.
 */
export function WalkInPanel({
  services,
  barbers,
  pending,
  onBook,
  day,
}: {
  services: Service[];
  barbers: Barber[];
  pending: boolean;
  onBook: (input: WalkInBooking) => Promise<boolean>;
  /** The agenda's day; absent while it loads (the api then books today). */
  day?: WalkInDay | null;
}) {
  const [open, setOpen] = useState(false);
  const [barberId, setBarberId] = useState('any');
  const [details, setDetails] = useState<WalkInClientDetails>(NO_CLIENT_DETAILS);
  const setDetail = (key: keyof WalkInClientDetails) => (event: { target: { value: string } }) =>
    setDetails((current) => ({ ...current, [key]: event.target.value }));
  const client = {
    name: details.name.trim(),
    email: details.email.trim(),
    phone: details.phone.trim(),
  };
  const hasClient = Boolean(client.name || client.email || client.phone);
  const notToday = day ? !day.isToday : false;
  if (!open || notToday) {
    return (
      <div className="flex flex-col gap-1">
        <Button
          onClick={() => setOpen(true)}
          disabled={services.length === 0 || barbers.length === 0 || notToday}
          aria-describedby={notToday ? 'walk-in-today-only' : undefined}
        >
          <Footprints aria-hidden="true" className="size-4" /> Walk-in
        </Button>
        {notToday ? (
          <p id="walk-in-today-only" className="max-w-xs text-sm text-neutral-600">
            {BOOKING_MESSAGES.walkInTodayOnly}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Card className="w-full" role="group" aria-label="Book a walk-in">
      <CardHeader
        as="h3"
        title="Book a walk-in"
        description={
          day
            ? `Books on ${day.label} (today): choose a service and the next free time is booked now.`
            : 'Choose a service: the next free time today is booked now.'
        }
        actions={
          <Button variant="light" size="sm" onClick={() => setOpen(false)} disabled={pending}>
            Close
          </Button>
        }
      />
      <SelectField
        className="mt-4 max-w-xs"
        label="Barber"
        value={barberId}
        onChange={(event) => setBarberId(event.target.value)}
        options={[{ value: 'any', label: 'Any barber' }, ...barbers.map((b) => ({ value: b.id, label: b.name }))]}
      />
      <details className="mt-4 rounded-lg border border-neutral-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-neutral-800">
          Add client details (optional)
        </summary>
        <p className="mt-1 text-xs text-neutral-500">With an e-mail or phone, the visit joins the client's record.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Field label="Client name" autoComplete="off" value={details.name} onChange={setDetail('name')} />
          <Field label="E-mail" type="email" autoComplete="off" value={details.email} onChange={setDetail('email')} />
          <Field label="Phone" type="tel" autoComplete="off" value={details.phone} onChange={setDetail('phone')} />
        </div>
      </details>
      <ul aria-label="Walk-in services" className="mt-4 grid gap-2 sm:grid-cols-2">
        {services.map((service) => (
          <li key={service.id}>
            <Button
              variant="light"
              className="w-full justify-between"
              disabled={pending}
              aria-label={`Book walk-in: ${service.name}`}
              onClick={async () => {
                const input = {
                  serviceId: service.id,
                  barberId,
                  ...(day ? { date: day.date } : {}),
                  ...(hasClient ? { client } : {}),
                };
                if (await onBook(input)) {
                  setOpen(false);
                  setDetails(NO_CLIENT_DETAILS);
                }
              }}
            >
              <span className="truncate">{service.name}</span>
              <span className="shrink-0 font-normal text-neutral-500">{formatDuration(service.durationMinutes)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
