import { formatEventTime } from '@barberly/common';
import { useState } from 'react';
import { useAppointmentHistory } from '../api/history-api';

/**
 * The appointment's history (issue 24), folded under its card: 'Booked online by the client, 3 Nov 10:02 · Moved to
 * 4:30 PM by Marcus, 4 Nov 9:15 · Reminder sent by SMS, delivered'. Read from the api the first time it is opened.
 */
export function AppointmentHistory({ shopId, appointmentId }: { shopId: string; appointmentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2 text-sm" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium text-neutral-700">History</summary>
      {open ? <HistoryLines shopId={shopId} appointmentId={appointmentId} /> : null}
    </details>
  );
}

function HistoryLines({ shopId, appointmentId }: { shopId: string; appointmentId: string }) {
  const history = useAppointmentHistory(shopId, appointmentId);
  if (history.isPending) return <p className="mt-1 text-neutral-500">Loading the history…</p>;
  if (history.isError) {
    return (
      <p role="alert" className="mt-1 text-red-700">
        The history could not be loaded: {history.error.message}
      </p>
    );
  }
  if (history.data.events.length === 0) return <p className="mt-1 text-neutral-500">Nothing recorded yet.</p>;
  return (
    <ol className="mt-1 space-y-0.5 text-neutral-700">
      {history.data.events.map((event) => (
        <li key={event.id}>
          {event.text},{' '}
          <time dateTime={event.at} className="text-neutral-500 tabular-nums">
            {formatEventTime(event.at, history.data.timeZone)}
          </time>
        </li>
      ))}
    </ol>
  );
}
