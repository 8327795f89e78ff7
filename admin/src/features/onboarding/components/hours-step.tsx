import type { DisplaySettings, Hours } from '@barberly/common';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { dayErrors, HoursEditor } from '../../../components/ui/hours-editor';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { MoneyClockFields } from './money-clock-fields';
import { StepFrame } from './wizard-layout';

export function HoursStep({
  value,
  timeZone,
  onTimeZoneChange,
  display,
  onDisplayChange,
  onBack,
  onNext,
  onChange,
}: {
  value: Hours;
  /** The shop's IANA zone: its days and booking times are counted in it. */
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  /** The shop's currency, locale and clock (issue 13), asked beside its zone. */
  display?: DisplaySettings;
  onDisplayChange?: (patch: Partial<DisplaySettings>) => void;
  onBack: (hours: Hours) => void;
  onNext: (hours: Hours) => void;
  /** Every change, so the wizard's draft keeps it. */
  onChange?: (hours: Hours) => void;
}) {
  const [hours, setLocal] = useState<Hours>(value);
  const setHours = (next: Hours) => {
    setLocal(next);
    onChange?.(next);
  };
  const [tried, setTried] = useState(false);
  const errors = tried ? dayErrors(hours) : {};
  return (
    <StepFrame
      title="Set your opening hours"
      description="Clients can book within these hours. Tick Closed for days you are off."
      footer={
        <>
          <Button variant="light" onClick={() => onBack(hours)}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
          <Button
            disabled={tried && Object.keys(errors).length > 0}
            onClick={() => {
              setTried(true);
              if (Object.keys(dayErrors(hours)).length === 0) onNext(hours);
            }}
          >
            Continue <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </>
      }
    >
      <TimeZoneSelect
        className="mb-6 max-w-sm"
        current={timeZone}
        value={timeZone}
        onChange={(event) => onTimeZoneChange(event.target.value)}
      />
      {display && onDisplayChange ? <MoneyClockFields value={display} onChange={onDisplayChange} /> : null}
      <HoursEditor hours={hours} onChange={setHours} errors={errors} />
    </StepFrame>
  );
}
