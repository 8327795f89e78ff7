import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { useReveal } from '../lib/motion';

/** Fades and lifts its content in once 10% of it is visible; `delay` staggers siblings. */
export function Reveal({
  children,
  delay = 0,
  className,
}: {
  children: ReactNode;
  delay?: number;
  className?: string;
}) {
  const { ref, revealed } = useReveal<HTMLDivElement>();
  return (
    <div
      ref={ref}
      data-revealed={revealed ? 'true' : 'false'}
      style={{ transitionDelay: `${delay}ms` }}
      className={cn('reveal', className)}
    >
      {children}
    </div>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  tone = 'dark',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <Reveal className="mx-auto max-w-2xl text-center">
      {/* Amber-500 reads on the dark sections; on white it is 2.1:1, so the light sections take amber-700 (5:1). */}
      <p
        className={cn(
          'text-sm font-semibold tracking-widest uppercase',
          tone === 'dark' ? 'text-amber-500' : 'text-amber-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl',
          tone === 'dark' ? 'text-white' : 'text-neutral-900',
        )}
      >
        {title}
      </h2>
      {subtitle ? (
        <p className={cn('mt-4 text-lg text-pretty', tone === 'dark' ? 'text-neutral-400' : 'text-neutral-600')}>
          {subtitle}
        </p>
      ) : null}
    </Reveal>
  );
}
