import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

const arrowClasses =
  'grid size-10 place-items-center rounded-full border border-white/15 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400';

/** Previous, one dot per slide, next: the controls the landing page's carousels share. */
export function CarouselControls({
  count,
  index,
  onSelect,
  previousLabel,
  nextLabel,
  dotLabel,
  dotKey,
  className,
}: {
  count: number;
  index: number;
  onSelect: (index: number) => void;
  previousLabel: string;
  nextLabel: string;
  dotLabel: (index: number) => string;
  dotKey: (index: number) => string;
  className?: string;
}) {
  const go = (delta: number) => onSelect((index + delta + count) % count);
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <button type="button" onClick={() => go(-1)} aria-label={previousLabel} className={arrowClasses}>
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      {Array.from({ length: count }, (_, i) => (
        // The target is 24 px tall and at least 24 px wide (WCAG 2.2, 2.5.8 Target Size); the dot drawn inside stays
        // small.
        <button
          key={dotKey(i)}
          type="button"
          onClick={() => onSelect(i)}
          aria-label={dotLabel(i)}
          aria-current={i === index}
          className="group grid h-6 min-w-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <span
            aria-hidden="true"
            className={cn(
              'block h-2.5 rounded-full transition-all',
              i === index ? 'w-6 bg-amber-400' : 'w-2.5 bg-white/30 group-hover:bg-white/60',
            )}
          />
        </button>
      ))}
      <button type="button" onClick={() => go(1)} aria-label={nextLabel} className={arrowClasses}>
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
