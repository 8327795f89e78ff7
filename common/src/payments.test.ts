import { describe, expect, it } from 'vitest';
import {
  amountDueAtBooking,
  DEFAULT_PAYMENT_POLICY,
  noShowChargeLabel,
  PaymentPolicySchema,
  paymentPolicyText,
  policyAmountFor,
} from './payments';

const usd = { currency: 'USD', locale: 'en-US' };

describe('payment policies (issue 27)', () => {
  it('never asks more than the visit costs, to the cent', () => {
    expect(policyAmountFor({ amount: 25 }, 40)).toBe(25);
    expect(policyAmountFor({ amount: 60 }, 40)).toBe(40);
    expect(policyAmountFor({ percent: 33 }, 25)).toBe(8.25);
    expect(policyAmountFor(null, 40)).toBe(0);
    expect(amountDueAtBooking({ ...DEFAULT_PAYMENT_POLICY, mode: 'prepay' }, 40)).toBe(40);
    expect(amountDueAtBooking({ ...DEFAULT_PAYMENT_POLICY, mode: 'card_on_file' }, 40)).toBe(0);
  });

  it('says the policy in the words the client accepts', () => {
    expect(
      paymentPolicyText(
        {
          mode: 'deposit',
          deposit: { amount: 10 },
          cancellationWindowHours: 24,
          lateCancelFee: { percent: 50 },
          noShowFee: { amount: 25 },
        },
        40,
        usd,
      ),
    ).toBe(
      'A deposit of $10 is taken now and counts toward your visit. Cancel at least 24 hours before for a full refund ' +
        'of the deposit. Cancelling later costs 50% of the visit ($20). Not showing up costs $25.',
    );
    expect(paymentPolicyText(DEFAULT_PAYMENT_POLICY, 40, usd)).toBe('');
    expect(noShowChargeLabel(25, usd)).toBe('Charge the no-show fee ($25)');
  });

  it('refuses a deposit without an amount and a percentage over 100', () => {
    expect(PaymentPolicySchema.safeParse({ mode: 'deposit', cancellationWindowHours: 24 }).success).toBe(false);
    expect(
      PaymentPolicySchema.safeParse({ mode: 'none', cancellationWindowHours: 24, noShowFee: { percent: 120 } }).success,
    ).toBe(false);
    expect(
      PaymentPolicySchema.safeParse({ mode: 'none', cancellationWindowHours: 24, noShowFee: { amount: 5, percent: 5 } })
        .success,
    ).toBe(false);
  });
});
