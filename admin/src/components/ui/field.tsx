import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from './cn';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** 'light' for white cards, 'dark' for dark surfaces. */
  tone?: 'light' | 'dark';
  /** Help text under the input, read after the label. */
  hint?: ReactNode;
}

/** A labelled input with its error message announced and linked through aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, tone = 'light', className, id, hint, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={inputId}
        className={cn('text-sm font-medium', tone === 'light' ? 'text-neutral-800' : 'text-neutral-200')}
      >
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-11 rounded-lg border px-3 text-base outline-none transition-colors sm:text-sm',
          'focus-visible:ring-2 focus-visible:ring-amber-400 disabled:cursor-not-allowed disabled:opacity-60',
          tone === 'light'
            ? 'border-neutral-300 bg-white text-neutral-900 placeholder:text-neutral-400'
            : 'border-white/15 bg-white/5 text-white placeholder:text-neutral-500',
          error && 'border-red-500',
        )}
        {...props}
      />
      {hint ? (
        <div id={hintId} className={cn('text-xs', tone === 'light' ? 'text-neutral-500' : 'text-neutral-400')}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={cn('text-sm', tone === 'light' ? 'text-red-600' : 'text-red-400')}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
