import { css, styled } from 'styled-components';

/**
 * The look of every action on the page. `$tone`: 'solid' fills with the primary colour; 'outline' draws it.
 * Booking buttons are inert until the booking issue wires them: they carry data-book-* attributes to find them by.
 */
interface ToneProps {
  $tone?: 'solid' | 'outline';
  $onHeader?: boolean;
}

const actionStyle = css<ToneProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4em;
  min-height: 44px;
  padding: 0.6em 1.25em;
  border-radius: ${(p) => p.theme.layout.radius};
  border: 2px solid ${(p) => (p.$onHeader ? p.theme.primary.onHeader : p.theme.primary.onBackground)};
  font: inherit;
  font-weight: 600;
  font-size: 0.95rem;
  text-decoration: none;
  text-transform: ${(p) => p.theme.fonts.headingTransform};
  letter-spacing: ${(p) => (p.theme.fonts.headingTransform === 'uppercase' ? '0.08em' : 'normal')};
  cursor: pointer;
  background: ${(p) => (p.$tone === 'outline' ? 'transparent' : p.theme.primary.base)};
  color: ${(p) =>
    p.$tone === 'outline'
      ? p.$onHeader
        ? p.theme.primary.onHeader
        : p.theme.primary.onBackground
      : p.theme.primary.contrast};
  ${(p) => (p.$tone === 'outline' ? '' : `border-color: ${p.theme.primary.base};`)}
  transition: filter 120ms ease, transform 120ms ease;
  &:hover { filter: brightness(1.08); }
  &:active { transform: translateY(1px); }
  /* Disabled looks disabled in every theme (issue 28): greyed, dashed, no hover; the reason is written beside it. */
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    background: ${(p) => p.theme.palette.surfaceAlt};
    color: ${(p) => p.theme.palette.muted};
    border-color: ${(p) => p.theme.palette.border};
    border-style: dashed;
    filter: none;
    transform: none;
  }
`;

export const ActionButton = styled.button<ToneProps>`
  ${actionStyle}
`;

/** Same look for links (Get Directions, Call Now, Go Home). */
export const ActionLink = styled.a<ToneProps>`
  ${actionStyle}
`;
