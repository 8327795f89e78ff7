import {
  currencyChoices,
  currencyLabel,
  displaySettingsOf,
  localeChoices,
  localeLabel,
  type Shop,
  ShopEditSchema,
  THEME_LABELS,
  THEMES,
} from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

type ShopEditInput = z.input<typeof ShopEditSchema>;
export type ShopEditValues = z.output<typeof ShopEditSchema>;

const HEX = /^#[0-9a-fA-F]{6}$/;
const THEME_OPTIONS = THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }));
const CLOCK_OPTIONS = [
  { value: '12h', label: '12-hour (2:30 PM)' },
  { value: '24h', label: '24-hour (14:30)' },
];

/** Spec 2 'Edit Shop dialog': every field, the colour as a picker plus text; name 3+, logo a valid URL or empty. */
export function EditShopForm({
  shop,
  pending,
  onSubmit,
  onCancel,
}: {
  shop: Pick<
    Shop,
    'name' | 'bio' | 'address' | 'phoneNumber' | 'theme' | 'primaryColor' | 'logoUrl' | 'currency' | 'locale' | 'clock'
  >;
  pending: boolean;
  onSubmit: (values: ShopEditValues) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<ShopEditInput, unknown, ShopEditValues>({
    // Money and clock (issue 13): a shop made before them shows USD, en-US, 12h and saves them as chosen.
    resolver: zodResolver(ShopEditSchema),
    defaultValues: {
      name: shop.name,
      bio: shop.bio,
      address: shop.address,
      phoneNumber: shop.phoneNumber,
      theme: shop.theme,
      primaryColor: shop.primaryColor,
      logoUrl: shop.logoUrl,
      ...displaySettingsOf(shop),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const color = watch('primaryColor') ?? '';
  const currency = watch('currency');
  const locale = watch('locale');
  const currencies = useMemo(
    () => currencyChoices(currency).map((code) => ({ value: code, label: currencyLabel(code) })),
    [currency],
  );
  const locales = useMemo(
    () => localeChoices(locale).map((tag) => ({ value: tag, label: localeLabel(tag) })),
    [locale],
  );
  const colorField = register('primaryColor');
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Edit shop" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
        <Field label="Shop Name" data-autofocus error={errors.name?.message} {...register('name')} />
        <TextareaField
          label="Shop Description"
          placeholder="Tell clients about your shop..."
          rows={3}
          error={errors.bio?.message}
          {...register('bio')}
        />
        <Field label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <Field
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <SelectField
          label="Website Theme"
          options={THEME_OPTIONS}
          error={errors.theme?.message}
          {...register('theme')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="shop-primary-color" className="text-sm font-medium text-neutral-800">
            Primary Color
          </label>
          <div className="flex items-center gap-3">
            <input
              type="color"
              aria-label="Primary color picker"
              value={HEX.test(color) ? color.toLowerCase() : '#000000'}
              onChange={(event) =>
                setValue('primaryColor', event.target.value.toUpperCase(), {
                  shouldDirty: true,
                  shouldValidate: isSubmitted,
                })
              }
              className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-neutral-300 bg-white p-1"
            />
            <input
              id="shop-primary-color"
              spellCheck={false}
              autoCapitalize="none"
              aria-invalid={errors.primaryColor ? true : undefined}
              aria-describedby={errors.primaryColor ? 'shop-primary-color-error' : undefined}
              className="h-11 min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 font-mono text-base uppercase outline-none focus-visible:ring-2 focus-visible:ring-amber-400 sm:text-sm"
              {...colorField}
            />
          </div>
          {errors.primaryColor ? (
            <p id="shop-primary-color-error" role="alert" className="text-sm text-red-600">
              {errors.primaryColor.message}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Currency"
            options={currencies}
            error={errors.currency?.message}
            {...register('currency')}
          />
          <SelectField label="Locale" options={locales} error={errors.locale?.message} {...register('locale')} />
          <SelectField label="Clock" options={CLOCK_OPTIONS} error={errors.clock?.message} {...register('clock')} />
        </div>
        <Field
          label="Logo URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://..."
          error={errors.logoUrl?.message}
          {...register('logoUrl')}
        />
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
