import { BILLING_MESSAGES, type ShopBilling } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { BillingBanner } from './billing-banner';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const TRIAL: ShopBilling = {
  mode: 'stripe',
  plan: 'premium',
  status: 'trialing',
  trialEndsAt: '2026-12-15T00:00:00.000Z',
  trialDaysLeft: 9,
  barbersUsed: 2,
  maxBarbers: 8,
  customDomain: true,
  whiteLabel: true,
  bookingsPaused: false,
  notice: BILLING_MESSAGES.trialLeft(9),
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BillingBanner shopId={SHOP_ID} />
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setTokenSource(async () => 'token');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

describe('BillingBanner', () => {
  it('shows nothing on a self-hosted Barberly (BILLING=off)', async () => {
    fetchMock.mockResolvedValue(json({ ...TRIAL, mode: 'off', plan: null, status: null, notice: null }));
    const { container } = renderBanner();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the days left, and choosing Pro goes to Stripe Checkout', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/billing/checkout') ? json({ url: 'https://checkout.stripe.test/c/cs_1' }) : json(TRIAL),
    );
    renderBanner();
    expect(await screen.findByText('Free trial of Premium')).toBeInTheDocument();
    expect(screen.getByText('Your free trial has 9 days left.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    expect(dialog).toHaveTextContent('$29/month');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/billing/checkout'))!;
    expect(JSON.parse(init.body)).toEqual({ plan: 'pro' });
  });

  it('says why online bookings are paused and offers Manage billing to a subscriber', async () => {
    fetchMock.mockResolvedValue(
      json({
        ...TRIAL,
        plan: 'pro',
        status: 'past_due',
        trialDaysLeft: null,
        bookingsPaused: true,
        notice: BILLING_MESSAGES.unpaid,
      }),
    );
    renderBanner();
    expect(await screen.findByText(BILLING_MESSAGES.unpaid)).toBeInTheDocument();
    expect(screen.getByText('Pro plan · past due')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });
});
