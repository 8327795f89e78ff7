import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from './cn';

export interface TabItem<K extends string> {
  key: K;
  /** Text, or text with a badge (its count spelled out for screen readers). */
  label: ReactNode;
  panel: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel is labelled by its tab. */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  listClassName = 'grid-cols-2',
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Grid columns of the tab list (default two). */
  listClassName?: string;
}) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(
    0,
    items.findIndex((item) => item.key === value),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next]!.key);
    refs.current[next]?.focus();
  };

  const active = items[index];
  return (
    <div>
      <div role="tablist" aria-label={label} className={cn('grid gap-1 rounded-lg bg-neutral-100 p-1', listClassName)}>
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={i === index}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-9 rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-amber-500',
              i === index ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-600 hover:text-neutral-900',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.key}`}
          aria-labelledby={`${baseId}-tab-${active.key}`}
          className="mt-5"
        >
          {active.panel}
        </div>
      ) : null}
    </div>
  );
}
