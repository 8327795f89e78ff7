import {
  type Appointment,
  type ChairCheckoutLine,
  type ChairCheckoutSummary,
  type ChairPayment,
  type ChairPaymentMethod,
  chairTotals,
  formatMoney,
  type ReceiptChannel,
} from '@barberly/common';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CreditCard, Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { useChairCheckout, useChairPayment, useTakePayment } from '../api/money-api';

/**
 * Checkout at the chair (issue 27 item 5): "Check out" on a booked or done visit opens the dialog. The owner's
 * appointment detail (and any other screen with an appointment) mounts <CheckOutAction> as one line.
 */
export function CheckOutAction({ shopId, appointment }: { shopId: string; appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  if (appointment.status !== 'confirmed' && appointment.status !== 'completed') return null;
  // A barber's upcoming visits (their dashboard) list only confirmed ones: refreshed once the dialog is closed, not
  // when the payment lands, or the paid visit's row (and this dialog with it) would vanish before "Paid" is read.
  const close = () => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: ['/api/barber/dashboard'] });
  };
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <CreditCard aria-hidden="true" className="size-4" /> Check out
      </Button>
      {open ? <CheckoutDialog shopId={shopId} appointment={appointment} open={open} onClose={close} /> : null}
    </>
  );
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields ?? {}).filter((m) => m !== error.message);
    return [error.message, ...fields].join(' ');
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export function CheckoutDialog({
  shopId,
  appointment,
  open,
  onClose,
}: {
  shopId: string;
  appointment: Appointment;
  open: boolean;
  onClose: () => void;
}) {
  const summary = useChairCheckout(shopId, appointment.id, open);
  return (
    <Dialog open={open} onClose={onClose} title={`Check out ${appointment.client.name}`} size="lg">
      {summary.isPending ? (
        <p className="text-sm text-neutral-600">Loading the visit…</p>
      ) : summary.isError ? (
        <div role="alert" className="flex flex-col gap-3 text-sm">
          <p>The checkout could not be loaded: {errorText(summary.error)}</p>
          <div>
            <Button variant="light" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <CheckoutForm shopId={shopId} summary={summary.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

type TipChoice = 'none' | '15' | '20' | '25' | 'custom';

function CheckoutForm({
  shopId,
  summary,
  onClose,
}: {
  shopId: string;
  summary: ChairCheckoutSummary;
  onClose: () => void;
}) {
  const money = (n: number) => formatMoney(n, { currency: summary.currency });
  const nextKey = useRef(0);
  const keyed = (line: ChairCheckoutLine) => ({ ...line, key: nextKey.current++ });
  const [lines, setLines] = useState<Array<ChairCheckoutLine & { key: number }>>(() => summary.items.map(keyed));
  const [adding, setAdding] = useState(summary.services[0]?.serviceId ?? '');
  const [tipChoice, setTipChoice] = useState<TipChoice>('none');
  const [customTip, setCustomTip] = useState('');
  const [method, setMethod] = useState<ChairPaymentMethod>(summary.cardPayments ? 'payment_link' : 'cash');
  const [agreed, setAgreed] = useState(false);
  const [receipt, setReceipt] = useState<ReceiptChannel>(summary.hasEmail ? 'email' : 'none');
  const take = useTakePayment(shopId, summary.appointmentId);
  const [payment, setPayment] = useState<ChairPayment | null>(summary.payment);
  const polled = useChairPayment(shopId, summary.appointmentId, payment);
  const current = polled.data ?? payment;
  const groupId = useId();

  const tip =
    tipChoice === 'none'
      ? null
      : tipChoice === 'custom'
        ? { amount: Number(customTip) || 0 }
        : { percent: Number(tipChoice) };
  const totals = chairTotals({
    subtotal: lines.reduce((sum, l) => sum + l.price, 0),
    depositPaid: summary.depositPaid,
    tip,
  });
  const customInvalid = tipChoice === 'custom' && (customTip.trim() === '' || !(Number(customTip) >= 0));

  if (current && current.status === 'succeeded') {
    return <PaidNote payment={current} money={money} onClose={onClose} />;
  }
  if (current && current.status === 'pending' && current.url) {
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="font-semibold">
          {money(current.total)} to pay{current.tip > 0 ? `, including a ${money(current.tip)} tip` : ''}.
        </p>
        <p className="text-sm text-neutral-700">The client scans this code with their phone's camera and pays there.</p>
        {current.qrSvg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(current.qrSvg)}`}
            alt="QR code of the payment link"
            className="size-56 rounded-lg border border-neutral-200 bg-white"
          />
        ) : null}
        <a
          href={current.url}
          target="_blank"
          rel="noreferrer"
          className="break-all text-sm font-semibold text-amber-800 underline"
        >
          Open the payment link
        </a>
        <p role="status" className="text-sm text-neutral-700">
          Waiting for the client to pay…
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="light" onClick={() => setPayment(null)}>
            Change the checkout
          </Button>
        </div>
      </div>
    );
  }

  const submit = () => {
    if (customInvalid || lines.length === 0) return;
    take.mutate(
      {
        serviceIds: lines.map((l) => l.serviceId).filter((id): id is string => Boolean(id)),
        tip,
        method,
        receipt,
        ...(method === 'card_on_file' ? { clientAgreed: agreed } : {}),
      },
      { onSuccess: (p) => setPayment(p) },
    );
  };

  const methods: Array<{ key: ChairPaymentMethod; label: string; show: boolean }> = [
    {
      key: 'payment_link',
      label: 'QR code or payment link (the client pays on their phone)',
      show: summary.cardPayments,
    },
    { key: 'card_on_file', label: 'Card on file', show: summary.cardPayments && summary.cardOnFile },
    { key: 'cash', label: 'Cash', show: true },
    { key: 'other', label: 'Other (recorded by hand)', show: true },
  ];

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <section aria-labelledby={`${groupId}-services`}>
        <h3 id={`${groupId}-services`} className="font-bold">
          Services
        </h3>
        {lines.length === 0 ? <p className="mt-1 text-sm text-red-700">Add at least one service.</p> : null}
        <ul className="mt-2 flex flex-col gap-1">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center justify-between gap-2 text-sm">
              <span>{line.name}</span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{money(line.price)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {summary.services.length > 0 ? (
          <div className="mt-2 flex items-end gap-2">
            <SelectField
              label="Add a service"
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              className="min-w-0 flex-1"
              options={summary.services.map((s) => ({
                value: s.serviceId ?? '',
                label: `${s.name} (${money(s.price)})`,
              }))}
            />
            <Button
              type="button"
              variant="light"
              onClick={() => {
                const service = summary.services.find((s) => s.serviceId === adding);
                if (service) setLines([...lines, keyed(service)]);
              }}
            >
              <Plus aria-hidden="true" className="size-4" /> Add
            </Button>
          </div>
        ) : null}
      </section>

      <fieldset>
        <legend className="font-bold">Tip</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(
            [['none', 'No tip'], ...summary.tipPresets.map((p) => [String(p), `${p}%`]), ['custom', 'Custom']] as Array<
              [TipChoice, string]
            >
          ).map(([key, label]) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-neutral-300 px-3 py-2 text-sm has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50"
            >
              <input
                type="radio"
                name={`${groupId}-tip`}
                value={key}
                checked={tipChoice === key}
                onChange={() => setTipChoice(key)}
              />
              {label}
            </label>
          ))}
        </div>
        {tipChoice === 'custom' ? (
          <Field
            className="mt-2 max-w-48"
            label={`Custom tip (${summary.currency})`}
            inputMode="decimal"
            value={customTip}
            onChange={(e) => setCustomTip(e.target.value)}
            error={customInvalid && customTip !== '' ? 'A tip is zero or more.' : undefined}
          />
        ) : null}
      </fieldset>

      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-neutral-50 p-4 text-sm">
        <dt>Services</dt>
        <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
        <dt>Deposit already paid</dt>
        <dd className="text-right tabular-nums">−{money(totals.depositPaid)}</dd>
        <dt>Balance</dt>
        <dd className="text-right tabular-nums">{money(totals.balance)}</dd>
        <dt>Tip</dt>
        <dd className="text-right tabular-nums">{money(totals.tip)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold tabular-nums" data-testid="checkout-total">
          {money(totals.total)}
        </dd>
      </dl>

      <fieldset>
        <legend className="font-bold">Payment</legend>
        {!summary.cardPayments && summary.cardMessage ? (
          <p className="mt-1 text-sm text-neutral-700">{summary.cardMessage}</p>
        ) : null}
        <div className="mt-2 flex flex-col gap-2">
          {methods
            .filter((m) => m.show)
            .map((m) => (
              <label key={m.key} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${groupId}-method`}
                  value={m.key}
                  checked={method === m.key}
                  onChange={() => setMethod(m.key)}
                />
                {m.label}
              </label>
            ))}
        </div>
        {method === 'card_on_file' ? (
          <label className="mt-2 flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            The client is here and agrees to be charged {money(totals.total)}
          </label>
        ) : null}
      </fieldset>

      <fieldset>
        <legend className="font-bold">Receipt</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(
            [
              ['email', 'E-mail', summary.hasEmail],
              ['text', 'Text', summary.hasMobile],
              ['none', 'No receipt', true],
            ] as Array<[ReceiptChannel, string, boolean]>
          ).map(([key, label, available]) => (
            <label key={key} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${groupId}-receipt`}
                value={key}
                checked={receipt === key}
                disabled={!available}
                onChange={() => setReceipt(key)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {take.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(take.error)}
        </p>
      ) : null}
      {current?.status === 'failed' && current.failureMessage ? (
        <p role="alert" className="text-sm text-red-700">
          {current.failureMessage}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="light" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={take.isPending || lines.length === 0 || customInvalid || (method === 'card_on_file' && !agreed)}
        >
          {method === 'payment_link'
            ? 'Show QR code'
            : method === 'card_on_file'
              ? 'Charge the card'
              : 'Record payment'}
          {' · '}
          {money(totals.total)}
        </Button>
      </div>
    </form>
  );
}

function PaidNote({
  payment,
  money,
  onClose,
}: {
  payment: ChairPayment;
  money: (n: number) => string;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />
      <p role="status" className="text-lg font-bold">
        Paid {money(payment.total)}
        {payment.tip > 0 ? ` with a ${money(payment.tip)} tip` : ''}. The visit is completed.
      </p>
      {payment.receipt ? (
        <p className="text-sm text-neutral-700">
          The receipt goes to the client by {payment.receipt === 'email' ? 'e-mail' : 'text'}.
        </p>
      ) : null}
      <Button onClick={onClose}>Done</Button>
    </div>
  );
}
