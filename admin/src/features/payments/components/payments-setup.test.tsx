import type { AppointmentPayments, PaymentAccount, Shop, ShopPaymentPolicies } from '@barberly/common';
import { DEFAULT_PAYMENT_POLICY } from '@barberly/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { AppointmentMoney } from './appointment-money';
import { PaymentsSetupCard } from './payments-setup-card';

vi.setConfig({ testTimeout: 20_000 });

const SHOP = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'fade-co',
  name: 'Fade Co',
  currency: 'USD',
  locale: 'en-US',
} as Shop;
const APPOINTMENT = '22222222-2222-4222-8222-222222222222';
const account = (over: Partial<PaymentAccount>): PaymentAccount => ({
  status: 'not_connected',
  configured: true,
  message:
    'Connect your Stripe account to take deposits, prepayments and cards on file. Until then no booking asks for money.',
  requirements: [],
  chargesEnabled: false,
  payoutsEnabled: false,
  applicationFeeBps: 0,
  ...over,
});

beforeEach(() => setTokenSource(async () => 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('PaymentsSetupCard (issue 27)', () => {
  it('without Stripe on this Barberly says how to set it up in plain words and offers no button', async () => {
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/payments/account`, () =>
        account({
          configured: false,
          message:
            'Payments are not set up on this Barberly yet. Whoever runs it adds the Stripe secret key; then you can connect your Stripe account here.',
        }),
      ),
      on('GET', `/api/shops/${SHOP.id}/services`, () => []),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<PaymentsSetupCard shop={SHOP} />);
    expect(await screen.findByText(/Payments are not set up on this Barberly yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect Stripe/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/STRIPE_|_KEY|env/);
  });

  it('lists what Stripe still needs and, once ready, saves a deposit policy showing what clients read', async () => {
    let ready = false;
    let policies: ShopPaymentPolicies = { policy: DEFAULT_PAYMENT_POLICY, services: [], canTakeMoney: true };
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/payments/account`, () =>
        ready
          ? account({ status: 'ready', chargesEnabled: true, message: 'Your Stripe account is ready.' })
          : account({
              status: 'details_needed',
              requirements: ['Bank account for payouts'],
              message: 'Stripe still needs some details.',
            }),
      ),
      on('GET', `/api/shops/${SHOP.id}/services`, () => []),
      on('GET', `/api/shops/${SHOP.id}/payment-policy`, () => policies),
      on('PUT', `/api/shops/${SHOP.id}/payment-policy`, (r) => {
        policies = { ...policies, policy: { ...DEFAULT_PAYMENT_POLICY, ...(r.body as object) } };
        return policies;
      }),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    const first = renderWithApi(<PaymentsSetupCard shop={SHOP} />);
    expect(await screen.findByText('Bank account for payouts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Stripe' })).toBeInTheDocument();
    first.unmount();

    ready = true;
    renderWithApi(<PaymentsSetupCard shop={SHOP} />);
    await userEvent.selectOptions(await screen.findByLabelText('At booking'), 'deposit');
    await userEvent.type(screen.getByLabelText('Deposit (amount)'), '10');
    await userEvent.selectOptions(screen.getByLabelText('No-show fee'), 'amount');
    await userEvent.type(screen.getByLabelText('No-show fee (amount)'), '25');
    expect(screen.getByText(/A deposit of \$10 is taken now/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(api.sent('PUT', `/api/shops/${SHOP.id}/payment-policy`)).toHaveLength(1));
    expect(api.sent('PUT', `/api/shops/${SHOP.id}/payment-policy`)[0]!.body).toEqual({
      mode: 'deposit',
      deposit: { amount: 10 },
      cancellationWindowHours: 24,
      lateCancelFee: null,
      noShowFee: { amount: 25 },
    });
  });
});

describe('AppointmentMoney (issue 27)', () => {
  it('offers "Charge the no-show fee" or "Waive it" on a no-show and charges only on the click', async () => {
    let money: AppointmentPayments = {
      policy: { ...DEFAULT_PAYMENT_POLICY, mode: 'card_on_file', noShowFee: { amount: 25 } },
      policyText: 'Your card is saved with the shop; nothing is charged now. Not showing up costs $25.',
      acceptedAt: '2026-12-01T15:00:00.000Z',
      cardOnFile: true,
      payments: [],
      refunds: [],
      disputes: [],
      noShowFee: { amount: 25, label: 'Charge the no-show fee ($25)' },
      noShowDecision: null,
      refundable: 0,
    };
    const url = `/api/shops/${SHOP.id}/appointments/${APPOINTMENT}`;
    const api = fakeApi(
      on('GET', `${url}/payments`, () => money),
      on('POST', `${url}/no-show-fee`, () => {
        money = {
          ...money,
          payments: [
            {
              id: '33333333-3333-4333-8333-333333333333',
              kind: 'no_show_fee',
              status: 'succeeded',
              amount: 25,
              refunded: 0,
              currency: 'USD',
              method: 'card',
              failureMessage: null,
              actionUrl: null,
              createdAt: '2026-12-01T17:00:00.000Z',
            },
          ],
          noShowDecision: { decision: 'charged', by: 'owner', at: '2026-12-01T17:00:00.000Z' },
          refundable: 25,
        };
        return money;
      }),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<AppointmentMoney shopId={SHOP.id} appointmentId={APPOINTMENT} status="no_show" />);
    const charge = await screen.findByRole('button', { name: 'Charge the no-show fee ($25)' });
    expect(screen.getByRole('button', { name: 'Waive it' })).toBeInTheDocument();
    expect(api.sent('POST', `${url}/no-show-fee`)).toHaveLength(0);
    await userEvent.click(charge);
    await waitFor(() => expect(api.sent('POST', `${url}/no-show-fee`)).toHaveLength(1));
    expect(api.sent('POST', `${url}/no-show-fee`)[0]!.body).toEqual({ action: 'charge' });
    expect(await screen.findByText(/No-show fee: \$25.00 · Paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Waive it' })).toBeNull();
  });
});
