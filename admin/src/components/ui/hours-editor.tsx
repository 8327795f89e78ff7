import { defaultHours, type Hours, HoursSchema, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@barberly/common';
import { useId } from 'react';
import { cn } from './cn';

export type DayErrors = Partial<Record<Weekday, string>>;

const TIME_INPUT =
  'h-10 min-w-0 flex-1 rounded-lg border border-neutral-300 px-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:bg-neutral-100 disabled:text-neutral-400 sm:w-36 sm:flex-none sm:text-sm';

/** The first problem of each day ('Closing time must be after opening time'), by weekday. */
export function dayErrors(hours: Hours): DayErrors {
  const parsed = HoursSchema.safeParse(hours);
  if (parsed.success) return {};
  const errors: DayErrors = {};
  for (const issue of parsed.error.issues) {
    const day = issue.path[0] as Weekday;
    errors[day] ??= issue.message;
  }
  return errors;
}

/** One row per weekday (in WEEKDAYS order, whatever order the data has). Closed clears and disables the times. */
export function HoursEditor({
  hours,
  onChange,
  errors = {},
}: {
  hours: Hours;
  onChange: (hours: Hours) => void;
  errors?: DayErrors;
}) {
  const base = useId();
  const setDay = (day: Weekday, patch: Partial<Hours[Weekday]>) =>
    onChange({ ...hours, [day]: { ...hours[day], ...patch } });
  const toggleClosed = (day: Weekday, closed: boolean) => {
    if (closed) {
      setDay(day, { closed: true, open: '', close: '' });
      return;
    }
    // Reopening: the usual hours for that day, or 09:00-18:00 for a day that is closed by default.
    const usual = defaultHours()[day];
    setDay(day, { closed: false, open: usual.open || '09:00', close: usual.close || '18:00' });
  };
  return (
    <ul className="divide-y divide-neutral-100 rounded-xl border border-neutral-200">
      {WEEKDAYS.map((day) => {
        const d = hours[day];
        const label = WEEKDAY_LABELS[day];
        const error = errors[day];
        return (
          <li key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:px-4">
            <span className="w-28 font-semibold">{label}</span>
            <label className="ml-auto inline-flex items-center gap-2 text-sm font-medium sm:order-last">
              <input
                type="checkbox"
                checked={d.closed}
                onChange={(event) => toggleClosed(day, event.target.checked)}
                className="size-4 accent-amber-600"
                aria-label={`${label} closed`}
              />
              Closed
            </label>
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <label className="sr-only" htmlFor={`${base}-${day}-open`}>
                {label} opening time
              </label>
              <input
                id={`${base}-${day}-open`}
                type="time"
                value={d.open}
                disabled={d.closed}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setDay(day, { open: event.target.value })}
                className={cn(TIME_INPUT, error && 'border-red-500')}
              />
              <span className="text-sm text-neutral-500">to</span>
              <label className="sr-only" htmlFor={`${base}-${day}-close`}>
                {label} closing time
              </label>
              <input
                id={`${base}-${day}-close`}
                type="time"
                value={d.close}
                disabled={d.closed}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setDay(day, { close: event.target.value })}
                className={cn(TIME_INPUT, error && 'border-red-500')}
              />
            </div>
            {error ? (
              <p role="alert" className="w-full text-sm text-red-600 sm:order-last">
                {label}: {error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
