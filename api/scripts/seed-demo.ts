// `npm run seed:demo`: a demo shop with a year of history, so a newcomer sees the Clients and Analytics tabs alive.
//
//   npm run seed:demo                      another demo shop in the database `npm start` uses
//   npm run seed:demo -- --reset           first removes every earlier demo shop (and its owner account)
//   npm run seed:demo -- --seed 7          another history (the default seed is 42; same seed, same history)
//
// The database: DATABASE_URL when set; otherwise the embedded PostgreSQL of `npm start` (.data/pg, or
// BARBERLY_DATA_DIR): the running one when `npm start` is up, else it is started here the way start.mjs starts it,
// and stopped again at the end. Pending migrations run first (the api's own runner).
//
// The owner, the shop, its services, barbers, their hours and time off go through the api's own functions (sign-up,
// shop creation and onboarding, barber settings). The history (clients, appointments, notes, tags) is planned here
// with a seeded PRNG and written in one transaction with bulk inserts; every appointment naming an e-mail or phone is
// linked to its client by the product's own linkClient (once per person and the details they gave, the id reused for
// their later appointments). Nothing is queued: no mail or text goes out for it.
//
// What makes it look real (issue 28, checked by src/seed-demo.int.test.ts): the shop is closed on its country's public
// holidays (date-holidays), written as special days (closed, the holiday's name as the reason: from the history's first
// day to 12 months ahead, so the storefront's date picker shows them closed) and left without appointments;
// about 15% of the regulars come on a recurring series; new clients keep arriving at a steady rate (the regulars who
// were clients before the year have a lead-in of visits before it, so the year's first weeks are not all "new");
// no barber's day is booked past DAY_CAP, so days are 55-85% full and the next two weeks have free times every day.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type DayHours, type Hours, normalizePhone, WALK_IN_CLIENT_NAME, WEEKDAYS } from '@barberly/common';
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import type { AccessTokens } from '../src/modules/auth/access-tokens';
import { AuthService } from '../src/modules/auth/auth.service';
import { addTimeOff, loadOwnedBarber, patchBarberSettings } from '../src/modules/barbers/barber-settings.service';
import { createBarber } from '../src/modules/barbers/barbers.service';
import { linkClient } from '../src/modules/clients/client-matching';
import { ruleText } from '../src/modules/series/rule';
import { completeOnboarding, createShop, type ShopsDeps } from '../src/modules/shops/shops.service';
import { publicHolidays as namedHolidays } from '../src/modules/special-days/holidays';
import { upsertSpecialDay } from '../src/modules/special-days/special-days.repository';
import { ensureUser, updateMe } from '../src/modules/users/users.service';
import { createDataSource } from '../src/platform/db/data-source';
import { createLogger } from '../src/platform/logger';

// ---------------------------------------------------------------------------------------------------------------
// The shop

export const DEMO_EMAIL_DOMAIN = 'barberly.test';
const DEMO_SLUG_PREFIX = 'demo-cuts-';
const SHOP_NAME = 'Demo Cuts';
const ZONE = 'America/New_York';
const COUNTRY = 'US';
const OWNER = { firstName: 'Alex', lastName: 'Morgan' };

const open = (from: string, to: string): DayHours => ({ open: from, close: to, closed: false });
const closed: DayHours = { open: '', close: '', closed: true };
const week = (days: Partial<Hours>): Hours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, days[day] ?? closed])) as Hours;

const SHOP_HOURS = week({
  monday: open('09:00', '19:00'),
  tuesday: open('09:00', '19:00'),
  wednesday: open('09:00', '19:00'),
  thursday: open('09:00', '19:00'),
  friday: open('09:00', '19:00'),
  saturday: open('09:00', '17:00'),
});

const SERVICES = [
  { name: 'Haircut', description: 'Scissor or clipper cut, washed and styled.', price: 35, durationMinutes: 30 },
  { name: 'Beard Trim', description: 'Shape, line-up and a hot towel.', price: 20, durationMinutes: 15 },
  { name: 'Haircut + Beard', description: 'The full works: cut and beard.', price: 50, durationMinutes: 45 },
  { name: 'Kids Cut', description: 'For the under-12s.', price: 25, durationMinutes: 30 },
  { name: 'Hot Towel Shave', description: 'Straight razor, hot towels, balm.', price: 40, durationMinutes: 30 },
  { name: 'Skin Fade', description: 'Fade down to the skin, detailed finish.', price: 40, durationMinutes: 45 },
] as const;
/** How often each service is chosen. */
const SERVICE_WEIGHTS = [30, 8, 22, 10, 6, 24];

interface DemoBarber {
  name: string;
  bio: string;
  hours: Hours;
  /** Share of the clients who pick this barber as theirs. */
  share: number;
}

const BARBERS: DemoBarber[] = [
  {
    name: 'Marcus Reed',
    bio: 'Fifteen years behind the chair; classic cuts and razor work.',
    hours: week({
      monday: open('09:00', '18:00'),
      tuesday: open('09:00', '18:00'),
      wednesday: open('09:00', '18:00'),
      thursday: open('09:00', '18:00'),
      friday: open('09:00', '18:00'),
      saturday: open('09:00', '17:00'),
    }),
    share: 0.32,
  },
  {
    name: 'Diego Alvarez',
    bio: 'Fades, tapers and anything with a sharp line.',
    hours: week({
      monday: open('10:00', '19:00'),
      tuesday: open('10:00', '19:00'),
      wednesday: open('10:00', '19:00'),
      thursday: open('10:00', '19:00'),
      friday: open('10:00', '19:00'),
      saturday: open('09:00', '17:00'),
    }),
    share: 0.28,
  },
  {
    // The one with a day off (Mondays) and a week of time off.
    name: 'Jamal Carter',
    bio: 'Beards are his thing. Off on Mondays.',
    hours: week({
      tuesday: open('09:00', '18:00'),
      wednesday: open('09:00', '18:00'),
      thursday: open('09:00', '18:00'),
      friday: open('09:00', '18:00'),
      saturday: open('09:00', '17:00'),
    }),
    share: 0.25,
  },
  {
    name: 'Sam Okafor',
    bio: 'Afternoons and Saturdays; great with kids.',
    hours: week({
      wednesday: open('12:00', '19:00'),
      thursday: open('12:00', '19:00'),
      friday: open('12:00', '19:00'),
      saturday: open('09:00', '17:00'),
    }),
    share: 0.15,
  },
];
const TIME_OFF_BARBER = 2;

/** Busier in December and the summer, quiet in January (index: month - 1). */
const MONTH_FACTOR = [0.7, 0.85, 0.95, 1, 1.05, 1.1, 1.12, 1.08, 0.95, 0.95, 1.05, 1.5];
/** Saturday busiest (index: luxon weekday - 1, Monday first; Sunday closed). */
const WEEKDAY_FACTOR = [0.55, 0.8, 0.9, 1, 1.3, 2.4, 0];

