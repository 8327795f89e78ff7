import { Scissors } from 'lucide-react';
import { cn } from './cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-white', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-amber-500 text-neutral-950">
        <Scissors aria-hidden="true" className="size-4" />
      </span>
      Barberly
    </span>
  );
}
