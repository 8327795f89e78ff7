import { type AnalyticsPeriod, formatMoney, SHOP_LOCALE_DEFAULTS } from '@barberly/common';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMyAnalytics } from '../api/analytics-api';
import {
  formatCount,
  formatRange,
  formatShare,
  pointChange,
  previousLabel,
  relativeChange,
} from '../lib/analytics-format';
import { ANALYTICS_HELP } from '../lib/analytics-help';
import type { AnalyticsSelection } from '../lib/analytics-query';
import { KpiCard } from './kpi-card';
import { PeriodPicker } from './period-picker';
import { ErrorState } from './report-states';

const BARBER_PERIODS: readonly AnalyticsPeriod[] = ['7d', '30d', '90d'];

export interface BarberNumbersCardProps {
  /** BCP 47 tag the numbers are written in: the shop's `locale` when the dashboard has it. Default en-US. */
  locale?: string;
}

/**
 * 'My numbers' on the barber dashboard (issue 13): the barber's own appointments, revenue, utilisation and
 * returning clients against the period before, from GET /api/my/analytics. No charts, so no recharts here.
 */
export function BarberNumbersCard({ locale = SHOP_LOCALE_DEFAULTS.locale }: BarberNumbersCardProps = {}) {
  const [selection, setSelection] = useState<AnalyticsSelection>({ period: '30d' });
  const query = useMyAnalytics(selection);
  const data = query.data;
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader
        title="My numbers"
        description={
          data
            ? `${formatRange(data.period, locale)}, compared with ${formatRange(data.previous, locale)}`
            : 'Your appointments, revenue and clients'
        }
      />
      <PeriodPicker periods={BARBER_PERIODS} value={selection} onChange={setSelection} />
      {query.isPending ? (
        <div className="grid place-items-center py-8 text-amber-500">
          <Spinner label="Loading your numbers" />
        </div>
      ) : query.isError ? (
        <ErrorState
          title="Your numbers could not be loaded"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.appointments === 0 ? (
        <div
          aria-busy={query.isPlaceholderData}
          className="rounded-xl border border-dashed border-neutral-300 px-4 py-8 text-center"
        >
          <p className="font-semibold">No appointments in this period</p>
          <p className="mt-1 text-sm text-neutral-600">
            Try a longer period; your numbers show here once clients book you.
          </p>
        </div>
      ) : (
        <div aria-busy={query.isPlaceholderData} className="relative grid grid-cols-1 gap-3 min-[520px]:grid-cols-2">
          {query.isPlaceholderData ? (
            <div className="absolute top-2 right-2 z-10 rounded-full bg-white p-1 text-amber-500 shadow">
              <Spinner className="size-5" label="Loading your numbers" />
            </div>
          ) : null}
          <KpiCard
            title="My appointments"
            value={formatCount(query.data.appointments, locale)}
            changes={[
              { change: relativeChange(query.data.appointments, query.data.prior.appointments, locale), better: 'up' },
            ]}
            comparison={query.data.comparison}
            comparisonOf="barber"
            against={previousLabel(query.data.period)}
            help={ANALYTICS_HELP.myAppointments}
          />
          <KpiCard
            title="My revenue"
            value={formatMoney(query.data.revenue, { currency: query.data.currency, locale })}
            changes={[{ change: relativeChange(query.data.revenue, query.data.prior.revenue, locale), better: 'up' }]}
            comparison={query.data.comparison}
            comparisonOf="barber"
            against={previousLabel(query.data.period)}
            help={ANALYTICS_HELP.myRevenue}
          />
          <KpiCard
            title="My utilisation"
            value={formatShare(query.data.utilisation, locale)}
            changes={[
              { change: pointChange(query.data.utilisation, query.data.prior.utilisation, locale), better: 'up' },
            ]}
            comparison={query.data.comparison}
            comparisonOf="barber"
            against={previousLabel(query.data.period)}
            help={ANALYTICS_HELP.myUtilisation}
          />
          <KpiCard
            title="Returning clients"
            value={formatCount(query.data.returningClients, locale)}
            detail={`of ${formatCount(query.data.clients, locale)} clients`}
            changes={[
              {
                change: relativeChange(query.data.returningClients, query.data.prior.returningClients, locale),
                better: 'up',
              },
            ]}
            comparison={query.data.comparison}
            comparisonOf="barber"
            against={previousLabel(query.data.period)}
            help={ANALYTICS_HELP.myReturning}
          />
        </div>
      )}
    </Card>
  );
}
