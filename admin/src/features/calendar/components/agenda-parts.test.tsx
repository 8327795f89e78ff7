import type { Appointment, Barber, Service, ShopAgenda } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import { AgendaDay } from './agenda-parts';
import { CalendarTab } from './calendar-tab';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Fade', profileImageUrl: '' };
const ALEX = { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip', profileImageUrl: '' };
const CUT: Service = {
  id: '44444444-4444-4444-8444-444444444444',
  shopId: SHOP_ID,
  name: 'Skin Fade',
  description: '',
  price: 30,
  durationMinutes: 45,
};
const SERIES_ID = '77777777-7777-4777-8777-777777777777';
const BARBERS: Barber[] = [SAM, ALEX].map((b) => ({ ...b, shopId: SHOP_ID, bio: '' }));

function appointment(
  id: string,
  barber: typeof SAM,
  localTime: string,
  client: string,
  extra: Partial<Appointment> = {},
): Appointment {
  return {
    id,
    status: 'confirmed',
    start: '2026-05-10T13:00:00.000Z',
    end: '2026-05-10T13:45:00.000Z',
    localDate: '2026-05-10',
    localTime,
    service: { id: CUT.id, name: CUT.name, durationMinutes: 45, price: 30 },
    barber: SAM === barber ? SAM : ALEX,
    shop: { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', address: '', phoneNumber: '', timeZone: 'America/New_York' },
    client: { name: client, email: `${client.split(' ')[0]!.toLowerCase()}@example.com`, phone: '555-0100' },
    note: '',
    source: 'online',
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...extra,
  };
}

function agendaOf(appointments: Appointment[], date = '2026-05-10'): ShopAgenda {
  return {
    date,
    timeZone: 'America/New_York',
    appointments,
    barbers: [SAM, ALEX].map((barber) => ({
      barber,
      appointments: appointments.filter((a) => a.barber.id === barber.id),
    })),
  };
}

/** 8:00 AM in New York on Sunday 2026-05-10, the fixtures' day: their 9:00 AM visits are ahead. */
const MORNING = new Date('2026-05-10T12:00:00Z');
beforeEach(() => {
  // Only Date is faked: the clock says it is that morning, timers and user events run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
});
afterEach(() => vi.useRealTimers());

describe('AgendaDay', () => {
  it('offers completed or no-show on an appointment that has started, not Cancel or Make this a series…', () => {
    vi.setSystemTime(new Date('2026-05-10T13:30:00Z'));
    render(
      <AgendaDay
        agenda={agendaOf([appointment('a1', SAM, '9:00 AM', 'Jordan Lee')])}
        pendingId={null}
        onSetStatus={vi.fn()}
        onMakeSeries={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Mark completed: 9:00 AM Jordan Lee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark no-show: 9:00 AM Jordan Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel: 9:00 AM Jordan Lee' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make this a series: 9:00 AM Jordan Lee' })).toBeNull();
  });

  it('groups the day by barber, with time, client, contact, service and status', () => {
    const day = agendaOf([
      appointment('a1', SAM, '9:00 AM', 'Jordan Lee'),
      appointment('a2', ALEX, '9:00 AM', 'Casey Moss', { status: 'completed' }),
      appointment('a3', SAM, '10:00 AM', 'Riley Park', { status: 'cancelled' }),
    ]);
    render(<AgendaDay agenda={day} pendingId={null} onSetStatus={vi.fn()} />);
    const sam = within(screen.getByRole('region', { name: 'Sam Fade' }));
    const samItems = sam.getAllByRole('listitem');
    expect(samItems.map((li) => li.getAttribute('aria-label'))).toEqual([
      '9:00 AM, Jordan Lee, Skin Fade',
      '10:00 AM, Riley Park, Skin Fade',
    ]);
    expect(samItems[0]).toHaveTextContent('Confirmed');
    expect(samItems[0]).toHaveTextContent('555-0100');
    expect(samItems[0]).toHaveTextContent('jordan@example.com');
    expect(samItems[1]).toHaveTextContent('Cancelled');
    const alex = within(screen.getByRole('region', { name: 'Alex Clip' }));
    expect(alex.getByRole('listitem')).toHaveTextContent('Casey Moss');
    expect(alex.getByRole('listitem')).toHaveTextContent('Completed');
  });

  it('offers complete, no-show and cancel on a confirmed appointment; cancel asks first', async () => {
    const onSetStatus = vi.fn();
    const jordan = appointment('a1', SAM, '9:00 AM', 'Jordan Lee');
    render(<AgendaDay agenda={agendaOf([jordan])} pendingId={null} onSetStatus={onSetStatus} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark completed: 9:00 AM Jordan Lee' }));
    expect(onSetStatus).toHaveBeenLastCalledWith(jordan, 'completed');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel: 9:00 AM Jordan Lee' }));
    expect(onSetStatus).toHaveBeenCalledTimes(1);
    expect(
      screen.getByText("Cancel Jordan Lee's Skin Fade at 9:00 AM? The client gets an e-mail."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onSetStatus).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel: 9:00 AM Jordan Lee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onSetStatus).toHaveBeenLastCalledWith(jordan, 'cancelled');
  });

  it('offers no actions on a cancelled appointment', () => {
    render(
      <AgendaDay
        agenda={agendaOf([appointment('a1', SAM, '9:00 AM', 'Jordan Lee', { status: 'cancelled' })])}
        pendingId={null}
        onSetStatus={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the client's text confirmation and the latest text's status in words", () => {
    const at = '2026-05-09T13:00:00.000Z';
    render(
      <AgendaDay
        agenda={agendaOf([
          appointment('a1', SAM, '9:00 AM', 'Jordan Lee', {
            reminderChannel: 'sms',
            clientConfirmedAt: at,
            lastText: { kind: 'reminder', channel: 'sms', status: 'delivered', at },
          }),
          appointment('a2', SAM, '10:00 AM', 'Riley Park', {
            reminderChannel: 'whatsapp',
            clientConfirmedAt: null,
            lastText: { kind: 'reminder', channel: 'whatsapp', status: 'undelivered', at },
          }),
          appointment('a3', SAM, '11:00 AM', 'Casey Moss'),
        ])}
        pendingId={null}
        onSetStatus={vi.fn()}
      />,
    );
    const [jordan, riley, casey] = within(screen.getByRole('region', { name: 'Sam Fade' })).getAllByRole('listitem');
    expect(within(jordan!).getByText('Confirmed by client')).toBeInTheDocument();
    expect(within(jordan!).getByText('SMS delivered')).toBeInTheDocument();
    expect(within(riley!).queryByText('Confirmed by client')).not.toBeInTheDocument();
    expect(within(riley!).getByText('WhatsApp failed: sent by e-mail')).toBeInTheDocument();
    expect(casey).not.toHaveTextContent(/Confirmed by client|SMS|WhatsApp/);
  });

  it("shows a visit's services as one line and each with its length (issue 14)", () => {
    const visit = appointment('a1', SAM, '9:00 AM', 'Jordan Lee', {
      service: { id: null, name: 'Haircut + Beard trim', durationMinutes: 45, price: 40 },
      items: [
        { serviceId: CUT.id, name: 'Haircut', durationMinutes: 30, price: 25 },
        { serviceId: null, name: 'Beard trim', durationMinutes: 15, price: 15 },
      ],
    });
    render(<AgendaDay agenda={agendaOf([visit])} pendingId={null} onSetStatus={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: '9:00 AM, Jordan Lee, Haircut + Beard trim' });
    const lines = within(item).getByRole('list', { name: 'Services in this visit' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Haircut · 30 min', 'Beard trim · 15 min']);
  });

  it("badges a series visit and asks 'Only this visit' or 'This and all later visits' on cancel", async () => {
    const onSetStatus = vi.fn();
    const visit = appointment('a1', SAM, '9:00 AM', 'Jordan Lee', { seriesId: SERIES_ID });
    render(
      <AgendaDay
        agenda={agendaOf([visit])}
        pendingId={null}
        onSetStatus={onSetStatus}
        onMakeSeries={vi.fn()}
        seriesIntervals={new Map([[SERIES_ID, 3]])}
      />,
    );
    expect(screen.getByText('Repeats every 3 weeks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Make this a series/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel: 9:00 AM Jordan Lee' }));
    expect(screen.queryByRole('button', { name: 'Yes, cancel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'This and all later visits' }));
    expect(onSetStatus).toHaveBeenLastCalledWith(visit, 'cancelled', 'following');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel: 9:00 AM Jordan Lee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Only this visit' }));
    expect(onSetStatus).toHaveBeenLastCalledWith(visit, 'cancelled', 'one');
  });

  it('says so when the day has no appointments', () => {
    render(<AgendaDay agenda={agendaOf([])} pendingId={null} onSetStatus={vi.fn()} />);
    expect(screen.getByText('No appointments on this day')).toBeInTheDocument();
  });
});

/** A tiny in-memory api behind fetch: the agenda of one day, PATCH of a status, walk-ins. */
function fakeApi(initial: Appointment[]) {
  let rows = [...initial];
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    // The agenda (with or without ?date=), not an appointment's own paths such as its payments.
    if (method === 'GET' && /^\/api\/shops\/[^/]+\/appointments(\?|$)/.test(url)) {
      const date = new URL(url, 'http://x').searchParams.get('date') ?? '2026-05-10';
      return json(200, agendaOf(date === '2026-05-10' ? rows : [], date));
    }
    if (method === 'GET' && url === `/api/shops/${SHOP_ID}/series?status=active`) {
      return json(200, [
        {
          id: SERIES_ID,
          barberId: SAM.id,
          barberName: SAM.name,
          serviceIds: [CUT.id],
          serviceNames: [CUT.name],
          intervalWeeks: 3,
          localTime: '09:00',
          weekday: 7,
          firstDate: '2026-05-10',
          untilDate: null,
          occurrences: 6,
          status: 'active',
          createdBy: 'owner',
          client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
          rrule: 'DTSTART:20260510T090000\nRRULE:FREQ=WEEKLY;INTERVAL=3;COUNT=6',
          upcoming: [],
          collisions: [],
        },
      ]);
    }
    if (method === 'GET' && url.startsWith(`/api/shops/${SHOP_ID}/waitlist?date=`)) return json(200, []);
    if (method === 'GET' && url === '/api/my/shops') return json(200, []);
    if (method === 'PATCH') {
      const id = url.split('/').pop();
      const { status } = JSON.parse(String(init?.body)) as { status: Appointment['status'] };
      rows = rows.map((a) => (a.id === id ? { ...a, status } : a));
      return json(
        200,
        rows.find((a) => a.id === id),
      );
    }
    if (method === 'POST' && url.endsWith('/walk-in')) {
      return json(409, {
        error: { code: 'no_free_slot', message: 'No barber is free for this service before closing today.' },
      });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { fetchMock, calls };
}

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The calendar's block for an appointment opens its detail, which holds the card with its actions (issue 25). */
async function openBlock(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog');
}

describe('CalendarTab (the Appointments tab)', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('marks an appointment completed and shows the refreshed list without a reload', async () => {
    const { fetchMock, calls } = fakeApi([appointment('a1', SAM, '9:00 AM', 'Jordan Lee')]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    const dialog = await openBlock('9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed');
    const item = within(dialog).getByRole('listitem', { name: '9:00 AM, Jordan Lee, Skin Fade' });
    expect(item).toHaveTextContent('Confirmed');
    await userEvent.click(within(item).getByRole('button', { name: /^Mark completed/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem', { name: '9:00 AM, Jordan Lee, Skin Fade' })).toHaveTextContent(
        'Completed',
      ),
    );
    expect(within(dialog).queryByRole('button', { name: /^Mark completed/ })).toBeNull();
    expect(calls).toContain(`PATCH /api/shops/${SHOP_ID}/appointments/a1`);
    expect(calls.filter((c) => c.startsWith('GET')).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Appointment completed')).toBeInTheDocument();
  });

  it('moves a day forward and back, and shows the empty state for a day with none', async () => {
    const { fetchMock, calls } = fakeApi([appointment('a1', SAM, '9:00 AM', 'Jordan Lee')]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    await screen.findByRole('button', { name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed' });
    expect(screen.getByText(/Sunday, May 10, 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No appointments on this day')).toBeInTheDocument();
    expect(screen.getByText(/Monday, May 11, 2026/)).toBeInTheDocument();
    expect(calls).toContain(`GET /api/shops/${SHOP_ID}/appointments?date=2026-05-11`);
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(
      await screen.findByRole('button', { name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed' }),
    ).toBeInTheDocument();
  });

  it('cancels a series visit and every later one with PATCH {status, scope}', async () => {
    const { fetchMock, calls } = fakeApi([appointment('a1', SAM, '9:00 AM', 'Jordan Lee', { seriesId: SERIES_ID })]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    const dialog = await openBlock('9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed');
    const item = within(dialog).getByRole('listitem', { name: '9:00 AM, Jordan Lee, Skin Fade' });
    expect(await within(item).findByText('Repeats every 3 weeks')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(within(item).getByRole('button', { name: 'This and all later visits' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem', { name: '9:00 AM, Jordan Lee, Skin Fade' })).toHaveTextContent(
        'Cancelled',
      ),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'cancelled', scope: 'following' });
    expect(calls).toContain(`PATCH /api/shops/${SHOP_ID}/appointments/a1`);
    expect(await screen.findByText('Series cancelled from this visit')).toBeInTheDocument();
  });

  it("opens 'Make this a series…' starting with the appointment itself, for its client", async () => {
    const { fetchMock } = fakeApi([
      appointment('a1', SAM, '9:00 AM', 'Jordan Lee', { start: '2026-05-10T13:00:00.000Z' }),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    const detail = await openBlock('9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed');
    await userEvent.click(within(detail).getByRole('button', { name: 'Make this a series: 9:00 AM Jordan Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Make this a series' });
    expect(dialog).toHaveTextContent('Starting with this appointment on Sunday, May 10, 2026 at 9:00 AM');
    expect(dialog).toHaveTextContent(`Skin Fade with ${SAM.name}.`);
    expect(within(dialog).getByLabelText('Client name')).toHaveValue('Jordan Lee');
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('jordan@example.com');
  });

  it("books a walk-in in two clicks and shows a refusal as 'Error' with the api's message", async () => {
    const { fetchMock, calls } = fakeApi([]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    await screen.findByText('No appointments on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Walk-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book walk-in: Skin Fade' }));
    expect(await screen.findByText('No barber is free for this service before closing today.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ serviceId: CUT.id, barberId: 'any', date: '2026-05-10' });
    expect(calls).toContain(`POST /api/shops/${SHOP_ID}/walk-in`);
  });

  it('names the day a walk-in books on, and refuses another day with the reason', async () => {
    const { fetchMock } = fakeApi([]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    await screen.findByText('No appointments on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Walk-in' }));
    expect(screen.getByRole('group', { name: 'Book a walk-in' })).toHaveTextContent(
      'Books on Sunday, May 10, 2026 (today)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText(/Monday, May 11, 2026/);
    const walkIn = await screen.findByRole('button', { name: 'Walk-in' });
    expect(walkIn).toBeDisabled();
    expect(walkIn).toHaveAccessibleDescription('Walk-ins are booked for today only. Go to today to add one.');
    expect(screen.queryByRole('group', { name: 'Book a walk-in' })).toBeNull();
  });

  it("sends the walk-in's optional client details, blank ones as empty strings", async () => {
    const { fetchMock } = fakeApi([]);
    vi.stubGlobal('fetch', fetchMock);
    wrap(<CalendarTab shopId={SHOP_ID} services={[CUT]} barbers={BARBERS} />);
    await screen.findByText('No appointments on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Walk-in' }));
    await userEvent.click(screen.getByText('Add client details (optional)'));
    await userEvent.type(screen.getByLabelText('Client name'), ' Ana Silva ');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book walk-in: Skin Fade' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      serviceId: CUT.id,
      barberId: 'any',
      date: '2026-05-10',
      client: { name: 'Ana Silva', email: 'ana@example.com', phone: '' },
    });
    // Refused: the panel stays open with the details, for another try.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book walk-in: Skin Fade' })).toBeEnabled());
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@example.com');
  });
});

describe("AgendaDay in the shop's currency and clock (issue 13)", () => {
  it("writes each appointment on the shop's 24-hour clock with its price in euros", () => {
    const appointment = {
      id: 'a1',
      status: 'confirmed' as const,
      start: '2026-05-10T12:30:00.000Z',
      end: '2026-05-10T13:15:00.000Z',
      localDate: '2026-05-10',
      localTime: '2:30 PM',
      service: { id: 's1', name: 'Coupe', durationMinutes: 45, price: 32.5 },
      barber: { id: 'b1', name: 'Sam', profileImageUrl: '' },
      shop: { id: 'x', slug: 'x', name: 'X', address: '', phoneNumber: '', timeZone: 'Europe/Paris' },
      client: { name: 'Jordan Lee', email: '', phone: '' },
      note: '',
      source: 'online' as const,
      createdAt: '2026-05-01T00:00:00.000Z',
      updatedAt: '2026-05-01T00:00:00.000Z',
    };
    render(
      <AgendaDay
        agenda={{
          date: '2026-05-10',
          timeZone: 'Europe/Paris',
          appointments: [appointment],
          barbers: [{ barber: appointment.barber, appointments: [appointment] }],
        }}
        pendingId={null}
        onSetStatus={vi.fn()}
        display={{ currency: 'EUR', locale: 'fr-FR', clock: '24h' }}
      />,
    );
    const item = screen.getByRole('listitem', { name: '14:30, Jordan Lee, Coupe' });
    expect(item).toHaveTextContent(/14:30 · 45 min · 32,50\s€/);
  });
});
