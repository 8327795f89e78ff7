import { type Appointment, formatSpecialDate, localInstant } from '@barberly/common';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { SelectField } from '../../../../components/ui/select-field';
import { showToast } from '../../../../components/ui/toaster';
import { ApiError } from '../../../../lib/api-client';
import { useBarbers } from '../../../../lib/shop-queries';
import { wallTimeOf } from '../../../../lib/wall-time';
import { useMoveAffectedAppointment } from './special-days-api';

/** The api's words (a 409 names who has the time), with any field messages that say more. */
function moveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields ?? {}).filter((m) => m !== error.message);
    return [error.message, ...fields].join(' ');
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/**
 * Issue 25: moves one appointment a closed (or shortened) day leaves out, from the special day's list: a new day
 * and time in the shop's zone, and another barber if the owner wants. The api refuses a taken time in words.
 */
export function MoveAffectedForm({
  shopId,
  timeZone,
  appointment,
  onMoved,
  onCancel,
}: {
  shopId: string;
  timeZone: string;
  appointment: Appointment;
  onMoved: (moved: Appointment) => void;
  onCancel: () => void;
}) {
  const move = useMoveAffectedAppointment(shopId);
  const barbers = useBarbers(shopId).data ?? [];
  const [date, setDate] = useState(appointment.localDate);
  const [time, setTime] = useState(wallTimeOf(appointment.start, timeZone));
  const [barberId, setBarberId] = useState(appointment.barber.id);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const start = localInstant(date, time, timeZone);
    if (!start) return setError('Choose a date and time.');
    try {
      const moved = await move.mutateAsync({
        id: appointment.id,
        start: start.toISOString(),
        ...(barberId !== appointment.barber.id ? { barberId } : {}),
      });
      showToast({
        title: 'Appointment moved',
        description: `${moved.client.name}: ${formatSpecialDate(moved.localDate)}, ${moved.localTime}. The client is told.`,
        variant: 'success',
      });
      onMoved(moved);
    } catch (err) {
      setError(moveErrorText(err));
    }
  };
  const others = barbers.filter((b) => b.id !== appointment.barber.id);
  return (
    <form
      aria-label={`Move ${appointment.client.name}’s appointment`}
      className="flex flex-col gap-3 bg-neutral-50 px-3 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={move.isPending} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="sr-only">New time</legend>
        <Field label="New date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        <Field
          label="New time"
          type="time"
          step={900}
          value={time}
          onChange={(e) => setTime(e.target.value)}
          required
        />
        <SelectField
          label="Barber"
          value={barberId}
          onChange={(e) => setBarberId(e.target.value)}
          options={[
            { value: appointment.barber.id, label: appointment.barber.name },
            ...others.map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="light" size="sm" onClick={onCancel} disabled={move.isPending}>
          Don’t move
        </Button>
        <Button type="submit" size="sm" disabled={move.isPending}>
          {move.isPending ? 'Moving...' : 'Move appointment'}
        </Button>
      </div>
    </form>
  );
}
