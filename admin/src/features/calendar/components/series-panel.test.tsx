import type { Appointment, Barber, DisplaySettings, Series, SeriesCollision, ShopAgenda } from '@barberly/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { CalendarTab } from './calendar-tab';
import { SeriesPanel, seriesRuleLabel } from './series-panel';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const ZONE = 'America/New_York';
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Fade', profileImageUrl: '' };
const ALEX = { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip', profileImageUrl: '' };
const BARBERS: Barber[] = [SAM, ALEX].map((b) => ({ ...b, shopId: SHOP_ID, bio: '' }));
const CUT = { id: '44444444-4444-4444-8444-444444444444', name: 'Haircut' };
const BEARD = { id: '55555555-5555-4555-8555-555555555555', name: 'Beard trim' };
const SERIES_URL = `/api/shops/${SHOP_ID}/series?status=active`;
const JORDAN_ID = '77777777-7777-4777-8777-777777777777';
const CASEY_ID = '88888888-8888-4888-8888-888888888888';

function visit(id: string, start: string, extra: Partial<Appointment> = {}): Appointment {
  return {
    id,
    status: 'confirmed',
    start,
    end: start,
    localDate: start.slice(0, 10),
    localTime: '10:00 AM',
    service: { id: CUT.id, name: CUT.name, durationMinutes: 30, price: 20 },
    barber: ALEX,
    shop: { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', address: '', phoneNumber: '', timeZone: ZONE },
    client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
    note: '',
    source: 'online',
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...extra,
  };
}

const collision = (date: string, wantedStart: string, over: Partial<SeriesCollision> = {}): SeriesCollision => ({
  date,
  wantedStart,
  alternatives: [],
  status: 'open',
  ...over,
});

/** Every 3 weeks on Tuesday at 10:00 with Alex; Dec 8 and Dec 29 were taken when the horizon moved onto them. */
const DEC_8 = collision('2026-12-08', '2026-12-08T15:00:00.000Z', {
  alternatives: [
    { start: '2026-12-08T14:30:00.000Z', label: 'Tue, Dec 8 · 9:30 AM' },
    { start: '2026-12-09T15:00:00.000Z', label: 'Wed, Dec 9 · 10:00 AM' },
  ],
});
const DEC_29 = collision('2026-12-29', '2026-12-29T15:00:00.000Z', {
  alternatives: [{ start: '2026-12-29T16:00:00.000Z', label: 'Tue, Dec 29 · 11:00 AM' }],
});

function series(over: Partial<Series> = {}): Series {
  return {
    id: JORDAN_ID,
    barberId: ALEX.id,
    barberName: ALEX.name,
    serviceIds: [CUT.id, BEARD.id],
    serviceNames: [CUT.name, BEARD.name],
    intervalWeeks: 3,
    localTime: '10:00',
    weekday: 2,
    firstDate: '2026-11-17',
    untilDate: null,
    occurrences: 9,
    status: 'active',
    createdBy: 'owner',
    client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
    rrule: 'DTSTART:20261117T100000\nRRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=9',
    upcoming: [
      visit('v0', '2026-11-17T15:00:00.000Z', { status: 'cancelled', seriesId: JORDAN_ID }),
      visit('v1', '2026-11-24T15:00:00.000Z', { seriesId: JORDAN_ID }),
    ],
    collisions: [],
    ...over,
  };
}

const CASEY = series({
  id: CASEY_ID,
  barberId: SAM.id,
  barberName: SAM.name,
  serviceIds: [CUT.id],
  serviceNames: [CUT.name],
  intervalWeeks: 1,
  localTime: '17:30',
  weekday: 5,
  occurrences: null,
  untilDate: '2027-03-05',
  createdBy: 'client',
  client: { name: 'Casey Moss', email: 'casey@example.com', phone: '' },
  upcoming: [],
});

function show(display?: DisplaySettings) {
  renderWithApi(<SeriesPanel shopId={SHOP_ID} timeZone={ZONE} display={display} />);
}

describe('seriesRuleLabel', () => {
  it("says the rule in words, the time on the shop's clock", () => {
    expect(seriesRuleLabel(series())).toBe('Every 3 weeks on Tuesday at 10:00 AM');
    expect(seriesRuleLabel(CASEY)).toBe('Every week on Friday at 5:30 PM');
    expect(seriesRuleLabel(CASEY, { currency: 'EUR', locale: 'fr-FR', clock: '24h' })).toBe(
      'Every week on Friday at 17:30',
    );
  });
});

describe('SeriesPanel', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the active series with their rule in words, collapsed when nothing needs a new time', async () => {
    vi.stubGlobal('fetch', fakeApi(on('GET', SERIES_URL, [series(), CASEY])).fetchMock);
    show({ currency: 'GBP', locale: 'en-GB', clock: '24h' });
    const panel = await screen.findByRole('region', { name: 'Series' });
    expect(await within(panel).findByText('2 active series, nothing to rebook.')).toBeInTheDocument();
    const toggle = within(panel).getByRole('button', { name: 'Show series' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('list', { name: 'Active series' })).toBeNull();

    await userEvent.click(toggle);
    expect(within(panel).getByRole('button', { name: 'Hide series' })).toHaveAttribute('aria-expanded', 'true');
    const [jordan, casey] = within(within(panel).getByRole('list', { name: 'Active series' })).getAllByRole('listitem');
    expect(jordan).toHaveAccessibleName('Jordan Lee, Every 3 weeks on Tuesday at 10:00');
    expect(jordan).toHaveTextContent('Haircut + Beard trim with Alex Clip');
    expect(jordan).toHaveTextContent('9 visits in all');
    // The cancelled visit is not the next one.
    expect(jordan).toHaveTextContent('Next visit: Tuesday, November 24, 2026 at 10:00');
    expect(jordan).toHaveTextContent('Set up by you');
    expect(casey).toHaveAccessibleName('Casey Moss, Every week on Friday at 17:30');
    expect(casey).toHaveTextContent('Haircut with Sam Fade');
    expect(casey).toHaveTextContent('until Friday, March 5, 2027');
    expect(casey).toHaveTextContent('No upcoming visit booked');
    expect(casey).toHaveTextContent('Set up by the client');
    expect(screen.queryByText(/is taken/)).toBeNull();
  });

  it('opens on the visits that need a new time, accepts an alternative and dismisses another', async () => {
    let rows = [series({ collisions: [DEC_8, DEC_29] }), CASEY];
    const settle = (date: string, status: SeriesCollision['status']) => {
      rows = rows.map((s) => ({ ...s, collisions: s.collisions.map((c) => (c.date === date ? { ...c, status } : c)) }));
    };
    const base = `/api/shops/${SHOP_ID}/series/${JORDAN_ID}/collisions`;
    const api = fakeApi(
      on('GET', SERIES_URL, () => rows),
      on(
        'POST',
        `${base}/2026-12-08/accept`,
        () => {
          settle('2026-12-08', 'resolved');
          return visit('alt', '2026-12-08T14:30:00.000Z', { seriesId: JORDAN_ID });
        },
        201,
      ),
      (r) => {
        if (r.method !== 'POST' || r.url !== `${base}/2026-12-29/dismiss`) return undefined;
        settle('2026-12-29', 'dismissed');
        return { status: 204 };
      },
    );
    vi.stubGlobal('fetch', api.fetchMock);
    show();
    const panel = await screen.findByRole('region', { name: 'Series' });
    expect(await within(panel).findByText('2 visits need a new time')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Hide series' })).toHaveAttribute('aria-expanded', 'true');
    const toRebook = within(panel).getByRole('list', { name: 'Visits to rebook for Jordan Lee' });
    const december = within(toRebook).getByRole('listitem', { name: 'Tuesday, December 8, 2026 at 10:00 AM' });
    expect(december).toHaveTextContent('Tuesday, December 8, 2026 at 10:00 AM is taken');
    expect(within(panel).getByRole('listitem', { name: /^Jordan Lee/ })).toHaveTextContent('2 to rebook');
    expect(within(panel).queryByRole('list', { name: 'Visits to rebook for Casey Moss' })).toBeNull();

    await userEvent.click(within(december).getByRole('button', { name: 'Accept Tue, Dec 8 · 9:30 AM' }));
    const booked = await within(december).findByText('Booked Tue, Dec 8 · 9:30 AM');
    expect(booked).toHaveFocus();
    expect(api.sent('POST', `${base}/2026-12-08/accept`)[0]!.body).toEqual({ start: '2026-12-08T14:30:00.000Z' });
    expect(await within(panel).findByText('1 visit needs a new time')).toBeInTheDocument();
    expect(api.sent('GET', SERIES_URL)).toHaveLength(2);

    const late = within(toRebook).getByRole('listitem', { name: 'Tuesday, December 29, 2026 at 10:00 AM' });
    await userEvent.click(within(late).getByRole('button', { name: 'Dismiss Tuesday, December 29, 2026 at 10:00 AM' }));
    expect(await within(late).findByText('Left out of the series')).toBeInTheDocument();
    expect(api.sent('POST', `${base}/2026-12-29/dismiss`)).toHaveLength(1);
    expect(await within(panel).findByText('2 active series, nothing to rebook.')).toBeInTheDocument();
    // Still open while the owner looks at what was done.
    expect(within(panel).getByRole('button', { name: 'Hide series' })).toBeInTheDocument();
  });

  it("says the api's reason when an alternative was taken meanwhile, and shows the fresh alternatives", async () => {
    let rows = [series({ collisions: [DEC_8] })];
    const api = fakeApi(
      on('GET', SERIES_URL, () => rows),
      on(
        'POST',
        /\/accept$/,
        () => {
          rows = [series({ collisions: [{ ...DEC_8, alternatives: [DEC_8.alternatives[1]!] }] })];
          return { error: { code: 'slot_taken', message: 'That time is no longer free' } };
        },
        409,
      ),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Tue, Dec 8 · 9:30 AM' }));
    expect(await screen.findByText('That time is no longer free')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept Wed, Dec 9 · 10:00 AM' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Accept Tue, Dec 8 · 9:30 AM' })).toBeNull();
  });

  it('hides collisions already resolved or dismissed', async () => {
    const resolved = { ...DEC_8, status: 'resolved' as const };
    const dismissed = { ...DEC_29, status: 'dismissed' as const };
    vi.stubGlobal('fetch', fakeApi(on('GET', SERIES_URL, [series({ collisions: [resolved, dismissed] })])).fetchMock);
    show();
    const panel = await screen.findByRole('region', { name: 'Series' });
    expect(await within(panel).findByText('1 active series, nothing to rebook.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show series' }));
    expect(within(panel).getByRole('listitem', { name: /^Jordan Lee/ })).toBeInTheDocument();
    expect(within(panel).queryByText(/is taken/)).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(panel).queryByText(/need a new time|needs a new time/)).toBeNull();
  });

  it('says when there are no series yet', async () => {
    vi.stubGlobal('fetch', fakeApi(on('GET', SERIES_URL, [])).fetchMock);
    show();
    expect(await screen.findByText('No regular appointments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Show|Hide) series$/ })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeApi((r) =>
        r.url === SERIES_URL
          ? fail
            ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
            : { status: 200, body: [series({ collisions: [DEC_8] })] }
          : undefined,
      ).fetchMock,
    );
    show();
    expect(await screen.findByText('The series could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 visit needs a new time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Tue, Dec 8 · 9:30 AM' })).toBeInTheDocument();
  });
});

