import {
  type DisplaySettings,
  dayBounds,
  formatClockTime,
  formatDayLabel,
  formatWallTime,
  type Series,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@barberly/common';
import { AlertTriangle, ChevronDown, ChevronUp, RefreshCw, Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { useActiveSeries } from '../api/visits-api';
import { CollisionList } from './collision-list';

/** 'Every 3 weeks on Tuesday at 10:00 AM' ('Every week…' for 1), the time on the shop's clock and locale. */
export function seriesRuleLabel(
  series: Pick<Series, 'intervalWeeks' | 'weekday' | 'localTime'>,
  display?: DisplaySettings,
): string {
  const every = series.intervalWeeks === 1 ? 'Every week' : `Every ${series.intervalWeeks} weeks`;
  const weekday = WEEKDAYS[series.weekday - 1];
  const on = weekday ? ` on ${WEEKDAY_LABELS[weekday]}` : '';
  return `${every}${on} at ${formatWallTime(series.localTime, display)}`;
}

/** The collisions the owner still has to decide on. */
export function openCollisionsOf(series: Series): number {
  return series.collisions.filter((c) => c.status === 'open').length;
}

/** '2 visits need a new time', '1 visit needs a new time'. */
export function needsNewTimeLabel(count: number): string {
  return count === 1 ? '1 visit needs a new time' : `${count} visits need a new time`;
}

/** 'Tuesday, December 8, 2026 at 10:00 AM' of the series' next visit still booked, in the shop's zone and clock. */
function nextVisitLabel(series: Series, timeZone: string, display?: DisplaySettings): string | null {
  const next = series.upcoming.find((a) => a.status === 'confirmed');
  if (!next) return null;
  const at = new Date(next.start);
  return `${formatDayLabel(at, timeZone)} at ${formatClockTime(at, { ...display, timeZone })}`;
}

/** ' · 9 visits in all', ' · until Monday, March 1, 2027', or nothing for an open-ended rule. */
function endLabel(series: Series, timeZone: string): string {
  if (series.occurrences) return ` · ${series.occurrences} visits in all`;
  if (series.untilDate) return ` · until ${formatDayLabel(dayBounds(series.untilDate, timeZone).start, timeZone)}`;
  return '';
}

function SeriesItem({
  shopId,
  series,
  timeZone,
  display,
}: {
  shopId: string;
  series: Series;
  timeZone: string;
  display?: DisplaySettings;
}) {
  const rule = seriesRuleLabel(series, display);
  const next = nextVisitLabel(series, timeZone, display);
  const open = openCollisionsOf(series);
  const { client } = series;
  return (
    <li aria-label={`${client.name}, ${rule}`} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{client.name}</p>
          <p className="text-sm text-neutral-700">
            {series.serviceNames.join(' + ')} with {series.barberName}
          </p>
          <p className="mt-1 inline-flex items-start gap-1.5 text-sm font-medium text-violet-900">
            <Repeat aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              {rule}
              <span className="font-normal text-neutral-600">{endLabel(series, timeZone)}</span>
            </span>
          </p>
          <p className="text-sm text-neutral-600">{next ? `Next visit: ${next}` : 'No upcoming visit booked'}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">
            {series.createdBy === 'client' ? 'Set up by the client' : 'Set up by you'}
          </span>
          {open > 0 ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {open} to rebook
            </span>
          ) : null}
        </div>
      </div>
      <div className="mt-3 empty:hidden">
        <CollisionList
          shopId={shopId}
          seriesId={series.id}
          collisions={series.collisions}
          timeZone={timeZone}
          display={display}
          label={`Visits to rebook for ${client.name}`}
        />
      </div>
    </li>
  );
}

/**
 * The shop's active series (issue 14): who, which barber and services, the rule in words on the shop's clock, the
 * next visit and who set it up. Visits the hourly booking maintenance could not place (the horizon moved onto a
 * taken time) wait here as open collisions, to accept an alternative or dismiss: never skipped silently (decision
 * 0160). Collapsed unless something needs a new time.
 */
export function SeriesPanel({
  shopId,
  timeZone,
  display,
}: {
  shopId: string;
  timeZone: string;
  display?: DisplaySettings;
}) {
  const series = useActiveSeries(shopId);
  const bodyId = useId();
  const list = series.data ?? [];
  const open = list.reduce((sum, s) => sum + openCollisionsOf(s), 0);
  // Open by default once something needed a new time (and stays open while the owner works through it); the
  // owner's own choice wins after that.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [sawOpen, setSawOpen] = useState(false);
  if (open > 0 && !sawOpen) setSawOpen(true);
  const expanded = choice ?? (sawOpen || open > 0);

  const summary = !series.data ? (
    'Regular clients, the same barber every few weeks.'
  ) : open > 0 ? (
    <span className="inline-flex items-center gap-1.5 font-semibold text-amber-900">
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" /> {needsNewTimeLabel(open)}
    </span>
  ) : list.length === 0 ? (
    'No regular appointments yet.'
  ) : list.length === 1 ? (
    '1 active series, nothing to rebook.'
  ) : (
    `${list.length} active series, nothing to rebook.`
  );

  return (
    <Card role="region" aria-label="Series">
      <CardHeader
        as="h3"
        title="Series"
        description={summary}
        actions={
          <>
            {list.length > 0 ? (
              <Button
                variant="light"
                size="sm"
                aria-expanded={expanded}
                aria-controls={bodyId}
                onClick={() => setChoice(!expanded)}
              >
                {expanded ? (
                  <ChevronUp aria-hidden="true" className="size-4" />
                ) : (
                  <ChevronDown aria-hidden="true" className="size-4" />
                )}
                {expanded ? 'Hide series' : 'Show series'}
              </Button>
            ) : null}
            <Button
              variant="light"
              size="sm"
              aria-label="Refresh series"
              disabled={series.isFetching}
              onClick={() => void series.refetch()}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
            </Button>
          </>
        }
      />
      {series.isPending ? (
        <div className="mt-4 grid place-items-center py-6 text-amber-500">
          <Spinner label="Loading series" />
        </div>
      ) : series.isError && !series.data ? (
        <div className="mt-4 text-center">
          <p className="font-semibold">The series could not be loaded</p>
          <p className="mt-1 text-sm text-neutral-600">{series.error.message}</p>
          <Button className="mt-3" size="sm" onClick={() => void series.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="mt-4 flex items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600">
          <Repeat aria-hidden="true" className="size-5 shrink-0 text-neutral-400" />
          Book one with New series…, or Make this a series… on a visit in the agenda.
        </div>
      ) : (
        <div id={bodyId} hidden={!expanded} aria-busy={series.isFetching} className={cn(expanded && 'mt-4')}>
          {expanded ? (
            <ul aria-label="Active series" className="flex flex-col gap-3">
              {list.map((s) => (
                <SeriesItem key={s.id} shopId={shopId} series={s} timeZone={timeZone} display={display} />
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Card>
  );
}
