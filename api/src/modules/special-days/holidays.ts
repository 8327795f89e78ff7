import { addDays, type HolidaySuggestion, shopPhoneCountry } from '@barberly/common';
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';

/** The countries date-holidays knows, by ISO 3166-1 alpha-2. */
const COUNTRIES: Record<string, string> = new Holidays().getCountries('en');

/** The shop's country for its public holidays: its own number's, else its locale's region; null when neither says. */
export function holidayCountry(shop: { phoneNumber?: string | null; locale?: string | null }): string | null {
  const country = shopPhoneCountry(shop, '');
  return country || null;
}

/**
 * The public holidays of `country` from `from` to `to` (both included), by date, names in English, each date once
 * (an observed substitute day is its own date: Friday, July 3, 2026 for the 4th on a Saturday). date-holidays keeps
 * the rules per country; an unknown country gives none.
 */
export function publicHolidays(
  country: string,
  from: string,
  to: string,
): Array<Omit<HolidaySuggestion, 'alreadySet'>> {
  if (!COUNTRIES[country]) return [];
  const calendar = new Holidays(country, { languages: ['en'], types: ['public'] });
  const seen = new Map<string, string>();
  const first = DateTime.fromISO(from).year;
  const last = DateTime.fromISO(to).year;
  for (let year = first; year <= last; year++) {
    for (const holiday of calendar.getHolidays(year, 'en') || []) {
      const date = holiday.date.slice(0, 10);
      if (holiday.type !== 'public' || date < from || date > to || seen.has(date)) continue;
      seen.set(date, holiday.name);
    }
  }
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, name]) => ({ date, name }));
}

/** [today, today + months) as dates: the window the suggestions cover. */
export function holidayWindow(today: string, months: number): { from: string; to: string } {
  const to = DateTime.fromISO(today, { zone: 'UTC' }).plus({ months }).toISODate()!;
  return { from: today, to: addDays(to, -1) };
}
