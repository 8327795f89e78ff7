import {
  type BarberEarnings,
  type BarberPay,
  formatMoney,
  LEDGER_TYPES,
  type LedgerType,
  type Shop,
} from '@barberly/common';
import { useMutation } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { downloadLedgerCsv, ledgerSearch, useEarnings, useLedger, usePayouts, useSetBarberPay } from '../api/money-api';

/**
 * The owner's Payments tab (issue 27 item 6): the Stripe balance and payouts, each barber's takings and pay for the
 * week, and every charge, refund, fee and dispute, filterable and exportable as CSV.
 */

const TYPE_LABELS: Record<LedgerType, string> = {
  charge: 'Charges',
  refund: 'Refunds',
  fee: 'Fees',
  dispute: 'Disputes',
};

const KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  prepay: 'Prepayment',
  balance: 'Checkout',
  late_cancel_fee: 'Late-cancellation fee',
  no_show_fee: 'No-show fee',
};

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  payment_link: 'Payment link',
  card_on_file: 'Card on file',
  cash: 'Cash',
  other: 'Other',
};

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}

function Failed({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm">
      <p>
        {what} could not be loaded: {errorText(error)}
      </p>
      <Button variant="light" size="sm" onClick={retry}>
        <RefreshCw aria-hidden="true" className="size-4" /> Try again
      </Button>
    </div>
  );
}

export function PaymentsTab({ shop }: { shop: Pick<Shop, 'id'> & { currency?: string; timeZone?: string } }) {
  return (
    <div className="flex flex-col gap-6">
      <PayoutsCard shopId={shop.id} />
      <EarningsCard shopId={shop.id} />
      <LedgerCard shopId={shop.id} />
    </div>
  );
}

