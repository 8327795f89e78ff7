import { BOOKING_MESSAGES, defaultHours, type MyBarberSettings } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
// The dialog app/ hands in: this test composes the two features the way app/routes/app-pages.tsx does.
import { MyScheduleDialog } from '../../owner-dashboard';
import { MyScheduleCard } from './my-schedule-card';

vi.setConfig({ testTimeout: 20_000 });

/** The shop opens at 08:00 on Mondays, unlike the defaults; Tokyo is neither of the zones the tests run in. */
const SHOP_HOURS = { ...defaultHours(), monday: { open: '08:00', close: '17:00', closed: false } };
const MINE: MyBarberSettings = {
  barberId: '22222222-2222-4222-8222-222222222222',
  hours_json: null,
  email: 'sam@example.com',
  userId: '33333333-3333-4333-8333-333333333333',
  timeOff: [
    { id: 'past', start: '2020-01-06T00:00:00.000Z', end: '2020-01-06T09:00:00.000Z', reason: 'Long gone' },
    { id: 'soon', start: '2030-03-04T01:00:00.000Z', end: '2030-03-04T06:30:00.000Z', reason: 'Dentist' },
  ],
  shop: { id: '11111111-1111-4111-8111-111111111111', name: 'Fade Co', timeZone: 'Asia/Tokyo', hours_json: SHOP_HOURS },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** GET and PATCH /api/barber/settings behind fetch, as the api answers them. */
function fakeApi(answer: { status: number; body: unknown } = { status: 200, body: MINE }) {
  let settings = MINE;
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (String(input) !== '/api/barber/settings') return json(404, { error: { code: 'not_found', message: 'No' } });
    if (method === 'PATCH') {
      settings = { ...settings, ...JSON.parse(String(init?.body)) };
      return json(200, settings);
    }
    return answer.status === 200 ? json(200, settings) : json(answer.status, answer.body);
  });
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MyScheduleCard ScheduleDialog={MyScheduleDialog} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** One row of the card's week: 'Monday' and its hours. */
const day = (name: string) => within(screen.getByLabelText('Your working week')).getByText(name).closest('div')!;

describe('MyScheduleCard', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the week the barber works and their upcoming time off, in the shop's zone", async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderCard();
    expect(await screen.findByText('Same as shop hours')).toBeInTheDocument();
    expect(screen.getByText(/Times are in the shop's time zone, Asia\/Tokyo/)).toBeInTheDocument();
    expect(day('Monday')).toHaveTextContent('Monday8:00 AM – 5:00 PM');
    expect(day('Sunday')).toHaveTextContent('SundayClosed');
    // The 2020 entry is over; only the one in 2030 is upcoming.
    expect(screen.getByText('1 upcoming time off entry.')).toBeInTheDocument();
  });

  it('opens My Schedule from the keyboard, and the card follows what the barber saves there', async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    renderCard();
    const edit = await screen.findByRole('button', { name: 'Edit My Schedule' });
    edit.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'My Schedule' });
    // The dialog reads the same settings the card did, so it opens on them at once.
    expect(within(dialog).getByRole('radio', { name: /Same as shop hours/ })).toBeChecked();
    expect(within(dialog).getByRole('listitem', { name: 'Monday, March 4, 2030, 10:00 AM – 3:30 PM' })).toBeVisible();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Own hours/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday closed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Hours' }));
    await waitFor(() => expect(screen.getByText('Your own hours')).toBeInTheDocument());

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(edit).toHaveFocus();
    expect(day('Monday')).toHaveTextContent('MondayClosed');
    expect(day('Tuesday')).toHaveTextContent('Tuesday9:00 AM – 6:00 PM');
  });

  it("writes the week on the shop's 24-hour clock when the shop summary carries it (issue 13)", async () => {
    const shop = { ...MINE.shop, clock: '24h', locale: 'en-GB' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...MINE, shop })),
    );
    renderCard();
    expect(await screen.findByText('Same as shop hours')).toBeInTheDocument();
    expect(day('Monday')).toHaveTextContent('Monday08:00 – 17:00');
  });

  it("gives an account that is not a shop's barber the api's reason, and nothing to edit", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ status: 403, body: { error: { code: 'forbidden', message: BOOKING_MESSAGES.notLinkedBarber } } }),
    );
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your schedule could not be loaded: ${BOOKING_MESSAGES.notLinkedBarber}`,
    );
    expect(screen.queryByRole('button', { name: 'Edit My Schedule' })).toBeNull();
  });
});
