import {
  type Appointment,
  type Barber,
  type CancelScope,
  type DisplaySettings,
  localInstant,
  type Service,
} from '@barberly/common';
import { CalendarPlus, MoveRight } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { OwnerSettableStatus } from '../../../lib/booking-api';
import { useClient } from '../../../lib/client-queries';
import { wallTimeOf } from '../../../lib/wall-time';
import { useMoveAppointment } from '../api/calendar-api';
import { type ClockDisplay, timeLabel, timeOptions, visitName } from '../lib/calendar-model';
import { errorText } from '../lib/errors';
import { AppointmentItem } from './agenda-parts';
import { AppointmentHistory } from './appointment-history';
import { ChangeServicesForm } from './change-services-form';

/**
 * The payments feature's pieces of an appointment (issue 27), handed in by app/ (features never import each other):
 * what was paid, the no-show fee and refunds; and checkout at the chair.
 */
export interface AppointmentPaymentParts {
  Money?: ComponentType<{ shopId: string; appointmentId: string; status: string }>;
  CheckOut?: ComponentType<{ shopId: string; appointment: Appointment }>;
}

/**
 * One appointment (issue 25): the card with its actions (completed, no-show, cancel, make a series, call or mail
 * the client), the client card, "Move" with a time picker (the keyboard's and the phone's way to move), and
 * "Book again".
 */
export function AppointmentDetail({
  shopId,
  appointment,
  onClose,
  barbers,
  span,
  clock,
  display,
  pending,
  seriesIntervalWeeks,
  onSetStatus,
  onMakeSeries,
  onBookAgain,
  onMoved,
  services = [],
  Money,
  CheckOut,
}: AppointmentPaymentParts & {
  shopId: string;
  appointment: Appointment | null;
  /** The shop's services, for "Services" (change the visit's services and length). */
  services?: Service[];
  onClose: () => void;
  barbers: Barber[];
  span: { from: number; to: number };
  clock: ClockDisplay;
  display?: DisplaySettings;
  pending: boolean;
  seriesIntervalWeeks?: number;
  /** A cancel carries the owner's optional reason (issue 25 item 3). */
  onSetStatus: (appointment: Appointment, status: OwnerSettableStatus, scope?: CancelScope, reason?: string) => void;
  onMakeSeries: (appointment: Appointment) => void;
  onBookAgain: (appointment: Appointment) => void;
  onMoved: (appointment: Appointment) => void;
}) {
  const title = appointment
    ? `${timeLabel(appointment.start, clock)} ${appointment.client.name}: ${visitName(appointment)}`
    : '';
  return (
    <Dialog open={appointment !== null} onClose={onClose} title={title} size="lg">
      {appointment ? (
        <div className="flex flex-col gap-4">
          <ul className="contents">
            <AppointmentItem
              appointment={appointment}
              pending={pending}
              askReason
              onSetStatus={(status, scope, reason) => onSetStatus(appointment, status, scope, reason)}
              onMakeSeries={() => onMakeSeries(appointment)}
              seriesIntervalWeeks={seriesIntervalWeeks}
              display={display}
            />
          </ul>
          {appointment.clientId ? <ClientCard shopId={shopId} clientId={appointment.clientId} /> : null}
          {/* Issue 24: the appointment's history, from its lifecycle events. */}
          <AppointmentHistory shopId={shopId} appointmentId={appointment.id} />
          {/* Issue 27: what was paid, the no-show fee, refunds (features/payments). */}
          {Money ? <Money shopId={shopId} appointmentId={appointment.id} status={appointment.status} /> : null}
          {appointment.status === 'confirmed' && Date.parse(appointment.start) > Date.now() && services.length > 0 ? (
            <ChangeServicesForm
              key={`${appointment.id}-${appointment.updatedAt}`}
              shopId={shopId}
              appointment={appointment}
              barber={barbers.find((b) => b.id === appointment.barber.id)}
              services={services}
              display={display}
            />
          ) : null}
          {appointment.status === 'confirmed' && Date.parse(appointment.end) > Date.now() ? (
            <MoveForm
              key={appointment.id + appointment.start}
              shopId={shopId}
              appointment={appointment}
              barbers={barbers}
              span={span}
              clock={clock}
              onMoved={onMoved}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            {/* Issue 27: checkout at the chair (features/payments). */}
            {CheckOut ? <CheckOut shopId={shopId} appointment={appointment} /> : null}
            <Button variant="light" onClick={() => onBookAgain(appointment)}>
              <CalendarPlus aria-hidden="true" className="size-4" /> Book again
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

function ClientCard({ shopId, clientId }: { shopId: string; clientId: string }) {
  const client = useClient(shopId, clientId);
  if (client.isPending) return <p className="text-sm text-neutral-600">Loading the client…</p>;
  if (client.isError) return <p className="text-sm text-neutral-600">The client's card is not available.</p>;
  const c = client.data;
  const last = c.lastVisit ? new Date(c.lastVisit).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'None yet';
  return (
    <section aria-label={`Client: ${c.name}`} className="rounded-xl border border-neutral-200 p-4">
      <h3 className="font-bold">{c.name}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-neutral-600">Visits</dt>
          <dd className="font-semibold">{c.visits}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Last visit</dt>
          <dd className="font-semibold">{last}</dd>
        </div>
      </dl>
      {c.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
          {c.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-800">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {c.notes.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Notes</h4>
          <ul className="mt-1 flex flex-col gap-1 text-sm text-neutral-800">
            {c.notes.slice(0, 3).map((note) => (
              <li key={note.id} className="rounded-lg bg-amber-50 px-2 py-1">
                {note.body}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** "Move": a date, a time and a barber, then one move (the client is told once, with a fresh reminder). */
function MoveForm({
  shopId,
  appointment,
  barbers,
  span,
  clock,
  onMoved,
}: {
  shopId: string;
  appointment: Appointment;
  barbers: Barber[];
  span: { from: number; to: number };
  clock: ClockDisplay;
  onMoved: (appointment: Appointment) => void;
}) {
  const move = useMoveAppointment(shopId);
  const [date, setDate] = useState(appointment.localDate);
  const [time, setTime] = useState(wallTimeOf(appointment.start, clock.timeZone));
  const [barberId, setBarberId] = useState(appointment.barber.id);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const start = localInstant(date, time, clock.timeZone);
    if (!start) return setError('Choose a date and time.');
    try {
      const moved = await move.mutateAsync({
        id: appointment.id,
        start: start.toISOString(),
        ...(barberId !== appointment.barber.id ? { barberId } : {}),
      });
      onMoved(moved);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      aria-label="Move appointment"
      className="rounded-xl border border-neutral-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="font-bold">Move</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <Field label="New date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        <SelectField
          label="New time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          options={timeOptions(date, span, clock)}
        />
        <SelectField
          label="Barber"
          value={barberId}
          onChange={(event) => setBarberId(event.target.value)}
          options={barbers.map((b) => ({ value: b.id, label: b.name }))}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="mt-3" disabled={move.isPending}>
        <MoveRight aria-hidden="true" className="size-4" /> {move.isPending ? 'Moving…' : 'Move appointment'}
      </Button>
    </form>
  );
}
