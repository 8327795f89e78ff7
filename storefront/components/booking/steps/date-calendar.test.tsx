// @vitest-environment jsdom
/**
 * The date step's month calendar (issue 25, item 7) against a scripted api: which days are marked, which are
 * disabled and why (in the name a screen reader reads, the title and the words under the month), "Next available"
 * across the api's 62-day pieces, "Diego and Sam have times on Monday" with a switch, and the three themes.
 */
import type { Theme } from '@barberly/common';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBookingView } from '../../../lib/booking-view';
import { buildShopView } from '../../../lib/shop-view';
import { shopPage } from '../../../test/fixtures';
import { BookingFlow } from '../booking-flow';
import { BookingLayout } from '../booking-layout';

configure({ asyncUtilTimeout: 5000 });

const NOW = new Date('2026-11-20T15:00:00Z');
const BARBERS = [
  { id: 'brb-1', shopId: 'id-joes', name: 'Marco Polo', bio: '', profileImageUrl: '' },
  { id: 'brb-2', shopId: 'id-joes', name: 'Diego Ruiz', bio: '', profileImageUrl: '' },
  { id: 'brb-3', shopId: 'id-joes', name: 'Sam Lee', bio: '', profileImageUrl: '' },
];

function shop(theme: Theme = 'urban', extra: Record<string, unknown> = {}) {
  const page = shopPage('joes', {
    theme,
    name: "Joe's",
    barbers: BARBERS,
    shop: { timeZone: 'America/New_York', ...extra },
  });
  const built = buildShopView(page, {
    now: NOW,
    canonicalUrl: 'http://joes.localhost/',
    homeUrl: '/',
    bookUrl: '/book',
  });
  if (built.kind !== 'ok') throw new Error('fixture incomplete');
  return { view: built.view, booking: buildBookingView(page, built.view, { now: NOW, base: '' }) };
}

let urls: string[] = [];
/** The days answer per date ('free' unless listed); every day's times: one at 9:00 AM. */
let special: Record<string, Record<string, unknown>> = {};
let freeByDefault = true;

