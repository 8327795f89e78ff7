import { type Barber, localInstant, type TimeOff } from '@barberly/common';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { showToast } from '../../../components/ui/toaster';
import { timeOffAddedToast, timeOffRemovedToast } from '../../../lib/dashboard-toasts';
import { wallTimeOf } from '../../../lib/wall-time';
import { useCalendarTimeOff } from '../api/calendar-api';
import { type ClockDisplay, hhmm, STEP_MINUTES, timeOptions } from '../lib/calendar-model';
import { errorText } from '../lib/errors';

export type TimeOffDraft =
  | { kind: 'new'; barberId: string; date: string; from: string; to: string }
  | { kind: 'existing'; barberId: string; date: string; timeOff: TimeOff };

/**
 * Time off from the calendar (issue 25): a range dragged across free time (or "Block time" in the toolbar) opens it
 * filled in; a time off block opens it to change its times or remove it. The existing time off api does the work.
 */
export function TimeOffDialog({
  shopId,
  draft,
  onClose,
  barbers,
  span,
  clock,
}: {
  shopId: string;
  draft: TimeOffDraft | null;
  onClose: () => void;
  barbers: Barber[];
  span: { from: number; to: number };
  clock: ClockDisplay;
}) {
  return (
    <Dialog
      open={draft !== null}
      onClose={onClose}
      title={draft?.kind === 'existing' ? 'Time off' : 'Block time off'}
      description="Clients cannot book the barber during time off."
    >
      {draft ? (
        <TimeOffForm shopId={shopId} draft={draft} onClose={onClose} barbers={barbers} span={span} clock={clock} />
      ) : null}
    </Dialog>
  );
}

function TimeOffForm({
  shopId,
  draft,
  onClose,
  barbers,
  span,
  clock,
}: {
  shopId: string;
  draft: TimeOffDraft;
  onClose: () => void;
  barbers: Barber[];
  span: { from: number; to: number };
  clock: ClockDisplay;
}) {
  const timeOff = useCalendarTimeOff(shopId);
  const [barberId, setBarberId] = useState(draft.barberId);
  const [date, setDate] = useState(draft.date);
  const [from, setFrom] = useState(draft.kind === 'new' ? draft.from : wallTimeOf(draft.timeOff.start, clock.timeZone));
  const [to, setTo] = useState(draft.kind === 'new' ? draft.to : wallTimeOf(draft.timeOff.end, clock.timeZone));
  const [reason, setReason] = useState(draft.kind === 'existing' ? draft.timeOff.reason : '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const starts = timeOptions(date, span, clock);
  const ends = timeOptions(date, { from: span.from + STEP_MINUTES, to: span.to + STEP_MINUTES }, clock);
  if (!ends.some((o) => o.value === to)) ends.push({ value: to, label: to });

  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    setPending(true);
    try {
      await work();
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };
  const input = () => {
    const start = localInstant(date, from, clock.timeZone);
    const end = localInstant(date, to === '24:00' ? '23:59' : to, clock.timeZone);
    if (!start || !end) throw new Error('Choose a date and times.');
    return { start: start.toISOString(), end: end.toISOString(), reason: reason.trim() };
  };
  const name = barbers.find((b) => b.id === barberId)?.name ?? '';
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          if (draft.kind === 'new') await timeOff.add(barberId, input());
          else await timeOff.move(barberId, draft.timeOff, input());
          showToast(timeOffAddedToast);
        });
      }}
    >
      <SelectField
        label="Barber"
        value={barberId}
        disabled={draft.kind === 'existing'}
        onChange={(event) => setBarberId(event.target.value)}
        options={barbers.map((b) => ({ value: b.id, label: b.name }))}
      />
      <Field label="Date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="From" value={from} onChange={(event) => setFrom(event.target.value)} options={starts} />
        <SelectField label="To" value={to} onChange={(event) => setTo(event.target.value)} options={ends} />
      </div>
      <Field label="Reason (optional)" value={reason} onChange={(event) => setReason(event.target.value)} />
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {draft.kind === 'existing' ? (
          <Button
            variant="danger"
            disabled={pending}
            onClick={() =>
              void run(async () => {
                await timeOff.remove(barberId, draft.timeOff.id);
                showToast(timeOffRemovedToast);
              })
            }
          >
            Remove time off
          </Button>
        ) : null}
        <Button variant="light" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {draft.kind === 'existing' ? 'Save time off' : `Block time for ${name}`}
        </Button>
      </div>
    </form>
  );
}

export { hhmm };
