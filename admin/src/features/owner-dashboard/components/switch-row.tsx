import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../../components/ui/cn';

/**
 * An on/off setting: a native checkbox announced as a switch (Space toggles it), its label, and a hint read after
 * the label. The track is drawn over the checkbox so the real input keeps focus and clicks.
 */
export function SwitchRow({
  label,
  hint,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & { label: string; hint?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="mt-0.5 text-xs text-neutral-500">
            {hint}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={Boolean(props.checked)}
          aria-describedby={hint ? hintId : undefined}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          {...props}
        />
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none size-full rounded-full bg-neutral-300 transition-colors peer-checked:bg-amber-500',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-400',
            'peer-disabled:opacity-60',
            "after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform after:content-['']",
            'peer-checked:after:translate-x-5',
          )}
        />
      </span>
    </div>
  );
}
