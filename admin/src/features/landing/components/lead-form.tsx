import { type LeadInput, LeadSchema } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { showToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { leadFailureToast, leadSuccessToast } from '../../../lib/toast-messages';
import { useCreateLead } from '../api/create-lead';

const EMPTY: LeadInput = { fullName: '', email: '', phone: '', barbershopName: '' };

export function LeadForm({ submit }: { submit: (lead: LeadInput) => Promise<unknown> }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadInput>({
    resolver: zodResolver(LeadSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = async (lead: LeadInput) => {
    try {
      await submit(lead);
      showToast(leadSuccessToast);
      reset(EMPTY);
    } catch (error) {
      showToast(leadFailureToast);
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY) setError(name as keyof LeadInput, { message });
        }
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Request a demo" className="flex flex-col gap-4">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="jane@fadeandco.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field
          label="Barbershop Name"
          autoComplete="organization"
          placeholder="Fade & Co. Barbers"
          error={errors.barbershopName?.message}
          {...register('barbershopName')}
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full sm:w-auto sm:self-start">
        {isSubmitting ? 'Sending...' : 'Request a Demo'} <Send aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}

/** The form wired to the api; lazily loaded by the demo section. */
export default function ConnectedLeadForm() {
  const createLead = useCreateLead();
  return <LeadForm submit={createLead.mutateAsync} />;
}