function daysAnswer(url: URL) {
  const days = [];
  for (let d = url.searchParams.get('from') as string; d <= (url.searchParams.get('to') as string); ) {
    days.push({ date: d, free: freeByDefault, ...(freeByDefault ? {} : { reason: 'Fully booked' }), ...special[d] });
    const next = new Date(`${d}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return { timeZone: 'America/New_York', from: url.searchParams.get('from'), to: url.searchParams.get('to'), days };
}

beforeEach(() => {
  urls = [];
  special = {};
  freeByDefault = true;
  vi.stubGlobal('fetch', async (path: string) => {
    urls.push(path);
    const url = new URL(path, 'http://joes.localhost');
    const body = url.pathname.endsWith('/availability/days')
      ? daysAnswer(url)
      : {
          date: url.searchParams.get('date'),
          timeZone: 'America/New_York',
          slots: [{ start: `${url.searchParams.get('date')}T14:00:00.000Z`, label: '9:00 AM', barberIds: ['brb-1'] }],
        };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(barberId = 'brb-1', built = shop()) {
  return render(
    <BookingLayout view={built.view} shopHref="/" title="Book Now">
      <BookingFlow view={built.view} booking={built.booking} preselect={{ serviceId: 'svc-1', barberId }} />
    </BookingLayout>,
  );
}

const cell = (date: string) => document.querySelector<HTMLElement>(`[data-day="${date}"]`);
const dayButton = (date: string) => cell(date)?.querySelector('button') as HTMLButtonElement;
const daysCalls = () => urls.filter((u) => u.includes('/availability/days'));

describe('The date step: a month calendar with the days that have free times marked', () => {
  it('marks free days, disables closed and fully booked days with the reason said and shown', async () => {
    special = {
      '2026-11-24': { free: false, reason: 'Fully booked' },
      '2026-11-26': { free: false, closed: true, reason: 'Closed (Thanksgiving Day)' },
      '2026-11-29': { free: false, closed: true, reason: 'Closed' },
    };
    renderAt();
    await waitFor(() => expect(dayButton('2026-11-26').disabled).toBe(true));
    // The api is asked once for the window (60 days from the shop's today), for the visit and the barber.
    expect(daysCalls()).toEqual([
      '/api/shops/joes/availability/days?serviceIds=svc-1&barberId=brb-1&from=2026-11-20&to=2027-01-18',
    ]);
    expect(dayButton('2026-11-23').disabled).toBe(false);
    expect(dayButton('2026-11-23').getAttribute('aria-label')).toBe('Monday, November 23, 2026, free times');
    expect(cell('2026-11-23')?.className).toContain('bk-free');
    expect(dayButton('2026-11-26').getAttribute('aria-label')).toBe(
      'Thursday, November 26, 2026, closed (Thanksgiving Day)',
    );
    expect(dayButton('2026-11-26').title).toBe('Closed (Thanksgiving Day)');
    expect(cell('2026-11-26')?.className).toContain('bk-closed');
    expect(dayButton('2026-11-24').disabled).toBe(true);
    expect(dayButton('2026-11-24').getAttribute('aria-label')).toBe('Tuesday, November 24, 2026, fully booked');
    expect(cell('2026-11-24')?.className).toContain('bk-full');
    expect(dayButton('2026-11-29').getAttribute('aria-label')).toBe('Sunday, November 29, 2026, closed');
    // Before the shop's today: not a day to book.
    expect(dayButton('2026-11-19')?.disabled ?? true).toBe(true);
    // The named closure in words under the month, and a legend for the marks.
    expect(document.querySelector('[data-calendar-closures]')?.textContent).toBe(
      'Thursday, November 26: closed (Thanksgiving Day)',
    );
    expect(screen.getByRole('list', { name: 'What the days show' }).textContent).toContain('Free times');
    // Choosing a free day asks for its times.
    const user = userEvent.setup();
    await user.click(dayButton('2026-11-23'));
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeTruthy();
    expect(urls.at(-1)).toContain('date=2026-11-23');
    expect(cell('2026-11-23')?.getAttribute('aria-selected')).toBe('true');
  });

  it('keeps a fully booked day choosable where the shop keeps a waitlist, to join it', async () => {
    special = {
      '2026-11-24': { free: false, reason: 'Fully booked' },
      '2026-11-26': { free: false, closed: true, reason: 'Closed (Thanksgiving Day)' },
    };
    renderAt('brb-1', shop('urban', { waitlistEnabled: true }));
    await waitFor(() =>
      expect(dayButton('2026-11-24').getAttribute('aria-label')).toBe(
        'Tuesday, November 24, 2026, fully booked, waitlist open',
      ),
    );
    expect(dayButton('2026-11-24').disabled).toBe(false);
    expect(dayButton('2026-11-24').title).toBe('Fully booked: join the waitlist');
    expect(cell('2026-11-24')?.className).toContain('bk-full');
    // A closed day stays closed.
    expect(dayButton('2026-11-26').disabled).toBe(true);
  });

  it('moves by keyboard from day to day, skipping the disabled ones, and Enter chooses', async () => {
    special = { '2026-11-24': { free: false, reason: 'Fully booked' } };
    renderAt();
    await waitFor(() => expect(dayButton('2026-11-24').disabled).toBe(true));
    const user = userEvent.setup();
    dayButton('2026-11-23').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayButton('2026-11-25'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cell('2026-11-25')?.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeTruthy();
  });

  it('"Next available" fetches further 62-day pieces until a free day, shows its month and its times', async () => {
    freeByDefault = false;
    special = { '2027-02-05': { free: true } };
    renderAt('any', shop('urban', { bookingHorizonDays: 120 }));
    await waitFor(() => expect(daysCalls()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next available' }));
    await waitFor(() => expect(cell('2027-02-05')?.getAttribute('aria-selected')).toBe('true'));
    expect(daysCalls()).toEqual([
      '/api/shops/joes/availability/days?serviceIds=svc-1&barberId=any&from=2026-11-20&to=2027-01-20',
      '/api/shops/joes/availability/days?serviceIds=svc-1&barberId=any&from=2027-01-21&to=2027-03-19',
    ]);
    expect(document.body.textContent).toContain('Next available: Friday, February 5, 2027.');
    expect(document.body.textContent).toContain('February 2027');
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeTruthy();
    expect(urls.at(-1)).toContain('date=2027-02-05');
  });

  it('says when nothing is free in the whole window', async () => {
    freeByDefault = false;
    renderAt('any');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next available' }));
    expect(await screen.findByText('No free times in the next 60 days.')).toBeTruthy();
  });

  it('names the other barbers who have times that day ("Diego and Sam have times on Monday") and switches', async () => {
    special = { '2026-11-23': { free: false, reason: 'Fully booked', othersFree: ['brb-2', 'brb-3'] } };
    renderAt('brb-1');
    await waitFor(() =>
      expect(dayButton('2026-11-23').getAttribute('aria-label')).toBe(
        'Monday, November 23, 2026, no times with this barber, other barbers have times',
      ),
    );
    // Still choosable: choosing it says who is free.
    const user = userEvent.setup();
    await user.click(dayButton('2026-11-23'));
    const notice = await waitFor(() => {
      const found = document.querySelector('[data-others-free]');
      if (!found) throw new Error('no notice');
      return found;
    });
    expect(notice.querySelector('p')?.textContent).toBe('Diego and Sam have times on Monday.');
    await user.click(screen.getByRole('button', { name: "See Diego's times" }));
    // The flow now asks for Diego: his days and his times that Monday.
    await waitFor(() => expect(daysCalls().at(-1)).toContain('barberId=brb-2'));
    await waitFor(() => expect(urls.at(-1)).toMatch(/availability\?serviceIds=svc-1&barberId=brb-2&date=2026-11-23/));
    expect(screen.getByText('With Diego Ruiz')).toBeTruthy();
  });
});

describe('The calendar in each theme', () => {
  for (const theme of ['classic', 'urban', 'minimalist'] as const) {
    it(`${theme}: the chosen day is drawn in the shop's colour from the theme, the free day's mark too`, async () => {
      renderAt('brb-1', shop(theme));
      await waitFor(() => expect(cell('2026-11-23')?.className).toContain('bk-free'));
      const user = userEvent.setup();
      await user.click(dayButton('2026-11-23'));
      await waitFor(() => expect(cell('2026-11-23')?.getAttribute('aria-selected')).toBe('true'));
      const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
      // The picker's rules come from the theme (the shop's #0F766E as primary), no colour of its own.
      const rule = css.match(/\.rdp-selected \.rdp-day_button\{([^}]*)\}/)?.[1] ?? '';
      expect(rule.replace(/\s/g, '').toLowerCase()).toContain('background:#0f766e');
      expect(document.querySelector('[data-booking="calendar"]')).toBeTruthy();
    });
  }
});
