import { formatPhone, SHOP_LOCALE_DEFAULTS, type Shop, shopPhoneCountry } from '@barberly/common';
import { browserTimeZone } from '../../../lib/time-zones';

/** What the clients screens need of a shop to write money and dates its way. */
export type ClientsShop = Pick<Shop, 'id'> & Partial<Pick<Shop, 'timeZone' | 'locale' | 'clock' | 'phoneNumber'>>;

export interface ClientFormatters {
  /** (1234.5, 'EUR') in fr-FR gives '1 234,50 €'. */
  money: (amount: number, currency: string) => string;
  /** An instant's day in the shop's zone: 'May 10, 2026'. */
  date: (iso: string) => string;
  /** An instant's day and time in the shop's zone and clock: 'May 10, 2026, 9:00 AM' or '10 mai 2026, 15:00'. */
  dateTime: (iso: string) => string;
  /** A calendar day already in the shop's zone ('2026-05-10'), written without any zone shift. */
  calendarDate: (day: string) => string;
  /** An E.164 number the shop's way: '(415) 555-0123' for a US shop, '+44 20 7946 0958' from abroad. */
  phone: (e164: string | null) => string;
}

/**
 * Formatters for one shop, built once per shop (Intl formatters are costly to make). No zone given (a barber's view
 * knows only the shop id): the browser's zone, which is the shop's for someone standing in it.
 */
export function clientFormatters(shop: Omit<ClientsShop, 'id'>): ClientFormatters {
  const locale = shop.locale ?? SHOP_LOCALE_DEFAULTS.locale;
  const timeZone = shop.timeZone ?? browserTimeZone();
  const hourCycle = (shop.clock ?? SHOP_LOCALE_DEFAULTS.clock) === '24h' ? 'h23' : 'h12';
  const day = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium' });
  const dayAndTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle });
  const calendar = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' });
  const money = new Map<string, Intl.NumberFormat>();
  // Unknown shop (a barber's view knows only its id): every number in the international format.
  const country = shop.phoneNumber || shop.locale ? shopPhoneCountry(shop) : null;
  return {
    money: (amount, currency) => {
      let format = money.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: 'currency', currency });
        money.set(currency, format);
      }
      return format.format(amount);
    },
    date: (iso) => day.format(new Date(iso)),
    dateTime: (iso) => dayAndTime.format(new Date(iso)),
    calendarDate: (value) => {
      const [y, m, d] = value.split('-').map(Number);
      return calendar.format(new Date(Date.UTC(y!, m! - 1, d!)));
    },
    phone: (e164) => formatPhone(e164, country),
  };
}

/** 28 gives 'Every 28 days', 1 'Every day'; null (fewer than 2 visits) '—'. */
export function formatInterval(days: number | null): string {
  if (days === null) return '—';
  return days === 1 ? 'Every day' : `Every ${days} days`;
}
