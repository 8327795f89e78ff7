import { BOOKING_DEFAULTS, formatDayHours, type Hours, type Shop, WEEKDAY_LABELS, WEEKDAYS } from '@barberly/common';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { dayErrors, HoursEditor } from '../../../components/ui/hours-editor';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { useUpdateShop } from '../api/owner-api';
import { shopUpdatedToast } from '../lib/messages';
import { SpecialDaysCard } from './special-days/special-days-card';

function EditHoursForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const update = useUpdateShop(shop.id);
  const [hours, setHours] = useState<Hours>(shop.hours_json);
  const savedZone = shop.timeZone ?? BOOKING_DEFAULTS.timeZone;
  const [timeZone, setTimeZone] = useState(savedZone);
  const [tried, setTried] = useState(false);
  const errors = tried ? dayErrors(hours) : {};
  const save = async () => {
    setTried(true);
    if (Object.keys(dayErrors(hours)).length > 0) return;
    try {
      await update.mutateAsync(timeZone === savedZone ? { hours_json: hours } : { hours_json: hours, timeZone });
      showToast(shopUpdatedToast);
      onClose();
    } catch (error) {
      showToast(failureToast('Failed to update shop', error));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <fieldset disabled={update.isPending}>
        <legend className="sr-only">Opening hours</legend>
        <TimeZoneSelect
          className="mb-5 max-w-sm"
          current={savedZone}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
        />
        <HoursEditor hours={hours} onChange={setHours} errors={errors} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={update.isPending || Object.keys(errors).length > 0}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The week as clients see it (always Monday to Sunday, whatever order the api sent), with Edit Hours; under it the
 * shop's special days (issue 25).
 */
export function HoursCard({ shop }: { shop: Shop }) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <WeekCard shop={shop} />
      <SpecialDaysCard shop={shop} />
    </div>
  );
}

function WeekCard({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Opening Hours"
        description="When clients can book."
        actions={
          <Button variant="light" size="sm" onClick={() => setOpen(true)}>
            <Clock aria-hidden="true" className="size-4" /> Edit Hours
          </Button>
        }
      />
      <dl aria-label="Opening hours" className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        {WEEKDAYS.map((day) => (
          <div key={day} className="contents">
            <dt className="text-neutral-500">{WEEKDAY_LABELS[day]}</dt>
            <dd className="font-medium">{formatDayHours(shop.hours_json[day])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-neutral-500" data-testid="shop-time-zone">
        Time zone: {(shop.timeZone ?? BOOKING_DEFAULTS.timeZone).replace(/_/g, ' ')}
      </p>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Edit Opening Hours"
        description="Tick Closed for days you are off."
        size="lg"
      >
        <EditHoursForm shop={shop} onClose={() => setOpen(false)} />
      </Dialog>
    </Card>
  );
}
