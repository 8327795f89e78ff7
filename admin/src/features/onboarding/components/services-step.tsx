import {
  currencySymbol,
  DEFAULT_SERVICE_DURATION_MINUTES,
  fieldErrors,
  formatDuration,
  formatMoney,
  LIMITS,
  type MoneyOptions,
  WizardServiceSchema,
} from '@barberly/common';
import { ArrowLeft, Plus, Scissors, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import type { WizardService } from '../lib/launch';
import { type OwnerBarberAnswer, OwnerBarberQuestion, ownerBarberProblem } from './owner-barber-question';
import { ContinueButton, StepFrame } from './wizard-layout';

interface Draft {
  name: string;
  description: string;
  price: string;
  durationMinutes: string;
}
const EMPTY_DRAFT: Draft = {
  name: '',
  description: '',
  price: '',
  durationMinutes: String(DEFAULT_SERVICE_DURATION_MINUTES),
};

let nextKey = 0;

export function ServicesStep({
  value,
  money,
  onBack,
  onNext,
  onChange,
  ownerBarber,
  onOwnerBarberChange,
}: {
  value: WizardService[];
  /** "Do you cut hair here too?" (issue 28), asked under the services. */
  ownerBarber: OwnerBarberAnswer;
  onOwnerBarberChange: (next: OwnerBarberAnswer) => void;
  /** The shop's currency and locale (chosen on the hours step); USD when absent. */
  money?: MoneyOptions;
  onBack: (services: WizardService[]) => void;
  onNext: (services: WizardService[]) => void;
  /** Every change of the list, so the wizard's draft keeps it. */
  onChange?: (services: WizardService[]) => void;
}) {
  const [services, setList] = useState<WizardService[]>(value);
  const setServices = (update: (list: WizardService[]) => WizardService[]) => {
    const next = update(services);
    setList(next);
    onChange?.(next);
  };
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canAdd = draft.name.trim() !== '' && draft.price.trim() !== '';
  const [tried, setTried] = useState(false);

  const set = (key: keyof Draft) => (event: { target: { value: string } }) => {
    const next = { ...draft, [key]: event.target.value };
    setDraft(next);
    if (Object.keys(errors).length > 0) {
      const parsed = WizardServiceSchema.safeParse(next);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd) return;
    const parsed = WizardServiceSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    nextKey += 1;
    setServices((list) => [...list, { key: `s${nextKey}-${Date.now()}`, ...parsed.data }]);
    setDraft(EMPTY_DRAFT);
    setErrors({});
  };

  return (
    <StepFrame
      title="Add your services"
      description="What can clients book? Add at least one service; you can add more from your dashboard later."
      footer={
        <>
          <Button variant="light" onClick={() => onBack(services)}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
          <ContinueButton
            reason={services.length === 0 ? 'Add at least one service to continue.' : ownerBarberProblem(ownerBarber)}
            onClick={() => {
              setTried(true);
              onNext(services);
            }}
          />
        </>
      }
    >
      <form
        noValidate
        onSubmit={add}
        aria-label="Add a service"
        className="rounded-xl border border-neutral-200 bg-neutral-50 p-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Service Name"
            placeholder="Classic Haircut"
            value={draft.name}
            onChange={set('name')}
            error={errors.name}
          />
          <Field
            label="Description"
            placeholder="Cut, wash and style"
            value={draft.description}
            onChange={set('description')}
            error={errors.description}
          />
          <Field
            label={`Price (${currencySymbol(money)})`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="25"
            value={draft.price}
            onChange={set('price')}
            error={errors.price}
          />
          <Field
            label="Duration (mins)"
            type="number"
            inputMode="numeric"
            min={LIMITS.serviceDurationMin}
            step={LIMITS.serviceDurationStep}
            value={draft.durationMinutes}
            onChange={set('durationMinutes')}
            error={errors.durationMinutes}
          />
        </div>
        <Button type="submit" variant="light" className="mt-4 w-full sm:w-auto" disabled={!canAdd}>
          <Plus aria-hidden="true" className="size-4" /> Add Service
        </Button>
      </form>

      <h2 className="mt-6 text-sm font-semibold tracking-wide text-neutral-500 uppercase">
        Your services ({services.length})
      </h2>
      {services.length === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-500">
          No services yet. Add at least one to continue.
        </p>
      ) : (
        <ul
          aria-label="Your services"
          className="mt-2 divide-y divide-neutral-100 rounded-xl border border-neutral-200"
        >
          {services.map((service) => (
            <li key={service.key} className="flex items-center gap-3 p-3 sm:px-4">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-amber-100 text-amber-700">
                <Scissors aria-hidden="true" className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{service.name}</p>
                <p className="text-sm text-neutral-600">
                  {formatMoney(service.price, money)} · {formatDuration(service.durationMinutes)}
                  {service.description ? ` · ${service.description}` : ''}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Remove ${service.name}`}
                onClick={() => setServices((list) => list.filter((s) => s.key !== service.key))}
                className="rounded-md p-2 text-neutral-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-amber-500"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <OwnerBarberQuestion
        value={ownerBarber}
        onChange={onOwnerBarberChange}
        showErrors={tried || ownerBarber.name !== ''}
      />
    </StepFrame>
  );
}
