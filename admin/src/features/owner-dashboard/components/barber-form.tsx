import { BarberSchema, type BarberValues } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';

type BarberFormInput = z.input<typeof BarberSchema>;

export interface BarberFormProps {
  initial?: { name: string; bio: string; profileImageUrl: string };
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: BarberValues) => void;
  onCancel: () => void;
}

/** The dashboard's barber form (spec 5): name 2+, profile image a valid URL or empty. */
export function BarberForm({ initial, submitLabel, pendingLabel, pending, onSubmit, onCancel }: BarberFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BarberFormInput, unknown, BarberValues>({
    resolver: zodResolver(BarberSchema),
    defaultValues: initial ?? { name: '', bio: '', profileImageUrl: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Barber" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field
          label="Barber Name"
          placeholder="Marcus Johnson"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextareaField
          label="Bio"
          placeholder="Fades, tapers and beard work."
          rows={3}
          error={errors.bio?.message}
          {...register('bio')}
        />
        <Field
          label="Profile Image URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://..."
          error={errors.profileImageUrl?.message}
          {...register('profileImageUrl')}
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
