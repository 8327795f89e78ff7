import { DEFAULT_PRIMARY_COLOR, type Theme } from './constants';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Lowercased: contains 'urban' gives urban; 'minimalist' or 'minimal' gives minimalist; else classic. */
export function themeFromName(name: string): Theme {
  const lower = name.toLowerCase();
  if (lower.includes('urban')) return 'urban';
  if (lower.includes('minimal')) return 'minimalist';
  return 'classic';
}

export interface ThemeSources {
  templateInfoName?: string | null;
  brandingTemplate?: string | null;
  shopTheme?: string | null;
  storedTemplate?: string | null;
}

/** Spec 'Public page template': the first source present decides, in this order; none gives classic. */
export function resolveTheme(sources: ThemeSources): Theme {
  const first = [sources.templateInfoName, sources.brandingTemplate, sources.shopTheme, sources.storedTemplate].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return first ? themeFromName(first) : 'classic';
}

export interface ColorSources {
  templateInfoBranding?: string | null;
  storedBranding?: string | null;
  branding?: string | null;
  primaryColor?: string | null;
}

/**
 * The page-wide primary colour: template info branding, stored branding, branding, primaryColor, then #1E293B.
 * Only '#RRGGBB' values count, so whatever reaches CSS is a colour.
 */
export function resolvePrimaryColor(sources: ColorSources): string {
  const candidates = [sources.templateInfoBranding, sources.storedBranding, sources.branding, sources.primaryColor];
  const found = candidates.find((value): value is string => typeof value === 'string' && HEX.test(value));
  return found ?? DEFAULT_PRIMARY_COLOR;
}
