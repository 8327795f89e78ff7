import { formatMoney } from '@barberly/common';
import { Card, CardHeader } from '../../../components/ui/card';
import { useEarnings } from '../api/money-api';

/**
 * A barber's own takings this week (issue 27 item 6): the services clients paid for, their tips (all theirs), and
 * what they earn by the owner's choice (a commission, or after the week's booth rent). The api answers a barber with
 * their own row only.
 */
export function MyEarningsCard({ shopId }: { shopId: string }) {
  const earnings = useEarnings(shopId);
  const mine = earnings.data?.barbers[0];
  const money = (n: number) => formatMoney(n, { currency: earnings.data?.currency ?? 'USD' });
  return (
    <Card>
      <CardHeader title="Earnings this week" />
      {earnings.isPending ? (
        <p className="text-sm text-neutral-600">Loading…</p>
      ) : earnings.isError ? (
        <p role="alert" className="text-sm text-neutral-700">
          Your earnings could not be loaded: {earnings.error.message}
        </p>
      ) : !mine ? (
        <p className="text-sm text-neutral-600">Nothing yet this week.</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-neutral-600">Tips</dt>
            <dd className="text-lg font-bold tabular-nums">{money(mine.tips)}</dd>
          </div>
          <div>
            <dt className="text-neutral-600">Services</dt>
            <dd className="text-lg font-bold tabular-nums">{money(mine.servicesRevenue)}</dd>
          </div>
          <div>
            <dt className="text-neutral-600">
              {mine.pay.kind === 'commission' ? `Your earnings (${mine.pay.percent}%)` : 'After booth rent'}
            </dt>
            <dd className="text-lg font-bold tabular-nums">{money(mine.earnings)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