/**
 * The public holidays of `country` (ISO 3166-1) in the years given, as local dates 'YYYY-MM-DD': the days the demo
 * shop is closed (an observed substitute day too: July 3, 2026 for the 4th on a Saturday).
 */
export function publicHolidays(country: string, years: number[]): Set<string> {
  const calendar = new Holidays(country);
  const dates = new Set<string>();
  for (const year of years) {
    for (const holiday of calendar.getHolidays(year) || []) {
      if (holiday.type === 'public') dates.add(holiday.date.slice(0, 10));
    }
  }
  return dates;
}

/** Weeks of visits planned before the year shown, so that the regulars known before it are not "new" in it. */
const LEAD_IN_WEEKS = 8;
/** No barber's day is booked past this share of its hours: busy, never solid, and always a free time to book. */
export const DAY_CAP = 0.85;
/** Of the regulars who stay, the share who come on a recurring series (about 15% of all regulars). */
const SERIES_CHANCE = 0.19;

/**
 * A busy shop: some 920 people (regulars every 2 to 6 weeks, occasional ones, walk-ins who left a phone) plus walk-ins
 * nobody took details of, about 11,000 appointments a year. That fills about 65% of the 4 barbers' hours over the year
 * (seeds 1, 3, 7 and 42: 59-71% each), no day past DAY_CAP, the median barber's day 72-78% full, January's days
 * about half.
 */
const COUNTS = { regulars: 720, occasional: 150, phoneOnly: 50 };
const RATES = { walkIns: 0.15, cancelled: 0.08, noShow: 0.045, unmarked: 0.02 };

const FIRST_NAMES = (
  'James Michael David Chris Daniel Matthew Anthony Mark Steven Andrew Joshua Kevin Brian Ryan Jason ' +
  'Justin Brandon Eric Tyler Aaron Jose Adam Nathan Zach Kyle Ethan Noah Luis Carlos Omar Malik Andre ' +
  'Terrence Darius Isaiah Xavier Jordan Marco Rafael Victor Hector Ivan Dmitri Kenji Hiro Raj Arjun ' +
  'Samir Tariq Yusuf Liam Owen Caleb Logan Mason Elijah Felix Hugo Theo Miles Sofia Maya Nina Emma ' +
  'Grace Leah'
).split(' ');
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez ' +
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
  'Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams ' +
  'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Kim Patel Shah Cohen Murphy Kelly Brooks ' +
  'Price Bennett Ward Okoro Mensah Novak Rossi Silva Tanaka'
).split(' ');
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
/** New York-area codes; each gives the 100 numbers 555-0100 to 555-0199 kept for fiction (1,200 in all). */
const AREA_CODES = ['201', '212', '332', '347', '516', '551', '646', '718', '914', '917', '929', '973'];

const NOTES = [
  'Number 2 on the sides, scissors on top. Keeps the length at the crown.',
  'Sensitive scalp: go easy with the clippers and use the unscented products.',
  'Always finishes with a hot towel, happy to pay for it.',
  'Growing his beard out: neckline and cheeks only.',
  'Brings his son along for a kids cut every other visit.',
  'Works nights, prefers the late slots on weekdays.',
  'Allergic to the blue aftershave; use the balm instead.',
  'Likes a low taper, never a skin fade.',
  'Getting married in the spring: wants a trial cut a month before.',
  'Wears glasses: take them off for the sides, he forgets.',
  'Tips in cash. Chats about football.',
  'Cowlick at the front: leave it longer there.',
];
const QUIET_NOTE = 'Prefers a quiet cut, no small talk. Headphones in is normal.';

// ---------------------------------------------------------------------------------------------------------------
// A small seeded PRNG (mulberry32): the same seed gives the same history.

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** An index chosen with the given weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The plan: people, then their appointments placed in the barbers' hours without overlaps

type Kind = 'regular' | 'occasional' | 'phoneOnly';
type Status = 'confirmed' | 'cancelled' | 'completed' | 'no_show';
type Source = 'online' | 'walk_in';

interface Person {
  kind: Kind;
  name: string;
  email: string | null;
  phone: string;
  phoneE164: string;
  barber: number;
  service: number;
  /** Preferred start, minutes after midnight. */
  preferredMinute: number;
  /** Preferred luxon weekday (1 Monday ... 6 Saturday). */
  preferredWeekday: number;
  tags: string[];
  notes: string[];
}

export interface PlannedAppointment {
  barber: number;
  service: number;
  start: Date;
  end: Date;
  status: Status;
  source: Source;
  /** Index into the people; null for a walk-in known by nothing. */
  person: number | null;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientPhoneE164: string | null;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  version: number;
  /** Index into the plan's series, and the local date the rule gave; null outside a series. */
  series: number | null;
  seriesOccurrence: string | null;
}

/** A regular's recurring series: every intervalWeeks on one weekday at one time, with their own barber. */
export interface PlannedSeries {
  person: number;
  barber: number;
  service: number;
  intervalWeeks: number;
  /** 'HH:MM' in the shop's zone. */
  localTime: string;
  firstDate: string;
  untilDate: string;
  /** The last date the series has been booked up to: the plan's last day. */
  extendedTo: string;
  createdAt: Date;
  /** Dates the rule gave that could not be booked (a holiday, the barber off, the slot taken). */
  collisions: string[];
}

export interface DemoPlan {
  people: Person[];
  appointments: PlannedAppointment[];
  series: PlannedSeries[];
  timeOff: { barber: number; start: Date; end: Date; reason: string };
  /** The public holidays the shop was closed on, 'YYYY-MM-DD'. */
  holidays: Set<string>;
}

interface Day {
  date: DateTime;
  /** 'YYYY-MM-DD' in the shop's zone. */
  iso: string;
  weekday: number;
  month: number;
  /** Demand on this day: season times weekday (0 when the shop is closed). */
  weight: number;
}

const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1] as (typeof WEEKDAYS)[number];

