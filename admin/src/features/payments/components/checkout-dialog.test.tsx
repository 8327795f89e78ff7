import type { Appointment, ChairCheckoutSummary, ChairPayment } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { CheckOutAction } from './checkout-dialog';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = 'shop-1';
const APPOINTMENT = {
  id: 'appt-1',
  status: 'confirmed',
  client: { name: 'Pat Client', email: 'pat@example.com', phone: '' },
} as unknown as Appointment;
const URL_BASE = `/api/shops/${SHOP_ID}/appointments/${APPOINTMENT.id}/checkout`;

const summaryOf = (over: Partial<ChairCheckoutSummary> = {}): ChairCheckoutSummary => ({
  appointmentId: APPOINTMENT.id,
  status: 'confirmed',
  currency: 'USD',
  clientName: 'Pat Client',
  hasEmail: true,
  hasMobile: false,
  barber: { id: 'b1', name: 'Marcus' },
  items: [{ serviceId: 's1', name: 'Haircut', price: 40 }],
  services: [
    { serviceId: 's1', name: 'Haircut', price: 40 },
    { serviceId: 's2', name: 'Beard trim', price: 20 },
  ],
  depositPaid: 10,
  tipPresets: [15, 20, 25],
  cardPayments: true,
  cardOnFile: false,
  cardMessage: null,
  payment: null,
  ...over,
});

const paymentOf = (over: Partial<ChairPayment>): ChairPayment => ({
  id: 'pay-1',
  status: 'pending',
  method: 'payment_link',
  amount: 50,
  tip: 12,
  total: 62,
  currency: 'USD',
  items: [],
  url: 'https://checkout.example/cs_1',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  receipt: 'email',
  failureMessage: null,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(summary: ChairCheckoutSummary, polls: ChairPayment[]) {
  const posted: unknown[] = [];
  let poll = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === URL_BASE && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return json(
        200,
        body.method === 'cash' ? paymentOf({ status: 'succeeded', method: 'cash', url: null }) : polls[0],
      );
    }
    if (url === URL_BASE) return json(200, summary);
    if (url === `${URL_BASE}/pay-1`) return json(200, polls[Math.min(++poll, polls.length - 1)]);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted };
}

function renderWithClient(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('Check out at the chair', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a service, takes a 20% tip off the services, keeps the deposit, and waits on the QR code until paid', async () => {
    const { posted } = fakeApi(summaryOf(), [
      paymentOf({}),
      paymentOf({}),
      paymentOf({ status: 'succeeded', url: null, qrSvg: null }),
    ]);
    const user = userEvent.setup();
    renderWithClient(<CheckOutAction shopId={SHOP_ID} appointment={APPOINTMENT} />);
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Pat Client' });

    await user.selectOptions(await within(dialog).findByLabelText('Add a service'), 's2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(within(dialog).getByRole('radio', { name: '20%' }));
    // Services 60, deposit 10, balance 50, tip 12 (20 % of 60).
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('$62.00');
    expect(within(dialog).getByText('−$10.00')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Show QR code · $62.00' }));
    expect(await within(dialog).findByRole('img', { name: 'QR code of the payment link' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Waiting for the client to pay…');
    expect(posted).toEqual([
      { serviceIds: ['s1', 's2'], tip: { percent: 20 }, method: 'payment_link', receipt: 'email' },
    ]);

    expect(
      await within(dialog).findByText('Paid $62.00 with a $12.00 tip. The visit is completed.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it("refreshes a barber's upcoming visits once the paid checkout is closed, so the completed visit leaves them", async () => {
    fakeApi(summaryOf(), [paymentOf({}), paymentOf({}), paymentOf({ status: 'succeeded', url: null, qrSvg: null })]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['/api/barber/dashboard'], { upcomingAppointments: [APPOINTMENT] });
    const user = userEvent.setup();
    renderWithClient(<CheckOutAction shopId={SHOP_ID} appointment={APPOINTMENT} />, client);
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Pat Client' });
    await user.click(await within(dialog).findByRole('radio', { name: '20%' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show QR code · $38.00' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Waiting for the client to pay…');
    expect(client.getQueryState(['/api/barber/dashboard'])?.isInvalidated).toBe(false);

    expect(
      await within(dialog).findByText('Paid $62.00 with a $12.00 tip. The visit is completed.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    // Not while "Paid" is on screen: the refreshed list would drop the visit's row, and this dialog with it.
    expect(client.getQueryState(['/api/barber/dashboard'])?.isInvalidated).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(client.getQueryState(['/api/barber/dashboard'])?.isInvalidated).toBe(true);
  });

  it('offers only cash or another method without Stripe, and says why', async () => {
    fakeApi(
      summaryOf({
        cardPayments: false,
        cardMessage: 'Card payments need Stripe connected. Until then, record cash or another method.',
      }),
      [],
    );
    const user = userEvent.setup();
    renderWithClient(<CheckOutAction shopId={SHOP_ID} appointment={APPOINTMENT} />);
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Pat Client' });
    expect(
      await within(dialog).findByText(
        'Card payments need Stripe connected. Until then, record cash or another method.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /QR code/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Haircut' }));
    expect(within(dialog).getByText('Add at least one service.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Record payment/ })).toBeDisabled();
  });
});
