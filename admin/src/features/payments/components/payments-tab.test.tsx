import type { EarningsReport, Ledger, PayoutsView } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { PaymentsTab } from './payments-tab';

vi.mock('../../../lib/supabase', () => ({
  getSupabase: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'csv-token' } }, error: null }) },
  }),
}));
vi.setConfig({ testTimeout: 20_000 });

const BASE = '/api/shops/shop-1/payments';
const LEDGER: Ledger = {
  currency: 'USD',
  totals: { charged: 62, tips: 12, refunded: 0, fees: 0, disputed: 0 },
  rows: [
    {
      id: 'p1',
      at: '2026-12-01T17:45:00Z',
      type: 'charge',
      kind: 'balance',
      status: 'succeeded',
      method: 'payment_link',
      clientName: 'Pat Client',
      barberName: 'Marcus',
      appointmentId: 'a1',
      amount: 50,
      tip: 12,
      refunded: 0,
      currency: 'USD',
      reference: 'pi_1',
    },
  ],
};
const PAYOUTS: PayoutsView = {
  connected: true,
  message: null,
  balance: { available: [{ amount: 12, currency: 'USD' }], pending: [] },
  payouts: [{ id: 'po_1', amount: 50, currency: 'USD', status: 'paid', arrivalDate: '2026-12-03T00:00:00Z' }],
};
const EARNINGS: EarningsReport = {
  from: '2026-11-30',
  to: '2026-12-06',
  weeks: 1,
  currency: 'USD',
  barbers: [
    {
      barberId: 'b1',
      name: 'Marcus',
      pay: { kind: 'commission', percent: 40 },
      visits: 2,
      servicesRevenue: 100,
      tips: 18,
      servicesShare: 40,
      rentOwed: 0,
      earnings: 58,
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('Payments tab', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the balance, payouts, each barber’s pay and every charge, filters by barber and exports CSV', async () => {
    const puts: unknown[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('format=csv')) return new Response('Date,Type\n', { status: 200 });
      if (url.startsWith(`${BASE}/ledger?`)) return json(200, LEDGER);
      if (url === `${BASE}/payouts`) return json(200, PAYOUTS);
      if (url.startsWith(`${BASE}/earnings?`)) return json(200, EARNINGS);
      if (url === '/api/shops/shop-1/barbers/b1/pay') {
        puts.push(JSON.parse(String(init?.body)));
        return json(200, { kind: 'booth_rent', weeklyRent: 150 });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const user = userEvent.setup();
    renderWithClient(<PaymentsTab shop={{ id: 'shop-1' }} />);

    expect(await screen.findByText('$12.00')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Payouts' })).toHaveTextContent('$50.00');
    const payments = await screen.findByRole('list', { name: 'Payments' });
    expect(within(payments).getByRole('listitem')).toHaveTextContent('Checkout · Pat Client · Marcus');
    expect(within(payments).getByRole('listitem')).toHaveTextContent('$62.00');
    expect(screen.getByText(/Charged \$62\.00, of which tips \$12\.00/)).toBeInTheDocument();
    expect(screen.getByText('Commission 40%')).toBeInTheDocument();
    expect(screen.getByText('$58.00')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Barber'), 'b1');
    await screen.findByRole('list', { name: 'Payments' });
    expect(fetchMock.mock.calls.some(([u]) => String(u) === `${BASE}/ledger?barberId=b1`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = fetchMock.mock.calls.find(([u]) => String(u).includes('format=csv'))!;
    expect(String(csv[0])).toBe(`${BASE}/ledger?barberId=b1&format=csv`);
    expect(csv[1]?.headers).toMatchObject({ authorization: 'Bearer csv-token' });

    await user.click(screen.getByRole('button', { name: "Change Marcus's pay" }));
    await user.selectOptions(screen.getByLabelText('Pay'), 'booth_rent');
    await user.clear(screen.getByLabelText('Rent a week'));
    await user.type(screen.getByLabelText('Rent a week'), '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts).toEqual([{ kind: 'booth_rent', weeklyRent: 150 }]));
  });
});
