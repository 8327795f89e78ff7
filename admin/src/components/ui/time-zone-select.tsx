import { forwardRef, useId, useMemo, useState } from 'react';
import { groupTimeZones } from '../../lib/time-zones';
import { cn } from './cn';
import type { SelectFieldProps } from './select-field';

export interface TimeZoneSelectProps extends Omit<SelectFieldProps, 'options' | 'label'> {
  label?: string;
  /** The zone that must be offered even if the browser's list lacks it (the saved one). */
  current?: string;
}

/**
 * The time-zone picker (issue 28): a search box that narrows a native select whose zones are grouped by region
 * (Africa, America, Asia, Europe, ...). The select keeps native keyboard and screen-reader behaviour, and the chosen
 * zone stays listed whatever is typed.
 */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, TimeZoneSelectProps>(function TimeZoneSelect(
  { label = 'Time Zone', current, className, id, error, value, ...props },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const [query, setQuery] = useState('');
  const keep = typeof value === 'string' ? value : current;
  const groups = useMemo(() => groupTimeZones(query, keep ?? current), [query, keep, current]);
  const wanted = query.trim().toLowerCase().replace(/_/g, ' ');
  // The chosen zone is listed whatever is typed; it counts as a match only when it is one.
  const count = groups
    .flatMap((g) => g.options)
    .filter((o) => o.value.replace(/_/g, ' ').toLowerCase().includes(wanted)).length;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={`${selectId}-search`} className="text-sm font-medium text-neutral-800">
        Search time zones
      </label>
      <input
        id={`${selectId}-search`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="City or region, like London or America"
        autoComplete="off"
        aria-describedby={`${selectId}-count`}
        className="h-11 rounded-lg border border-neutral-300 bg-white px-3 text-base text-neutral-900 outline-none placeholder:text-neutral-400 focus-visible:ring-2 focus-visible:ring-amber-400 sm:text-sm"
      />
      <p id={`${selectId}-count`} className="text-xs text-neutral-600" aria-live="polite">
        {query.trim() ? `${count} ${count === 1 ? 'zone matches' : 'zones match'}` : 'Grouped by region'}
      </p>
      <label htmlFor={selectId} className="mt-1 text-sm font-medium text-neutral-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        value={value}
        aria-invalid={error ? true : undefined}
        className={cn(
          'h-11 w-full min-w-0 rounded-lg border border-neutral-300 bg-white px-3 text-base text-neutral-900 outline-none sm:text-sm',
          'focus-visible:ring-2 focus-visible:ring-amber-400 disabled:cursor-not-allowed disabled:opacity-60',
          error && 'border-red-500',
        )}
        {...props}
      >
        {groups.map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </div>
  );
});
