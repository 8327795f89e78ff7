import { APPOINTMENT_STATUS_LABELS } from '@barberly/common';
import { CalendarDays } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { useAgenda } from '../../../lib/booking-api';
import { useShopDisplay } from '../../../lib/shop-queries';
import { clockOf, timeLabel, visitName } from '../lib/calendar-model';
import { STATUS_BLOCK_STYLES } from './time-grid';

/** The top of the Overview (issue 25): today's appointments in order, each with its barber and status in words. */
export function TodayAgenda({ shopId, onOpenCalendar }: { shopId: string; onOpenCalendar: () => void }) {
  const agenda = useAgenda(shopId, null);
  const display = useShopDisplay(shopId);
  const list = (agenda.data?.appointments ?? []).filter((a) => a.status !== 'cancelled');
  const clock = clockOf(display, agenda.data?.timeZone ?? 'UTC');
  return (
    <Card>
      <CardHeader
        as="h2"
        title="Today's agenda"
        actions={
          <Button variant="light" size="sm" onClick={onOpenCalendar}>
            <CalendarDays aria-hidden="true" className="size-4" /> Open the calendar
          </Button>
        }
      />
      {agenda.isPending ? (
        <p className="mt-3 text-sm text-neutral-600">Loading today's appointments…</p>
      ) : agenda.isError ? (
        <p className="mt-3 text-sm text-red-700">Today's appointments could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600">No appointments today.</p>
      ) : (
        <ol aria-label="Today's appointments" className="mt-3 flex flex-col gap-1.5">
          {list.map((a) => (
            <li
              key={a.id}
              className={cn(
                'flex flex-wrap items-baseline gap-x-2 rounded-lg border-l-4 px-3 py-1.5 text-sm',
                STATUS_BLOCK_STYLES[a.status],
              )}
            >
              <span className="font-semibold tabular-nums">{timeLabel(a.start, clock)}</span>
              <span className="font-semibold">{a.client.name}</span>
              <span>{visitName(a)}</span>
              <span className="text-neutral-700">with {a.barber.name}</span>
              <span className="ml-auto font-semibold">{APPOINTMENT_STATUS_LABELS[a.status]}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
