/**
 * Issue 27: the shop's policy asks for money or a card. The policy in words comes first, then Stripe Checkout on the
 * shop's own account; the time stays held for the client meanwhile.
 */
import type { PendingPaymentBooking } from '@barberly/common';
import { useId } from 'react';
import { ActionLink } from '../buttons';
import { Actions, Muted, Panel, StepHeading } from './booking-ui';

export function BeforeYouPay({ pending }: { pending: PendingPaymentBooking }) {
  const id = useId();
  const minutes = Math.max(1, Math.round((Date.parse(pending.holdExpiresAt) - Date.now()) / 60_000));
  return (
    <Panel aria-labelledby={`${id}-pay`} data-booking-step="pay">
      <StepHeading focusOnMount id={`${id}-pay`}>
        One more step: payment
      </StepHeading>
      <p data-payment-policy="">{pending.policyText}</p>
      <Muted>
        We are holding this time for you for {minutes} {minutes === 1 ? 'minute' : 'minutes'}. By continuing you accept
        the policy above. Payment is handled by Stripe.
      </Muted>
      <Actions>
        <ActionLink $tone="solid" href={pending.checkoutUrl}>
          Continue to payment
        </ActionLink>
      </Actions>
    </Panel>
  );
}
