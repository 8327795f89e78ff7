import { DateTime } from 'luxon';
import type { Hours, Weekday } from '../hours';
import { WEEKDAYS } from '../hours';
import { BOOKING_DEFAULTS, SLOT_STEP_MINUTES } from './constants';

/**
 * Slot arithmetic in the shop's time zone. Pure: every input is explicit (no clock, no environment), so the same
 * answer comes out on a server in UTC and on a laptop in New York.
 *
 * Days and opening hours are wall-clock times in the shop's zone; appointments are instants. A slot is a start
 * instant on the shop's local 15-minute grid whose whole service duration (real minutes) fits between that day's
 * opening and closing instants. Worked examples (service 60 min unless said):
 *   - 9:00-18:00: 9:00, 9:15, ..., 17:00 (17:00 + 60 = 18:00 still fits; 17:15 does not).
 *   - 9:00-18:00 with a 45-minute service: last start 17:15.
 *   - 9:05-12:00: 9:15, 9:30, ..., 11:00 (the grid follows the clock, not the opening minute).
 *   - America/New_York on 2026-03-08 (clocks jump 2:00 -> 3:00), open 0:00-6:00: starts at 0:00 ... 1:45, then
 *     3:00 ... 5:00; 1:30 + 60 min ends at 3:30 EDT, a real hour. 17 slots.
 *   - America/New_York on 2026-11-01 (1:00-2:00 happens twice), open 0:00-6:00: 25 slots, 1:00 AM to 1:45 AM
 *     appear twice with different instants (EDT, then EST).
 * Buffers (issue 14): the cleanup after a visit blocks the barber but may run past closing. 9:00-18:00, a 30-minute
 * visit with a 15-minute buffer, an appointment 10:00-10:30 blocked until 10:45: 9:15 is free (9:15-9:45, blocked
 * to 10:00), 9:30 is not (its buffer would run into 10:00), 10:45 is, and 17:30 is the last start (17:30-18:00; the
 * buffer runs to 18:15).
 */

export interface TimeRange {
  start: Date;
  end: Date;
}

export interface SlotRules {
  /** The earliest start is now + this. */
  minNoticeMinutes?: number;
  /** The latest bookable day is the shop's today + this many days. */
  bookingHorizonDays?: number;
  stepMinutes?: number;
}

export interface ComputeSlotsInput extends SlotRules {
  /** The shop's local calendar day, 'YYYY-MM-DD'. */
  date: string;
  /** IANA zone of the shop. */
  timeZone: string;
  /** Opening hours (the barber's own, or the shop's). */
  hours: Hours;
  durationMinutes: number;
  now: Date;
  /** Cleanup minutes after the visit (issue 14): [start, end + buffer) may not overlap an appointment or hold. */
  bufferMinutes?: number;
  /** Live appointments of the barber, each until its blocked_until: a slot may not overlap any. */
  appointments?: TimeRange[];
  /** Waitlist holds on the barber's time (issue 14): busy while unexpired at `now`. */
  holds?: HeldRange[];
  /** The barber's time off: a slot may not overlap any. */
  timeOff?: TimeRange[];
}

export interface Slot {
  start: Date;
  end: Date;
  /** '9:15 AM' in the shop's zone. */
  label: string;
}

/** A range a waitlist hold keeps for someone until it expires. */
export interface HeldRange extends TimeRange {
  expiresAt: Date;
}

export interface BarberSchedule {
  id: string;
  /** The barber's own hours; null or absent means the shop's. */
  hours?: Hours | null;
  timeOff?: TimeRange[];
  /** Live appointments, each until its blocked_until (the end plus its buffer). */
  appointments: TimeRange[];
  holds?: HeldRange[];
  /** The visit as this barber does it (issue 14): their duration and the buffer; absent: the question's. */
  durationMinutes?: number;
  bufferMinutes?: number;
}

