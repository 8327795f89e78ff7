import type { Appointment, Barber, Series, SeriesResult, Service, ShopAgenda } from '@barberly/common';
import { BOOKING_MESSAGES, VISIT_MESSAGES } from '@barberly/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { CalendarTab } from './calendar-tab';
import { FIRST_VISIT_MESSAGE, type SeriesDraft, seriesDraftOf, seriesRequestOf } from './series-dialog';

vi.setConfig({ testTimeout: 30_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const ZONE = 'America/New_York';
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Fade', profileImageUrl: '' };
const ALEX = { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip', profileImageUrl: '' };
const BARBERS: Barber[] = [SAM, ALEX].map((b) => ({ ...b, shopId: SHOP_ID, bio: '' }));
const service = (id: string, name: string, durationMinutes: number): Service => ({
  id,
  shopId: SHOP_ID,
  name,
  description: '',
  price: 20,
  durationMinutes,
});
const CUT = service('44444444-4444-4444-8444-444444444444', 'Haircut', 30);
const BEARD = service('55555555-5555-4555-8555-555555555555', 'Beard trim', 15);
const CLIENT = { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' };

function visit(id: string, start: string, extra: Partial<Appointment> = {}): Appointment {
  return {
    id,
    status: 'confirmed',
    start,
    end: start,
    localDate: start.slice(0, 10),
    localTime: '10:00 AM',
    service: { id: null, name: 'Haircut + Beard trim', durationMinutes: 45, price: 40 },
    items: [
      { serviceId: CUT.id, name: 'Haircut', durationMinutes: 30, price: 20 },
      { serviceId: BEARD.id, name: 'Beard trim', durationMinutes: 15, price: 20 },
    ],
    barber: ALEX,
    shop: { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', address: '', phoneNumber: '', timeZone: ZONE },
    client: CLIENT,
    note: '',
    source: 'walk_in',
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...extra,
  };
}

const agenda = (appointments: Appointment[]): ShopAgenda => ({
  date: '2026-05-10',
  timeZone: ZONE,
  appointments,
  barbers: [SAM, ALEX].map((barber) => ({
    barber,
    appointments: appointments.filter((a) => a.barber.id === barber.id),
  })),
});

const draft = (over: Partial<SeriesDraft> = {}): SeriesDraft => ({
  barberId: ALEX.id,
  serviceIds: [CUT.id, BEARD.id],
  date: '2026-11-03',
  time: '10:00',
  intervalWeeks: '3',
  end: 'count',
  count: '8',
  until: '',
  client: CLIENT,
  ...over,
});

describe('seriesRequestOf', () => {
  it("places the first visit at its wall time in the shop's zone: 10:00 is 14:00Z in EDT, 15:00Z in EST", () => {
    expect(seriesRequestOf(draft({ date: '2026-10-27' }), ZONE)).toMatchObject({
      request: { start: '2026-10-27T14:00:00.000Z' },
    });
    expect(seriesRequestOf(draft(), ZONE)).toEqual({
      request: {
        barberId: ALEX.id,
        serviceIds: [CUT.id, BEARD.id],
        start: '2026-11-03T15:00:00.000Z',
        repeat: { intervalWeeks: 3, count: 8 },
        client: CLIENT,
      },
    });
    expect(seriesRequestOf(draft({ end: 'until', until: '2027-03-01' }), ZONE)).toMatchObject({
      request: { repeat: { intervalWeeks: 3, until: '2027-03-01' } },
    });
  });

  it("says what is wrong in VISIT_MESSAGES' words", () => {
    expect(seriesRequestOf(draft({ serviceIds: [], intervalWeeks: '13', count: '' }), ZONE)).toEqual({
      errors: {
        serviceIds: VISIT_MESSAGES.services,
        intervalWeeks: VISIT_MESSAGES.intervalWeeks,
        end: VISIT_MESSAGES.seriesEnd,
      },
    });
    expect(seriesRequestOf(draft({ count: '60' }), ZONE)).toEqual({ errors: { end: VISIT_MESSAGES.occurrences } });
    expect(seriesRequestOf(draft({ end: 'until', until: '2026-11-03' }), ZONE)).toEqual({
      errors: { end: VISIT_MESSAGES.untilBeforeStart },
    });
    expect(seriesRequestOf(draft({ time: '' }), ZONE)).toEqual({ errors: { start: FIRST_VISIT_MESSAGE } });
  });

  it("makes 'Make this a series' start with the appointment itself: its day, time, barber, services, client", () => {
    const from = visit('a1', '2026-05-10T14:00:00.000Z');
    const adopted = seriesDraftOf(from, BARBERS, [CUT, BEARD]);
    expect(adopted).toMatchObject({
      barberId: ALEX.id,
      serviceIds: [CUT.id, BEARD.id],
      date: '2026-05-10',
      time: '10:00',
      intervalWeeks: '3',
      client: CLIENT,
      adopt: { appointmentId: 'a1', start: '2026-05-10T14:00:00.000Z' },
    });
    // The body names the appointment with its own start, barber and services; the client is the appointment's.
    expect(seriesRequestOf(adopted, ZONE)).toEqual({
      request: {
        fromAppointmentId: 'a1',
        barberId: ALEX.id,
        serviceIds: [CUT.id, BEARD.id],
        start: '2026-05-10T14:00:00.000Z',
        repeat: { intervalWeeks: 3, count: 6 },
      },
    });
    expect(seriesRequestOf({ ...adopted, end: 'until', until: '2026-05-10' }, ZONE)).toEqual({
      errors: { end: VISIT_MESSAGES.untilBeforeStart },
    });
  });
});

describe('New series from the agenda', () => {
  beforeEach(() => {
    setTokenSource(async () => 'token');
    // The morning of the agenda's day (2026-05-10): its appointments are still ahead, so they can become a series.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T12:00:00Z'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const series: Series = {
    id: '77777777-7777-4777-8777-777777777777',
    barberId: ALEX.id,
    barberName: ALEX.name,
    serviceIds: [CUT.id, BEARD.id],
    serviceNames: ['Haircut', 'Beard trim'],
    intervalWeeks: 3,
    localTime: '10:00',
    weekday: 2,
    firstDate: '2026-11-03',
    untilDate: null,
    occurrences: 9,
    status: 'active',
    createdBy: 'owner',
    client: CLIENT,
    rrule: 'DTSTART:20261103T100000\nRRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=9',
    upcoming: [],
    collisions: [],
  };
  const collision = {
    date: '2026-12-15',
    wantedStart: '2026-12-15T15:00:00.000Z',
    alternatives: [
      { start: '2026-12-15T16:00:00.000Z', label: 'Tue, Dec 15 · 11:00 AM' },
      { start: '2026-12-16T15:00:00.000Z', label: 'Wed, Dec 16 · 10:00 AM' },
    ],
    status: 'open' as const,
  };
  const result: SeriesResult = {
    series: { ...series, collisions: [collision] },
    booked: Array.from({ length: 8 }, (_, i) => visit(`s${i}`, '2026-11-03T15:00:00.000Z', { seriesId: series.id })),
    collisions: [collision, { ...collision, date: '2027-01-26', wantedStart: '2027-01-26T15:00:00.000Z' }],
  };

  function setUp(
    appointments: Appointment[] = [],
    created: { status: number; body: unknown } = { status: 201, body: result },
  ) {
    const api = fakeApi(
      on('GET', '/api/my/shops', [{ id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', timeZone: ZONE }]),
      on('GET', `/api/shops/${SHOP_ID}/appointments`, agenda(appointments)),
      // The calendar asks for its day by date (issue 25).
      on('GET', `/api/shops/${SHOP_ID}/appointments?date=2026-05-10`, agenda(appointments)),
      on('GET', `/api/shops/${SHOP_ID}/series?status=active`, []),
      on('GET', `/api/shops/${SHOP_ID}/waitlist?date=2026-05-10`, []),
      on('POST', `/api/shops/${SHOP_ID}/series`, created.body as object, created.status),
      on(
        'POST',
        `/api/shops/${SHOP_ID}/series/${series.id}/collisions/2026-12-15/accept`,
        visit('alt', '2026-12-15T16:00:00.000Z', { seriesId: series.id }),
        201,
      ),
      (r) => (r.method === 'POST' && r.url.endsWith('/dismiss') ? { status: 204 } : undefined),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<CalendarTab shopId={SHOP_ID} services={[CUT, BEARD]} barbers={BARBERS} />);
    return api;
  }

  it('refuses an incomplete series with the contract wording', async () => {
    const api = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'New series…' }));
    const dialog = screen.getByRole('dialog', { name: 'New series' });
    const every = within(dialog).getByLabelText('Every (weeks)');
    await userEvent.clear(every);
    await userEvent.type(every, '13');
    await userEvent.clear(within(dialog).getByLabelText('Visits in all'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Series' }));
    expect(await within(dialog).findByText(VISIT_MESSAGES.services)).toBeInTheDocument();
    expect(within(dialog).getByText(VISIT_MESSAGES.intervalWeeks)).toBeInTheDocument();
    expect(within(dialog).getByText(VISIT_MESSAGES.seriesEnd)).toBeInTheDocument();
    expect(within(dialog).getByText(FIRST_VISIT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(BOOKING_MESSAGES.clientName)).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/series`)).toHaveLength(0);
  });

  it('posts the SeriesRequest, says how many visits were booked and accepts an alternative for a collision', async () => {
    const api = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'New series…' }));
    const dialog = screen.getByRole('dialog', { name: 'New series' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Barber'), ALEX.id);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Haircut/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Beard trim/ }));
    fireEvent.change(within(dialog).getByLabelText('First visit'), { target: { value: '2026-11-03' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '10:00' } });
    const count = within(dialog).getByLabelText('Visits in all');
    await userEvent.clear(count);
    await userEvent.type(count, '9');
    await userEvent.type(within(dialog).getByLabelText('Client name'), CLIENT.name);
    await userEvent.type(within(dialog).getByLabelText('E-mail'), CLIENT.email);
    await userEvent.type(within(dialog).getByLabelText('Phone'), CLIENT.phone);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Series' }));

    expect(await screen.findByText('Booked 8 visits')).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/series`)[0]!.body).toEqual({
      barberId: ALEX.id,
      serviceIds: [CUT.id, BEARD.id],
      start: '2026-11-03T15:00:00.000Z',
      repeat: { intervalWeeks: 3, count: 9 },
      client: CLIENT,
    });
    const outcome = screen.getByRole('dialog', { name: 'Series booked' });
    expect(outcome).toHaveTextContent('Repeats every 3 weeks with Alex Clip. 2 visits need another time.');
    const december = within(outcome).getByRole('listitem', { name: 'Tuesday, December 15, 2026 at 10:00 AM' });
    await userEvent.click(within(december).getByRole('button', { name: 'Accept Tue, Dec 15 · 11:00 AM' }));
    expect(await within(december).findByText('Booked Tue, Dec 15 · 11:00 AM')).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/series/${series.id}/collisions/2026-12-15/accept`)[0]!.body).toEqual(
      { start: '2026-12-15T16:00:00.000Z' },
    );

    const january = within(outcome).getByRole('listitem', { name: 'Tuesday, January 26, 2027 at 10:00 AM' });
    await userEvent.click(within(january).getByRole('button', { name: /^Dismiss/ }));
    expect(await within(january).findByText('Left out of the series')).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/series/${series.id}/collisions/2027-01-26/dismiss`)).toHaveLength(1);
    await userEvent.click(within(outcome).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Make this a series…' adopts the appointment as the first visit: only the rule is chosen", async () => {
    const from = visit('a1', '2026-05-10T14:00:00.000Z');
    const api = setUp([from]);
    // The calendar's block opens the appointment, whose card offers the series (issue 25).
    await userEvent.click(await screen.findByRole('button', { name: /^10:00 AM to .*Jordan Lee/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make this a series: 10:00 AM Jordan Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Make this a series' });
    expect(dialog).toHaveTextContent('Starting with this appointment on Sunday, May 10, 2026 at 10:00 AM');
    expect(dialog).toHaveTextContent('Haircut + Beard trim with Alex Clip.');
    expect(within(dialog).queryByLabelText('Barber')).toBeNull();
    expect(within(dialog).queryByLabelText('First visit')).toBeNull();
    expect(within(dialog).queryByLabelText('Time')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    for (const [label, value] of [
      ['Client name', CLIENT.name],
      ['E-mail', CLIENT.email],
      ['Phone', CLIENT.phone],
    ] as const) {
      expect(within(dialog).getByLabelText(label)).toHaveValue(value);
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('readonly');
    }
    const count = within(dialog).getByLabelText('Visits in all');
    await userEvent.clear(count);
    await userEvent.type(count, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Series' }));

    expect(await screen.findByText('Booked 8 visits')).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/series`)[0]!.body).toEqual({
      fromAppointmentId: 'a1',
      barberId: ALEX.id,
      serviceIds: [CUT.id, BEARD.id],
      start: '2026-05-10T14:00:00.000Z',
      repeat: { intervalWeeks: 3, count: 4 },
    });
  });

  it("says the api's refusal when the appointment is already in a series", async () => {
    setUp([visit('a1', '2026-05-10T14:00:00.000Z')], {
      status: 409,
      body: { error: { code: 'already_in_series', message: VISIT_MESSAGES.alreadyInSeries } },
    });
    // The calendar's block opens the appointment, whose card offers the series (issue 25).
    await userEvent.click(await screen.findByRole('button', { name: /^10:00 AM to .*Jordan Lee/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make this a series: 10:00 AM Jordan Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Make this a series' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Series' }));
    expect(
      await screen.findByText(`Failed to book series. Please try again. ${VISIT_MESSAGES.alreadyInSeries}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Make this a series' })).toBeInTheDocument();
  });
});
