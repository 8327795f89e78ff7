import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

/** A white panel on the light signed-in pages. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6', className)}
      {...props}
    />
  );
}

/** A card's heading row: title, optional description, optional actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  as: Heading = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: 'h2' | 'h3';
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <Heading className="text-lg font-bold tracking-tight text-neutral-900">{title}</Heading>
        {description ? <p className="mt-0.5 text-sm text-neutral-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
