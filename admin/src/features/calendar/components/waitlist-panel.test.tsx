import type { AvailabilityResponse, Barber, WaitlistEntry } from '@barberly/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { WaitlistPanel } from './waitlist-panel';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const ZONE = 'America/New_York';
const DATE = '2026-05-16';
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Fade' };
const ALEX = { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip' };
const BARBERS: Barber[] = [SAM, ALEX].map((b) => ({ ...b, shopId: SHOP_ID, bio: '', profileImageUrl: '' }));
const CUT = { id: '44444444-4444-4444-8444-444444444444', name: 'Haircut' };
const BEARD = { id: '55555555-5555-4555-8555-555555555555', name: 'Beard trim' };

const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: 'w1',
  date: DATE,
  windowStart: '10:00',
  windowEnd: '13:00',
  barber: null,
  services: [CUT],
  client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
  status: 'waiting',
  position: 1,
  createdAt: '2026-05-10T12:00:00.000Z',
  hold: null,
  ...over,
});
const JORDAN = entry({ services: [CUT, BEARD] });
const CASEY = entry({
  id: 'w2',
  position: 2,
  barber: SAM,
  client: { name: 'Casey Moss', email: 'casey@example.com', phone: '' },
  status: 'offered',
  hold: {
    start: '2026-05-16T15:00:00.000Z',
    label: 'Sat, May 16 · 11:00 AM',
    barberName: 'Sam Fade',
    expiresAt: '2026-05-16T14:15:00.000Z',
  },
});
const FREE: AvailabilityResponse = {
  date: DATE,
  timeZone: ZONE,
  slots: [
    { start: '2026-05-16T13:00:00.000Z', label: '9:00 AM', barberIds: [SAM.id] },
    { start: '2026-05-16T14:30:00.000Z', label: '10:30 AM', barberIds: [SAM.id, ALEX.id] },
    { start: '2026-05-16T19:00:00.000Z', label: '3:00 PM', barberIds: [ALEX.id] },
  ],
};
const WAITLIST_URL = `/api/shops/${SHOP_ID}/waitlist?date=${DATE}`;

function show() {
  renderWithApi(<WaitlistPanel shopId={SHOP_ID} shopKey="fade-co" date={DATE} timeZone={ZONE} barbers={BARBERS} />);
}

describe('WaitlistPanel', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the day in join order with window, barber or any, services, status and the current hold', async () => {
    vi.stubGlobal('fetch', fakeApi(on('GET', WAITLIST_URL, [JORDAN, CASEY])).fetchMock);
    show();
    const list = await screen.findByRole('list', { name: `Waitlist for ${DATE}` });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('1. Jordan Lee, Haircut + Beard trim');
    expect(first).toHaveTextContent('10:00 AM – 1:00 PM · Any barber');
    expect(first).toHaveTextContent('Waiting');
    expect(second).toHaveAccessibleName('2. Casey Moss, Haircut');
    expect(second).toHaveTextContent('Sam Fade');
    expect(second).toHaveTextContent('Offered');
    expect(second).toHaveTextContent('Holding Sat, May 16 · 11:00 AM with Sam Fade until 10:15 AM');
    expect(within(second!).getByRole('button', { name: 'Offer a time to Casey Moss' })).toBeDisabled();
    expect(screen.getByText('2 waiting for this day, first come first offered.')).toBeInTheDocument();
  });

  it("offers a free time in their window with the barber chosen, from the storefront's availability", async () => {
    const api = fakeApi(
      on('GET', WAITLIST_URL, [JORDAN]),
      on('GET', /\/availability\?/, FREE),
      on('POST', `/api/shops/${SHOP_ID}/waitlist/w1/offer`, { ...JORDAN, status: 'offered' }),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Offer a time to Jordan Lee' }));
    const picker = screen.getByRole('region', { name: 'Offer a time to Jordan Lee' });
    const inWindow = await within(picker).findByRole('group', { name: 'Free times in their window' });
    expect(
      within(inWindow)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['10:30 AM']);
    expect(api.sent('GET', /\/availability\?/)[0]!.url).toBe(
      `/api/shops/fade-co/availability?serviceIds=${CUT.id},${BEARD.id}&barberId=any&date=${DATE}`,
    );
    await userEvent.click(within(inWindow).getByRole('button', { name: '10:30 AM' }));
    await userEvent.selectOptions(within(picker).getByLabelText('Barber'), ALEX.id);
    await userEvent.click(within(picker).getByRole('button', { name: 'Offer 10:30 AM' }));
    await waitFor(() => expect(api.sent('POST', `/api/shops/${SHOP_ID}/waitlist/w1/offer`)).toHaveLength(1));
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/waitlist/w1/offer`)[0]!.body).toEqual({
      start: '2026-05-16T14:30:00.000Z',
      barberId: ALEX.id,
    });
    expect(await screen.findByText('Jordan Lee has 15 minutes to claim 10:30 AM.')).toBeInTheDocument();
    expect(api.sent('GET', WAITLIST_URL).length).toBeGreaterThanOrEqual(2);
  });

  it("says when that time was taken meanwhile, in the api's words", async () => {
    const api = fakeApi(
      on('GET', WAITLIST_URL, [entry({ barber: SAM })]),
      on('GET', /\/availability\?/, FREE),
      on('POST', /\/offer$/, { error: { code: 'offer_slot_taken', message: 'That time is no longer free' } }, 409),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Offer a time to Jordan Lee' }));
    await userEvent.click(await screen.findByRole('button', { name: '10:30 AM' }));
    expect(screen.queryByLabelText('Barber')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Offer 10:30 AM' }));
    expect(await screen.findByText('That time is no longer free')).toBeInTheDocument();
    expect(api.sent('POST', /\/offer$/)[0]!.body).toEqual({ start: '2026-05-16T14:30:00.000Z', barberId: SAM.id });
    expect(api.sent('GET', /\/availability\?/)[0]!.url).toContain(`barberId=${SAM.id}`);
  });

  it('removes an entry after asking, and shows the empty day', async () => {
    let entries = [JORDAN];
    const api = fakeApi(
      on('GET', WAITLIST_URL, () => entries),
      (r) => {
        if (r.method !== 'DELETE') return undefined;
        entries = [];
        return { status: 204 };
      },
    );
    vi.stubGlobal('fetch', api.fetchMock);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Jordan Lee from the waitlist' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(
      await screen.findByText(/clients who join its waitlist show up here in the order they joined/),
    ).toBeInTheDocument();
    expect(api.sent('DELETE', `/api/shops/${SHOP_ID}/waitlist/w1`)).toHaveLength(1);
    expect(screen.getByText('Removed from the waitlist')).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeApi((r) =>
        r.url === WAITLIST_URL
          ? fail
            ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
            : { status: 200, body: [] }
          : undefined,
      ).fetchMock,
    );
    show();
    expect(await screen.findByText('The waitlist could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No one waiting for this day.')).toBeInTheDocument();
  });
});
