import {
  currencySymbol,
  DEFAULT_SERVICE_DURATION_MINUTES,
  LIMITS,
  type MoneyOptions,
  ServiceSchema,
  type ServiceValues,
  VISIT_LIMITS,
} from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';

type ServiceFormInput = z.input<typeof ServiceSchema>;

export interface ServiceFormProps {
  initial?: { name: string; description: string; price: number; durationMinutes: number; bufferMinutes?: number };
  /** The shop's currency and locale: the spec's 'Price ($)' for USD, 'Price (€)' for EUR. */
  money?: MoneyOptions;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: ServiceValues) => void;
  onCancel: () => void;
}

/**
 * The dashboard's service form (spec 5): name 2+, price 1+, duration 5+ in steps of 5, default 30; a buffer after it
 * of 0 to 120 minutes (issue 14).
 */
export function ServiceForm({
  initial,
  money,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: ServiceFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ServiceFormInput, unknown, ServiceValues>({
    resolver: zodResolver(ServiceSchema),
    defaultValues: initial
      ? { ...initial, bufferMinutes: initial.bufferMinutes ?? 0 }
      : { name: '', description: '', price: '', durationMinutes: DEFAULT_SERVICE_DURATION_MINUTES, bufferMinutes: 0 },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Service" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field
          label="Service Name"
          placeholder="Classic Haircut"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextareaField
          label="Description"
          placeholder="What is included"
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            label={`Price (${currencySymbol(money)})`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            error={errors.price?.message}
            {...register('price')}
          />
          <Field
            label="Duration (mins)"
            type="number"
            inputMode="numeric"
            min={LIMITS.serviceDurationMin}
            step={LIMITS.serviceDurationStep}
            error={errors.durationMinutes?.message}
            {...register('durationMinutes')}
          />
        </div>
        <Field
          label="Buffer after (minutes)"
          type="number"
          inputMode="numeric"
          min={0}
          max={VISIT_LIMITS.bufferMax}
          step={5}
          hint="Cleanup time that blocks the barber; clients don't see it"
          error={errors.bufferMinutes?.message}
          {...register('bufferMinutes')}
        />
      </fieldset>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
