import type { AnalyticsReport, AnalyticsSummary, BarberNumbers, DailyFigures, Shop } from '@barberly/common';
import { vi } from 'vitest';

export const SHOP_ID = '22222222-2222-4222-8222-222222222222';
export const ANALYTICS_URL = `/api/shops/${SHOP_ID}/analytics`;
export const CSV_URL = `/api/shops/${SHOP_ID}/analytics.csv`;
export const MY_URL = '/api/my/analytics';

/** A Berlin shop writing euros the German way, on a 24-hour clock. */
export const SHOP = {
  id: SHOP_ID,
  name: 'Schnitt & Co',
  slug: 'schnitt-co',
  currency: 'EUR',
  locale: 'de-DE',
  clock: '24h',
  timeZone: 'Europe/Berlin',
} as unknown as Shop;

export function summaryOf(over: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    revenue: 1234.5,
    appointments: 56,
    completed: 48,
    cancellations: 4,
    noShows: 3,
    noShowRate: 0.06,
    averageTicket: 25.72,
    newClients: 12,
    returningClients: 30,
    retention: 0.45,
    rebookRate: 0.3,
    onlineShare: 0.7,
    walkInShare: 0.3,
    ...over,
  };
}

function dailyOf(from: string, days: number, figures: (i: number) => Omit<DailyFigures, 'date'>): DailyFigures[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    ...figures(i),
  }));
}

/** May 1–30, 2026 against April 1–30: 56 appointments and 1.234,50 € after 50 and 1.102,23 €. */
export function reportOf(over: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    period: { from: '2026-05-01', to: '2026-05-30' },
    previous: { from: '2026-04-01', to: '2026-04-30' },
    current: summaryOf(),
    prior: summaryOf({
      revenue: 1102.23,
      appointments: 50,
      cancellations: 5,
      noShowRate: 0.04,
      averageTicket: 25.72,
      newClients: 10,
      returningClients: 30,
      retention: 0.5,
      rebookRate: null,
      onlineShare: 0.6,
      walkInShare: 0.4,
    }),
    barbers: [
      {
        barberId: 'b1',
        name: 'Mia',
        appointments: 40,
        revenue: 987.6,
        bookedMinutes: 1800,
        availableMinutes: 2400,
        utilisation: 0.75,
        returningClients: 20,
        clients: 30,
      },
      {
        barberId: 'b2',
        name: 'Jonas',
        appointments: 16,
        revenue: 246.9,
        bookedMinutes: 600,
        availableMinutes: 2400,
        utilisation: 0.25,
        returningClients: 10,
        clients: 14,
      },
    ],
    services: [
      { serviceName: 'Skin Fade', appointments: 30, revenue: 750 },
      { serviceName: 'Beard Trim', appointments: 26, revenue: 484.5 },
    ],
    heatmap: [
      { weekday: 6, hour: 10, bookings: 9 },
      { weekday: 2, hour: 17, bookings: 4 },
    ],
    daily: dailyOf('2026-05-01', 30, (i) =>
      i === 0 ? { revenue: 1234.5, appointments: 56 } : { revenue: 0, appointments: 0 },
    ),
    otherCurrencyAppointments: 0,
    comparison: 'ok',
    ...over,
  };
}

/** 90 days, Feb 10 – May 10 2026, two appointments a day at 30 €: weeks of 420 € (the first, Tue–Sun, 360 €). */
export function quarterReport(): AnalyticsReport {
  return reportOf({
    period: { from: '2026-02-10', to: '2026-05-10' },
    previous: { from: '2025-11-12', to: '2026-02-09' },
    daily: dailyOf('2026-02-10', 90, () => ({ revenue: 60, appointments: 2 })),
  });
}

export function barberNumbersOf(over: Partial<BarberNumbers> = {}): BarberNumbers {
  return {
    barberId: 'b1',
    name: 'Mia',
    appointments: 40,
    revenue: 987.6,
    bookedMinutes: 1800,
    availableMinutes: 2400,
    utilisation: 0.75,
    returningClients: 20,
    clients: 30,
    currency: 'EUR',
    period: { from: '2026-05-01', to: '2026-05-30' },
    previous: { from: '2026-04-01', to: '2026-04-30' },
    prior: {
      appointments: 32,
      revenue: 800,
      bookedMinutes: 1500,
      availableMinutes: 2400,
      utilisation: 0.625,
      returningClients: 22,
      clients: 28,
    },
    comparison: 'ok',
    ...over,
  };
}

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The analytics api behind fetch. `answer` decides per URL (query string included); by default every report URL
 * answers `report`, the barber's URL `mine`, and the CSV URL a small file.
 */
export function fakeAnalyticsApi(
  opts: { report?: AnalyticsReport; mine?: BarberNumbers; answer?: (url: string) => Response | undefined } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const answered = opts.answer?.(url);
    if (answered) return answered;
    if (url.startsWith(`${CSV_URL}?`)) {
      return new Response('date,revenue\n2026-05-01,1234.50\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="analytics-2026-05-01-2026-05-30.csv"',
        },
      });
    }
    if (url.startsWith(`${ANALYTICS_URL}?`)) return json(200, opts.report ?? reportOf());
    if (url.startsWith(`${MY_URL}?`)) return json(200, opts.mine ?? barberNumbersOf());
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const urls = () => fetchMock.mock.calls.map(([u]) => String(u));
  return { fetchMock, urls };
}
