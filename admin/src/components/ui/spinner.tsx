import { cn } from './cn';

/** A page-sized loading state: the spinner centred in the space the page will take. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-24 text-amber-500">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        'inline-block size-6 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none',
        className,
      )}
    />
  );
}