function PayoutsCard({ shopId }: { shopId: string }) {
  const payouts = usePayouts(shopId);
  return (
    <Card>
      <CardHeader title="Balance and payouts" />
      {payouts.isPending ? (
        <p className="text-sm text-neutral-600">Loading from Stripe…</p>
      ) : payouts.isError ? (
        <Failed what="The balance" error={payouts.error} retry={() => void payouts.refetch()} />
      ) : !payouts.data.connected ? (
        <p className="text-sm text-neutral-700">{payouts.data.message}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-neutral-600">Available</dt>
              <dd className="text-xl font-bold">
                {payouts.data.balance.available
                  .map((b) => formatMoney(b.amount, { currency: b.currency }))
                  .join(', ') || formatMoney(0)}
              </dd>
            </div>
            <div>
              <dt className="text-neutral-600">On the way</dt>
              <dd className="text-xl font-bold">
                {payouts.data.balance.pending.map((b) => formatMoney(b.amount, { currency: b.currency })).join(', ') ||
                  formatMoney(0)}
              </dd>
            </div>
          </dl>
          {payouts.data.payouts.length === 0 ? (
            <p className="text-sm text-neutral-600">No payouts yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Payouts</caption>
              <thead>
                <tr className="text-neutral-600">
                  <th scope="col" className="py-1 font-medium">
                    Arrives
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {payouts.data.payouts.map((p) => (
                  <tr key={p.id} className="border-t border-neutral-100">
                    <td className="py-1">
                      {new Date(p.arrivalDate).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                    </td>
                    <td className="py-1 capitalize">{p.status.replace('_', ' ')}</td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(p.amount, { currency: p.currency })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Card>
  );
}

function EarningsCard({ shopId }: { shopId: string }) {
  const earnings = useEarnings(shopId);
  return (
    <Card>
      <CardHeader
        title="Barbers' takings this week"
        description="Services paid for and tips, and each barber's pay: a commission, or booth rent they owe you."
      />
      {earnings.isPending ? (
        <p className="text-sm text-neutral-600">Loading…</p>
      ) : earnings.isError ? (
        <Failed what="The barbers' takings" error={earnings.error} retry={() => void earnings.refetch()} />
      ) : earnings.data.barbers.length === 0 ? (
        <p className="text-sm text-neutral-600">No barbers yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {earnings.data.barbers.map((b) => (
            <BarberRow key={b.barberId} shopId={shopId} barber={b} currency={earnings.data.currency} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function BarberRow({ shopId, barber, currency }: { shopId: string; barber: BarberEarnings; currency: string }) {
  const money = (n: number) => formatMoney(n, { currency });
  const [editing, setEditing] = useState(false);
  return (
    <li className="rounded-xl border border-neutral-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold">{barber.name}</h3>
        <p className="text-sm text-neutral-700">
          {barber.pay.kind === 'commission'
            ? `Commission ${barber.pay.percent}%`
            : `Booth rent ${money(barber.pay.weeklyRent)} a week`}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-neutral-600">Services</dt>
          <dd className="font-semibold tabular-nums">{money(barber.servicesRevenue)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Tips</dt>
          <dd className="font-semibold tabular-nums">{money(barber.tips)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">{barber.pay.kind === 'commission' ? 'Commission' : 'Rent owed'}</dt>
          <dd className="font-semibold tabular-nums">
            {money(barber.pay.kind === 'commission' ? barber.servicesShare : barber.rentOwed)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Barber's earnings</dt>
          <dd className="font-semibold tabular-nums">{money(barber.earnings)}</dd>
        </div>
      </dl>
      {editing ? (
        <PayForm shopId={shopId} barber={barber} onDone={() => setEditing(false)} />
      ) : (
        <Button className="mt-2" variant="light" size="sm" onClick={() => setEditing(true)}>
          Change {barber.name}'s pay
        </Button>
      )}
    </li>
  );
}

function PayForm({ shopId, barber, onDone }: { shopId: string; barber: BarberEarnings; onDone: () => void }) {
  const save = useSetBarberPay(shopId);
  const [kind, setKind] = useState<BarberPay['kind']>(barber.pay.kind);
  const [value, setValue] = useState(
    String(barber.pay.kind === 'commission' ? barber.pay.percent : barber.pay.weeklyRent),
  );
  const number = Number(value);
  const invalid = value.trim() === '' || Number.isNaN(number) || number < 0 || (kind === 'commission' && number > 100);
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        save.mutate(
          {
            barberId: barber.barberId,
            pay: kind === 'commission' ? { kind, percent: number } : { kind, weeklyRent: number },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <SelectField
        label="Pay"
        value={kind}
        onChange={(e) => setKind(e.target.value as BarberPay['kind'])}
        options={[
          { value: 'commission', label: 'Commission (%)' },
          { value: 'booth_rent', label: 'Booth rent (a week)' },
        ]}
      />
      <Field
        label={kind === 'commission' ? 'Percent' : 'Rent a week'}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={
          invalid
            ? kind === 'commission'
              ? 'A commission is between 0 and 100 percent.'
              : 'Booth rent is zero or more.'
            : undefined
        }
        className="w-36"
      />
      <Button type="submit" disabled={save.isPending || invalid}>
        Save
      </Button>
      <Button type="button" variant="light" onClick={onDone}>
        Cancel
      </Button>
      {save.isError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
    </form>
  );
}

function LedgerCard({ shopId }: { shopId: string }) {
  const [type, setType] = useState<LedgerType | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [barberId, setBarberId] = useState('');
  const barbers = useEarnings(shopId).data?.barbers ?? [];
  const filters = { type, from, to, barberId };
  const ledger = useLedger(shopId, filters);
  const exportCsv = useMutation({ mutationFn: () => downloadLedgerCsv(shopId, ledgerSearch(filters)) });
  const id = useId();
  return (
    <Card>
      <CardHeader
        title="Payments"
        description="Every charge, refund, fee and dispute. The last 30 days unless you choose dates."
      />
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Show"
          value={type}
          onChange={(e) => setType(e.target.value as LedgerType | '')}
          options={[
            { value: '', label: 'Everything' },
            ...LEDGER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
          ]}
        />
        <SelectField
          label="Barber"
          value={barberId}
          onChange={(e) => setBarberId(e.target.value)}
          options={[
            { value: '', label: 'Every barber' },
            ...barbers.map((b) => ({ value: b.barberId, label: b.name })),
          ]}
        />
        <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-40" />
        <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-40" />
        <Button variant="light" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </Button>
      </div>
      {exportCsv.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The CSV could not be downloaded: {errorText(exportCsv.error)}
        </p>
      ) : null}
      <div className="mt-4">
        {ledger.isPending ? (
          <p className="text-sm text-neutral-600">Loading payments…</p>
        ) : ledger.isError ? (
          <Failed what="The payments" error={ledger.error} retry={() => void ledger.refetch()} />
        ) : ledger.data.rows.length === 0 ? (
          <p className="text-sm text-neutral-600">No payments in this period.</p>
        ) : (
          <>
            <p id={`${id}-totals`} className="mb-2 text-sm text-neutral-700">
              Charged {formatMoney(ledger.data.totals.charged, { currency: ledger.data.currency })}, of which tips{' '}
              {formatMoney(ledger.data.totals.tips, { currency: ledger.data.currency })}; fees{' '}
              {formatMoney(ledger.data.totals.fees, { currency: ledger.data.currency })}; refunded{' '}
              {formatMoney(ledger.data.totals.refunded, { currency: ledger.data.currency })}.
            </p>
            <ul aria-label="Payments" className="flex flex-col divide-y divide-neutral-100">
              {ledger.data.rows.map((r) => (
                <li
                  key={`${r.type}-${r.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="font-semibold">
                      {r.type === 'refund'
                        ? 'Refund'
                        : r.type === 'dispute'
                          ? 'Dispute'
                          : (KIND_LABELS[r.kind] ?? r.kind)}
                    </span>
                    {r.clientName ? ` · ${r.clientName}` : ''}
                    {r.barberName ? ` · ${r.barberName}` : ''}
                    <span className="block text-neutral-600">
                      {new Date(r.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                      {r.method ? ` · ${METHOD_LABELS[r.method] ?? r.method}` : ''} · {r.status.replace('_', ' ')}
                    </span>
                  </span>
                  <span className="text-right tabular-nums">
                    {r.type === 'refund' ? '−' : ''}
                    {formatMoney(r.amount + r.tip, { currency: r.currency })}
                    {r.tip > 0 ? (
                      <span className="block text-neutral-600">tip {formatMoney(r.tip, { currency: r.currency })}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