export function planDemo(seed: number, now: Date): DemoPlan {
  const rng = new Rng(seed);
  const nowZoned = DateTime.fromJSDate(now, { zone: ZONE });
  const yearStart = nowZoned.minus({ months: 12 }).startOf('day');
  const first = yearStart.minus({ weeks: LEAD_IN_WEEKS });
  const horizon = nowZoned.plus({ days: 14 });
  const holidays = publicHolidays(
    COUNTRY,
    Array.from({ length: horizon.year - first.year + 1 }, (_, i) => first.year + i),
  );
  const days: Day[] = [];
  for (let date = first; date <= horizon; date = date.plus({ days: 1 })) {
    const shopDay = SHOP_HOURS[weekdayName(date.weekday)];
    const iso = date.toISODate() as string;
    const weight =
      shopDay.closed || holidays.has(iso)
        ? 0
        : (MONTH_FACTOR[date.month - 1] ?? 1) * (WEEKDAY_FACTOR[date.weekday - 1] ?? 1) * (0.85 + 0.3 * rng.next());
    days.push({ date, iso, weekday: date.weekday, month: date.month, weight });
  }
  const yearFirstDay = days.findIndex((d) => d.date.hasSame(yearStart, 'day'));
  const today = days.findIndex((d) => d.date.hasSame(nowZoned, 'day'));
  const nowMinute = nowZoned.hour * 60 + nowZoned.minute;
  const lastDay = days.length - 1;

  // A week of time off for one barber, some twenty weeks ago (the summer, for a November "now").
  const offStart = nowZoned.minus({ weeks: 20 }).startOf('week');
  const offEnd = offStart.plus({ weeks: 1 });
  const timeOff = {
    barber: TIME_OFF_BARBER,
    start: offStart.toJSDate(),
    end: offEnd.toJSDate(),
    reason: 'Vacation',
  };

  // ---- people
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const phones = rng.shuffle(
    AREA_CODES.flatMap((area) =>
      Array.from({ length: 100 }, (_, i) => `${area}555${String(100 + i).padStart(4, '0')}`),
    ),
  );
  const barberShares = BARBERS.map((b) => b.share);
  const people: Person[] = [];
  const makePerson = (kind: Kind): Person => {
    let name = '';
    let given = '';
    let family = '';
    do {
      given = rng.pick(FIRST_NAMES);
      family = rng.pick(LAST_NAMES);
      name = `${given} ${family}`;
    } while (usedNames.has(name));
    usedNames.add(name);
    const digits = phones.pop() as string;
    const [area, mid, tail] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    // As people type them; stored as typed, normalised to E.164 as the product does.
    const phone = rng.pick([
      `(${area}) ${mid}-${tail}`,
      `${area}-${mid}-${tail}`,
      `${area}.${mid}.${tail}`,
      `+1 ${area} ${mid} ${tail}`,
    ]);
    const phoneE164 = normalizePhone(phone, COUNTRY);
    if (!phoneE164) throw new Error(`demo phone ${phone} does not normalise`);
    let email: string | null = null;
    while (kind !== 'phoneOnly' && (email === null || usedEmails.has(email))) {
      const handle = rng.pick([
        `${given}.${family}`,
        `${given}${family}`,
        `${given[0]}${family}`,
        `${given}.${family}${rng.int(1, 99)}`,
      ]);
      email = `${handle}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase();
    }
    if (email) usedEmails.add(email);
    const kidsParent = rng.chance(0.08);
    return {
      kind,
      name,
      email,
      phone,
      phoneE164,
      barber: rng.weighted(barberShares),
      service: kidsParent ? 3 : rng.weighted(SERVICE_WEIGHTS),
      preferredMinute: rng.pick([9 * 60 + 30, 12 * 60 + 30, 17 * 60 + 30, 15 * 60]) + rng.int(-4, 4) * 15,
      preferredWeekday: 1 + rng.weighted(WEEKDAY_FACTOR.slice(0, 6)),
      tags: [],
      notes: [],
    };
  };
  for (let i = 0; i < COUNTS.regulars; i++) people.push(makePerson('regular'));
  for (let i = 0; i < COUNTS.occasional; i++) people.push(makePerson('occasional'));
  for (let i = 0; i < COUNTS.phoneOnly; i++) people.push(makePerson('phoneOnly'));

  // ---- the barbers' days
  const busy = new Map<string, Array<[number, number]>>();
  const hoursOf = (barber: number, day: number): [number, number] | null => {
    const d = days[day];
    if (!d || d.weight === 0) return null;
    const h = (BARBERS[barber] as DemoBarber).hours[weekdayName(d.weekday)];
    if (h.closed) return null;
    if (barber === timeOff.barber && d.date >= offStart && d.date < offEnd) return null;
    return [minutesOf(h.open), minutesOf(h.close)];
  };
  const isFree = (barber: number, day: number, start: number, end: number) =>
    !(busy.get(`${barber}:${day}`) ?? []).some(([s, e]) => s < end && start < e);
  /** Whether `duration` more minutes keep the barber's day within DAY_CAP of its hours. */
  const hasRoom = (barber: number, day: number, duration: number, hours: [number, number]) => {
    const booked = (busy.get(`${barber}:${day}`) ?? []).reduce((sum, [s, e]) => sum + (e - s), 0);
    return booked + duration <= DAY_CAP * (hours[1] - hours[0]);
  };
  const reserve = (barber: number, day: number, start: number, end: number) => {
    const key = `${barber}:${day}`;
    const list = busy.get(key) ?? [];
    list.push([start, end]);
    busy.set(key, list);
  };
  /** A free start on the 15-minute grid, as near the preferred minute as can be; null when the day is full. */
  const findStart = (barber: number, day: number, duration: number, preferred: number, walkIn: boolean) => {
    const hours = hoursOf(barber, day);
    if (!hours || !hasRoom(barber, day, duration, hours)) return null;
    const starts: Array<[number, number]> = [];
    for (let s = hours[0]; s + duration <= hours[1]; s += 15) {
      // A walk-in is someone who came in: today only before now, never in the future.
      if (walkIn && (day > today || (day === today && s + duration > nowMinute))) continue;
      starts.push([s, Math.abs(s - preferred) + rng.next() * 45]);
    }
    starts.sort((a, b) => a[1] - b[1]);
    for (const [s] of starts) if (isFree(barber, day, s, s + duration)) return s;
    return null;
  };

  const at = (day: number, minute: number) =>
    (days[day] as Day).date.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();
  const appointments: PlannedAppointment[] = [];
  const nowMs = now.getTime();
  const clampNow = (ms: number) => new Date(Math.min(ms, nowMs));
  const minutes = (n: number) => n * 60_000;
  const hoursMs = (n: number) => n * 3_600_000;

  interface Visit {
    person: number | null;
    day: number;
    service: number;
    walkIn: boolean;
    /** Try the person's own barber first (on this and the days around), else whoever is free. */
    loyal: boolean;
    /** Search the days around the wanted one. */
    flexible: boolean;
    /** Booked at the end of the previous visit (the rebook metric). */
    rebookedAt: Date | null;
    /** A series occurrence: this barber at this minute only, booked when the series was. */
    fixed?: { barber: number; minute: number; series: number; createdAt: Date };
  }

  const contactOf = (personIndex: number | null, walkIn: boolean) => {
    if (personIndex === null) {
      return { clientName: WALK_IN_CLIENT_NAME, clientEmail: '', clientPhone: '', clientPhoneE164: null };
    }
    const p = people[personIndex] as Person;
    // A walk-in gets typed in at the desk: the name and usually just the phone.
    const withEmail = !walkIn || (p.email !== null && rng.chance(0.35));
    return {
      clientName: p.name,
      clientEmail: withEmail ? (p.email ?? '') : '',
      clientPhone: p.phone,
      clientPhoneE164: p.phoneE164,
    };
  };

  /** Places one visit; returns it and its day (or null when no barber had room on any nearby day). */
  const place = (visit: Visit): { appointment: PlannedAppointment; day: number } | null => {
    const person = visit.person === null ? null : (people[visit.person] as Person);
    const service = SERVICES[visit.service] as (typeof SERVICES)[number];
    const duration = service.durationMinutes;
    const preferred = person?.preferredMinute ?? rng.int(9 * 60, 18 * 60);
    const offsets = visit.flexible ? [0, 1, -1, 2, -2, 3, -3, 4, 5, 6] : [0];
    const others = rng.shuffle(BARBERS.map((_, i) => i));
    const fixed = visit.fixed;
    const passes: number[][] = fixed ? [[fixed.barber]] : person && visit.loyal ? [[person.barber], others] : [others];
    for (const barbers of passes) {
      for (const offset of offsets) {
        const day = visit.day + offset;
        if (day < 0 || day > lastDay) continue;
        for (const barber of barbers) {
          let start: number | null;
          if (fixed) {
            const hours = hoursOf(barber, day);
            const fits =
              hours !== null &&
              fixed.minute >= hours[0] &&
              fixed.minute + duration <= hours[1] &&
              hasRoom(barber, day, duration, hours) &&
              isFree(barber, day, fixed.minute, fixed.minute + duration);
            start = fits ? fixed.minute : null;
          } else {
            start = findStart(barber, day, duration, preferred, visit.walkIn);
          }
          if (start === null) continue;
          reserve(barber, day, start, start + duration);
          const startsAt = at(day, start);
          const endsAt = new Date(startsAt.getTime() + minutes(duration));
          const past = endsAt.getTime() <= nowMs;
          let status: Status = 'confirmed';
          if (past) {
            const r = rng.next();
            if (!visit.walkIn && r < RATES.noShow) status = 'no_show';
            else if (r < RATES.noShow + RATES.unmarked) status = 'confirmed';
            else status = 'completed';
          }
          const createdAt = fixed
            ? // Booked with the series, or by its extension some ten weeks ahead of the visit.
              clampNow(Math.max(fixed.createdAt.getTime(), startsAt.getTime() - hoursMs(70 * 24)))
            : visit.walkIn
              ? new Date(startsAt.getTime() - minutes(rng.int(0, 10)))
              : visit.rebookedAt && visit.rebookedAt.getTime() < startsAt.getTime()
                ? visit.rebookedAt
                : clampNow(startsAt.getTime() - hoursMs(rng.int(2, 21 * 24)));
          const appointment: PlannedAppointment = {
            barber,
            service: visit.service,
            start: startsAt,
            end: endsAt,
            status,
            source: visit.walkIn ? 'walk_in' : 'online',
            person: visit.person,
            ...contactOf(visit.person, visit.walkIn),
            createdAt,
            updatedAt: status === 'confirmed' ? createdAt : clampNow(endsAt.getTime() + minutes(rng.int(0, 120))),
            cancelledAt: null,
            version: status === 'confirmed' ? 1 : 2,
            series: fixed?.series ?? null,
            seriesOccurrence: fixed ? (days[day] as Day).iso : null,
          };
          appointments.push(appointment);
          return { appointment, day };
        }
      }
    }
    return null;
  };

  /** A booking that was cancelled: it held a slot in the barber's hours, then gave it back (so it reserves nothing). */
  const cancelled = (personIndex: number, day: number, service: number, barber: number) => {
    const person = people[personIndex] as Person;
    const duration = (SERVICES[service] as (typeof SERVICES)[number]).durationMinutes;
    let found: { barber: number; day: number; start: number } | null = null;
    for (const b of [barber, ...BARBERS.map((_, i) => i).filter((i) => i !== barber)]) {
      for (const d of [day, day - 1, day + 1, day - 2]) {
        const start = d >= 0 && d < days.length ? findStart(b, d, duration, person.preferredMinute, false) : null;
        if (start !== null) {
          found = { barber: b, day: d, start };
          break;
        }
      }
      if (found) break;
    }
    if (!found) return;
    const startsAt = at(found.day, found.start);
    const cancelledAt = clampNow(startsAt.getTime() - hoursMs(rng.int(3, 72)));
    const createdAt = new Date(Math.min(cancelledAt.getTime(), startsAt.getTime()) - hoursMs(rng.int(24, 20 * 24)));
    appointments.push({
      barber: found.barber,
      service,
      start: startsAt,
      end: new Date(startsAt.getTime() + minutes(duration)),
      status: 'cancelled',
      source: 'online',
      person: personIndex,
      ...contactOf(personIndex, false),
      createdAt,
      updatedAt: cancelledAt,
      cancelledAt,
      version: 2,
      series: null,
      seriesOccurrence: null,
    });
  };

  /** The day of the person's favourite weekday nearest to `day` (most of the time), else `day` itself. */
  const snap = (person: Person, day: number) => {
    if (!rng.chance(0.7)) return day;
    for (const offset of [0, 1, -1, 2, -2, 3, -3]) {
      const d = days[day + offset];
      if (d && d.weekday === person.preferredWeekday) return day + offset;
    }
    return day;
  };

  // ---- regulars: their own rhythm, usual barber and service; some drift away and are due back; some are on a series
  interface Rhythm {
    index: number;
    interval: number;
    start: number;
    stop: number;
    /** The day their series begins (null: no series). */
    seriesFrom: number | null;
  }
  const rhythms: Rhythm[] = [];
  people.forEach((person, index) => {
    if (person.kind !== 'regular') return;
    // Every 2 to 6 weeks, most every 3 or 4.
    let interval = rng.pick([14, 21, 21, 28, 28, 28, 35, 42]) + rng.int(-3, 3);
    // Most were clients before the year began (their visits start in the lead-in); the rest found the shop during
    // the year, at a steady rate up to these last days.
    const start = rng.chance(0.78) ? rng.int(0, interval) : rng.int(yearFirstDay, today - 3);
    // About as many drift away during the year as joined, so the book stays level and the seasons show. Their last
    // visit (usually after three or more) was long enough ago to be overdue by their own rhythm, and nothing is booked.
    const drifts = rng.chance(0.2);
    const overdue = Math.round(interval * 1.6) + 7;
    const stop = drifts ? today - rng.int(overdue, Math.max(overdue, today - start - 3 * interval)) : lastDay;
    // Some who stay settle into a series (every N weeks, same day and time) after a few visits.
    let seriesFrom: number | null = null;
    const earliest = Math.max(start + 2 * interval, today - 200);
    if (!drifts && earliest <= today - 21 && rng.chance(SERIES_CHANCE)) {
      seriesFrom = rng.int(earliest, today - 21);
      interval = 7 * Math.min(6, Math.max(2, Math.round(interval / 7)));
    }
    rhythms.push({ index, interval, start, stop, seriesFrom });
  });
  const series: PlannedSeries[] = [];
  // Those on a series book first: their slot is the same every time, the others fit around it.
  rhythms.sort((x, y) => Number(y.seriesFrom !== null) - Number(x.seriesFrom !== null) || x.index - y.index);
  for (const { index, interval, start, stop, seriesFrom } of rhythms) {
    const person = people[index] as Person;
    let t = start;
    let previousEnd: Date | null = null;
    const until = Math.min(stop, lastDay, seriesFrom === null ? lastDay : seriesFrom - 1);
    while (t <= until) {
      const day = snap(person, t);
      const service = rng.chance(0.85) ? person.service : rng.weighted(SERVICE_WEIGHTS);
      const walkIn = (days[day]?.date.toMillis() ?? 0) < nowMs && rng.chance(0.05);
      const rebookedAt =
        !walkIn && previousEnd && rng.chance(0.45) ? new Date(previousEnd.getTime() + minutes(rng.int(1, 15))) : null;
      if (!walkIn && rng.chance(RATES.cancelled) && day >= 2) {
        cancelled(index, day - rng.int(1, 3), service, person.barber);
      }
      const placed = place({
        person: index,
        day,
        service,
        walkIn,
        loyal: rng.chance(0.88),
        flexible: true,
        rebookedAt,
      });
      if (placed && placed.appointment.status !== 'no_show') previousEnd = placed.appointment.end;
      // The next visit after about one interval, counted in days weighted by the season of each day: the rhythm
      // quickens in the busy months (more visits in December) and slows in the quiet ones.
      const gap = interval * (0.8 + 0.4 * rng.next());
      t = placed?.day ?? day;
      for (let elapsed = 0; elapsed < gap && t <= lastDay; ) {
        t++;
        elapsed += MONTH_FACTOR[(days[Math.min(t, lastDay)]?.month ?? 1) - 1] ?? 1;
      }
    }
    if (seriesFrom === null) continue;
    // The series: the first weekday from their favourite one that their barber works, at their usual time.
    const barber = BARBERS[person.barber] as DemoBarber;
    const duration = (SERVICES[person.service] as (typeof SERVICES)[number]).durationMinutes;
    let weekday = person.preferredWeekday;
    for (let k = 0; k < 6 && barber.hours[weekdayName(weekday)].closed; k++) weekday = (weekday % 6) + 1;
    const hours = barber.hours[weekdayName(weekday)];
    const minute = Math.min(
      Math.max(Math.round(person.preferredMinute / 15) * 15, minutesOf(hours.open)),
      minutesOf(hours.close) - duration,
    );
    let firstDay = seriesFrom;
    while (firstDay <= lastDay && (days[firstDay] as Day).weekday !== weekday) firstDay++;
    if (firstDay > lastDay) continue;
    const createdAt = previousEnd
      ? new Date(previousEnd.getTime() + minutes(rng.int(1, 10)))
      : clampNow(at(firstDay, minute).getTime() - hoursMs(7 * 24));
    const planned: PlannedSeries = {
      person: index,
      barber: person.barber,
      service: person.service,
      intervalWeeks: interval / 7,
      localTime: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      firstDate: (days[firstDay] as Day).iso,
      untilDate: (days[firstDay] as Day).date.plus({ weeks: 52 }).toISODate() as string,
      extendedTo: (days[lastDay] as Day).iso,
      createdAt,
      collisions: [],
    };
    series.push(planned);
    for (let d = firstDay; d <= lastDay; d += interval) {
      const placed = place({
        person: index,
        day: d,
        service: person.service,
        walkIn: false,
        loyal: true,
        flexible: false,
        rebookedAt: null,
        fixed: { barber: person.barber, minute, series: series.length - 1, createdAt },
      });
      if (!placed) planned.collisions.push((days[d] as Day).iso);
    }
  }

  // ---- occasional clients (and people who only ever walked in, giving a name and a phone)
  const cumulative = (upTo: number, futureFactor: number) => {
    const sums: number[] = [];
    let total = 0;
    for (let i = 0; i <= upTo; i++) {
      total += (days[i]?.weight ?? 0) * (i > today ? futureFactor : 1);
      sums.push(total);
    }
    return sums;
  };
  const sampleDay = (sums: number[]) => {
    const r = rng.next() * (sums[sums.length - 1] ?? 0);
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sums[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const anyDay = cumulative(lastDay, 0.4);
  const pastDay = cumulative(today, 0);
  people.forEach((person, index) => {
    if (person.kind === 'regular') return;
    const visits = 1 + rng.weighted([45, 30, 17, 8]);
    const phoneOnly = person.kind === 'phoneOnly';
    // The first visit on a day drawn by demand, the next ones weeks to months after it: first visits (new clients)
    // come at the same steady rate to the last day, rather than piling up early as the least of random days would.
    let day = sampleDay(phoneOnly ? pastDay : anyDay);
    for (let v = 0; v < visits && day <= (phoneOnly ? today : lastDay); v++, day += rng.int(21, 120)) {
      const walkIn = phoneOnly || (day < today && rng.chance(0.2));
      const service = rng.chance(0.6) ? person.service : rng.weighted(SERVICE_WEIGHTS);
      if (!walkIn && rng.chance(RATES.cancelled * 1.2)) {
        cancelled(index, day, service, rng.weighted(barberShares));
        if (rng.chance(0.4)) continue; // cancelled and never came
      }
      place({ person: index, day, service, walkIn, loyal: rng.chance(0.5), flexible: true, rebookedAt: null });
    }
  });

  // ---- walk-ins nobody took details of, to make walk-ins about 15% of the appointments
  const live = () => appointments.filter((a) => a.status !== 'cancelled');
  const walkIns = live().filter((a) => a.source === 'walk_in').length;
  const anonymous = Math.max(0, Math.ceil((RATES.walkIns * live().length - walkIns) / (1 - RATES.walkIns)));
  for (let i = 0, placed = 0; placed < anonymous && i < anonymous * 3; i++) {
    const day = sampleDay(pastDay);
    const service = rng.weighted(SERVICE_WEIGHTS);
    if (place({ person: null, day, service, walkIn: true, loyal: false, flexible: false, rebookedAt: null })) placed++;
  }

  // ---- tags and notes on regulars: VIP for the most loyal, a few who prefer a quiet cut, notes here and there
  const visitsOf = new Map<number, number>();
  for (const a of appointments) {
    if (a.person !== null && a.status === 'completed') visitsOf.set(a.person, (visitsOf.get(a.person) ?? 0) + 1);
  }
  const regulars = people.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === 'regular');
  const byVisits = [...regulars].sort((a, b) => (visitsOf.get(b.i) ?? 0) - (visitsOf.get(a.i) ?? 0) || a.i - b.i);
  for (const { p } of byVisits.slice(0, 20)) p.tags.push('VIP');
  const withVisits = regulars.filter(({ i }) => (visitsOf.get(i) ?? 0) > 0);
  for (const { p } of rng.shuffle([...withVisits]).slice(0, 12)) {
    p.tags.push('Prefers quiet');
    p.notes.push(QUIET_NOTE);
  }
  const notes = rng.shuffle([...NOTES]);
  for (const { p } of rng.shuffle([...withVisits]).slice(0, 10)) {
    const note = notes.pop();
    if (note) p.notes.push(note);
  }

  appointments.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.start.getTime() - b.start.getTime());
  return { people, appointments, series, timeOff, holidays };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing it

export interface SeedDemoOptions {
  /** PRNG seed of the history (default 42). */
  seed?: number;
  /** "Today" (default: now). */
  now?: Date;
  publicOrigin?: string;
  appDomain?: string;
}

export interface SeedDemoResult {
  shopId: string;
  shopName: string;
  slug: string;
  ownerId: string;
  email: string;
  password: string;
  barbers: number;
  services: number;
  clients: number;
  appointments: number;
  ms: number;
}

const noEvents = { shopChanged: async () => undefined, settled: async () => undefined };
const silentMailer = {
  sendSignUpConfirmation: async () => undefined,
  sendEmailChange: async () => undefined,
};

async function freeSuffix(dataSource: DataSource): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = randomBytes(2).toString('hex');
    const [row] = (await dataSource.query(
      `SELECT (SELECT count(*) FROM "shops" WHERE "slug" = $1)::int + (SELECT count(*) FROM "auth_users" WHERE "email" = $2)::int AS "taken"`,
      [`${DEMO_SLUG_PREFIX}${suffix}`, `demo-owner-${suffix}@${DEMO_EMAIL_DOMAIN}`],
    )) as Array<{ taken: number }>;
    if (row?.taken === 0) return suffix;
  }
  throw new Error('no free demo shop name found: run with --reset to remove earlier demo shops');
}

/** Makes one demo shop with its owner and a year of history. Another call makes another shop. */
export async function seedDemo(dataSource: DataSource, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const t0 = performance.now();
  const now = options.now ?? new Date();
  const plan = planDemo(options.seed ?? 42, now);
  const suffix = await freeSuffix(dataSource);
  const email = `demo-owner-${suffix}@${DEMO_EMAIL_DOMAIN}`;
  const password = randomBytes(9).toString('base64url');
  const logger = createLogger('silent', 'seed-demo');

  // The owner: the built-in auth's own sign-up (its password hashing and identity), confirmed as the link would.
  // Only the confirmation path runs, which never touches access tokens: no session is made and no key is created.
  const auth = new AuthService(dataSource, null as unknown as AccessTokens, {
    emailConfirm: true,
    mailer: silentMailer,
    authBaseUrl: `${options.publicOrigin ?? 'http://localhost:3000'}/auth/v1`,
    logger,
  });
  const signedUp = await auth.signUp(
    { email, password, data: { email, onboardingCompleted: false }, redirectTo: options.publicOrigin ?? '' },
    { ip: '127.0.0.1', userAgent: 'seed-demo' },
  );
  if (signedUp.kind !== 'user') throw new Error('sign-up unexpectedly made a session');
  const ownerId = signedUp.user.id;
  const authUser = { id: ownerId, email };
  try {
    await dataSource.query(
      `UPDATE "auth_users" SET "email_confirmed_at" = now(), "confirmation_token_hash" = NULL WHERE "id" = $1`,
      [ownerId],
    );
    await dataSource.query(
      `UPDATE "auth_identities" SET "identity_data" = "identity_data" || '{"email_verified": true}'::jsonb
       WHERE "user_id" = $1 AND "provider" = 'email'`,
      [ownerId],
    );

    // The shop as the onboarding wizard makes it, then the dashboard's barbers, hours and time off.
    const deps: ShopsDeps = {
      dataSource,
      events: noEvents,
      config: {
        PUBLIC_ORIGIN: options.publicOrigin ?? 'http://localhost:3000',
        APP_DOMAIN: options.appDomain ?? 'localhost',
      },
    };
    await ensureUser(dataSource.manager, authUser);
    const shop = await createShop(deps, authUser, {
      name: SHOP_NAME,
      slug: `${DEMO_SLUG_PREFIX}${suffix}`,
      bio: 'A neighbourhood barbershop in Williamsburg: classic cuts, skin fades and hot towel shaves. Walk-ins welcome.',
      address: '123 Bedford Ave, Brooklyn, NY 11211',
      phoneNumber: '(718) 555-0100',
      theme: 'classic',
      services: SERVICES.map(({ name, description, price, durationMinutes }) => ({
        name,
        description,
        price,
        durationMinutes,
      })),
      hours_json: SHOP_HOURS,
      timeZone: ZONE,
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
    });
    await completeOnboarding(deps, authUser, { shopId: shop.id, shopSlug: shop.slug });
    await updateMe(dataSource.manager, authUser, OWNER);

    const barberIds: string[] = [];
    for (const barber of BARBERS) {
      const created = await createBarber(deps, shop.id, ownerId, { name: barber.name, bio: barber.bio });
      const entity = await loadOwnedBarber(dataSource.manager, shop.id, created.id, ownerId);
      await patchBarberSettings(dataSource.manager, entity, { hours_json: barber.hours });
      barberIds.push(created.id);
    }
    const offBarber = await loadOwnedBarber(
      dataSource.manager,
      shop.id,
      barberIds[plan.timeOff.barber] as string,
      ownerId,
    );
    await addTimeOff(dataSource.manager, offBarber, {
      start: plan.timeOff.start.toISOString(),
      end: plan.timeOff.end.toISOString(),
      reason: plan.timeOff.reason,
    });
    // The shop closed on its country's public holidays (issue 25): the history's and the next 12 months'.
    const today = DateTime.fromJSDate(now, { zone: ZONE });
    const historyStart = today.minus({ months: 12 }).startOf('day').minus({ weeks: LEAD_IN_WEEKS });
    for (const holiday of namedHolidays(
      COUNTRY,
      historyStart.toISODate() as string,
      today.plus({ months: 12 }).toISODate() as string,
    )) {
      await upsertSpecialDay(dataSource.manager, shop.id, {
        date: holiday.date,
        barberId: null,
        closed: true,
        open: null,
        close: null,
        reason: holiday.name,
      });
    }
    const services = (await dataSource.query(
      `SELECT "id", "name", "price"::float AS "price", "duration_minutes" AS "duration" FROM "services" WHERE "shop_id" = $1`,
      [shop.id],
    )) as Array<{ id: string; name: string; price: number; duration: number }>;
    const serviceRows = SERVICES.map((s) => {
      const row = services.find((r) => r.name === s.name);
      if (!row) throw new Error(`service ${s.name} was not created`);
      return row;
    });

    const counts = await dataSource.transaction(async (manager) => {
      // Clients: the product's matching, in the order the bookings came in (one record per person). linkClient runs
      // once per person and the details they gave (name, e-mail or none, phone; a regular who once walked in without
      // an e-mail is a second call), not once per appointment: for the same details it would return the same id again,
      // so a person's later appointments reuse it. That keeps ~10,000 appointments to ~1,000 calls.
      const clientIds = new Map<string, string | null>();
      const clientOf: Array<string | null> = [];
      for (const a of plan.appointments) {
        const key = `${a.clientName}\n${a.clientEmail}\n${a.clientPhoneE164 ?? ''}`;
        if (!clientIds.has(key)) {
          clientIds.set(
            key,
            await linkClient(
              manager,
              shop.id,
              { name: a.clientName, email: a.clientEmail, phone: a.clientPhone, phoneE164: a.clientPhoneE164 },
              COUNTRY,
            ),
          );
        }
        clientOf.push(clientIds.get(key) ?? null);
      }

      const rows = plan.appointments;
      const iso = (d: Date | null) => (d ? d.toISOString() : null);

      // The series (as the owner's "Make this a series…" makes them: every N weeks, until a year after the first),
      // with their person's client record, before the appointments that point at them.
      const seriesIds = plan.series.map(() => randomUUID());
      const clientOfSeries = plan.series.map((planned) => {
        const i = rows.findIndex((a) => a.person === planned.person && a.clientEmail !== '');
        return i >= 0 ? (clientOf[i] ?? null) : null;
      });
      await manager.query(
        `INSERT INTO "appointment_series" ("id", "shop_id", "barber_id", "service_ids", "client_id", "client_name",
           "client_email", "client_phone", "interval_weeks", "local_time", "first_date", "until_date", "rrule",
           "created_by", "status", "extended_to", "created_at", "updated_at")
         SELECT t."id", $1, t."barber_id", ARRAY[t."service_id"], t."client_id", t."name", t."email", t."phone",
           t."weeks", t."time", t."first", t."until", t."rrule", 'owner', 'active', t."extended", t."at", t."at"
         FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::varchar[], $7::varchar[], $8::varchar[],
           $9::smallint[], $10::varchar[], $11::date[], $12::date[], $13::text[], $14::date[], $15::timestamptz[])
           AS t("id", "barber_id", "service_id", "client_id", "name", "email", "phone", "weeks", "time", "first",
             "until", "rrule", "extended", "at")`,
        [
          shop.id,
          seriesIds,
          plan.series.map((x) => barberIds[x.barber]),
          plan.series.map((x) => serviceRows[x.service]?.id),
          clientOfSeries,
          plan.series.map((x) => (plan.people[x.person] as Person).name),
          plan.series.map((x) => (plan.people[x.person] as Person).email ?? ''),
          plan.series.map((x) => (plan.people[x.person] as Person).phone),
          plan.series.map((x) => x.intervalWeeks),
          plan.series.map((x) => x.localTime),
          plan.series.map((x) => x.firstDate),
          plan.series.map((x) => x.untilDate),
          plan.series.map((x) =>
            ruleText(
              { firstDate: x.firstDate, localTime: x.localTime, intervalWeeks: x.intervalWeeks, until: x.untilDate },
              ZONE,
            ),
          ),
          plan.series.map((x) => x.extendedTo),
          plan.series.map((x) => x.createdAt.toISOString()),
        ],
      );
      // The dates a series could not book (a holiday, the barber away, the slot taken): the owner's to-do ahead, put
      // aside behind.
      const today = DateTime.fromJSDate(now, { zone: ZONE }).toISODate() as string;
      const collisions = plan.series.flatMap((x, i) =>
        x.collisions.map((date) => ({
          id: seriesIds[i] as string,
          date,
          wanted: DateTime.fromISO(`${date}T${x.localTime}`, { zone: ZONE }).toISO() as string,
          status: date < today ? 'dismissed' : 'open',
        })),
      );
      await manager.query(
        `INSERT INTO "series_collisions" ("series_id", "occurrence_date", "wanted_start", "status")
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::timestamptz[], $4::varchar[])`,
        [
          collisions.map((c) => c.id),
          collisions.map((c) => c.date),
          collisions.map((c) => c.wanted),
          collisions.map((c) => c.status),
        ],
      );

      const inserted = (await manager.query(
        `INSERT INTO "appointments" (
           "id", "shop_id", "currency", "barber_id", "service_id", "service_name", "service_duration_minutes",
           "service_price", "starts_at", "ends_at", "status", "source", "client_name", "client_email", "client_phone",
           "client_phone_e164", "client_id", "created_at", "updated_at", "cancelled_at", "version", "series_id",
           "series_occurrence")
         SELECT gen_random_uuid(), $1, $2, * FROM unnest(
           $3::uuid[], $4::uuid[], $5::varchar[], $6::int[], $7::numeric[], $8::timestamptz[], $9::timestamptz[],
           $10::varchar[], $11::varchar[], $12::varchar[], $13::varchar[], $14::varchar[], $15::varchar[], $16::uuid[],
           $17::timestamptz[], $18::timestamptz[], $19::timestamptz[], $20::int[], $21::uuid[], $22::date[])
         RETURNING "id"`,
        [
          shop.id,
          'USD',
          rows.map((a) => barberIds[a.barber]),
          rows.map((a) => serviceRows[a.service]?.id),
          rows.map((a) => serviceRows[a.service]?.name),
          rows.map((a) => serviceRows[a.service]?.duration),
          rows.map((a) => serviceRows[a.service]?.price),
          rows.map((a) => iso(a.start)),
          rows.map((a) => iso(a.end)),
          rows.map((a) => a.status),
          rows.map((a) => a.source),
          rows.map((a) => a.clientName),
          rows.map((a) => a.clientEmail),
          rows.map((a) => a.clientPhone),
          rows.map((a) => a.clientPhoneE164),
          clientOf,
          rows.map((a) => iso(a.createdAt)),
          rows.map((a) => iso(a.updatedAt)),
          rows.map((a) => iso(a.cancelledAt)),
          rows.map((a) => a.version),
          rows.map((a) => (a.series === null ? null : seriesIds[a.series])),
          rows.map((a) => a.seriesOccurrence),
        ],
      )) as unknown[];
      if (inserted.length !== rows.length) {
        throw new Error(`inserted ${inserted.length} of ${rows.length} appointments`);
      }

      // A client dates from their first booking, as if each had been made when the booking was.
      await manager.query(
        `UPDATE "clients" c SET "created_at" = a."first", "updated_at" = a."last"
         FROM (SELECT "client_id", min("created_at") AS "first", max("updated_at") AS "last" FROM "appointments"
               WHERE "shop_id" = $1 AND "client_id" IS NOT NULL GROUP BY "client_id") a
         WHERE c."id" = a."client_id"`,
        [shop.id],
      );

      // Tags and notes (the owner's, dated after one of the client's visits).
      const tagged: Array<{ id: string; tags: string }> = [];
      const notes: Array<{ id: string; body: string; at: string }> = [];
      // Each person's client (from their first appointment with an e-mail) and completed visits, in one pass.
      const clientOfPerson = new Map<number, string | null>();
      const completedOf = new Map<number, PlannedAppointment[]>();
      plan.appointments.forEach((a, i) => {
        if (a.person === null) return;
        if (a.clientEmail !== '' && !clientOfPerson.has(a.person)) clientOfPerson.set(a.person, clientOf[i] ?? null);
        if (a.status !== 'completed') return;
        const visits = completedOf.get(a.person);
        if (visits) visits.push(a);
        else completedOf.set(a.person, [a]);
      });
      plan.people.forEach((person, index) => {
        const clientId = clientOfPerson.get(index);
        if (!clientId) return;
        if (person.tags.length) tagged.push({ id: clientId, tags: person.tags.join('|') });
        const visits = completedOf.get(index) ?? [];
        person.notes.forEach((body, n) => {
          const visit = visits[Math.min(visits.length - 1, n * 3)];
          const at = visit ? new Date(visit.end.getTime() + 10 * 60_000) : new Date();
          notes.push({ id: clientId, body, at: at.toISOString() });
        });
      });
      await manager.query(
        `UPDATE "clients" c SET "tags" = string_to_array(t."tags", '|')
         FROM unnest($1::uuid[], $2::text[]) AS t("id", "tags") WHERE c."id" = t."id"`,
        [tagged.map((t) => t.id), tagged.map((t) => t.tags)],
      );
      await manager.query(
        `INSERT INTO "client_notes" ("client_id", "author_user_id", "author_name", "body", "created_at")
         SELECT t."id", $1, $2, t."body", t."at" FROM unnest($3::uuid[], $4::text[], $5::timestamptz[]) AS t("id", "body", "at")`,
        [
          ownerId,
          `${OWNER.firstName} ${OWNER.lastName}`,
          notes.map((n) => n.id),
          notes.map((n) => n.body),
          notes.map((n) => n.at),
        ],
      );
      return { clients: new Set([...clientIds.values()].filter(Boolean)).size, appointments: inserted.length };
    });
    // Fresh planner statistics for the rows just written: on a new database the tables were empty a moment ago, and
    // with those numbers the Clients tab's list takes seconds (nested loops over ~10,000 appointments), not milliseconds.
    await dataSource.query('ANALYZE "clients", "appointments", "client_notes"');
    // The history is written by SQL, not through the lifecycle: analytics' rollups and client visit rows (what the
    // Analytics tab reads, decision 0188) are rebuilt from it, as `npm run analytics:rebuild-rollups` does.
    await dataSource.query('SELECT "analytics_rebuild"($1)', [shop.id]);

    return {
      shopId: shop.id,
      shopName: SHOP_NAME,
      slug: shop.slug,
      ownerId,
      email,
      password,
      barbers: barberIds.length,
      services: serviceRows.length,
      clients: counts.clients,
      appointments: counts.appointments,
      ms: Math.round(performance.now() - t0),
    };
  } catch (err) {
    // Leave no half-made demo behind: the owner's profile goes with their shops (cascade), then the account.
    await removeOwners(dataSource, [ownerId]).catch(() => undefined);
    throw err;
  }
}

async function removeOwners(dataSource: DataSource, ownerIds: string[]): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`DELETE FROM "shops" WHERE "owner_id" = ANY($1::uuid[])`, [ownerIds]);
    await manager.query(`DELETE FROM "users" WHERE "id" = ANY($1::uuid[])`, [ownerIds]);
    await manager.query(`DELETE FROM "auth_users" WHERE "id" = ANY($1::uuid[])`, [ownerIds]);
  });
}

/** --reset: every demo shop made by this script, with its owner account. Returns how many shops went. */
export async function removeDemoShops(dataSource: DataSource): Promise<number> {
  const owners = (await dataSource.query(`SELECT "id" FROM "auth_users" WHERE "email" LIKE 'demo-owner-%@' || $1`, [
    DEMO_EMAIL_DOMAIN,
  ])) as Array<{ id: string }>;
  if (!owners.length) return 0;
  const ids = owners.map((o) => o.id);
  const [{ shops }] = (await dataSource.query(
    `SELECT count(*)::int AS "shops" FROM "shops" WHERE "owner_id" = ANY($1::uuid[])`,
    [ids],
  )) as [{ shops: number }];
  await removeOwners(dataSource, ids);
  return shops;
}

// ---------------------------------------------------------------------------------------------------------------
// The command

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Database {
  url: string;
  where: string;
  stop?: () => Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** DATABASE_URL; else the embedded database `npm start` uses, running already or started (and later stopped) here. */
async function locateDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, where: `DATABASE_URL (${url.host}${url.pathname})` };
  }
  const dataDir = path.resolve(root, process.env.BARBERLY_DATA_DIR || '.data');
  const shown = path.relative(root, path.join(dataDir, 'pg')).startsWith('..')
    ? path.join(dataDir, 'pg')
    : path.relative(root, path.join(dataDir, 'pg'));
  const embedded = await import(pathToFileURL(path.join(root, 'proxy/scripts/lib/embedded-db.mjs')).href);
  const passwordFile = path.join(dataDir, 'pg-password');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  // postmaster.pid: pid, data directory, start time, port, ... (PostgreSQL's own lock file).
  if (fs.existsSync(pidFile) && fs.existsSync(passwordFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (pid > 0 && port > 0 && isAlive(pid)) {
      const password = fs.readFileSync(passwordFile, 'utf8').trim();
      return {
        url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${embedded.DATABASE_NAME}`,
        where: `the embedded PostgreSQL npm start is running (127.0.0.1:${port}, ${shown})`,
      };
    }
  }
  // Not running: start it exactly as `npm start` does, for the length of this command.
  const { freeInternalPort } = await import(pathToFileURL(path.join(root, 'proxy/scripts/lib/ports.mjs')).href);
  const database = await embedded.startEmbeddedPostgres({ dataDir, port: await freeInternalPort() });
  return {
    url: database.url as string,
    where: `the embedded PostgreSQL in ${shown} (npm start is not running: started for this command, stopped after)`,
    stop: () => database.stop() as Promise<void>,
  };
}

