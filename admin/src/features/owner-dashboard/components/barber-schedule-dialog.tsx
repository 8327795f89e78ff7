import {
  type Barber,
  BOOKING_DEFAULTS,
  type Hours,
  localDateOf,
  localInstant,
  type Shop,
  type TimeOff,
  TimeOffRequestSchema,
} from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { dayErrors, HoursEditor } from '../../../components/ui/hours-editor';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { failureToast, timeOffAddedToast, timeOffRemovedToast } from '../../../lib/dashboard-toasts';
import {
  scheduleApi,
  type TimeOffInput,
  useAddTimeOff,
  useBarberSettings,
  useDeleteTimeOff,
  useUpdateBarberSettings,
} from '../../../lib/schedule-api';
import { barberHoursSavedToast } from '../lib/messages';
import { formatTimeOff, upcomingTimeOff } from '../lib/time-off';

/**
 * Whose schedule the dialog edits, and where: the owner's view of one of the shop's barbers, or a barber's own
 * (MyScheduleDialog). The forms below only know this, so both read and write through the same code.
 */
export interface ScheduleTarget {
  /** Where settings and time-off live: scheduleApi.ofBarber(shopId, barberId) or scheduleApi.mine. */
  apiBase: string;
  /** The shop's zone: days and times are typed and shown in it. */
  timeZone: string;
  /** The shop's week: what 'Same as shop hours' means, and where own hours start. */
  shopHours: Hours;
  /** Who the texts speak of: a barber by name (the owner's view), or 'you' (the barber's own). */
  who: { name: string } | 'you';
}

function wordsFor(who: ScheduleTarget['who']) {
  if (who === 'you') {
    return {
      sameHint: 'You work whenever the shop is open.',
      ownHint: 'Set the days and times you work.',
      timeOffHint: 'Clients cannot book you during time off.',
    };
  }
  return {
    sameHint: `${who.name} works whenever the shop is open.`,
    ownHint: `Set the days and times ${who.name} works.`,
    timeOffHint: `Clients cannot book ${who.name} during time off.`,
  };
}

const zoneOf = (shop: Shop) => shop.timeZone ?? BOOKING_DEFAULTS.timeZone;

/** The owner's view of one barber of their shop. */
export const ownerTarget = (shop: Shop, barber: Barber): ScheduleTarget => ({
  apiBase: scheduleApi.ofBarber(shop.id, barber.id),
  timeZone: zoneOf(shop),
  shopHours: shop.hours_json,
  who: { name: barber.name },
});

/** 'Same as shop hours' (hours_json null) or the barber's own week, saved with PATCH .../settings. */
export function BarberHoursForm({ target, saved }: { target: ScheduleTarget; saved: Hours | null }) {
  const update = useUpdateBarberSettings(target.apiBase);
  const words = wordsFor(target.who);
  const [own, setOwn] = useState(saved !== null);
  // Switching to own hours starts from the shop's week; switching back and forth keeps what was typed.
  const [hours, setHours] = useState<Hours>(saved ?? target.shopHours);
  const [tried, setTried] = useState(false);
  const errors = own && tried ? dayErrors(hours) : {};
  const name = useId();
  const save = async () => {
    setTried(true);
    if (own && Object.keys(dayErrors(hours)).length > 0) return;
    try {
      await update.mutateAsync({ hours_json: own ? hours : null });
      showToast(barberHoursSavedToast);
    } catch (error) {
      showToast(failureToast('Failed to save hours', error));
    }
  };
  const choice = (value: boolean, label: string, hint: string) => (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-200 p-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50">
      <input
        type="radio"
        name={name}
        checked={own === value}
        onChange={() => setOwn(value)}
        className="mt-1 size-4 accent-amber-600"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-neutral-600">{hint}</span>
      </span>
    </label>
  );
  return (
    <form
      aria-label="Working hours"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={update.isPending} className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-bold tracking-tight">Working hours</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {choice(false, 'Same as shop hours', words.sameHint)}
          {choice(true, 'Own hours', words.ownHint)}
        </div>
        {own ? <HoursEditor hours={hours} onChange={setHours} errors={errors} /> : null}
      </fieldset>
      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          disabled={update.isPending || Object.keys(errors).length > 0}
        >
          {update.isPending ? 'Saving...' : 'Save Hours'}
        </Button>
      </div>
    </form>
  );
}

