import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

export const OWNER_STEPS = ['template', 'details', 'hours', 'services', 'review'] as const;
export type OwnerStep = (typeof OWNER_STEPS)[number];
const STEP_LABELS: Record<OwnerStep, string> = {
  template: 'Template',
  details: 'Details',
  hours: 'Hours',
  services: 'Services',
  review: 'Review',
};

/** 'Step 2 of 5' with the step names; the current one is marked for screen readers. */
export function StepIndicator({ current }: { current: OwnerStep }) {
  const index = OWNER_STEPS.indexOf(current);
  return (
    <nav aria-label="Setup progress" className="mb-6">
      <p className="text-sm font-medium text-neutral-500">
        Step {index + 1} of {OWNER_STEPS.length}
      </p>
      <ol className="mt-2 grid grid-cols-5 gap-1.5">
        {OWNER_STEPS.map((step, i) => (
          <li key={step} aria-current={i === index ? 'step' : undefined} className="min-w-0">
            <span className={cn('block h-1.5 rounded-full', i <= index ? 'bg-amber-500' : 'bg-neutral-200')} />
            <span
              className={cn(
                'mt-1.5 hidden truncate text-xs sm:block',
                i === index ? 'font-semibold text-neutral-900' : 'text-neutral-500',
              )}
            >
              {STEP_LABELS[step]}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A step's frame: heading, text, content, and the Back / Continue row. */
export function StepFrame({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section
      aria-labelledby="wizard-step-title"
      className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h1 id="wizard-step-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {description ? <p className="mt-1 text-neutral-600">{description}</p> : null}
      <div className="mt-6">{children}</div>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-neutral-100 pt-5 sm:flex-row sm:items-start sm:justify-between">
        {footer}
      </div>
    </section>
  );
}

/**
 * The step's Continue button. While it is disabled the reason sits right under it and is its description
 * (issue 28: a disabled button says why), e.g. "Add at least one service to continue."
 */
export function ContinueButton({
  reason,
  onClick,
  type = 'button',
}: {
  /** Why Continue cannot be pressed yet; null or undefined: it can. */
  reason?: string | null;
  onClick?: () => void;
  type?: 'button' | 'submit';
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:items-end">
      <Button type={type} disabled={Boolean(reason)} aria-describedby={reason ? reasonId : undefined} onClick={onClick}>
        Continue <ArrowRight aria-hidden="true" className="size-4" />
      </Button>
      {reason ? (
        <p id={reasonId} className="text-sm text-neutral-700 sm:max-w-xs sm:text-right" data-testid="continue-reason">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
