/**
 * Issue 27: where Stripe Checkout sends the client back. The booking is made by Stripe's signed webhook, so the page
 * says "Confirming your payment…" and asks again every two seconds until the api says it is booked (then the manage
 * link), or that nothing was booked.
 */
import { PAYMENT_MESSAGES, type PaymentReturnState } from '@barberly/common';
import { useEffect, useId, useState } from 'react';
import { fetchPaymentReturn, readFailure } from '../../lib/booking-api';
import { ActionLink } from '../buttons';
import { Actions, Alert, LiveStatus, Panel, StepHeading } from './booking-ui';

type Load = { state: 'ok'; value: PaymentReturnState } | { state: 'error'; status: number; message: string };

export function PaymentReturn({ token, bookHref }: { token: string; bookHref: string }) {
  const [load, setLoad] = useState<Load>({
    state: 'ok',
    value: { status: 'confirming', message: PAYMENT_MESSAGES.confirming, manageUrl: null },
  });
  const id = useId();
  const cancelled = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('cancelled');

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const value = await fetchPaymentReturn(token, controller.signal);
        setLoad({ state: 'ok', value });
        if (value.status === 'confirming') timer = setTimeout(read, 2000);
      } catch (err) {
        if (controller.signal.aborted) return;
        setLoad(readFailure(err));
      }
    };
    void read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [token]);

  if (load.state === 'error') {
    return (
      <Panel aria-labelledby={`${id}-h`}>
        <StepHeading focusOnMount id={`${id}-h`}>
          Your payment
        </StepHeading>
        <Alert role="alert">{load.message}</Alert>
      </Panel>
    );
  }
  const { value } = load;
  const heading =
    value.status === 'confirmed' ? 'You are booked' : value.status === 'confirming' ? 'Your payment' : 'Not booked';
  return (
    <Panel aria-labelledby={`${id}-h`} data-payment-return={value.status}>
      <StepHeading focusOnMount id={`${id}-h`}>
        {heading}
      </StepHeading>
      {value.status === 'confirming' && cancelled ? (
        <p>You left the payment page. If you do not pay, nothing is booked and nothing is charged.</p>
      ) : (
        <LiveStatus>{value.message}</LiveStatus>
      )}
      <Actions>
        {value.manageUrl ? (
          <ActionLink $tone="solid" href={value.manageUrl}>
            See your appointment
          </ActionLink>
        ) : null}
        {value.status === 'expired' || value.status === 'refunded' ? (
          <ActionLink $tone="outline" href={bookHref}>
            Choose another time
          </ActionLink>
        ) : null}
      </Actions>
    </Panel>
  );
}
