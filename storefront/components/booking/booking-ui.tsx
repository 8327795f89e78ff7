/** The booking pages' building blocks, in each theme's look (props.theme only, no colours of their own). */
import { forwardRef, type ReactNode, useEffect, useRef } from 'react';
import { styled } from 'styled-components';

export const Panel = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
  overflow-wrap: anywhere;
  ${(p) => {
    const { palette, layout } = p.theme;
    if (layout.serviceCard === 'rule') return `padding: 0.5rem 0 1.5rem; border-bottom: 1px solid ${palette.border};`;
    return `background: ${palette.surface}; border: 1px solid ${palette.border}; border-radius: ${layout.radius}; padding: 1.25rem;`;
  }}
  @media (min-width: 720px) {
    padding: ${(p) => (p.theme.layout.serviceCard === 'rule' ? '0.5rem 0 2rem' : '2rem')};
  }
`;

const HeadingText = styled.h2`
  font-size: clamp(1.4rem, 5vw, 1.9rem);
  overflow-wrap: anywhere;
  &:focus { outline: none; }
  &:focus-visible { outline: 3px solid ${(p) => p.theme.primary.onBackground}; outline-offset: 4px; }
`;

/**
 * A step's heading. `focusOnMount`: a screen reader and a keyboard user land here when the step appears
 * (not on the first server-rendered view, where the browser's own start of page is right).
 */
export function StepHeading({
  children,
  focusOnMount,
  id,
}: {
  children: ReactNode;
  focusOnMount: boolean;
  id?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <HeadingText ref={ref} tabIndex={-1} id={id}>
      {children}
    </HeadingText>
  );
}

export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  gap: 0.75rem;
  legend {
    padding: 0;
    margin-bottom: 0.75rem;
    font-weight: 700;
    font-size: 1.05rem;
  }
`;

export const ChoiceList = styled.div<{ $compact?: boolean }>`
  display: grid;
  gap: 0.6rem;
  grid-template-columns: ${(p) => (p.$compact ? 'repeat(auto-fill, minmax(5.25rem, 1fr))' : 'minmax(0, 1fr)')};
`;

/** A radio button drawn as a card: the input stays real (keyboard, screen readers, forms). */
const ChoiceLabel = styled.label<{ $compact?: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 44px;
  padding: ${(p) => (p.$compact ? '0.55rem 0.5rem' : '0.8rem 1rem')};
  justify-content: ${(p) => (p.$compact ? 'center' : 'flex-start')};
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
  background: ${(p) => p.theme.palette.background};
  cursor: pointer;
  /* The real radio covers the whole card, invisible: a click anywhere on the card is a click on it. */
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: inherit;
  }
  &:has(input:checked) {
    border-color: ${(p) => p.theme.primary.onBackground};
    background: ${(p) => p.theme.palette.surfaceAlt};
    font-weight: 700;
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${(p) => p.theme.primary.onBackground};
    outline-offset: 2px;
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const ChoiceText = styled.span`
  display: grid;
  gap: 0.15rem;
  min-width: 0;
  overflow-wrap: anywhere;
  small { color: ${(p) => p.theme.palette.muted}; font-size: 0.88rem; font-weight: 400; }
`;

export function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  detail?: ReactNode;
  compact?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <ChoiceLabel $compact={props.compact} data-choice={props.testId}>
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={() => props.onChange(props.value)}
      />
      <ChoiceText>
        <span>{props.children}</span>
        {props.detail ? <small>{props.detail}</small> : null}
      </ChoiceText>
    </ChoiceLabel>
  );
}

/** The box of a toggle card: empty, or the service's place in the visit. Fixed size, so nothing moves. */
const OrderMark = styled.span`
  flex: 0 0 auto;
  display: grid;
  place-items: center;
  width: 1.6rem;
  height: 1.6rem;
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
  font-size: 0.85rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  label:has(input:checked) > & {
    border-color: ${(p) => p.theme.primary.base};
    background: ${(p) => p.theme.primary.base};
    color: ${(p) => p.theme.primary.contrast};
  }
`;

/**
 * A checkbox drawn as the same card (a visit's services, issue 14): Space toggles it, Tab moves on. `order` is its
 * place in the visit ('1', '2'), shown on the card and read with it.
 */
export function ToggleChoice(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  detail?: ReactNode;
  order?: number;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <ChoiceLabel data-choice={props.testId}>
      <input
        type="checkbox"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={() => props.onChange(props.value)}
      />
      <OrderMark aria-hidden="true">{props.order ?? ''}</OrderMark>
      <ChoiceText>
        <span>{props.children}</span>
        {props.detail ? <small>{props.detail}</small> : null}
      </ChoiceText>
    </ChoiceLabel>
  );
}

