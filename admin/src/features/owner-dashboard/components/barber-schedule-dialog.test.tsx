import {
  type Barber,
  type BarberSettings,
  BOOKING_MESSAGES,
  defaultHours,
  type Shop,
  type TimeOff,
} from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import { BarberScheduleDialog, MyScheduleDialog } from './barber-schedule-dialog';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const BARBER: Barber = {
  id: '22222222-2222-4222-8222-222222222222',
  shopId: SHOP_ID,
  name: 'Sam Fade',
  bio: '',
  profileImageUrl: '',
};
/** The shop opens at 08:00 on Mondays, unlike the defaults, so a prefill from the shop is visible. */
const SHOP_HOURS = { ...defaultHours(), monday: { open: '08:00', close: '17:00', closed: false } };
// Tokyo is UTC+9 all year, and neither of the zones the tests run in: a form that used the browser's zone would fail.
const SHOP = {
  id: SHOP_ID,
  name: 'Fade Co',
  slug: 'fade-co',
  hours_json: SHOP_HOURS,
  timeZone: 'Asia/Tokyo',
} as Shop;
const OWNER_BASE = `/api/shops/${SHOP_ID}/barbers/${BARBER.id}`;
const SETTINGS_URL = `${OWNER_BASE}/settings`;
const TIME_OFF_URL = `${OWNER_BASE}/time-off`;

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The settings api of one barber behind fetch, under the owner's path or (base '/api/barber') the barber's own;
 * `refuse` answers that method with the api's error instead.
 */
