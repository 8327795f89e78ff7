import { ShopDetailsSchema } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { type SlugAvailability, useSlugAvailability } from '../api/use-slug-availability';
import type { WizardDetails } from '../lib/launch';
import { nextSlug } from '../lib/slug-field';
import { ContinueButton, StepFrame } from './wizard-layout';

/** The wizard's details: the onboarding schema without the theme (chosen on the template step). */
export const DetailsSchema = ShopDetailsSchema.omit({ theme: true });
type DetailsInput = z.input<typeof DetailsSchema>;

function SlugStatus({ availability, host }: { availability: SlugAvailability; host: string }) {
  if (availability.state === 'checking') {
    return (
      <span className="inline-flex items-center gap-1 text-neutral-500">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> Checking availability...
      </span>
    );
  }
  if (availability.state === 'available') {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <CheckCircle2 aria-hidden="true" className="size-3.5" /> {host} is available
      </span>
    );
  }
  if (availability.state === 'unavailable') {
    return (
      <span role="alert" className="inline-flex items-center gap-1 font-medium text-red-600">
        <XCircle aria-hidden="true" className="size-3.5" /> {availability.message}
      </span>
    );
  }
  return <span>Your site address: {host}</span>;
}

/** Why the details' Continue is disabled, said beside it; null: it is not. */
export function continueBlockedBecause({
  name,
  slug,
  availability,
  fix,
}: {
  name: string;
  slug: string;
  availability: SlugAvailability['state'];
  /** Submitted once with fields in error. */
  fix: boolean;
}): string | null {
  if (name.trim() === '') return "Enter your shop's name to continue.";
  if (slug.trim() === '') return 'Enter a shop URL to continue.';
  if (availability === 'checking') return 'Checking that the shop URL is free...';
  if (availability === 'unavailable') return 'Choose another shop URL to continue.';
  if (fix) return 'Fix the fields marked above to continue.';
  return null;
}

export function DetailsStep({
  value,
  appDomain,
  slugError,
  onBack,
  onNext,
  onChange,
  checkSlug,
}: {
  value: WizardDetails;
  /** The product's domain (with the port in development), for showing {slug}.{domain}. */
  appDomain: string;
  /** Set when the launch found the slug taken after all. */
  slugError?: string;
  onBack: (values: WizardDetails) => void;
  onNext: (values: WizardDetails) => void;
  /** Every edit, so the wizard's draft keeps what was typed across a reload. */
  onChange?: (values: WizardDetails) => void;
  checkSlug?: Parameters<typeof useSlugAvailability>[1];
}) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<DetailsInput, unknown, z.output<typeof DetailsSchema>>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: value,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const previousName = useRef(value.name);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const subscription = watch((v) =>
      onChangeRef.current?.({
        name: v.name ?? '',
        slug: v.slug ?? '',
        bio: v.bio ?? '',
        address: v.address ?? '',
        phoneNumber: v.phoneNumber ?? '',
      }),
    );
    return () => subscription.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (slugError) setError('slug', { message: slugError }, { shouldFocus: true });
  }, [slugError, setError]);

  const name = watch('name') ?? '';
  const slug = watch('slug') ?? '';
  const availability = useSlugAvailability(slug.trim(), checkSlug);
  const hasErrors = Object.keys(errors).length > 0;
  const blocked = continueBlockedBecause({
    name,
    slug,
    availability: availability.state,
    fix: isSubmitted && hasErrors,
  });

  const current = (): WizardDetails => {
    const v = getValues();
    return {
      name: v.name ?? '',
      slug: v.slug ?? '',
      bio: v.bio ?? '',
      address: v.address ?? '',
      phoneNumber: v.phoneNumber ?? '',
    };
  };

  const submit = handleSubmit((values) => {
    if (availability.state === 'unavailable') return;
    onNext({
      name: values.name,
      slug: values.slug,
      bio: values.bio,
      address: values.address,
      phoneNumber: values.phoneNumber,
    });
  });

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      const derived = nextSlug(previousName.current, next, getValues('slug') ?? '');
      previousName.current = next;
      if (derived !== getValues('slug')) setValue('slug', derived, { shouldValidate: isSubmitted });
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Shop details">
      <StepFrame
        title="Tell us about your shop"
        description="This is what clients see on your booking page."
        footer={
          <>
            <Button variant="light" onClick={() => onBack(current())}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back
            </Button>
            <ContinueButton type="submit" reason={blocked} />
          </>
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Shop Name"
            placeholder="Fade & Co. Barbers"
            autoComplete="organization"
            data-autofocus
            error={errors.name?.message}
            {...nameField}
          />
          <Field
            label="Shop URL"
            placeholder="fade-and-co"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            error={errors.slug?.message}
            hint={<SlugStatus availability={availability} host={`${slug.trim() || 'your-shop'}.${appDomain}`} />}
            {...register('slug')}
          />
          <TextareaField
            label="Bio"
            placeholder="Sharp cuts, hot towels and good company."
            className="sm:col-span-2"
            error={errors.bio?.message}
            {...register('bio')}
          />
          <Field
            label="Address"
            autoComplete="street-address"
            error={errors.address?.message}
            {...register('address')}
          />
          <Field
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        </div>
      </StepFrame>
    </form>
  );
}
