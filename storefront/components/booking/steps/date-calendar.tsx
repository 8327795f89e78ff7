import { type AvailabilityDay, addDays, SPECIAL_DAY_LIMITS } from '@barberly/common';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { DayButton, type DayButtonProps, DayPicker } from 'react-day-picker';
import { styled } from 'styled-components';
import { fetchAvailabilityDays } from '../../../lib/booking-api';
import type { BookingDay } from '../../../lib/booking-view';
import { ActionButton } from '../../buttons';
import { Actions, LiveStatus, Muted } from '../booking-ui';

/**
 * The date step's month calendar (issue 25, item 7; decision 0185): react-day-picker's accessible grid, each day
 * marked from GET /availability/days. A day with a free time is marked; a day without one is disabled, and its
 * reason ("Closed (Christmas Day)", "Fully booked") is in its accessible name, its title, and in words under the
 * month. A day where the barber asked has nothing but others do stays choosable: the step then names who does.
 * Dates are the shop's calendar days ('YYYY-MM-DD'); the picker sees them as local midnights, so no zone shifts them.
 */

/** What the calendar knows of a day: the api's answer, else the shop's week (closed or not) from the server. */
export interface DayState {
  date: string;
  /** Known to have a free time. */
  free: boolean;
  /** Choosable: free, not yet known, or another barber is free. */
  enabled: boolean;
  /** Why not: 'Closed (Christmas Day)', 'Fully booked', ...; '' when free or unknown. */
  reason: string;
  othersFree: string[];
}

