import { type AppointmentPayments, formatMoney } from '@barberly/common';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useAppointmentMoneyAction, useAppointmentPayments } from '../api/payments-api';

const KIND_WORDS: Record<string, string> = {
  deposit: 'Deposit',
  prepay: 'Prepayment',
  late_cancel_fee: 'Late-cancellation fee',
  no_show_fee: 'No-show fee',
  balance: 'Payment at the chair',
};
const STATUS_WORDS: Record<string, string> = {
  pending: 'Processing',
  succeeded: 'Paid',
  requires_action: 'Waiting for the client to confirm with their bank',
  failed: 'Declined',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  waived: 'Waived',
};

/**
 * An appointment's money (issue 27 item 4), in the owner's appointment detail: the policy the client accepted and
 * when, what was paid, "Charge the no-show fee (US$25)" or "Waive it" on a no-show (nothing is charged before the
 * click), "Try again" and "Waive" on a declined charge, refunds with a reason, and disputes.
 */
export function AppointmentMoney({
  shopId,
  appointmentId,
  status,
}: {
  shopId: string;
  appointmentId: string;
  status: string;
}) {
  const money = useAppointmentPayments(shopId, appointmentId);
  const act = useAppointmentMoneyAction(shopId, appointmentId);
  const id = useId();
  const [refundOpen, setRefundOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const data = money.data;
  if (money.isPending) return null;
  if (money.isError || !data) return null;
  if (!data.policyText && data.payments.length === 0 && data.disputes.length === 0) return null;
  const currency = data.payments[0]?.currency ?? 'USD';
  const fmt = (n: number) => formatMoney(n, { currency });
  const error =
    act.error instanceof ApiError ? act.error.message : act.isError ? 'That did not work. Please try again.' : null;

  return (
    <section
      aria-labelledby={`${id}-money`}
      className="space-y-3 rounded-xl border border-neutral-200 p-3"
      data-testid="appointment-money"
    >
      <h3 id={`${id}-money`} className="text-sm font-semibold text-neutral-900">
        Payment
      </h3>
      {data.policyText ? (
        <p className="text-sm text-neutral-700">
          {data.policyText}
          {data.acceptedAt ? (
            <span className="block text-xs text-neutral-600">
              Accepted by the client on {new Date(data.acceptedAt).toLocaleString()}.
            </span>
          ) : null}
        </p>
      ) : null}
      {data.payments.length > 0 ? (
        <ul className="space-y-2 text-sm">
          {data.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {KIND_WORDS[p.kind] ?? p.kind}: {fmt(p.amount)} · {STATUS_WORDS[p.status] ?? p.status}
                {p.refunded > 0 && p.status !== 'refunded' ? ` (${fmt(p.refunded)} refunded)` : ''}
                {p.failureMessage && p.status !== 'succeeded' ? (
                  <span className="block text-xs text-red-700">{p.failureMessage}</span>
                ) : null}
              </span>
              {p.status === 'failed' || p.status === 'requires_action' ? (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="light"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ kind: 'failed', paymentId: p.id, action: 'retry' })}
                  >
                    Try again
                  </Button>
                  <Button
                    size="sm"
                    variant="light"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ kind: 'failed', paymentId: p.id, action: 'waive' })}
                  >
                    Waive
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'no_show' && data.noShowFee && !data.noShowDecision ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            disabled={act.isPending}
            aria-busy={act.isPending}
            onClick={() => act.mutate({ kind: 'no_show', action: 'charge' })}
          >
            {data.noShowFee.label}
          </Button>
          <Button
            variant="light"
            disabled={act.isPending}
            onClick={() => act.mutate({ kind: 'no_show', action: 'waive' })}
          >
            Waive it
          </Button>
        </div>
      ) : null}
      {data.noShowDecision ? (
        <p className="text-sm text-neutral-700">
          No-show fee {data.noShowDecision.decision === 'charged' ? 'charged' : 'waived'} on{' '}
          {new Date(data.noShowDecision.at).toLocaleString()}.
        </p>
      ) : null}
      {data.refunds.length > 0 ? (
        <ul className="text-sm text-neutral-700">
          {data.refunds.map((r) => (
            <li key={r.id}>
              Refunded {fmt(r.amount)}: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {data.disputes.map((d) => (
        <p key={d.id} className="text-sm font-medium text-red-800">
          Disputed by the client's bank: {fmt(d.amount)} ({d.reason.replace(/_/g, ' ')}, {d.status.replace(/_/g, ' ')})
        </p>
      ))}
      {data.refundable > 0 && !refundOpen ? (
        <Button size="sm" variant="light" onClick={() => setRefundOpen(true)}>
          Refund
        </Button>
      ) : null}
      {refundOpen ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate(
              { kind: 'refund', reason, ...(amount.trim() ? { amount: Number(amount) } : {}) },
              { onSuccess: () => setRefundOpen(false) },
            );
          }}
        >
          <Field
            label={`Amount (up to ${fmt(data.refundable)}; empty for all of it)`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <Field label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="primary" disabled={act.isPending}>
              Refund
            </Button>
            <Button type="button" size="sm" variant="light" onClick={() => setRefundOpen(false)}>
              Keep it
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export type { AppointmentPayments };