/** A checkbox with its label beside it, boxed like the inputs: the whole box is the click target. */
const CheckLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  min-height: 44px;
  padding: 0.75rem 1rem;
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
  background: ${(p) => p.theme.palette.background};
  color: ${(p) => p.theme.palette.text};
  font-size: 0.95rem;
  line-height: 1.45;
  overflow-wrap: anywhere;
  cursor: pointer;
  input {
    flex: 0 0 auto;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.1rem 0 0;
    accent-color: ${(p) => p.theme.primary.onBackground};
    cursor: inherit;
  }
  input:focus-visible {
    outline: 3px solid ${(p) => p.theme.primary.onBackground};
    outline-offset: 2px;
  }
  &:has(input[aria-invalid='true']) { border-color: ${(p) => p.theme.palette.danger}; }
  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export function Checkbox(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  invalid?: boolean;
  describedBy?: string;
  name?: string;
}) {
  return (
    <CheckLabel>
      <input
        id={props.id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        aria-invalid={props.invalid ? 'true' : 'false'}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.children}</span>
    </CheckLabel>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  > * { flex: 1 1 auto; }
  @media (min-width: 480px) { > * { flex: 0 0 auto; } }
`;

/** Why the button just above is disabled (issue 28), as its aria-describedby: "Choose a time to continue." */
export const DisabledReason = styled.p`
  margin: 0.5rem 0 0;
  font-size: 0.9rem;
  color: ${(p) => p.theme.palette.muted};
`;

export const Field = styled.div`
  display: grid;
  gap: 0.35rem;
  label { font-weight: 700; }
  label small { font-weight: 400; color: ${(p) => p.theme.palette.muted}; }
`;

const inputStyle = `
  width: 100%;
  min-height: 44px;
  padding: 0.6rem 0.75rem;
  font: inherit;
`;

export const Input = styled.input`
  ${inputStyle}
  color: ${(p) => p.theme.palette.text};
  background: ${(p) => p.theme.palette.background};
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
  &[aria-invalid='true'] { border-color: ${(p) => p.theme.palette.danger}; }
`;

export const TextArea = styled.textarea`
  ${inputStyle}
  min-height: 5rem;
  resize: vertical;
  color: ${(p) => p.theme.palette.text};
  background: ${(p) => p.theme.palette.background};
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
`;

export const Select = styled.select`
  ${inputStyle}
  color: ${(p) => p.theme.palette.text};
  background: ${(p) => p.theme.palette.background};
  border: 2px solid ${(p) => p.theme.palette.border};
  border-radius: ${(p) => p.theme.layout.radius};
`;

export const FieldError = styled.p`
  color: ${(p) => p.theme.palette.danger};
  font-size: 0.9rem;
  font-weight: 600;
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.palette.muted};
  font-size: 0.95rem;
`;

/** An error the person must read: announced at once (role=alert). */
export const Alert = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${(p) => p.theme.palette.border};
  border-left: 4px solid ${(p) => p.theme.palette.danger};
  background: ${(p) => p.theme.palette.background};
  overflow-wrap: anywhere;
`;

/** Good news (cancelled, moved). */
export const Notice = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${(p) => p.theme.palette.border};
  border-left: 4px solid ${(p) => p.theme.primary.onBackground};
  background: ${(p) => p.theme.palette.background};
`;

/** A polite live region: loading and result messages are read without moving focus. */
export const LiveStatus = forwardRef<HTMLDivElement, { children: ReactNode }>(function LiveStatus({ children }, ref) {
  return (
    <div ref={ref} role="status" aria-live="polite">
      {children}
    </div>
  );
});

export const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(6rem, auto) minmax(0, 1fr);
  gap: 0.5rem 1rem;
  margin: 0;
  dt { color: ${(p) => p.theme.palette.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

export const TextButton = styled.button`
  font: inherit;
  background: none;
  border: 0;
  padding: 0.25rem 0;
  min-height: 44px;
  color: ${(p) => p.theme.primary.onBackground};
  text-decoration: underline;
  cursor: pointer;
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** Figures that change in place (a countdown, a running total): every digit as wide, so the line never shifts. */
export const Figures = styled.span`
  font-variant-numeric: tabular-nums;
`;

/** A list without bullets, one line per item (a visit's services, a series' visits). */
export const PlainList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.35rem;
`;