type TimeOffFormInput = { startDate: string; startTime: string; endDate: string; endTime: string; reason: string };
type TimeOffField = keyof TimeOffFormInput;

/** Where the api's (and TimeOffRequestSchema's) fields show in this form. */
const FIELD_OF: Record<string, TimeOffField> = { start: 'startTime', end: 'endTime', reason: 'reason' };

/**
 * Days and times typed in the shop's zone become instants; then the api's own schema judges them, so 'Time off must
 * end after it starts' reads the same here and from the api.
 */
function timeOffFormSchema(timeZone: string) {
  return z
    .object({
      startDate: z.string().min(1, 'Choose a start date'),
      startTime: z.string().min(1, 'Choose a start time'),
      endDate: z.string().min(1, 'Choose an end date'),
      endTime: z.string().min(1, 'Choose an end time'),
      reason: z.string(),
    })
    .transform((values, ctx): TimeOffInput => {
      const start = localInstant(values.startDate, values.startTime, timeZone);
      const end = localInstant(values.endDate, values.endTime, timeZone);
      if (!start) ctx.addIssue({ code: 'custom', message: 'Choose a start date and time', path: ['startTime'] });
      if (!end) ctx.addIssue({ code: 'custom', message: 'Choose an end date and time', path: ['endTime'] });
      if (!start || !end) return z.NEVER;
      const input = { start: start.toISOString(), end: end.toISOString(), reason: values.reason.trim() };
      const parsed = TimeOffRequestSchema.safeParse(input);
      if (parsed.success) return input;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [FIELD_OF[String(issue.path[0])] ?? 'endTime'] });
      }
      return z.NEVER;
    });
}

/** Add time off: start and end as a day and a time in the shop's zone, and an optional reason. */
export function TimeOffForm({ apiBase, timeZone }: { apiBase: string; timeZone: string }) {
  const add = useAddTimeOff(apiBase);
  const resolver = useMemo(() => zodResolver(timeOffFormSchema(timeZone)), [timeZone]);
  const today = localDateOf(new Date(), timeZone);
  const blank: TimeOffFormInput = {
    startDate: today,
    startTime: '09:00',
    endDate: today,
    endTime: '18:00',
    reason: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<TimeOffFormInput, unknown, TimeOffInput>({
    resolver,
    defaultValues: blank,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onSubmit = async (input: TimeOffInput) => {
    try {
      await add.mutateAsync(input);
      showToast(timeOffAddedToast);
      reset(blank);
    } catch (error) {
      showToast(failureToast('Failed to add time off', error));
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        const at = FIELD_OF[field];
        if (at) setError(at, { message });
      }
    }
  };
  return (
    <form
      noValidate
      aria-label="Add time off"
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-3 border-t border-neutral-100 pt-4 sm:rounded-xl sm:border sm:border-neutral-200 sm:p-4"
    >
      <h4 className="font-semibold">Add time off</h4>
      <fieldset disabled={add.isPending} className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-x-2 gap-y-3 sm:gap-x-3">
          <Field
            label="Start date"
            type="date"
            error={errors.startDate?.message}
            {...register('startDate', {
              // An end before the new start is never what was meant: it follows the start.
              onChange: (event: { target: { value: string } }) => {
                if (getValues('endDate') < event.target.value) setValue('endDate', event.target.value);
              },
            })}
          />
          <Field label="Start time" type="time" error={errors.startTime?.message} {...register('startTime')} />
          <Field label="End date" type="date" error={errors.endDate?.message} {...register('endDate')} />
          <Field label="End time" type="time" error={errors.endTime?.message} {...register('endTime')} />
        </div>
        <Field
          label="Reason (optional)"
          placeholder="Holiday"
          maxLength={200}
          error={errors.reason?.message}
          {...register('reason')}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Time Off'}
        </Button>
      </div>
    </form>
  );
}

function TimeOffItem({
  entry,
  timeZone,
  pending,
  onRemove,
}: {
  entry: TimeOff;
  timeZone: string;
  pending: boolean;
  onRemove: () => void;
}) {
  const when = formatTimeOff(entry, timeZone);
  return (
    <li aria-label={when} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{when}</p>
        {entry.reason ? <p className="text-sm break-words text-neutral-600">{entry.reason}</p> : null}
      </div>
      <div className="sm:self-end">
        <ConfirmDelete
          label="Remove"
          accessibleLabel={`Remove time off: ${when}`}
          question="Remove this time off? Clients can book these times again."
          pending={pending}
          onConfirm={onRemove}
        />
      </div>
    </li>
  );
}

/** Current and upcoming time off, each removable, and the form to add one. */
export function TimeOffSection({ target, timeOff }: { target: ScheduleTarget; timeOff: TimeOff[] }) {
  const { timeZone, apiBase } = target;
  const remove = useDeleteTimeOff(apiBase);
  const upcoming = upcomingTimeOff(timeOff, new Date());
  const headingId = useId();
  const onRemove = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      showToast(timeOffRemovedToast);
    } catch (error) {
      showToast(failureToast('Failed to remove time off', error));
    }
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-lg font-bold tracking-tight">
          Time off
        </h3>
        <p className="text-sm text-neutral-600">
          {wordsFor(target.who).timeOffHint} Times are in the shop's time zone, {timeZone.replace(/_/g, ' ')}.
        </p>
      </div>
      {upcoming.length === 0 ? (
        <p className="rounded-xl bg-neutral-50 p-3 text-sm text-neutral-600">No upcoming time off.</p>
      ) : (
        <ul aria-label="Upcoming time off" className="flex flex-col gap-2">
          {upcoming.map((entry) => (
            <TimeOffItem
              key={entry.id}
              entry={entry}
              timeZone={timeZone}
              pending={remove.isPending && remove.variables === entry.id}
              onRemove={() => void onRemove(entry.id)}
            />
          ))}
        </ul>
      )}
      <TimeOffForm apiBase={apiBase} timeZone={timeZone} />
    </section>
  );
}

