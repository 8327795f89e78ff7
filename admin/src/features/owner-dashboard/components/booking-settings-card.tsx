import { BOOKING_DEFAULTS, BOOKING_LIMITS, BookingSettingsSchema, formatDuration, type Shop } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { useUpdateShop } from '../api/owner-api';
import { shopUpdatedToast } from '../lib/messages';
import { SwitchRow } from './switch-row';

/** The three settings an owner changes here; the rule (whole minutes, 0 to a week) is common's. */
const BookingRulesSchema = BookingSettingsSchema.pick({
  minNoticeMinutes: true,
  cancellationCutoffMinutes: true,
  reminderLeadMinutes: true,
});
type BookingRules = z.output<typeof BookingRulesSchema>;

const FIELDS: Array<{ name: keyof BookingRules; label: string; hint: string; max: number }> = [
  {
    name: 'minNoticeMinutes',
    label: 'Minimum notice (minutes)',
    hint: 'How long before a start clients can still book online.',
    max: BOOKING_LIMITS.noticeMinutesMax,
  },
  {
    name: 'cancellationCutoffMinutes',
    label: 'Cancellation cutoff (minutes)',
    hint: 'Clients can cancel or reschedule online until this long before the start.',
    max: BOOKING_LIMITS.cutoffMinutesMax,
  },
  {
    name: 'reminderLeadMinutes',
    label: 'Reminder (minutes before)',
    hint: 'When the first reminder goes out, by e-mail or text; 0 sends none.',
    max: BOOKING_LIMITS.reminderLeadMinutesMax,
  },
];

/** The field's rule in words: 'Minimum notice must be whole minutes from 0 to 10080'. */
export function minutesMessage(label: string, max: number): string {
  return `${label.replace(/ \(.*\)$/, '')} must be whole minutes from 0 to ${max}`;
}

export function settingsOf(shop: Pick<Shop, keyof BookingRules>): BookingRules {
  return {
    minNoticeMinutes: shop.minNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes,
    cancellationCutoffMinutes: shop.cancellationCutoffMinutes ?? BOOKING_DEFAULTS.cancellationCutoffMinutes,
    reminderLeadMinutes: shop.reminderLeadMinutes ?? BOOKING_DEFAULTS.reminderLeadMinutes,
  };
}

export function BookingSettingsForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: BookingRules;
  pending: boolean;
  onSubmit: (values: BookingRules) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BookingRules>({
    resolver: zodResolver(BookingRulesSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Booking settings" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        {FIELDS.map((field, i) => (
          <Field
            key={field.name}
            label={field.label}
            type="number"
            inputMode="numeric"
            min={0}
            max={field.max}
            step={5}
            hint={field.hint}
            data-autofocus={i === 0 ? true : undefined}
            error={errors[field.name] ? minutesMessage(field.label, field.max) : undefined}
            {...register(field.name, { valueAsNumber: true })}
          />
        ))}
      </fieldset>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

type VisitSwitches = Required<Pick<Shop, 'clientsMayRepeat' | 'waitlistEnabled' | 'barbersBookAnyChair'>>;

/**
 * Issue 14's two switches and issue 25's, with the api's defaults for a shop that has none yet (repeat off,
 * waitlist on, barbers book their own chair only).
 */
export function visitSwitchesOf(shop: Partial<Pick<Shop, keyof VisitSwitches>>): VisitSwitches {
  return {
    clientsMayRepeat: shop.clientsMayRepeat ?? false,
    waitlistEnabled: shop.waitlistEnabled ?? true,
    barbersBookAnyChair: shop.barbersBookAnyChair ?? false,
  };
}

const SWITCHES: Array<{ name: keyof VisitSwitches; label: string; hint: string }> = [
  {
    name: 'clientsMayRepeat',
    label: 'Clients can book repeat appointments online',
    hint: 'At the end of booking, clients may make it every few weeks with the same barber.',
  },
  {
    name: 'waitlistEnabled',
    label: 'Offer a waitlist on full days',
    hint: 'When a day has no time that suits, clients can join its waitlist and get the next freed slot.',
  },
  {
    name: 'barbersBookAnyChair',
    label: 'Barbers can book for the whole team',
    hint: 'From their calendar, barbers may book and move appointments with any barber, not only in their own chair.',
  },
];

/** Each switch saves on its own (PATCH /api/shops/{id}); it shows the new position while saving. */
function VisitSwitchesList({ shop }: { shop: Shop }) {
  const update = useUpdateShop(shop.id);
  const saved = visitSwitchesOf(shop);
  const pending = update.isPending ? (update.variables as Partial<VisitSwitches>) : {};
  return (
    <fieldset className="mt-5 flex min-w-0 flex-col gap-4 border-t border-neutral-100 pt-4">
      <legend className="sr-only">Repeat bookings, waitlist and team booking</legend>
      {SWITCHES.map((s) => (
        <SwitchRow
          key={s.name}
          label={s.label}
          hint={s.hint}
          checked={pending[s.name] ?? saved[s.name]}
          disabled={update.isPending}
          onChange={async (event) => {
            try {
              await update.mutateAsync({ [s.name]: event.target.checked });
              showToast(shopUpdatedToast);
            } catch (error) {
              showToast(failureToast('Failed to update shop', error));
            }
          }}
        />
      ))}
    </fieldset>
  );
}

/** Booking settings: minimum notice, cancellation cutoff, reminder lead; edited in a dialog (PATCH /api/shops/{id}). */
export function BookingSettingsCard({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateShop(shop.id);
  const current = settingsOf(shop);
  return (
    <Card>
      <CardHeader
        title="Booking Settings"
        description="How close to a start clients can book and change."
        actions={
          <Button variant="light" size="sm" onClick={() => setOpen(true)}>
            <SlidersHorizontal aria-hidden="true" className="size-4" /> Edit Settings
          </Button>
        }
      />
      <dl aria-label="Booking settings" className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        <dt className="text-neutral-500">Minimum notice</dt>
        <dd className="font-medium">{formatDuration(current.minNoticeMinutes)}</dd>
        <dt className="text-neutral-500">Cancellation cutoff</dt>
        <dd className="font-medium">{formatDuration(current.cancellationCutoffMinutes)}</dd>
        <dt className="text-neutral-500">Reminder</dt>
        <dd className="font-medium">
          {current.reminderLeadMinutes === 0 ? 'No reminder' : `${formatDuration(current.reminderLeadMinutes)} before`}
        </dd>
      </dl>
      <VisitSwitchesList shop={shop} />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Booking Settings"
        description="These apply to bookings made from now on."
      >
        <BookingSettingsForm
          initial={current}
          pending={update.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              await update.mutateAsync(values);
              showToast(shopUpdatedToast);
              setOpen(false);
            } catch (error) {
              showToast(failureToast('Failed to update shop', error));
            }
          }}
        />
      </Dialog>
    </Card>
  );
}