describe('Series panel in the Appointments tab', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the series on the shop's clock and refreshes the agenda after accepting", async () => {
    const agenda: ShopAgenda = {
      date: '2026-12-08',
      timeZone: ZONE,
      appointments: [],
      barbers: [SAM, ALEX].map((barber) => ({ barber, appointments: [] })),
    };
    const api = fakeApi(
      on('GET', '/api/my/shops', [
        { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', timeZone: ZONE, locale: 'en-GB', clock: '24h' },
      ]),
      on('GET', `/api/shops/${SHOP_ID}/appointments`, agenda),
      on('GET', SERIES_URL, [series({ collisions: [DEC_8] })]),
      on('GET', `/api/shops/${SHOP_ID}/waitlist?date=2026-12-08`, []),
      on('POST', /\/accept$/, visit('alt', '2026-12-08T14:30:00.000Z', { seriesId: JORDAN_ID }), 201),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<CalendarTab shopId={SHOP_ID} services={[]} barbers={BARBERS} />);
    // Waitlist and series sit in the calendar's side panel (issue 25).
    await userEvent.click(await screen.findByRole('button', { name: 'Waitlist and series' }));
    const panel = await screen.findByRole('region', { name: 'Series' });
    expect(
      await within(panel).findByRole('listitem', { name: 'Jordan Lee, Every 3 weeks on Tuesday at 10:00' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Tuesday, December 8, 2026 at 10:00 is taken')).toBeInTheDocument();
    const agendaCalls = api.sent('GET', `/api/shops/${SHOP_ID}/appointments`).length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Accept Tue, Dec 8 · 9:30 AM' }));
    await waitFor(() =>
      expect(api.sent('GET', `/api/shops/${SHOP_ID}/appointments`).length).toBeGreaterThan(agendaCalls),
    );
    expect(api.sent('GET', SERIES_URL).length).toBeGreaterThanOrEqual(2);
  });
});
