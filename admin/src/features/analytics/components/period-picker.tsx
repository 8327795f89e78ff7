import { ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod, type DateRange } from '@barberly/common';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/field';
import { type AnalyticsSelection, checkCustomRange, type RangeErrors } from '../lib/analytics-query';

/**
 * The period of a report: native radios styled as a segmented control (arrow keys move and choose, as radios do), and
 * for Custom two dates applied with Apply, checked first so a range the api would refuse is never asked for.
 */
export function PeriodPicker({
  value,
  onChange,
  periods,
  suggestedRange,
  label = 'Period',
}: {
  value: AnalyticsSelection;
  onChange: (selection: AnalyticsSelection) => void;
  periods: readonly AnalyticsPeriod[];
  /** The dates the custom fields start from: the report on screen's period. */
  suggestedRange?: DateRange;
  label?: string;
}) {
  const name = useId();
  const [customOpen, setCustomOpen] = useState(value.period === 'custom');
  const shown: AnalyticsPeriod = customOpen ? 'custom' : value.period;

  const choose = (period: AnalyticsPeriod) => {
    if (period === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ period });
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-neutral-800">{label}</legend>
        <div className="flex flex-wrap gap-1 rounded-lg bg-neutral-100 p-1">
          {periods.map((period) => (
            <label key={period} className="relative">
              <input
                type="radio"
                name={name}
                value={period}
                checked={shown === period}
                onChange={() => choose(period)}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'inline-flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-semibold transition-colors',
                  'text-neutral-600 hover:text-neutral-900',
                  'peer-checked:bg-white peer-checked:text-neutral-900 peer-checked:shadow-sm',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-amber-500',
                )}
              >
                {ANALYTICS_PERIOD_LABELS[period]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {customOpen ? (
        <CustomRangeForm
          initial={value.period === 'custom' ? value : suggestedRange}
          onApply={(range) => onChange({ period: 'custom', ...range })}
        />
      ) : null}
    </div>
  );
}

function CustomRangeForm({ initial, onApply }: { initial?: DateRange; onApply: (range: DateRange) => void }) {
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [errors, setErrors] = useState<RangeErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCustomRange({ from, to });
    setErrors(found);
    if (!found.from && !found.to) onApply({ from, to });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Custom period" className="flex flex-wrap items-start gap-3">
      <Field
        label="From"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        error={errors.from}
        className="w-full min-[400px]:w-44"
      />
      <Field
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => setTo(e.target.value)}
        error={errors.to}
        className="w-full min-[400px]:w-44"
      />
      <Button type="submit" size="md" className="min-[400px]:mt-[1.625rem]">
        Apply
      </Button>
    </form>
  );
}
