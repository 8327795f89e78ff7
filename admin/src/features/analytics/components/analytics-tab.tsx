import {
  ANALYTICS_PERIODS,
  type AnalyticsReport,
  type DateRange,
  displaySettingsOf,
  formatMoney,
  type Shop,
} from '@barberly/common';
import { useMutation } from '@tanstack/react-query';
import { CalendarX2, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { downloadAnalyticsCsv, useShopAnalytics } from '../api/analytics-api';
import {
  formatCount,
  formatRange,
  formatShare,
  pointChange,
  previousLabel,
  relativeChange,
} from '../lib/analytics-format';
import { ANALYTICS_HELP, ANALYTICS_NOTES } from '../lib/analytics-help';
import type { AnalyticsSelection } from '../lib/analytics-query';
import { BusyHoursHeatmap } from './busy-hours-heatmap';
import { DailyChart } from './daily-chart';
import { KpiCard, type KpiChange } from './kpi-card';
import { PeriodPicker } from './period-picker';
import { ErrorState } from './report-states';
import { ServicesChart } from './services-chart';
import { UtilisationChart } from './utilisation-chart';

/**
 * The owner's Analytics tab (issue 13): the period, the figures against the period before, and the charts, each
 * with its table. recharts is only in this module's chunk (LazyAnalyticsTab loads it).
 */
export interface AnalyticsTabProps {
  shop: Shop;
}

export function AnalyticsTab({ shop }: AnalyticsTabProps) {
  const { locale, clock } = displaySettingsOf(shop);
  const [selection, setSelection] = useState<AnalyticsSelection>({ period: '30d' });
  const query = useShopAnalytics(shop.id, selection);
  const report = query.data;
  const exportCsv = useMutation({ mutationFn: () => downloadAnalyticsCsv(shop.id, selection) });

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <Card className="flex flex-col gap-4">
        <CardHeader
          title="Analytics"
          description={
            report
              ? `${formatRange(report.period, locale)}, compared with ${formatRange(report.previous, locale)}`
              : 'Revenue, bookings and clients of your shop'
          }
          actions={
            <Button
              variant="light"
              size="sm"
              disabled={exportCsv.isPending || !report}
              onClick={() => exportCsv.mutate()}
            >
              {exportCsv.isPending ? (
                <Spinner className="size-4" label="Preparing the CSV" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              Export CSV
            </Button>
          }
        />
        {exportCsv.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The CSV could not be downloaded: {exportCsv.error.message}
          </p>
        ) : null}
        <PeriodPicker
          periods={ANALYTICS_PERIODS}
          value={selection}
          onChange={(next) => {
            exportCsv.reset();
            setSelection(next);
          }}
          suggestedRange={report?.period}
        />
      </Card>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isPlaceholderData} className="relative flex min-w-0 flex-col gap-5">
          {query.isPlaceholderData ? (
            <div className="absolute top-2 right-2 z-10 rounded-full bg-white p-1 text-amber-500 shadow">
              <Spinner className="size-5" label="Loading analytics" />
            </div>
          ) : null}
          {query.data.current.appointments === 0 ? (
            <EmptyState period={query.data.period} locale={locale} />
          ) : (
            <ReportView report={query.data} locale={locale} clock={clock} />
          )}
        </div>
      )}
    </div>
  );
}

