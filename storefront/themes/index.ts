import { DEFAULT_FONT, type Theme } from '@barberly/common';
import { accentOn, readableOn } from '../lib/color';
import { classicTheme } from './classic/classic-theme';
import type { ResolvedTheme, StorefrontTheme } from './contract';
import { minimalistTheme } from './minimalist/minimalist-theme';
import { urbanTheme } from './urban/urban-theme';

export type { ResolvedTheme, StorefrontTheme } from './contract';

export const STOREFRONT_THEMES: Record<Theme, StorefrontTheme> = {
  classic: classicTheme,
  urban: urbanTheme,
  minimalist: minimalistTheme,
};

const cache = new Map<string, ResolvedTheme>();

/**
 * The theme with the shop's colour merged in. `primaryColor` is already a validated '#RRGGBB'
 * (resolvePrimaryColor) and `font` matches the branding font rule, so both are safe inside CSS.
 * Memoised: a handful of combinations serve every request.
 */
export function withPrimaryColor(name: Theme, primaryColor: string, font: string | null): ResolvedTheme {
  const key = `${name}|${primaryColor}|${font ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const theme = STOREFRONT_THEMES[name];
  const { palette } = theme;
  const resolved: ResolvedTheme = {
    ...theme,
    primary: {
      base: primaryColor,
      contrast: readableOn(primaryColor),
      // Drawn on the page and on the cards on it (urban's cards are lighter than its page).
      onBackground: accentOn(primaryColor, [palette.background, palette.surface], palette.text),
      onHeader: accentOn(primaryColor, palette.headerBackground, palette.headerText),
    },
    // The default 'Inter' is no choice of the owner's: only a font they picked replaces the theme's own.
    bodyFont: font && font !== DEFAULT_FONT ? `'${font}', ${theme.fonts.body}` : theme.fonts.body,
  };
  if (cache.size > 500) cache.clear();
  cache.set(key, resolved);
  return resolved;
}
