import { forwardRef, useMemo } from 'react';
import { timeZoneOptions } from '../../lib/time-zones';
import { SelectField, type SelectFieldProps } from './select-field';

export interface TimeZoneSelectProps extends Omit<SelectFieldProps, 'options' | 'label'> {
  label?: string;
  /** The zone that must be offered even if the browser's list lacks it (the saved one). */
  current?: string;
}

/** A native select of IANA zones (type-ahead works: typing 'Europe/Lo' finds London). */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, TimeZoneSelectProps>(function TimeZoneSelect(
  { label = 'Time Zone', current, ...props },
  ref,
) {
  const options = useMemo(() => timeZoneOptions(current), [current]);
  return <SelectField ref={ref} label={label} options={options} {...props} />;
});