function ReportView({ report, locale, clock }: { report: AnalyticsReport; locale: string; clock: '12h' | '24h' }) {
  const { current: c, prior: p } = report;
  const money = (v: number | null) => (v === null ? '–' : formatMoney(v, { currency: report.currency, locale }));
  const count = (v: number) => formatCount(v, locale);
  const share = (v: number | null) => formatShare(v, locale);
  const ratio = (a: number | null, b: number | null) => relativeChange(a, b, locale);
  const points = (a: number | null, b: number | null) => pointChange(a, b, locale);
  const against = previousLabel(report.period);

  const cards: Array<{
    title: string;
    value: string;
    detail?: string;
    note?: string;
    changes: KpiChange[];
    help: string;
  }> = [
    {
      title: 'Revenue',
      value: money(c.revenue),
      // Issue 27: what was actually paid, beside the booked revenue.
      ...(report.payments ? { detail: `${money(report.payments.collected)} collected` } : {}),
      changes: [{ change: ratio(c.revenue, p.revenue), better: 'up' }],
      help: ANALYTICS_HELP.revenue,
    },
    {
      title: 'Appointments',
      value: count(c.appointments),
      changes: [{ change: ratio(c.appointments, p.appointments), better: 'up' }],
      help: ANALYTICS_HELP.appointments,
    },
    {
      title: 'Cancellations',
      value: count(c.cancellations),
      changes: [{ change: ratio(c.cancellations, p.cancellations), better: 'down' }],
      help: ANALYTICS_HELP.cancellations,
    },
    {
      title: 'No-show rate',
      value: share(c.noShowRate),
      ...(report.payments?.noShowRate.policySince
        ? {
            note: `Before payment policies: ${share(report.payments.noShowRate.before)}. Since: ${share(report.payments.noShowRate.after)}.`,
          }
        : {}),
      changes: [{ change: points(c.noShowRate, p.noShowRate), better: 'down' }],
      help: ANALYTICS_HELP.noShowRate,
    },
    {
      title: 'Average ticket',
      value: money(c.averageTicket),
      changes: [{ change: ratio(c.averageTicket, p.averageTicket), better: 'up' }],
      help: ANALYTICS_HELP.averageTicket,
    },
    {
      title: 'New vs returning clients',
      value: `${count(c.newClients)} new`,
      detail: `${count(c.returningClients)} returning`,
      changes: [
        { label: 'New', change: ratio(c.newClients, p.newClients), better: 'up' },
        { label: 'Returning', change: ratio(c.returningClients, p.returningClients), better: 'up' },
      ],
      help: ANALYTICS_HELP.clients,
    },
    {
      title: 'Retention',
      value: share(c.retention),
      note: ANALYTICS_NOTES.retention,
      changes: [{ change: points(c.retention, p.retention), better: 'up' }],
      help: ANALYTICS_HELP.retention,
    },
    {
      title: 'Rebook rate',
      value: share(c.rebookRate),
      changes: [{ change: points(c.rebookRate, p.rebookRate), better: 'up' }],
      help: ANALYTICS_HELP.rebookRate,
    },
    {
      title: 'Online vs walk-in',
      value: `${share(c.onlineShare)} online`,
      detail: `${share(c.walkInShare)} walk-in`,
      changes: [{ label: 'Online', change: points(c.onlineShare, p.onlineShare), better: 'neutral' }],
      help: ANALYTICS_HELP.channel,
    },
  ];

  return (
    <>
      {report.otherCurrencyAppointments > 0 ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {report.otherCurrencyAppointments === 1
            ? '1 appointment booked in another currency is left out of the money figures.'
            : `${count(report.otherCurrencyAppointments)} appointments booked in another currency are left out of the money figures.`}
        </p>
      ) : null}
      <section aria-labelledby="analytics-kpis">
        <h3 id="analytics-kpis" className="sr-only">
          Key figures
        </h3>
        <div className="grid grid-cols-1 gap-3 min-[520px]:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <KpiCard key={card.title} {...card} comparison={report.comparison} against={against} />
          ))}
        </div>
      </section>
      <DailyChart report={report} locale={locale} />
      <div className="grid min-w-0 grid-cols-1 gap-5 xl:grid-cols-2">
        <UtilisationChart report={report} locale={locale} />
        <ServicesChart report={report} locale={locale} />
      </div>
      <BusyHoursHeatmap cells={report.heatmap} locale={locale} clock={clock} />
    </>
  );
}

function LoadingState() {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid place-items-center text-amber-500">
        <Spinner className="size-8" label="Loading analytics" />
      </div>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 min-[520px]:grid-cols-2 lg:grid-cols-3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <div key={key} className="h-32 animate-pulse rounded-2xl bg-neutral-200/70 motion-reduce:animate-none" />
        ))}
      </div>
      <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-neutral-200/70 motion-reduce:animate-none" />
    </div>
  );
}

function EmptyState({ period, locale }: { period: DateRange; locale: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 py-10 text-center">
      <CalendarX2 aria-hidden="true" className="size-8 text-neutral-400" />
      <p className="font-semibold">No appointments in this period</p>
      <p className="max-w-md text-sm text-neutral-600">
        Nothing was booked for {formatRange(period, locale)}. Try a longer period, or share your booking page so clients
        can book online.
      </p>
    </Card>
  );
}