function parseArgs(argv: string[]): { seed: number; reset: boolean } {
  const usage = 'usage: npm run seed:demo [-- --reset] [-- --seed N]';
  const options = { seed: 42, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--reset') options.reset = true;
    else if (arg === '--seed' || arg.startsWith('--seed=')) {
      const raw = arg === '--seed' ? argv[++i] : arg.slice('--seed='.length);
      const seed = Number(raw);
      if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed wants a whole number; ${usage}`);
      options.seed = seed;
    } else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}; ${usage}`);
  }
  return options;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const database = await locateDatabase();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await database.stop?.();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`${signal}: stopped; \`npm run seed:demo -- --reset\` removes a half-made demo shop, if any`);
      void stop().finally(() => process.exit(130));
    });
  }
  try {
    console.log(`Database: ${database.where}`);
    const dataSource = createDataSource(database.url, { poolSize: 4 });
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length) console.log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
      if (args.reset) console.log(`Removed ${await removeDemoShops(dataSource)} earlier demo shop(s)`);
      const port = process.env.PORT || '3000';
      const origin = (process.env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
      const result = await seedDemo(dataSource, {
        seed: args.seed,
        publicOrigin: origin,
        appDomain: (process.env.APP_DOMAIN || 'localhost').toLowerCase(),
      });
      console.log(
        [
          `Demo shop ready: ${result.shopName} (${result.slug}) in ${(result.ms / 1000).toFixed(1)} s, seed ${args.seed}`,
          `  ${result.barbers} barbers, ${result.services} services, ${result.clients} clients, ${result.appointments} appointments`,
          `  Owner:    ${result.email}`,
          `  Password: ${result.password}`,
          `  Log in at ${origin}/ and open the Clients and Analytics tabs.`,
        ].join('\n'),
      );
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(`seed:demo failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
