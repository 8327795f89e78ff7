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

/** Text colour for a label on `background`: white on '#1E293B', near-black on '#FACC15'. */
export function readableOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The primary colour used as text or an outline on `surface`, when it is legible there (3:1, large text and UI);
 * otherwise `fallback`. The default '#1E293B' on urban's near-black surface falls back.
 */
export function accentOn(primary: string, surface: string, fallback: string): string {
  return contrastRatio(primary, surface) >= 3 ? primary : fallback;
}