function fakeApi(
  opts: { timeOff?: TimeOff[]; refuse?: { method: string; status: number; body: unknown }; base?: string } = {},
) {
  const base = opts.base ?? OWNER_BASE;
  let settings: BarberSettings = {
    barberId: BARBER.id,
    hours_json: null,
    email: null,
    userId: null,
    timeOff: opts.timeOff ?? [],
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (opts.refuse?.method === method) return json(opts.refuse.status, opts.refuse.body);
    if (url === `${base}/settings` && method === 'GET') return json(200, settings);
    if (url === `${base}/settings` && method === 'PATCH') {
      settings = { ...settings, ...body };
      return json(200, settings);
    }
    if (url === `${base}/time-off` && method === 'POST') {
      const entry = { id: `t${settings.timeOff.length + 1}`, reason: '', ...body };
      settings = { ...settings, timeOff: [...settings.timeOff, entry] };
      return json(201, entry);
    }
    if (url.startsWith(`${base}/time-off/`) && method === 'DELETE') {
      const id = url.split('/').pop();
      settings = { ...settings, timeOff: settings.timeOff.filter((t) => t.id !== id) };
      return json(204);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  const sent = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { fetchMock, sent };
}

function renderDialog(dialog = <BarberScheduleDialog shop={SHOP} barber={BARBER} open onClose={vi.fn()} />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      {dialog}
      <Toaster />
    </QueryClientProvider>,
  );
}

async function setInput(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

async function fillTimeOff(start: [string, string], end: [string, string], reason = '') {
  await setInput('Start date', start[0]);
  await setInput('Start time', start[1]);
  await setInput('End date', end[0]);
  await setInput('End time', end[1]);
  if (reason) await setInput('Reason (optional)', reason);
}

describe('BarberScheduleDialog', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it("switches a barber to own hours, starting from the shop's week, and saves them with PATCH", async () => {
    const { fetchMock, sent } = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    const same = await screen.findByRole('radio', { name: /Same as shop hours/ });
    expect(same).toBeChecked();
    expect(screen.queryByLabelText('Monday opening time')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /Own hours/ }));
    expect(screen.getByLabelText('Monday opening time')).toHaveValue('08:00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday closed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Hours' }));

    expect(await screen.findByText('Hours saved')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      { url: SETTINGS_URL, body: { hours_json: { ...SHOP_HOURS, tuesday: { open: '', close: '', closed: true } } } },
    ]);
  });

  it('goes back to the shop hours with hours_json null', async () => {
    const { fetchMock, sent } = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await userEvent.click(await screen.findByRole('radio', { name: /Own hours/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Same as shop hours/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Hours' }));
    await waitFor(() => expect(sent('PATCH').map((c) => c.body)).toEqual([{ hours_json: null }]));
  });

  it("shows the api's refusal of the hours and keeps what was typed", async () => {
    const { fetchMock } = fakeApi({
      refuse: {
        method: 'PATCH',
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only the owner can do this' } },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await userEvent.click(await screen.findByRole('radio', { name: /Own hours/ }));
    await setInput('Wednesday closing time', '15:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save Hours' }));

    expect(
      await screen.findByText('Failed to save hours. Please try again. Only the owner can do this'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Own hours/ })).toBeChecked();
    expect(screen.getByLabelText('Wednesday closing time')).toHaveValue('15:30');
  });

  it("adds time off typed in the shop's zone as instants, and lists it", async () => {
    const { fetchMock, sent } = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(await screen.findByText('No upcoming time off.')).toBeInTheDocument();
    await fillTimeOff(['2030-03-04', '10:00'], ['2030-03-05', '15:30'], 'Dentist');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time Off' }));

    expect(await screen.findByText('Time off added')).toBeInTheDocument();
    // 10:00 in Tokyo is 01:00Z.
    expect(sent('POST')).toEqual([
      {
        url: TIME_OFF_URL,
        body: { start: '2030-03-04T01:00:00.000Z', end: '2030-03-05T06:30:00.000Z', reason: 'Dentist' },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Upcoming time off' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Monday, March 4, 2030, 10:00 AM – Tuesday, March 5, 2030, 3:30 PM');
    expect(item).toHaveTextContent('Dentist');
  });

  it('says an end before the start is wrong and sends nothing', async () => {
    const { fetchMock, sent } = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await screen.findByText('No upcoming time off.');
    await fillTimeOff(['2030-03-04', '14:00'], ['2030-03-04', '09:00']);
    await userEvent.click(screen.getByRole('button', { name: 'Add Time Off' }));

    expect(await screen.findByText(BOOKING_MESSAGES.timeOffOrder)).toBeInTheDocument();
    expect(screen.getByLabelText('End time')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST')).toEqual([]);
  });

  it('asks for a missing day or time instead of sending', async () => {
    const { fetchMock, sent } = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await screen.findByText('No upcoming time off.');
    await userEvent.clear(screen.getByLabelText('Start date'));
    await userEvent.clear(screen.getByLabelText('End time'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Time Off' }));

    expect(await screen.findByText('Choose a start date')).toBeInTheDocument();
    expect(screen.getByText('Choose an end time')).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);
  });

  it("shows the api's refusal of time off and keeps the form as typed", async () => {
    const { fetchMock } = fakeApi({
      refuse: {
        method: 'POST',
        status: 400,
        body: {
          error: { code: 'bad_request', message: 'Reason is too long', fields: { reason: 'Reason is too long' } },
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await screen.findByText('No upcoming time off.');
    await fillTimeOff(['2030-03-04', '10:00'], ['2030-03-04', '12:00'], 'Dentist');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time Off' }));

    expect(await screen.findByText('Failed to add time off. Please try again. Reason is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Start date')).toHaveValue('2030-03-04');
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00');
    expect(screen.getByLabelText('End time')).toHaveValue('12:00');
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('Dentist');
    expect(screen.getByText('No upcoming time off.')).toBeInTheDocument();
  });

  it('removes time off only after it is confirmed, and leaves past time off out of the list', async () => {
    const { fetchMock, sent } = fakeApi({
      timeOff: [
        { id: 'past', start: '2020-01-06T00:00:00.000Z', end: '2020-01-06T09:00:00.000Z', reason: 'Long gone' },
        { id: 'soon', start: '2030-03-04T01:00:00.000Z', end: '2030-03-04T06:30:00.000Z', reason: '' },
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Upcoming time off' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Long gone')).toBeNull();

    const when = 'Monday, March 4, 2030, 10:00 AM – 3:30 PM';
    await userEvent.click(screen.getByRole('button', { name: `Remove time off: ${when}` }));
    expect(screen.getByText('Remove this time off? Clients can book these times again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: `Remove time off: ${when}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Time off removed')).toBeInTheDocument();
    expect(sent('DELETE')).toEqual([{ url: `${TIME_OFF_URL}/soon`, body: undefined }]);
    expect(await screen.findByText('No upcoming time off.')).toBeInTheDocument();
  });

  it('says so when the schedule cannot be loaded', async () => {
    const { fetchMock } = fakeApi({
      refuse: { method: 'GET', status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(await screen.findByText('The schedule could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("MyScheduleDialog (a barber's own schedule)", () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  const renderMine = () =>
    renderDialog(<MyScheduleDialog timeZone="Asia/Tokyo" shopHours={SHOP_HOURS} open onClose={vi.fn()} />);

  it("saves the barber's own hours on /api/barber/settings, starting from the shop's week", async () => {
    const { fetchMock, sent } = fakeApi({ base: '/api/barber' });
    vi.stubGlobal('fetch', fetchMock);
    renderMine();
    expect(screen.getByRole('dialog', { name: 'My Schedule' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /You work whenever the shop is open/ })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: /Set the days and times you work/ }));
    expect(screen.getByLabelText('Monday opening time')).toHaveValue('08:00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friday closed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Hours' }));

    // (The toast store outlives each test, so this waits for the request rather than for 'Hours saved'.)
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')).toEqual([
      {
        url: '/api/barber/settings',
        body: { hours_json: { ...SHOP_HOURS, friday: { open: '', close: '', closed: true } } },
      },
    ]);
  });

  it("adds and removes the barber's own time off on /api/barber/time-off, in the shop's zone", async () => {
    const { fetchMock, sent } = fakeApi({ base: '/api/barber' });
    vi.stubGlobal('fetch', fetchMock);
    renderMine();
    expect(await screen.findByText(/Clients cannot book you during time off/)).toHaveTextContent('Asia/Tokyo');
    await fillTimeOff(['2030-03-04', '10:00'], ['2030-03-04', '15:30'], 'Holiday');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time Off' }));

    const when = 'Monday, March 4, 2030, 10:00 AM – 3:30 PM';
    expect(await screen.findByRole('listitem', { name: when })).toHaveTextContent('Holiday');
    expect(sent('POST')).toEqual([
      {
        url: '/api/barber/time-off',
        body: { start: '2030-03-04T01:00:00.000Z', end: '2030-03-04T06:30:00.000Z', reason: 'Holiday' },
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: `Remove time off: ${when}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('No upcoming time off.')).toBeInTheDocument();
    expect(sent('DELETE')).toEqual([{ url: '/api/barber/time-off/t1', body: undefined }]);
  });

  it("shows the api's refusal of the barber's hours in its words", async () => {
    const { fetchMock } = fakeApi({
      base: '/api/barber',
      refuse: {
        method: 'PATCH',
        status: 400,
        body: { error: { code: 'invalid_input', message: BOOKING_MESSAGES.ownHoursOnly } },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderMine();
    await userEvent.click(await screen.findByRole('radio', { name: /Own hours/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Hours' }));
    expect(
      await screen.findByText(`Failed to save hours. Please try again. ${BOOKING_MESSAGES.ownHoursOnly}`),
    ).toBeInTheDocument();
  });
});
