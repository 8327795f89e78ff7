import {
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
  type DisplaySettings,
  formatClockTime,
  type Hours,
  localInstant,
  openingWindow,
  type TimeOff,
} from '@barberly/common';

/**
 * The calendar's geometry and words (issue 25, decision 0181): a day is a column of 15-minute rows between the
 * earliest opening and the latest closing of the barbers shown; appointments, their cleanup and time off are blocks
 * placed by minutes from the grid's top; every free row is a button named "Book 2:30 PM with Marcus Reed".
 */

export const STEP_MINUTES = 15;
/** Pixels per 15-minute row: tall enough to tap (WCAG 2.2 target size: 24 px). */
export const ROW_PX = 28;

export interface ClockDisplay {
  timeZone: string;
  locale?: string | null;
  clock?: '12h' | '24h' | null;
}

/** 'HH:MM' of minutes since midnight. */
export function hhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes since the local midnight of `date` of an instant (DST days keep wall-clock minutes). */
export function wallMinutes(instant: string | Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** The span the grid shows: the earliest opening to the latest closing of these hours on that date; 9-6 when all closed. */
export function gridSpan(date: string, timeZone: string, hoursList: Hours[]): { from: number; to: number } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const hours of hoursList) {
    const window = openingWindow(date, timeZone, hours);
    if (!window) continue;
    from = Math.min(from, wallMinutes(window.start, timeZone));
    const end = wallMinutes(window.end, timeZone);
    to = Math.max(to, end === 0 ? 24 * 60 : end);
  }
  if (!Number.isFinite(from) || to <= from) return { from: 9 * 60, to: 18 * 60 };
  return { from: Math.floor(from / STEP_MINUTES) * STEP_MINUTES, to: Math.ceil(to / STEP_MINUTES) * STEP_MINUTES };
}

export type SlotState = 'free' | 'closed' | 'busy' | 'off' | 'past';

export interface GridSlot {
  /** 'HH:MM' local. */
  time: string;
  /** ISO instant of the row's start. */
  start: string;
  state: SlotState;
}

export interface ColumnInput {
  date: string;
  timeZone: string;
  /** The barber's own hours, else the shop's. */
  hours: Hours;
  appointments: Appointment[];
  timeOff: TimeOff[];
  now: Date;
}

/** Every 15-minute row of the span for one barber on one day, with whether it is free to book. */
export function columnSlots(input: ColumnInput, span: { from: number; to: number }): GridSlot[] {
  const window = openingWindow(input.date, input.timeZone, input.hours);
  const live = input.appointments.filter((a) => a.status !== 'cancelled');
  const slots: GridSlot[] = [];
  for (let m = span.from; m < span.to; m += STEP_MINUTES) {
    const at = localInstant(input.date, hhmm(m), input.timeZone);
    if (!at) continue;
    const t = at.getTime();
    const end = t + STEP_MINUTES * 60_000;
    let state: SlotState = 'free';
    if (!window || t < window.start.getTime() || t >= window.end.getTime()) state = 'closed';
    else if (input.timeOff.some((o) => Date.parse(o.start) < end && Date.parse(o.end) > t)) state = 'off';
    else if (live.some((a) => Date.parse(a.start) < end && Date.parse(a.end) + (a.bufferMinutes ?? 0) * 60_000 > t)) {
      state = 'busy';
    } else if (end <= input.now.getTime()) state = 'past';
    slots.push({ time: hhmm(m), start: at.toISOString(), state });
  }
  return slots;
}

/** A block's place in its column: top and height in pixels, clipped to the span. */
export function blockBox(
  start: string,
  end: string,
  timeZone: string,
  span: { from: number; to: number },
): { top: number; height: number } {
  const from = Math.max(span.from, wallMinutes(start, timeZone));
  const endMinutes = wallMinutes(end, timeZone);
  const to = Math.min(span.to, endMinutes <= from ? 24 * 60 : endMinutes);
  return {
    top: ((from - span.from) / STEP_MINUTES) * ROW_PX,
    height: Math.max(ROW_PX * 0.75, ((to - from) / STEP_MINUTES) * ROW_PX),
  };
}

export function clockOf(display: DisplaySettings | undefined, timeZone: string): ClockDisplay {
  return { timeZone, locale: display?.locale ?? null, clock: display?.clock ?? null };
}

export function timeLabel(instant: string | Date, clock: ClockDisplay): string {
  return formatClockTime(instant, clock);
}

/** The free row's name: 'Book 2:30 PM with Marcus Reed'; in the week view the day is named too. */
export function slotName(slot: GridSlot, barberName: string, clock: ClockDisplay, dayLabel?: string): string {
  const time = timeLabel(slot.start, clock);
  return dayLabel ? `Book ${dayLabel} ${time} with ${barberName}` : `Book ${time} with ${barberName}`;
}

/** A visit's services as one line: 'Haircut + Beard trim'. */
export function visitName(a: Appointment): string {
  const items = a.items ?? [];
  return items.length > 1 ? items.map((i) => i.name).join(' + ') : a.service.name;
}

/** The block's name: '2:30 PM to 3:00 PM, Jane Doe, Haircut, Confirmed'. */
export function blockName(a: Appointment, clock: ClockDisplay): string {
  const status = APPOINTMENT_STATUS_LABELS[a.status];
  return `${timeLabel(a.start, clock)} to ${timeLabel(a.end, clock)}, ${a.client.name}, ${visitName(a)}, ${status}`;
}

/** Time off's name: 'Time off 2:00 PM to 3:00 PM, Marcus Reed: Dentist'. */
export function timeOffName(t: TimeOff, barberName: string, clock: ClockDisplay): string {
  const reason = t.reason ? `: ${t.reason}` : '';
  return `Time off ${timeLabel(t.start, clock)} to ${timeLabel(t.end, clock)}, ${barberName}${reason}`;
}

/** The row a pointer is over, from its offset in the column. */
export function rowAt(offsetY: number, span: { from: number; to: number }): number {
  const rows = (span.to - span.from) / STEP_MINUTES;
  return Math.min(rows - 1, Math.max(0, Math.floor(offsetY / ROW_PX)));
}

/** Every 15-minute start of a day's span as {value 'HH:MM', label '2:30 PM'}, for the Move and New pickers. */
export function timeOptions(date: string, span: { from: number; to: number }, clock: ClockDisplay) {
  const options: Array<{ value: string; label: string }> = [];
  for (let m = span.from; m < span.to; m += STEP_MINUTES) {
    const at = localInstant(date, hhmm(m), clock.timeZone);
    if (at) options.push({ value: hhmm(m), label: timeLabel(at, clock) });
  }
  return options;
}

export { minutesOf };
