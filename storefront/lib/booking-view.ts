/**
 * What the booking and manage pages need besides the shop view: the shop's zone and its label, the days a client
 * can pick (closed days marked), and the choice the page was opened with. Pure: the caller passes the clock.
 * Computed on the server so the browser needs no time-zone arithmetic (and no date library).
 */
import {
  addDays,
  BOOKING_DEFAULTS,
  type Clock,
  type Hours,
  isValidTimeZone,
  localDateOf,
  manageAppointmentPath,
  openingWindow,
  type ShopPage,
  type TextChannel,
  WEEKDAYS,
  type Weekday,
} from '@barberly/common';
import type { ShopView } from './shop-view';

export interface BookingDay {
  /** 'YYYY-MM-DD' in the shop's zone. */
  date: string;
  /** 'Monday, November 23, 2026' */
  label: string;
  closed: boolean;
  /** The shop's opening hours that day, 'HH:MM' (the waitlist's default window); null when closed or unknown. */
  open: string | null;
  close: string | null;
}

export interface BookingView {
  /** Path prefix of the shop's pages on this host: '' on its subdomain, '/shop/{slug}' elsewhere. */
  base: string;
  timeZone: string;
  /** 'Eastern Standard Time (America/New_York)' */
  timeZoneLabel: string;
  /**
   * How a time is written to the client: the shop's zone, locale and clock (issue 13). Slot buttons, the
   * confirmation and the manage page format each start instant with it (`formatClockTime`), so the api's slot
   * label ('9:15 AM', en-US) is not used for display and the availability answer stays the same for every shop.
   */
  clock: { timeZone: string; locale: string; clock: Clock };
  days: BookingDay[];
  /** Clients may cancel or move online until this long before the start. */
  cutoffMinutes: number;
  /**
   * The text channels the form offers for reminders besides e-mail (issue 15), SMS first. The api sets
   * `smsEnabled`/`whatsappEnabled` only when the owner turned the channel on and this Barberly can send it;
   * empty: e-mail only, and the form asks nothing.
   */
  textChannels: TextChannel[];
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** '2026-11-23' gives 'Monday, November 23, 2026' (a calendar day, so no zone shifts it). */
export function formatCalendarDay(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** 'America/New_York' in November gives 'Eastern Standard Time (America/New_York)'; 'UTC' gives its long name. */
export function timeZoneLabel(timeZone: string, at: Date): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' });
    if (zoneNames.size < 500) zoneNames.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

/** '2026-11-23' (a Monday) gives 'monday'. */
function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] ?? 'monday';
}

function hoursOf(view: ShopView): Hours {
  return Object.fromEntries(
    view.hours.map((d) => [d.day, { open: d.open, close: d.close, closed: d.closed }]),
  ) as unknown as Hours;
}

/** { smsEnabled: true, whatsappEnabled: true } gives ['sms', 'whatsapp']; a missing or non-true flag offers nothing. */
export function textChannelsOf(shop: Pick<ShopPage['shop'], 'smsEnabled' | 'whatsappEnabled'>): TextChannel[] {
  const channels: TextChannel[] = [];
  if (shop.smsEnabled === true) channels.push('sms');
  if (shop.whatsappEnabled === true) channels.push('whatsapp');
  return channels;
}

/**
 * The next `horizon` days from the shop's today (the api's booking horizon, 60 by default), each marked closed when
 * the shop's hours have no opening that day. 'UTC' stands in for a zone the runtime does not know.
 */
export function buildBookingView(page: ShopPage, view: ShopView, ctx: { now: Date; base: string }): BookingView {
  const shop = page.shop;
  const timeZone = shop.timeZone && isValidTimeZone(shop.timeZone) ? shop.timeZone : BOOKING_DEFAULTS.timeZone;
  const horizon = shop.bookingHorizonDays ?? BOOKING_DEFAULTS.bookingHorizonDays;
  const hours = hoursOf(view);
  const today = localDateOf(ctx.now, timeZone);
  const days: BookingDay[] = [];
  for (let i = 0; i < horizon; i++) {
    const date = addDays(today, i);
    const closed = openingWindow(date, timeZone, hours) === null;
    const own = view.hours.find((h) => h.day === weekdayOf(date));
    const open = !closed && own?.open && own.close ? own.open : null;
    days.push({ date, label: formatCalendarDay(date), closed, open, close: open ? (own?.close ?? null) : null });
  }
  return {
    base: ctx.base,
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone, ctx.now),
    clock: { timeZone, locale: view.display.locale, clock: view.display.clock },
    days,
    cutoffMinutes: shop.cancellationCutoffMinutes ?? BOOKING_DEFAULTS.cancellationCutoffMinutes,
    textChannels: textChannelsOf(shop),
  };
}

/** The manage page's address on this host: '/appointments/{token}' on the subdomain, else the common path. */
export function managePathOn(base: string, slug: string, token: string): string {
  return base === '' ? `/appointments/${encodeURIComponent(token)}` : manageAppointmentPath(slug, token);
}

/** The booking page's address on this host, with the choice a button carries. */
export function bookPathOn(base: string, choice: { service?: string; barber?: string } = {}): string {
  const params = new URLSearchParams();
  if (choice.service) params.set('service', choice.service);
  if (choice.barber) params.set('barber', choice.barber);
  const query = params.toString();
  return `${base}/book${query ? `?${query}` : ''}`;
}

/** The waitlist page of one entry on this host (issue 14): '/waitlist/{token}' on the shop's own host. */
export function waitlistPathOn(base: string, token: string): string {
  return `${base}/waitlist/${encodeURIComponent(token)}`;
}

/** The claim page of a held slot on this host (issue 14). */
export function holdPathOn(base: string, token: string): string {
  return `${base}/hold/${encodeURIComponent(token)}`;
}

const localDates = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone: 2026-11-24T03:00Z in New York gives '2026-11-23'. No date library. */
export function localDateIn(instant: string, timeZone: string): string {
  let format = localDates.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    if (localDates.size < 100) localDates.set(timeZone, format);
  }
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** '2026-12-22' gives 'Tue, Dec 22' (a series' visits and collisions, where the year goes without saying). */
export function formatShortDay(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : shortDayFormat.format(at);
}

/**
 * A wall time 'HH:MM' every `step` minutes from `from` to `to`, both included: the waitlist window's choices.
 * '09:00'..'10:00' by 30 gives ['09:00', '09:30', '10:00'].
 */
export function wallTimesBetween(from: string, to: string, step: number): string[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: string[] = [];
  for (let m = minutes(from); m <= minutes(to) && m < 24 * 60; m += step) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}
