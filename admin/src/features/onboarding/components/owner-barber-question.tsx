import { BARBER_MESSAGES, LIMITS } from '@barberly/common';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/field';
import type { WizardData } from '../lib/launch';

export type OwnerBarberAnswer = WizardData['ownerBarber'];

/** Why the answer does not let the wizard go on yet, or null. */
export function ownerBarberProblem(answer: OwnerBarberAnswer): string | null {
  if (answer.cutsHair === null) return 'Tell us whether you cut hair here too.';
  if (answer.cutsHair && answer.name.trim().length < LIMITS.barberNameMin) return BARBER_MESSAGES.nameMin;
  return null;
}

/**
 * "Do you cut hair here too?" (issue 28). Yes: the owner becomes the shop's first barber, under the name clients
 * see, so a one-chair shop can take bookings as soon as it launches.
 */
export function OwnerBarberQuestion({
  value,
  onChange,
  showErrors,
}: {
  value: OwnerBarberAnswer;
  onChange: (next: OwnerBarberAnswer) => void;
  /** After a try to continue: say what is missing under the name. */
  showErrors?: boolean;
}) {
  const name = useId();
  const option = (cutsHair: boolean, label: string, detail: string) => (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-500',
        value.cutsHair === cutsHair ? 'border-amber-500' : 'border-neutral-300',
      )}
    >
      <input
        type="radio"
        name={name}
        className="mt-1 size-4 accent-amber-600"
        checked={value.cutsHair === cutsHair}
        onChange={() => onChange({ ...value, cutsHair })}
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-neutral-600">{detail}</span>
      </span>
    </label>
  );
  const nameError =
    showErrors && value.cutsHair && value.name.trim().length < LIMITS.barberNameMin
      ? BARBER_MESSAGES.nameMin
      : undefined;
  return (
    <fieldset className="mt-6 rounded-xl border border-neutral-200 p-4">
      <legend className="px-1 text-base font-bold">Do you cut hair here too?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {option(true, 'Yes, I cut hair here', 'Clients can book you as soon as the shop is live.')}
        {option(false, 'No, I run the shop', 'Add your barbers from the dashboard after launch.')}
      </div>
      {value.cutsHair ? (
        <Field
          className="mt-4 max-w-sm"
          label="Your name, as clients see it"
          autoComplete="name"
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
          error={nameError}
        />
      ) : null}
    </fieldset>
  );
}
