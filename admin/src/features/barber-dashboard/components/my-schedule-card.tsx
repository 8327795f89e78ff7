import {
  type DisplaySettings,
  displaySettingsFrom,
  formatWallTime,
  type Hours,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@barberly/common';
import { CalendarClock } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMySchedule } from '../api/barber-api';

/** What app/ hands in as the schedule dialog: the owner dashboard's, pointed at the barber's own api. */
export interface MyScheduleDialogProps {
  timeZone: string;
  shopHours: Hours;
  open: boolean;
  onClose: () => void;
}

function WeekSummary({ hours, display }: { hours: Hours; display: DisplaySettings }) {
  return (
    <dl aria-label="Your working week" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {WEEKDAYS.map((day) => (
        <div key={day} className="contents">
          <dt className="font-medium text-neutral-700">{WEEKDAY_LABELS[day]}</dt>
          <dd className="tabular-nums text-neutral-900">
            {hours[day].closed
              ? 'Closed'
              : `${formatWallTime(hours[day].open, display)} – ${formatWallTime(hours[day].close, display)}`}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'My Schedule' on the barber dashboard: the week the barber works and their upcoming time off, and the button that
 * opens the schedule dialog (the owner's, on /api/barber/*). Times are the shop's, in the shop's zone.
 */
export function MyScheduleCard({ ScheduleDialog }: { ScheduleDialog: ComponentType<MyScheduleDialogProps> }) {
  const schedule = useMySchedule();
  const [open, setOpen] = useState(false);
  const data = schedule.data;
  const now = Date.now();
  const upcoming = data ? data.timeOff.filter((t) => new Date(t.end).getTime() > now).length : 0;
  return (
    <Card>
      <CardHeader
        title="My Schedule"
        description={
          data
            ? `When clients can book you. Times are in the shop's time zone, ${data.shop.timeZone.replace(/_/g, ' ')}.`
            : 'When clients can book you.'
        }
        actions={
          data ? (
            <Button variant="light" size="sm" onClick={() => setOpen(true)}>
              <CalendarClock aria-hidden="true" className="size-4" /> Edit My Schedule
            </Button>
          ) : null
        }
      />
      {data ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-sm font-semibold" data-testid="my-hours-kind">
            {data.hours_json ? 'Your own hours' : 'Same as shop hours'}
          </p>
          {/* The shop's clock (issue 13) once the api's shop summary carries it; 12-hour until then. */}
          <WeekSummary hours={data.hours_json ?? data.shop.hours_json} display={displaySettingsFrom(data.shop)} />
          <p className="text-sm text-neutral-600" data-testid="my-time-off-count">
            {upcoming === 0
              ? 'No upcoming time off.'
              : `${upcoming} upcoming time off ${upcoming === 1 ? 'entry' : 'entries'}.`}
          </p>
          <ScheduleDialog
            timeZone={data.shop.timeZone}
            shopHours={data.shop.hours_json}
            open={open}
            onClose={() => setOpen(false)}
          />
        </div>
      ) : schedule.isError ? (
        <p role="alert" className="mt-4 text-sm text-neutral-600">
          Your schedule could not be loaded: {schedule.error.message}
        </p>
      ) : (
        <div className="grid place-items-center py-8 text-amber-500">
          <Spinner label="Loading your schedule" />
        </div>
      )}
    </Card>
  );
}
