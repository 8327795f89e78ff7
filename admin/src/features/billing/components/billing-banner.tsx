import { PLANS, type PlanId } from '@barberly/common';
import { CreditCard, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { anchors } from '../../../lib/routes';
import { useBillingRedirect, useShopBilling } from '../api/billing-api';

/**
 * The owner's plan on the dashboard (issue 17): days left in the trial, or why online bookings are paused and how to
 * resume, with Choose plan and Manage billing. Nothing at all with BILLING=off (a self-hosted Barberly).
 */
export function BillingBanner({ shopId }: { shopId: string }) {
  const billing = useShopBilling(shopId);
  const redirect = useBillingRedirect(shopId);
  const [choosing, setChoosing] = useState(false);
  const state = billing.data;
  if (!state || state.mode === 'off') return null;
  const current = PLANS.find((plan) => plan.id === state.plan);
  const trial = state.status === 'trialing';
  const subscribed = !trial && state.status !== 'expired';
  return (
    <section
      id={anchors.plan}
      aria-label="Your plan"
      data-testid="billing-banner"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        state.bookingsPaused ? 'border-red-300 bg-red-50' : 'border-amber-200 bg-amber-50',
      )}
    >
      <div>
        <p className="font-semibold">
          {trial ? `Free trial of ${current?.name ?? 'Premium'}` : current ? `${current.name} plan` : 'No plan'}
          {state.status && !trial ? ` · ${state.status === 'active' ? 'active' : state.status.replace('_', ' ')}` : ''}
        </p>
        {state.notice ? <p className="text-sm text-neutral-800">{state.notice}</p> : null}
        {redirect.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {redirect.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" onClick={() => setChoosing(true)}>
          <Sparkles aria-hidden="true" className="size-4" /> Choose plan
        </Button>
        {subscribed ? (
          <Button size="sm" variant="light" disabled={redirect.isPending} onClick={() => redirect.mutate('portal')}>
            <CreditCard aria-hidden="true" className="size-4" /> Manage billing
          </Button>
        ) : null}
      </div>
      <Dialog
        open={choosing}
        onClose={() => setChoosing(false)}
        size="lg"
        title="Choose your plan"
        description="Monthly, cancel any time. Payment is handled by Stripe."
      >
        <ul className="grid gap-3 sm:grid-cols-3">
          {PLANS.map((plan) => {
            const isCurrent = subscribed && plan.id === state.plan;
            return (
              <li
                key={plan.id}
                className={cn(
                  'flex flex-col rounded-xl border p-4',
                  plan.popular ? 'border-amber-500' : 'border-neutral-200',
                )}
              >
                <h3 className="font-bold">{plan.name}</h3>
                <p className="mt-1 text-2xl font-bold">
                  ${plan.priceMonthly}
                  <span className="text-sm font-normal text-neutral-600">/month</span>
                </p>
                <p className="mt-1 text-sm text-neutral-700">Up to {plan.maxBarbers} barbers</p>
                {plan.extras.map((extra) => (
                  <p key={extra} className="text-sm text-neutral-700">
                    {extra}
                  </p>
                ))}
                <Button
                  className="mt-4"
                  size="sm"
                  variant={isCurrent ? 'light' : 'primary'}
                  disabled={isCurrent || redirect.isPending}
                  onClick={() => redirect.mutate({ plan: plan.id as PlanId })}
                >
                  {isCurrent ? 'Your plan' : `Choose ${plan.name}`}
                </Button>
              </li>
            );
          })}
        </ul>
      </Dialog>
    </section>
  );
}