export interface AvailabilitySlot {
  /** ISO instant (UTC, 'Z'). */
  start: string;
  label: string;
  /** The barbers free for the whole service at this start, in the order they were given. */
  barberIds: string[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-02-30' and '2026-13-01' are not days. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  return DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

export function weekdayOf(date: string): Weekday {
  // Luxon's weekday is 1 (Monday) to 7 (Sunday), the order of WEEKDAYS.
  return WEEKDAYS[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1]!;
}

/** The shop's local calendar day of an instant. */
export function localDateOf(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISODate()!;
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** The instants a local day starts and ends (23 or 25 hours apart on DST days). */
export function dayBounds(date: string, timeZone: string): TimeRange {
  const start = DateTime.fromISO(date, { zone: timeZone }).startOf('day');
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}

/** Labels already made: an availability answer formats the same few dozen instants for every barber and question. */
const labels = new Map<string, string>();
const MAX_LABELS = 50_000;

/** '9:15 AM', in the shop's zone. */
export function formatSlotLabel(instant: Date, timeZone: string): string {
  const key = `${timeZone}|${instant.getTime()}`;
  let label = labels.get(key);
  if (label === undefined) {
    label = DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US').toFormat('h:mm a');
    if (labels.size >= MAX_LABELS) labels.clear();
    labels.set(key, label);
  }
  return label;
}

/** 'Monday, November 23, 2026', in the shop's zone. */
export function formatDayLabel(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy');
}

function atLocal(date: string, time: string, timeZone: string): DateTime {
  // A wall time inside a spring-forward gap (2:30 on 2026-03-08 in New York) does not exist; Luxon moves it
  // forward by the gap (3:30 EDT), which is when a shop "opening at 2:30" actually opens that day.
  return DateTime.fromISO(`${date}T${time}`, { zone: timeZone });
}

/**
 * The instant a wall-clock time happens in a zone, or null for a malformed day or time: ('2026-11-23', '09:00',
 * 'America/New_York') is 14:00Z. Forms that take a day and a time in the shop's zone send this to the api.
 */
export function localInstant(date: string, time: string, timeZone: string): Date | null {
  if (!isCalendarDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const at = atLocal(date, time, timeZone);
  return at.isValid ? at.toJSDate() : null;
}

/** Opening and closing instants of a local day, or null when closed (or the hours are unusable). */
export function openingWindow(date: string, timeZone: string, hours: Hours): TimeRange | null {
  const day = hours[weekdayOf(date)];
  if (!day || day.closed || !day.open || !day.close) return null;
  const open = atLocal(date, day.open, timeZone);
  const close = atLocal(date, day.close, timeZone);
  if (!open.isValid || !close.isValid || close <= open) return null;
  return { start: open.toJSDate(), end: close.toJSDate() };
}

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

function earliestStart(input: { now: Date; minNoticeMinutes?: number }): number {
  return input.now.getTime() + (input.minNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes) * 60_000;
}

function lastBookableDate(now: Date, timeZone: string, horizonDays: number | undefined): string {
  return addDays(localDateOf(now, timeZone), horizonDays ?? BOOKING_DEFAULTS.bookingHorizonDays);
}

/** On the local 15-minute grid: 9:00, 9:15... (whole minutes, no seconds). */
export function isOnGrid(instant: Date, timeZone: string, stepMinutes = SLOT_STEP_MINUTES): boolean {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  return local.second === 0 && local.millisecond === 0 && (local.hour * 60 + local.minute) % stepMinutes === 0;
}

/** Free starts of one barber on one local day. */
export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const { date, timeZone, hours, durationMinutes } = input;
  const step = input.stepMinutes ?? SLOT_STEP_MINUTES;
  if (!isCalendarDate(date) || durationMinutes <= 0) return [];
  if (date > lastBookableDate(input.now, timeZone, input.bookingHorizonDays)) return [];
  const window = openingWindow(date, timeZone, hours);
  if (!window) return [];

  // First grid point at or after opening: 9:05 gives 9:15.
  const open = DateTime.fromJSDate(window.start, { zone: timeZone });
  const minuteOfDay = open.hour * 60 + open.minute + (open.second || open.millisecond ? 1 : 0);
  const roundUp = (step - (minuteOfDay % step)) % step;
  let cursor = open.startOf('minute').plus({ minutes: roundUp }).toMillis();

  const ms = (b: TimeRange) => ({ start: b.start.getTime(), end: b.end.getTime() });
  const nowMs = input.now.getTime();
  // The barber's own time: the visit and its cleanup must miss appointments and unexpired holds.
  const blocked = [
    ...(input.appointments ?? []).map(ms),
    ...(input.holds ?? []).filter((h) => h.expiresAt.getTime() > nowMs).map(ms),
  ];
  // Time off only has to miss the service itself, as closing time does.
  const off = (input.timeOff ?? []).map(ms);
  const notBefore = earliestStart(input);
  const durationMs = durationMinutes * 60_000;
  const bufferMs = Math.max(0, input.bufferMinutes ?? 0) * 60_000;
  const stepMs = step * 60_000;
  const closing = window.end.getTime();
  const slots: Slot[] = [];
  // Stepping by real minutes (epoch milliseconds) keeps the local grid across a DST change (the shifts are whole
  // quarter hours) and yields both 1:15 AMs on a fall-back night.
  for (; cursor + durationMs <= closing; cursor += stepMs) {
    const end = cursor + durationMs;
    if (cursor < notBefore || off.some((b) => cursor < b.end && end > b.start)) continue;
    if (blocked.some((b) => cursor < b.end && end + bufferMs > b.start)) continue;
    const start = new Date(cursor);
    slots.push({ start, end: new Date(end), label: formatSlotLabel(start, timeZone) });
  }
  return slots;
}

/**
 * Free starts of a shop's barbers on one local day: a slot lists every barber free for the whole visit, each with
 * their own duration and buffer where the schedule gives them.
 */
export function computeShopSlots(
  input: Omit<ComputeSlotsInput, 'appointments' | 'timeOff' | 'holds' | 'hours'> & {
    shopHours: Hours;
    barbers: BarberSchedule[];
  },
): AvailabilitySlot[] {
  const byStart = new Map<number, AvailabilitySlot>();
  // A barber's own hours narrow the shop's; they never open it outside its hours.
  const shopWindow = openingWindow(input.date, input.timeZone, input.shopHours);
  if (!shopWindow) return [];
  for (const barber of input.barbers) {
    const slots = computeSlots({
      ...input,
      hours: barber.hours ?? input.shopHours,
      durationMinutes: barber.durationMinutes ?? input.durationMinutes,
      bufferMinutes: barber.bufferMinutes ?? input.bufferMinutes,
      appointments: barber.appointments,
      timeOff: barber.timeOff,
      holds: barber.holds,
    }).filter((slot) => slot.start >= shopWindow.start && slot.end <= shopWindow.end);
    for (const slot of slots) {
      const key = slot.start.getTime();
      const existing = byStart.get(key);
      if (existing) existing.barberIds.push(barber.id);
      else byStart.set(key, { start: slot.start.toISOString(), label: slot.label, barberIds: [barber.id] });
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

/**
 * The earliest expiry after `now` among the holds an answer relied on: the answer may change then (the held time
 * frees up without any write to tell anyone). Infinity when none.
 */
export function nextHoldExpiry(barbers: Array<Pick<BarberSchedule, 'holds'>>, now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const barber of barbers) {
    for (const hold of barber.holds ?? []) {
      const at = hold.expiresAt.getTime();
      if (at > now.getTime() && at < next) next = at;
    }
  }
  return next;
}

export type StartRefusal = 'past' | 'notice' | 'horizon' | 'closed' | 'outside_hours' | 'off_grid' | 'time_off';

/**
 * Why a requested start cannot be booked for a barber, before looking at other appointments (the database decides
 * those). null: the start is fine. The order is the order a client can act on: a past time first, then notice...
 */
export function checkStart(
  input: SlotRules & {
    start: Date;
    durationMinutes: number;
    timeZone: string;
    hours: Hours;
    now: Date;
    timeOff?: TimeRange[];
    /** Walk-ins are booked from now: no notice applies. */
    ignoreNotice?: boolean;
  },
): StartRefusal | null {
  const { start, timeZone } = input;
  if (start.getTime() < input.now.getTime()) return 'past';
  if (!input.ignoreNotice && start.getTime() < earliestStart(input)) return 'notice';
  const date = localDateOf(start, timeZone);
  if (date > lastBookableDate(input.now, timeZone, input.bookingHorizonDays)) return 'horizon';
  const window = openingWindow(date, timeZone, input.hours);
  if (!window) return 'closed';
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  if (start < window.start || end > window.end) return 'outside_hours';
  if (!isOnGrid(start, timeZone, input.stepMinutes)) return 'off_grid';
  if ((input.timeOff ?? []).some((off) => overlaps({ start, end }, off))) return 'time_off';
  return null;
}