export function toLocalDate(date: string): Date {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function isoOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The day's state from the api's answer when there is one, else from the server's days. */
export function dayState(
  date: string,
  known: AvailabilityDay | undefined,
  server: BookingDay | undefined,
  waitlist = false,
): DayState {
  if (known) {
    const othersFree = known.othersFree ?? [];
    const reason = known.free ? '' : (known.reason ?? (known.closed ? 'Closed' : 'Fully booked'));
    return {
      date,
      free: known.free,
      // A full day stays choosable where the shop keeps a waitlist: the step offers to join it (issue 14).
      enabled: known.free || othersFree.length > 0 || (waitlist && reason === 'Fully booked'),
      reason,
      othersFree,
    };
  }
  if (!server) return { date, free: false, enabled: false, reason: '', othersFree: [] };
  return { date, free: false, enabled: !server.closed, reason: server.closed ? 'Closed' : '', othersFree: [] };
}

/** 'Closed (Christmas Day)' gives 'closed (Christmas Day)': the reason as part of a sentence. */
function lower(reason: string): string {
  return reason ? reason.charAt(0).toLowerCase() + reason.slice(1) : reason;
}

const labelFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** The day button's accessible name: 'Friday, December 25, 2026, closed (Christmas Day)'. */
export function dayLabel(state: DayState, selected: boolean): string {
  const parts = [labelFormat.format(toLocalDate(state.date))];
  if (state.free) parts.push('free times');
  else if (state.othersFree.length > 0) parts.push('no times with this barber, other barbers have times');
  else if (state.reason && state.enabled) parts.push(`${lower(state.reason)}, waitlist open`);
  else if (state.reason) parts.push(lower(state.reason));
  if (selected) parts.push('selected');
  return parts.join(', ');
}

const DayStates = createContext<(date: string) => DayState | undefined>(() => undefined);

/** react-day-picker's own button, with the day's reason as its title (a pointer's hover says it too). */
function TitledDayButton(props: DayButtonProps) {
  const stateOf = useContext(DayStates);
  const state = stateOf(isoOf(props.day.date));
  const title =
    state && !state.free
      ? state.othersFree.length > 0
        ? 'Other barbers have times'
        : state.enabled && state.reason
          ? `${state.reason}: join the waitlist`
          : state.reason
      : '';
  return <DayButton {...props} title={title || undefined} />;
}

const Frame = styled.div`
  display: grid;
  gap: 0.75rem;
  justify-items: start;
  .rdp-root { position: relative; width: 100%; max-width: 24rem; }
  .rdp-months { position: relative; }
  .rdp-nav {
    position: absolute;
    inset-inline-end: 0;
    top: 0;
    display: flex;
    gap: 0.25rem;
  }
  .rdp-button_previous,
  .rdp-button_next {
    display: inline-grid;
    place-items: center;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 1px solid ${(p) => p.theme.palette.border};
    border-radius: ${(p) => p.theme.layout.radius};
    background: ${(p) => p.theme.palette.background};
    color: ${(p) => p.theme.palette.text};
    cursor: pointer;
  }
  .rdp-button_previous[aria-disabled='true'],
  .rdp-button_next[aria-disabled='true'] { opacity: 0.4; cursor: not-allowed; }
  .rdp-chevron { fill: currentColor; width: 1rem; height: 1rem; }
  .rdp-month_caption {
    display: flex;
    align-items: center;
    min-height: 44px;
    font-weight: 700;
    font-size: 1.05rem;
    padding-inline-end: 6.5rem;
  }
  .rdp-month_grid { width: 100%; border-collapse: collapse; table-layout: fixed; margin-top: 0.5rem; }
  .rdp-weekday {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${(p) => p.theme.palette.muted};
    padding: 0.25rem 0;
    text-align: center;
  }
  .rdp-day { padding: 2px; text-align: center; }
  .rdp-day_button {
    position: relative;
    width: 100%;
    min-width: 2.5rem;
    height: 2.75rem;
    padding: 0;
    border: 2px solid transparent;
    border-radius: ${(p) => p.theme.layout.radius};
    background: transparent;
    color: inherit;
    font: inherit;
    font-variant-numeric: tabular-nums;
    cursor: pointer;
  }
  .rdp-day_button:focus-visible {
    outline: 3px solid ${(p) => p.theme.primary.onBackground};
    outline-offset: 1px;
  }
  /* A day with free times: bold, with a dot under the number (shape, not colour alone). */
  .bk-free .rdp-day_button { font-weight: 700; border-color: ${(p) => p.theme.palette.border}; }
  .bk-free .rdp-day_button::after,
  .bk-others .rdp-day_button::after {
    content: '';
    position: absolute;
    left: 50%;
    bottom: 0.3rem;
    width: 0.35rem;
    height: 0.35rem;
    margin-left: -0.175rem;
    border-radius: 50%;
    background: ${(p) => p.theme.primary.onBackground};
  }
  .bk-others .rdp-day_button::after { background: transparent; border: 1px solid ${(p) => p.theme.palette.muted}; }
  .rdp-disabled .rdp-day_button {
    cursor: not-allowed;
    color: ${(p) => p.theme.palette.muted};
    font-weight: 400;
  }
  .bk-closed .rdp-day_button { text-decoration: line-through; }
  .rdp-today .rdp-day_button { text-decoration: underline; text-underline-offset: 3px; }
  .rdp-today.bk-closed .rdp-day_button { text-decoration: line-through underline; }
  .rdp-selected .rdp-day_button {
    background: ${(p) => p.theme.primary.base};
    border-color: ${(p) => p.theme.primary.base};
    color: ${(p) => p.theme.primary.contrast};
  }
  .rdp-selected .rdp-day_button::after { background: ${(p) => p.theme.primary.contrast}; }
  .rdp-outside { visibility: hidden; }
  .rdp-hidden { visibility: hidden; }
`;

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem 1rem;
  font-size: 0.9rem;
  color: ${(p) => p.theme.palette.muted};
  li { display: inline-flex; align-items: center; gap: 0.4rem; }
  [data-mark] {
    display: inline-grid;
    place-items: center;
    min-width: 1.6rem;
    font-variant-numeric: tabular-nums;
    color: ${(p) => p.theme.palette.text};
  }
  [data-mark='free'] { font-weight: 700; }
  [data-mark='free']::after {
    content: '';
    width: 0.35rem;
    height: 0.35rem;
    border-radius: 50%;
    background: ${(p) => p.theme.primary.onBackground};
  }
  [data-mark='closed'] { text-decoration: line-through; color: ${(p) => p.theme.palette.muted}; }
  [data-mark='full'] { color: ${(p) => p.theme.palette.muted}; }
`;

const Closures = styled.ul`
  margin: 0;
  padding-left: 1.1rem;
  font-size: 0.92rem;
  color: ${(p) => p.theme.palette.muted};
`;

type Loaded = { key: string; days: Map<string, AvailabilityDay>; chunks: Set<number>; failed: boolean };

export interface DateCalendarProps {
  slug: string;
  serviceIds: readonly string[];
  barberId: string;
  /** The bookable window from the server (the shop's today to its horizon), the week's closed days marked. */
  days: BookingDay[];
  date: string;
  onDate: (date: string) => void;
  /** Bumped after a 409: the days are asked again too. */
  reloadKey: number;
  /** The shop keeps a waitlist: fully booked days stay choosable, to join it. */
  waitlist?: boolean;
  /** The api's answer for the chosen day (free, or why not, and who else is free), when known. */
  onDayState?: (state: DayState | null) => void;
}

/**
 * The month grid, "Next available", the legend and the month's named closures. Asks the api for the days of the
 * window in 62-day pieces, as the shown month or "Next available" needs them.
 */
export function DateCalendar(props: DateCalendarProps) {
  const { slug, barberId, days, date, onDate, reloadKey, onDayState, waitlist = false } = props;
  const serviceKey = props.serviceIds.join(',');
  const key = `${slug}|${serviceKey}|${barberId}|${reloadKey}`;
  const first = days[0]?.date ?? date;
  const last = days.at(-1)?.date ?? date;
  const server = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const [loaded, setLoaded] = useState<Loaded>({ key, days: new Map(), chunks: new Set(), failed: false });
  const [month, setMonth] = useState(() => toLocalDate(`${(date || first).slice(0, 8)}01`));
  const [status, setStatus] = useState('');
  const [searching, setSearching] = useState(false);
  const inFlight = useRef(new Map<string, Promise<AvailabilityDay[] | null>>());
  const current = loaded.key === key ? loaded : { key, days: new Map(), chunks: new Set<number>(), failed: false };

  const chunkOf = useCallback(
    (d: string) => Math.floor(dayIndex(first, d) / SPECIAL_DAY_LIMITS.availabilityDaysMax),
    [first],
  );

  /** Asks for one 62-day piece of the window (once per key); null when the api could not answer. */
  const loadChunk = useCallback(
    (chunk: number): Promise<AvailabilityDay[] | null> => {
      const flightKey = `${key}#${chunk}`;
      const pending = inFlight.current.get(flightKey);
      if (pending) return pending;
      const from = addDays(first, chunk * SPECIAL_DAY_LIMITS.availabilityDaysMax);
      const end = addDays(from, SPECIAL_DAY_LIMITS.availabilityDaysMax - 1);
      const to = end < last ? end : last;
      const promise = fetchAvailabilityDays(slug, { serviceIds: serviceKey.split(','), barberId, from, to })
        .then((answer) => {
          const list = Array.isArray(answer?.days) ? answer.days : [];
          setLoaded((prev) => {
            const base = prev.key === key ? prev : { key, days: new Map(), chunks: new Set<number>(), failed: false };
            const next = new Map(base.days);
            for (const d of list) next.set(d.date, d);
            return { key, days: next, chunks: new Set([...base.chunks, chunk]), failed: base.failed };
          });
          return list;
        })
        .catch(() => {
          inFlight.current.delete(flightKey);
          setLoaded((prev) =>
            prev.key === key
              ? { ...prev, failed: true }
              : { key, days: new Map(), chunks: new Set<number>(), failed: true },
          );
          return null;
        });
      inFlight.current.set(flightKey, promise);
      return promise;
    },
    [key, first, last, slug, serviceKey, barberId],
  );

  // The pieces the shown month needs.
  useEffect(() => {
    if (!first || !last) return;
    const monthFirst = isoOf(month);
    const monthLast = isoOf(new Date(month.getFullYear(), month.getMonth() + 1, 0));
    const from = monthFirst < first ? first : monthFirst;
    const to = monthLast > last ? last : monthLast;
    if (from > to) return;
    for (let c = chunkOf(from); c <= chunkOf(to); c++) void loadChunk(c);
  }, [month, first, last, chunkOf, loadChunk]);

  const stateOf = useCallback(
    (d: string): DayState | undefined =>
      d < first || d > last ? undefined : dayState(d, current.days.get(d), server.get(d), waitlist),
    [current.days, server, first, last, waitlist],
  );

  const chosen = date ? (stateOf(date) ?? null) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of what is known of the chosen day
  useEffect(() => {
    onDayState?.(chosen);
  }, [chosen?.date, chosen?.free, chosen?.reason, chosen?.othersFree.join(',')]);

  async function nextAvailable() {
    setSearching(true);
    setStatus('Looking for the next free day…');
    const lastChunk = chunkOf(last);
    for (let c = 0; c <= lastChunk; c++) {
      const list = current.chunks.has(c)
        ? [...current.days.values()].filter((d) => chunkOf(d.date) === c)
        : await loadChunk(c);
      const found = (list ?? []).filter((d) => d.free).sort((a, b) => a.date.localeCompare(b.date))[0];
      if (found) {
        setMonth(toLocalDate(`${found.date.slice(0, 8)}01`));
        onDate(found.date);
        setStatus(`Next available: ${labelFormat.format(toLocalDate(found.date))}.`);
        setSearching(false);
        return;
      }
      if (list === null) {
        setStatus("We couldn't look for free days. Please pick a day.");
        setSearching(false);
        return;
      }
    }
    setStatus(`No free times in the next ${days.length} days.`);
    setSearching(false);
  }

  const monthFirst = isoOf(month);
  const monthLast = isoOf(new Date(month.getFullYear(), month.getMonth() + 1, 0));
  const closures = [...current.days.values()]
    .filter((d) => d.date >= monthFirst && d.date <= monthLast && !d.free && d.reason?.startsWith('Closed ('))
    .sort((a, b) => a.date.localeCompare(b.date));
  const stateList = days.map((d) => stateOf(d.date)).filter((s): s is DayState => Boolean(s));
  const dates = (pick: (s: DayState) => boolean) => stateList.filter(pick).map((s) => toLocalDate(s.date));

  return (
    <Frame data-booking="calendar">
      <DayStates.Provider value={stateOf}>
        <DayPicker
          mode="single"
          required
          selected={date ? toLocalDate(date) : undefined}
          onSelect={(picked) => {
            if (picked) onDate(isoOf(picked));
          }}
          month={month}
          onMonthChange={setMonth}
          startMonth={toLocalDate(first)}
          endMonth={toLocalDate(last)}
          today={toLocalDate(first)}
          showOutsideDays={false}
          disabled={[{ before: toLocalDate(first) }, { after: toLocalDate(last) }, ...dates((s) => !s.enabled)]}
          modifiers={{
            free: dates((s) => s.free),
            others: dates((s) => !s.free && s.othersFree.length > 0),
            closed: dates((s) => !s.free && s.reason.startsWith('Closed')),
            full: dates(
              (s) => !s.free && s.othersFree.length === 0 && s.reason !== '' && !s.reason.startsWith('Closed'),
            ),
          }}
          modifiersClassNames={{ free: 'bk-free', others: 'bk-others', closed: 'bk-closed', full: 'bk-full' }}
          labels={{
            labelDayButton: (day, modifiers) => {
              const state = stateOf(isoOf(day));
              return state
                ? dayLabel(state, Boolean(modifiers.selected))
                : `${labelFormat.format(day)}, not open for booking`;
            },
          }}
          components={{ DayButton: TitledDayButton }}
        />
      </DayStates.Provider>
      <Legend aria-label="What the days show">
        <li>
          <span data-mark="free" aria-hidden="true">
            12
          </span>
          Free times
        </li>
        <li>
          <span data-mark="closed" aria-hidden="true">
            12
          </span>
          Closed
        </li>
        <li>
          <span data-mark="full" aria-hidden="true">
            12
          </span>
          Fully booked or past
        </li>
      </Legend>
      {closures.length > 0 ? (
        <Closures aria-label="Closed days this month" data-calendar-closures="">
          {closures.map((d) => (
            <li key={d.date}>
              {shortFormat.format(toLocalDate(d.date))}: {lower(d.reason ?? 'Closed')}
            </li>
          ))}
        </Closures>
      ) : null}
      {chosen && !chosen.enabled && chosen.reason ? (
        <Muted data-calendar-reason="">
          {shortFormat.format(toLocalDate(chosen.date))}: {lower(chosen.reason)}. Please choose another day.
        </Muted>
      ) : null}
      {current.failed ? (
        <Muted>We couldn't check which days have free times. Pick a day to see its times.</Muted>
      ) : null}
      <Actions>
        <ActionButton
          type="button"
          $tone="outline"
          aria-disabled={searching}
          onClick={() => !searching && nextAvailable()}
        >
          Next available
        </ActionButton>
      </Actions>
      <LiveStatus>{status}</LiveStatus>
    </Frame>
  );
}

/** Days from `from` to `date` (both 'YYYY-MM-DD'). */
function dayIndex(from: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'Friday' for '2026-12-04'. */
export function weekdayName(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(toLocalDate(date));
}
