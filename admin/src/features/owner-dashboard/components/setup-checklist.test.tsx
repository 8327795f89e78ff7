import { defaultHours, type Shop } from '@barberly/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { setupProgressKey } from '../lib/setup-progress';
import { SetupChecklist } from './setup-checklist';

const SHOP = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'fade-co',
  name: 'Fade Co',
  hours_json: defaultHours(),
  smsEnabled: false,
  whatsappEnabled: false,
  customDomain: null,
} as unknown as Shop;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

function setup({ shop = SHOP, barberCount = 0, storage = memoryStorage(), share = vi.fn(async () => true) } = {}) {
  const onGoTo = vi.fn();
  const view = render(
    <SetupChecklist shop={shop} barberCount={barberCount} onGoTo={onGoTo} onShareLink={share} storage={storage} />,
  );
  return { onGoTo, storage, share, view };
}

const region = () => screen.getByRole('region', { name: 'Get your shop ready' });
const step = (title: string) => within(region()).getByText(title, { selector: 'p' }).closest('li') as HTMLElement;

describe('SetupChecklist', () => {
  it('lists the six steps with a way to do each, and sends the owner to the right place', async () => {
    const { onGoTo } = setup();
    expect(within(region()).getByText('0 of 6 done')).toBeInTheDocument();
    for (const title of [
      'Add a barber',
      'Set your opening hours',
      'Close on public holidays',
      'Share your booking link',
      'Turn on text reminders',
      'Connect your own domain',
    ]) {
      expect(step(title)).toHaveTextContent('(to do)');
    }
    await userEvent.click(within(step('Add a barber')).getByRole('button', { name: 'Add a barber' }));
    await userEvent.click(within(step('Turn on text reminders')).getByRole('button', { name: 'Set up texts' }));
    await userEvent.click(within(step('Connect your own domain')).getByRole('button', { name: 'Set up a domain' }));
    expect(onGoTo.mock.calls.map((call) => call[0])).toEqual(['barbers', 'messages', 'domains']);
  });

  it('ticks off what the shop already has: a barber, changed hours, texts on, a domain', () => {
    setup({
      shop: {
        ...SHOP,
        hours_json: { ...defaultHours(), sunday: { open: '10:00', close: '14:00', closed: false } },
        smsEnabled: true,
        customDomain: 'www.fadeco.com',
      },
      barberCount: 1,
    });
    expect(within(region()).getByText('4 of 6 done')).toBeInTheDocument();
    expect(step('Add a barber')).toHaveTextContent('(done)');
    expect(step('Set your opening hours')).toHaveTextContent('(done)');
    expect(step('Share your booking link')).toHaveTextContent('(to do)');
  });

  it('marks the link shared once copied, and remembers it for this shop', async () => {
    const { storage, share } = setup();
    await userEvent.click(within(step('Share your booking link')).getByRole('button', { name: 'Copy link' }));
    expect(share).toHaveBeenCalled();
    expect(step('Share your booking link')).toHaveTextContent('(done)');
    expect(JSON.parse(storage.map.get(setupProgressKey(SHOP.id))!).done).toEqual(['share']);
  });

  it('goes away once every step is done or dismissed', async () => {
    const storage = memoryStorage({
      [setupProgressKey(SHOP.id)]: JSON.stringify({ done: ['hours', 'share'], dismissed: ['texts', 'holidays'] }),
    });
    setup({ barberCount: 1, storage });
    expect(screen.queryByRole('button', { name: 'Dismiss: Turn on text reminders' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Connect your own domain' }));
    expect(screen.queryByRole('region', { name: 'Get your shop ready' })).not.toBeInTheDocument();
  });

  it("offers the country's public holidays all ticked, closes them in one click after review, and ticks the step", async () => {
    setTokenSource(async () => 'token');
    const BASE = `/api/shops/${SHOP.id}/special-days`;
    const api = fakeApi(
      on('GET', `${BASE}/holiday-suggestions`, {
        country: 'US',
        from: '2026-11-27',
        to: '2027-11-26',
        holidays: [
          { date: '2026-12-25', name: 'Christmas Day', alreadySet: false },
          { date: '2027-01-01', name: "New Year's Day", alreadySet: false },
          { date: '2027-07-05', name: 'Independence Day (substitute day)', alreadySet: true },
        ],
      }),
      on('PUT', /\/special-days\/20/, (r) => ({ specialDay: r.body, affected: [], cancelled: [] })),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    const storage = memoryStorage();
    renderWithApi(
      <SetupChecklist
        shop={SHOP}
        barberCount={0}
        onGoTo={vi.fn()}
        onShareLink={vi.fn(async () => true)}
        storage={storage}
      />,
    );
    await userEvent.click(within(step('Close on public holidays')).getByRole('button', { name: 'Review holidays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Public holidays' });
    // The owner sees the list first: nothing is sent before they confirm.
    expect(await within(dialog).findByRole('checkbox', { name: /Christmas Day/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /New Year's Day/ })).toBeChecked();
    expect(api.sent('PUT', /\/special-days\//)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close 2 days' }));
    await waitFor(() => expect(api.sent('PUT', /\/special-days\//)).toHaveLength(2));
    expect(api.sent('PUT', /\/special-days\//).map((r) => [r.url, r.body])).toEqual([
      [`${BASE}/2026-12-25`, { closed: true, reason: 'Christmas Day' }],
      [`${BASE}/2027-01-01`, { closed: true, reason: "New Year's Day" }],
    ]);
    await waitFor(() => expect(step('Close on public holidays')).toHaveTextContent('(done)'));
    expect(JSON.parse(storage.map.get(setupProgressKey(SHOP.id))!).done).toEqual(['holidays']);
  });
});

afterEach(() => vi.unstubAllGlobals());
