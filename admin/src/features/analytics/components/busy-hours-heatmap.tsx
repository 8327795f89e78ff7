import type { HeatmapCell } from '@barberly/common';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { formatCount, hourLabel, weekdayName } from '../lib/analytics-format';
import { ANALYTICS_HELP } from '../lib/analytics-help';

const TITLE = 'Busiest times';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Five shades from the quietest hour with bookings to the busiest; an hour with none stays grey. */
const SHADES = ['bg-amber-100', 'bg-amber-200', 'bg-amber-300', 'bg-amber-400', 'bg-amber-500'] as const;

/**
 * Weekday × starting hour. The heatmap is itself a table (weekdays as row headers, hours as column headers, the
 * count in each cell), so screen readers get the figures and nothing is drawn twice. Hours run from the earliest
 * to the latest with a booking; on a narrow screen the table scrolls sideways inside its box.
 */
export function BusyHoursHeatmap({
  cells,
  locale,
  clock,
}: {
  cells: HeatmapCell[];
  locale: string;
  clock: '12h' | '24h';
}) {
  if (cells.length === 0) return null;
  const counts = new Map(cells.map((c) => [`${c.weekday}|${c.hour}`, c.bookings]));
  const max = Math.max(...cells.map((c) => c.bookings));
  const first = Math.min(...cells.map((c) => c.hour));
  const last = Math.max(...cells.map((c) => c.hour));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader as="h3" title={TITLE} description={ANALYTICS_HELP.heatmap} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it */}
      <section aria-label={`${TITLE}, scrolls sideways`} tabIndex={0} className="max-w-full overflow-x-auto">
        <table className="border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">{`${TITLE}: appointments by weekday and starting hour`}</caption>
          <thead>
            <tr>
              <td />
              {hours.map((hour) => (
                <th key={hour} scope="col" className="min-w-11 px-0.5 pb-1 text-center font-medium text-neutral-600">
                  {hourLabel(hour, locale, clock)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday) => (
              <tr key={weekday}>
                <th scope="row" className="pr-2 text-left font-medium whitespace-nowrap text-neutral-700">
                  <span aria-hidden="true">{weekdayName(weekday, locale)}</span>
                  <span className="sr-only">{weekdayName(weekday, locale, 'long')}</span>
                </th>
                {hours.map((hour) => {
                  const bookings = counts.get(`${weekday}|${hour}`) ?? 0;
                  const shade = bookings === 0 ? 'bg-neutral-100' : SHADES[Math.ceil((bookings / max) * 5) - 1];
                  return (
                    <td
                      key={hour}
                      className={cn(
                        'h-9 min-w-11 rounded text-center tabular-nums',
                        shade,
                        bookings / max > 0.6 ? 'font-semibold text-neutral-950' : 'text-neutral-800',
                      )}
                    >
                      {bookings === 0 ? <span className="sr-only">0</span> : formatCount(bookings, locale)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
