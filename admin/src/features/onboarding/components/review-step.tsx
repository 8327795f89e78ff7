import {
  currencyLabel,
  formatDuration,
  formatMoney,
  formatWallTime,
  localeLabel,
  THEME_LABELS,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@barberly/common';
import { ArrowLeft, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { WizardData } from '../lib/launch';
import type { OwnerStep } from './wizard-layout';
import { StepFrame } from './wizard-layout';

function Section({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-neutral-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">{title}</h2>
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit ${title.toLowerCase()}`}
          className="rounded px-2 py-1 text-sm font-semibold text-amber-700 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500"
        >
          Edit
        </button>
      </div>
      <div className="mt-2 text-sm text-neutral-700">{children}</div>
    </section>
  );
}

export function ReviewStep({
  data,
  appDomain,
  launching,
  onBack,
  onEdit,
  onLaunch,
}: {
  data: WizardData;
  appDomain: string;
  launching: boolean;
  onBack: () => void;
  onEdit: (step: OwnerStep) => void;
  onLaunch: () => void;
}) {
  const { details } = data;
  return (
    <StepFrame
      title="Review and launch"
      description="Check everything looks right. You can change all of it later from your dashboard."
      footer={
        <>
          <Button variant="light" onClick={onBack} disabled={launching}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
          <Button size="lg" onClick={onLaunch} disabled={launching}>
            <Rocket aria-hidden="true" className="size-4" /> {launching ? 'Launching...' : 'Launch My Barbershop'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Section title="Template" onEdit={() => onEdit('template')}>
          {THEME_LABELS[data.theme]}
        </Section>
        <Section title="Details" onEdit={() => onEdit('details')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-neutral-500">Name</dt>
            <dd className="break-words font-medium">{details.name}</dd>
            <dt className="text-neutral-500">URL</dt>
            <dd className="break-all font-medium">
              {details.slug}.{appDomain}
            </dd>
            {details.address ? (
              <>
                <dt className="text-neutral-500">Address</dt>
                <dd className="break-words">{details.address}</dd>
              </>
            ) : null}
            {details.phoneNumber ? (
              <>
                <dt className="text-neutral-500">Phone</dt>
                <dd>{details.phoneNumber}</dd>
              </>
            ) : null}
          </dl>
          {details.bio ? <p className="mt-2 break-words text-neutral-600">{details.bio}</p> : null}
        </Section>
        <Section title="Hours" onEdit={() => onEdit('hours')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {WEEKDAYS.map((day) => (
              <div key={day} className="contents">
                <dt className="text-neutral-500">{WEEKDAY_LABELS[day]}</dt>
                <dd>
                  {data.hours[day].closed
                    ? 'Closed'
                    : `${formatWallTime(data.hours[day].open, data)} - ${formatWallTime(data.hours[day].close, data)}`}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-neutral-500">Time zone: {data.timeZone.replace(/_/g, ' ')}</p>
          <p className="text-neutral-500">
            {currencyLabel(data.currency)} · {localeLabel(data.locale)} ·{' '}
            {data.clock === '24h' ? '24-hour clock' : '12-hour clock'}
          </p>
        </Section>
        <Section title="Services" onEdit={() => onEdit('services')}>
          <ul className="space-y-1">
            {data.services.map((service) => (
              <li key={service.key} className="flex justify-between gap-2">
                <span className="break-words font-medium">{service.name}</span>
                <span className="shrink-0 text-neutral-600">
                  {formatMoney(service.price, data)} · {formatDuration(service.durationMinutes)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </StepFrame>
  );
}
