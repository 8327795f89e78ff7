import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { styled } from 'styled-components';

export interface TabItem {
  key: string;
  label: string;
  content: ReactNode;
}

const List = styled.div`
  display: flex;
  gap: ${(p) => (p.theme.layout.tabs === 'text' ? '2rem' : '0')};
  margin-bottom: 1.5rem;
  ${(p) =>
    p.theme.layout.tabs === 'boxed'
      ? `border: 1px solid ${p.theme.palette.border}; border-radius: ${p.theme.layout.radius}; padding: 4px; background: ${p.theme.palette.surfaceAlt};`
      : `border-bottom: ${p.theme.layout.tabs === 'underline' ? '2px' : '1px'} solid ${p.theme.palette.border};`}
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: ${(p) => (p.theme.layout.tabs === 'text' ? '0 0 auto' : '1 1 0')};
  min-height: 44px;
  padding: ${(p) => (p.theme.layout.tabs === 'text' ? '0.5rem 0' : '0.65rem 1rem')};
  margin-bottom: ${(p) => (p.theme.layout.tabs === 'boxed' ? '0' : p.theme.layout.tabs === 'underline' ? '-2px' : '-1px')};
  font: inherit;
  font-family: ${(p) => p.theme.fonts.heading};
  font-size: ${(p) => (p.theme.layout.tabs === 'underline' ? '1.1rem' : '1rem')};
  font-weight: ${(p) => (p.theme.layout.tabs === 'text' ? (p.$active ? 500 : 300) : 700)};
  text-transform: ${(p) => p.theme.fonts.headingTransform};
  letter-spacing: ${(p) => p.theme.fonts.headingLetterSpacing};
  cursor: pointer;
  border: 0;
  border-radius: ${(p) => (p.theme.layout.tabs === 'boxed' ? p.theme.layout.radius : '0')};
  ${(p) =>
    p.theme.layout.tabs === 'boxed'
      ? `background: ${p.$active ? p.theme.primary.base : 'transparent'};
         color: ${p.$active ? p.theme.primary.contrast : p.theme.palette.text};`
      : `background: transparent;
         color: ${p.$active ? p.theme.palette.text : p.theme.palette.muted};
         border-bottom: ${p.theme.layout.tabs === 'underline' ? '4px' : '1px'} solid ${p.$active ? p.theme.primary.onBackground : 'transparent'};`}
`;

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump, only the selected tab is in the
 * tab order. Every panel is in the server's HTML (search engines and no-JS visitors see both lists); the others
 * are `hidden`.
 */
export function Tabs({ items, label }: { items: TabItem[]; label: string }) {
  const [selected, setSelected] = useState(0);
  // Until the browser has taken the page over, the arrows and clicks do nothing: the list says it is busy (as the
  // booking flow's controls do), and assistive technology and the e2e journeys wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + items.length) % items.length;
    setSelected(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <List role="tablist" aria-label={label} aria-busy={hydrated ? undefined : true}>
        {items.map((item, index) => (
          <Tab
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={index === selected ? 0 : -1}
            $active={index === selected}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            data-tab={item.key}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={index !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern focuses a panel without focusable content
          tabIndex={0}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