function ScheduleContent({ target, onClose }: { target: ScheduleTarget; onClose: () => void }) {
  const settings = useBarberSettings(target.apiBase);
  if (settings.isPending) {
    return (
      <div className="grid place-items-center py-12 text-amber-500">
        <Spinner label="Loading schedule" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="font-semibold">The schedule could not be loaded</p>
        <p className="text-sm text-neutral-600">{settings.error.message}</p>
        <Button variant="light" onClick={() => void settings.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <BarberHoursForm target={target} saved={settings.data.hours_json} />
      <div className="border-t border-neutral-100 pt-5">
        <TimeOffSection target={target} timeOff={settings.data.timeOff} />
      </div>
      <div className="flex justify-end border-t border-neutral-100 pt-4">
        <Button variant="light" className="w-full sm:w-auto" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Hours and time off of one barber; availability follows them, the public shop page does not change. */
export function ScheduleDialog({
  target,
  title,
  description,
  open,
  onClose,
}: {
  target: ScheduleTarget | undefined;
  title: string;
  description: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open && Boolean(target)} onClose={onClose} title={title} description={description} size="lg">
      {target ? <ScheduleContent target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The owner's dialog (Barbers tab → Schedule) for one barber of their shop. */
export function BarberScheduleDialog({
  shop,
  barber,
  open,
  onClose,
}: {
  shop: Shop;
  barber: Barber | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ScheduleDialog
      target={barber ? ownerTarget(shop, barber) : undefined}
      title={barber ? `Schedule for ${barber.name}` : 'Schedule'}
      description="When this barber can be booked."
      open={open}
      onClose={onClose}
    />
  );
}

/**
 * The barber's own dialog (barber dashboard → My Schedule), on /api/barber/settings and /api/barber/time-off. The
 * barber dashboard gets it from app/, and hands in the shop's zone and week from GET /api/barber/settings.
 */
export function MyScheduleDialog({
  timeZone,
  shopHours,
  open,
  onClose,
}: {
  timeZone: string;
  shopHours: Hours;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ScheduleDialog
      target={{ apiBase: scheduleApi.mine, timeZone, shopHours, who: 'you' }}
      title="My Schedule"
      description="When clients can book you."
      open={open}
      onClose={onClose}
    />
  );
}
