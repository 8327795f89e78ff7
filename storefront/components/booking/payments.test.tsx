// @vitest-environment jsdom
/**
 * Issue 27 on the client's side: the policy before Checkout, the return page that waits for Stripe's webhook, and
 * the fee said on the manage page before the client confirms a cancel.
 */
import { cleanup, configure, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildShopView } from '../../lib/shop-view';
import { shopPage } from '../../test/fixtures';
import { BeforeYouPay } from './before-you-pay';
import { BookingLayout } from './booking-layout';
import { CancellationNotice } from './cancellation-notice';
import { PaymentReturn } from './payment-return';

configure({ asyncUtilTimeout: 6000 });

const built = buildShopView(shopPage('joes', { theme: 'urban', name: "Joe's" }), {
  now: new Date(),
  canonicalUrl: 'http://joes.localhost/',
  homeUrl: '/',
  bookUrl: '/book',
});
if (built.kind !== 'ok') throw new Error('fixture incomplete');
const view = built.view;
/** In the shop's theme, as on the page. */
const render = (ui: ReactNode) =>
  renderBare(
    <BookingLayout view={view} shopHref="/" title="Your payment">
      {ui}
    </BookingLayout>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('payment at booking (issue 27)', () => {
  it('shows the policy in words and the way to Stripe Checkout', () => {
    render(
      <BeforeYouPay
        pending={{
          status: 'pending_payment',
          checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
          holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          policyText: 'A deposit of $10 is taken now and counts toward your visit.',
        }}
      />,
    );
    expect(screen.getByText('A deposit of $10 is taken now and counts toward your visit.')).toBeTruthy();
    expect(screen.getByText(/holding this time for you for 15 minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
  });

  it('says "Confirming your payment…" until the api has booked it, then links to the appointment', async () => {
    const seen: string[] = [];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        seen.push(url);
        reads += 1;
        return answer(
          reads < 2
            ? { status: 'confirming', message: 'Confirming your payment…', manageUrl: null }
            : { status: 'confirmed', message: 'Your booking is confirmed.', manageUrl: '/appointments/tok_1' },
        );
      }),
    );
    render(<PaymentReturn token="tok_1" bookHref="/book" />);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'See your appointment' });
    expect(link.getAttribute('href')).toBe('/appointments/tok_1');
    expect(screen.getByRole('heading', { name: 'You are booked' })).toBeTruthy();
    expect(seen[0]).toBe('/api/payments/return/tok_1');
  });

  it('says nothing was booked when Checkout was abandoned, and offers another time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({
          status: 'expired',
          message: 'Your payment was not completed, so nothing was booked and nothing was charged.',
          manageUrl: null,
        }),
      ),
    );
    render(<PaymentReturn token="tok_2" bookHref="/book" />);
    expect(
      await screen.findByText('Your payment was not completed, so nothing was booked and nothing was charged.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another time' }).getAttribute('href')).toBe('/book');
  });

  it('says the late-cancellation fee on the cancel step, before the client confirms', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({
          policyText: 'Cancelling later costs $15.',
          insideWindow: true,
          notice: 'You are cancelling less than 24 hours before, so the late-cancellation fee of $15 applies.',
          fee: 15,
          refund: 0,
        }),
      ),
    );
    render(<CancellationNotice token="tok_3" />);
    expect(
      await screen.findByText(
        'You are cancelling less than 24 hours before, so the late-cancellation fee of $15 applies.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The policy you accepted: Cancelling later costs $15.')).toBeTruthy();
  });
});
