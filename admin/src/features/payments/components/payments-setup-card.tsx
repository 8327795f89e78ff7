import {
  DEFAULT_PAYMENT_POLICY,
  type PaymentMode,
  type PaymentPolicy,
  type PaymentPolicyInput,
  type PolicyAmount,
  paymentPolicyText,
  type Service,
  type Shop,
} from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { ApiError, api } from '../../../lib/api-client';
import { useConnectStripe, usePaymentAccount, usePaymentPolicies, useSavePaymentPolicy } from '../api/payments-api';

/**
 * The Payments card (issue 27 items 1 and 2): the shop's Stripe account (not connected, details needed with what
 * Stripe still asks for, ready) and, once ready, the policy clients accept when they book: none, a deposit, full
 * prepayment or a card on file, the cancellation window and the fees, per shop with an override per service.
 * Without Stripe on this Barberly the card says so in plain words, and no booking asks for money.
 */
export function PaymentsSetupCard({ shop }: { shop: Shop }) {
  const account = usePaymentAccount(shop.id);
  const services = useQuery({
    queryKey: [`/api/shops/${shop.id}/services`],
    queryFn: () => api.get<Service[]>(`/api/shops/${shop.id}/services`),
  });
  const connect = useConnectStripe(shop.id);
  const status = account.data?.status;
  return (
    <Card aria-labelledby="payments-setup-title" data-testid="payments-setup">
      <CardHeader
        title={<span id="payments-setup-title">Payments</span>}
        description="Deposits, cards on file and no-show fees, paid into your own Stripe account."
      />
      <div className="mt-4 space-y-4">
        {account.isPending ? (
          <p className="flex items-center gap-2 text-sm text-neutral-600">
            <Spinner /> Loading your payments…
          </p>
        ) : account.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your payments could not be loaded. Please try again.
          </p>
        ) : (
          <>
            <p className="text-sm text-neutral-700" data-payments-status={status}>
              <StatusBadge status={status ?? 'not_connected'} /> {account.data.message}
            </p>
            {account.data.requirements.length > 0 ? (
              <div>
                <p className="text-sm font-medium text-neutral-800">Stripe still needs:</p>
                <ul className="mt-1 list-disc pl-5 text-sm text-neutral-700">
                  {account.data.requirements.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {account.data.configured && status !== 'ready' ? (
              <Button
                variant="primary"
                onClick={() => connect.mutate()}
                disabled={connect.isPending}
                aria-busy={connect.isPending}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {status === 'details_needed' ? 'Continue with Stripe' : 'Connect Stripe'}
              </Button>
            ) : null}
            {connect.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {connect.error instanceof ApiError ? connect.error.message : 'Stripe could not be reached.'}
              </p>
            ) : null}
            {status === 'ready' ? <Policies shop={shop} services={services.data ?? []} /> : null}
          </>
        )}
      </div>
    </Card>
  );
}

function StatusBadge({ status }: { status: 'not_connected' | 'details_needed' | 'ready' }) {
  const words = { not_connected: 'Not connected', details_needed: 'Details needed', ready: 'Ready' }[status];
  const tone =
    status === 'ready'
      ? 'bg-emerald-100 text-emerald-900'
      : status === 'details_needed'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-neutral-100 text-neutral-800';
  return <span className={`mr-1 rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{words}</span>;
}

function Policies({ shop, services }: { shop: Shop; services: Service[] }) {
  const policies = usePaymentPolicies(shop.id);
  const [serviceId, setServiceId] = useState('');
  if (policies.isPending) return <Spinner />;
  if (policies.isError || !policies.data) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The policy could not be loaded.
      </p>
    );
  }
  const own = serviceId ? policies.data.services.find((s) => s.serviceId === serviceId) : null;
  const service = services.find((s) => s.id === serviceId);
  return (
    <div className="space-y-4 border-t border-neutral-100 pt-4">
      <SelectField
        label="Policy for"
        value={serviceId}
        onChange={(e) => setServiceId(e.target.value)}
        options={[
          { value: '', label: 'The whole shop' },
          ...services.map((s) => ({
            value: s.id,
            label: `${s.name}${policies.data.services.find((p) => p.serviceId === s.id)?.policy ? ' (own policy)' : ''}`,
          })),
        ]}
      />
      <PolicyForm
        key={serviceId || 'shop'}
        shop={shop}
        serviceId={serviceId || undefined}
        initial={serviceId ? (own?.effective ?? policies.data.policy) : policies.data.policy}
        hasOwn={Boolean(own?.policy)}
        price={service ? Number(service.price) : Math.max(0, ...services.map((s) => Number(s.price))) || 100}
      />
    </div>
  );
}

type AmountKind = 'none' | 'amount' | 'percent';
interface AmountDraft {
  kind: AmountKind;
  value: string;
}
const draftOf = (a: PolicyAmount | null): AmountDraft =>
  !a
    ? { kind: 'none', value: '' }
    : 'amount' in a
      ? { kind: 'amount', value: String(a.amount) }
      : { kind: 'percent', value: String(a.percent) };
const amountOf = (d: AmountDraft): PolicyAmount | null =>
  d.kind === 'none' || d.value.trim() === ''
    ? null
    : d.kind === 'amount'
      ? { amount: Number(d.value) }
      : { percent: Math.round(Number(d.value)) };

const MODES: Array<{ value: PaymentMode; label: string }> = [
  { value: 'none', label: 'No payment at booking' },
  { value: 'deposit', label: 'A deposit' },
  { value: 'prepay', label: 'Full prepayment' },
  { value: 'card_on_file', label: 'A card on file, no charge now' },
];

function PolicyForm({
  shop,
  serviceId,
  initial,
  hasOwn,
  price,
}: {
  shop: Shop;
  serviceId?: string;
  initial: PaymentPolicy;
  hasOwn: boolean;
  price: number;
}) {
  const save = useSavePaymentPolicy(shop.id);
  const id = useId();
  const [mode, setMode] = useState<PaymentMode>(initial.mode);
  const [deposit, setDeposit] = useState<AmountDraft>(draftOf(initial.deposit));
  const [windowHours, setWindowHours] = useState(String(initial.cancellationWindowHours));
  const [late, setLate] = useState<AmountDraft>(draftOf(initial.lateCancelFee));
  const [noShow, setNoShow] = useState<AmountDraft>(draftOf(initial.noShowFee));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setErrors({}), []);

  const policy: PaymentPolicyInput = {
    mode,
    deposit: mode === 'deposit' ? amountOf(deposit) : null,
    cancellationWindowHours: Number(windowHours || 0),
    lateCancelFee: amountOf(late),
    noShowFee: amountOf(noShow),
  };
  const money = { currency: shop.currency ?? 'USD', locale: shop.locale ?? 'en-US' };
  const preview = paymentPolicyText({ ...DEFAULT_PAYMENT_POLICY, ...policy } as PaymentPolicy, price, money);

  const submit = (body: PaymentPolicyInput | { inherit: true }) =>
    save.mutate(
      { serviceId, policy: body },
      {
        onSuccess: () => {
          setErrors({});
          showToast({
            title: 'Payment policy saved',
            description: 'Clients read it before they book.',
            variant: 'success',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors({ form: error.message, ...(error.fields ?? {}) });
          else setErrors({ form: 'The policy could not be saved. Please try again.' });
        },
      },
    );

  return (
    <form
      className="space-y-3"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit(policy);
      }}
    >
      <h3 id={`${id}-title`} className="text-base font-semibold text-neutral-900">
        {serviceId ? 'This service' : 'The whole shop'}
      </h3>
      <SelectField
        label="At booking"
        value={mode}
        onChange={(e) => setMode(e.target.value as PaymentMode)}
        options={MODES}
        error={errors.mode}
      />
      {mode === 'deposit' ? (
        <AmountInput label="Deposit" draft={deposit} onChange={setDeposit} error={errors.deposit} noNone />
      ) : null}
      <Field
        label="Cancellation window (hours)"
        type="number"
        inputMode="numeric"
        min={0}
        max={168}
        value={windowHours}
        onChange={(e) => setWindowHours(e.target.value)}
        error={errors.cancellationWindowHours}
        hint="Clients who cancel later pay the late-cancellation fee."
      />
      <AmountInput label="Late-cancellation fee" draft={late} onChange={setLate} error={errors.lateCancelFee} />
      <AmountInput label="No-show fee" draft={noShow} onChange={setNoShow} error={errors.noShowFee} />
      {preview ? (
        <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700" data-policy-preview="">
          <span className="font-medium">Clients read: </span>
          {preview}
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
          <CreditCard aria-hidden="true" className="size-4" /> Save policy
        </Button>
        {serviceId && hasOwn ? (
          <Button type="button" variant="light" onClick={() => submit({ inherit: true })} disabled={save.isPending}>
            Use the shop's policy
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function AmountInput({
  label,
  draft,
  onChange,
  error,
  noNone = false,
}: {
  label: string;
  draft: AmountDraft;
  onChange: (d: AmountDraft) => void;
  error?: string;
  noNone?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <SelectField
        label={label}
        value={draft.kind === 'none' && noNone ? 'amount' : draft.kind}
        onChange={(e) => onChange({ ...draft, kind: e.target.value as AmountKind })}
        options={[
          ...(noNone ? [] : [{ value: 'none', label: 'None' }]),
          { value: 'amount', label: 'A fixed amount' },
          { value: 'percent', label: 'A percentage of the visit' },
        ]}
      />
      {draft.kind !== 'none' || noNone ? (
        <Field
          label={draft.kind === 'percent' ? `${label} (%)` : `${label} (amount)`}
          type="number"
          inputMode="decimal"
          min={0}
          step={draft.kind === 'percent' ? 1 : 0.01}
          value={draft.value}
          onChange={(e) => onChange({ kind: draft.kind === 'none' ? 'amount' : draft.kind, value: e.target.value })}
          error={error}
        />
      ) : null}
    </div>
  );
}
