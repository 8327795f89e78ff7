import {
  type Clock,
  currencyChoices,
  currencyLabel,
  type DisplaySettings,
  localeChoices,
  localeLabel,
} from '@barberly/common';
import { useMemo } from 'react';
import { SelectField } from '../../../components/ui/select-field';

const CLOCK_OPTIONS: ReadonlyArray<{ value: Clock; label: string }> = [
  { value: '12h', label: '12-hour (2:30 PM)' },
  { value: '24h', label: '24-hour (14:30)' },
];

/**
 * The shop's currency, locale and clock (issue 13): common currencies first, then every one the browser knows.
 * Prices and times on the shop's site, its mails and texts are written with them.
 */
export function MoneyClockFields({
  value,
  onChange,
}: {
  value: DisplaySettings;
  onChange: (patch: Partial<DisplaySettings>) => void;
}) {
  const currencies = useMemo(
    () => currencyChoices(value.currency).map((code) => ({ value: code, label: currencyLabel(code) })),
    [value.currency],
  );
  const locales = useMemo(
    () => localeChoices(value.locale).map((tag) => ({ value: tag, label: localeLabel(tag) })),
    [value.locale],
  );
  return (
    <fieldset className="mb-6 grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-3 [&>*]:min-w-0">
      <legend className="sr-only">Currency, language and clock</legend>
      <SelectField
        label="Currency"
        options={currencies}
        value={value.currency}
        onChange={(event) => onChange({ currency: event.target.value })}
      />
      <SelectField
        label="Locale"
        options={locales}
        value={value.locale}
        onChange={(event) => onChange({ locale: event.target.value })}
      />
      <SelectField
        label="Clock"
        options={CLOCK_OPTIONS}
        value={value.clock}
        onChange={(event) => onChange({ clock: event.target.value as Clock })}
      />
    </fieldset>
  );
}
