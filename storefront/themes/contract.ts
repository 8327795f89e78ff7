/**
 * What a storefront theme is: data. Labels (the spec's strings per template), fonts, palette and layout choices.
 * Components read these through styled-components' `props.theme` and never carry a colour of their own;
 * the shop's primary colour is merged in by `withPrimaryColor`.
 */
import type { Theme } from '@barberly/common';

export interface ThemeLabels {
  /** Browser title: '{name} | {titleSuffix}'. */
  titleSuffix: string;
  /** The header's book button. */
  bookShop: string;
  servicesTab: string;
  barbersTab: string;
  bookService: string;
  /** Barber card button; receives the barber's first name. */
  barberAction: (firstName: string) => string;
  /** true: the barber button books (data-book-barber); false: it is a profile button. */
  barberActionBooks: boolean;
  hoursTitle: string;
  contactTitle: string;
  featuresTitle: string;
  noServices: string;
  noBarbers: string;
  /** Shown for a service without a name or description; null: nothing is shown. */
  untitledService: string | null;
  noDescription: string | null;
  /** Used for a service without a duration (the minimalist default of 30 minutes). */
  defaultDurationMinutes: number | null;
  /** The minimalist 'Visit Us' section; null for themes without one. */
  visitUs: { title: string; text: string; callNow: string } | null;
  closed: string;
  directions: string;
  phoneLabel: string;
  addressLabel: string;
}

export interface ThemePalette {
  /** Page background, cards, text on them and the quiet lines between. */
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
  /** The header band; urban draws it dark, the others light. */
  headerBackground: string;
  headerText: string;
  headerMuted: string;
  /** Error notices. */
  danger: string;
}

export interface ThemeFonts {
  heading: string;
  body: string;
  headingWeight: number;
  headingTransform: 'none' | 'uppercase';
  headingLetterSpacing: string;
}

export interface ThemeLayout {
  /** classic: centred crest; urban: full-bleed banner with badges; minimalist: left-aligned, quiet. */
  header: 'crest' | 'banner' | 'plain';
  /** Where hours, contact and features sit beside (classic) or below (urban, minimalist) the tabs. */
  aside: 'sidebar' | 'below';
  features: 'card' | 'badges' | 'section';
  tabs: 'boxed' | 'underline' | 'text';
  serviceCard: 'bordered' | 'filled' | 'rule';
  serviceColumns: 1 | 2;
  barberImage: 'circle' | 'square' | 'none';
  radius: string;
  maxWidth: string;
}

export interface StorefrontTheme {
  name: Theme;
  labels: ThemeLabels;
  fonts: ThemeFonts;
  palette: ThemePalette;
  layout: ThemeLayout;
}

/** The theme as components see it: with the shop's primary colour and what is readable on it. */
export interface ResolvedTheme extends StorefrontTheme {
  primary: {
    /** The shop's colour: buttons, active tab, accents. */
    base: string;
    /** Text drawn on `base`. */
    contrast: string;
    /** The primary as text or outline on the page background and its cards (4.5:1), tinted or replaced to read. */
    onBackground: string;
    /** Same, on the header band. */
    onHeader: string;
  };
  /** Body font stack with the shop's branding font first, if it has one. */
  bodyFont: string;
}

declare module 'styled-components' {
  // styled-components reads its DefaultTheme from here: props.theme is a ResolvedTheme everywhere.
  export interface DefaultTheme extends ResolvedTheme {}
}
