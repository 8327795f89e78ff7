/**
 * Colour arithmetic for readable text on the shop's primary colour (WCAG 2 relative luminance and contrast).
 * Inputs are '#RRGGBB' strings that resolvePrimaryColor (common) has already validated.
 */

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** '#000000' against '#FFFFFF' gives 21; a colour against itself gives 1. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#111111';
const BLACK = '#000000';

/** WCAG 2 AA: body text needs 4.5:1; large text and the edges of controls 3:1. */
export const TEXT_CONTRAST = 4.5;
const SHAPE_CONTRAST = 3;

/**
 * Text colour for a label on `background`: white on '#1E293B', near-black on '#FACC15'. For the few mid-tones
 * where neither reaches 4.5:1 ('#7A7A7A': white 4.29, near-black 4.40), pure black does (black or white always
 * reaches 4.58:1 on any colour).
 */
export function readableOn(background: string): string {
  const light = contrastRatio(background, LIGHT_TEXT);
  const dark = contrastRatio(background, DARK_TEXT);
  if (Math.max(light, dark) >= TEXT_CONTRAST) return light >= dark ? LIGHT_TEXT : DARK_TEXT;
  return light >= contrastRatio(background, BLACK) ? LIGHT_TEXT : BLACK;
}

function hex2(value: number): string {
  return Math.round(value).toString(16).padStart(2, '0').toUpperCase();
}

/** `from` moved `amount` (0..1) of the way to `to`, channel by channel: mix('#000000', '#FFFFFF', 0.5) is '#808080'. */
export function mix(from: string, to: string, amount: number): string {
  const at = (hex: string, offset: number) => Number.parseInt(hex.slice(offset, offset + 2), 16);
  return `#${[1, 3, 5].map((o) => hex2(at(from, o) + (at(to, o) - at(from, o)) * amount)).join('')}`;
}

/**
 * The primary colour used as text (links, prices, outline buttons) or an outline on `surfaces` (the page background
 * and the cards on it): the shop's colour where it reads as text everywhere (4.5:1); a colour that would vanish
 * (under 3:1: the default '#1E293B' on urban's near-black) gives way to `fallback`, the theme's text colour; one in
 * between keeps its hue and is moved towards `fallback` until it reads: urban's '#E11D48' (3.8:1 on its cards)
 * becomes '#E5486B'. A decision record: docs/decisions/0025-accessibility-check.md.
 */
export function accentOn(primary: string, surfaces: string | readonly string[], fallback: string): string {
  const list = typeof surfaces === 'string' ? [surfaces] : surfaces;
  const worst = (colour: string) => Math.min(...list.map((surface) => contrastRatio(colour, surface)));
  if (worst(primary) >= TEXT_CONTRAST) return primary;
  if (worst(primary) < SHAPE_CONTRAST) return fallback;
  for (let step = 1; step < 10; step += 1) {
    const tinted = mix(primary, fallback, step / 10);
    if (worst(tinted) >= TEXT_CONTRAST) return tinted;
  }
  return fallback;
}
