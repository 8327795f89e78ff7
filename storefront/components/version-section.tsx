/**
 * A part of the shop page that changes only with the shop's version (issue 29, decision 0182): services, barbers,
 * hours, contact, features, header and footer. In the browser and in Vike's renders it is its children, nothing more.
 * The storefront's direct render path (server/direct-render.ts) hands it, for one synchronous render at a time, the
 * sections it already holds for this shop version: a held section is written as a marker that the path replaces with
 * the section's HTML (and the section's styles are noted as used), so React does not render it again.
 */
import type { ReactNode } from 'react';
import { useTheme } from 'styled-components';

/** What the direct render path sets for the length of one renderToString (never in the browser). */
export interface SectionSlot {
  /** The marker standing for the section's held HTML, or null when this version's section is not held yet. */
  held(name: string): string | null;
  /** The section was rendered in full: the path renders it alone after the page and keeps it for the version. */
  rendered(name: string, children: ReactNode, theme: unknown): void;
}

/** Shared by every copy of this module in the process (Vike's build and the server bundle each have one). */
export const SECTION_SLOT = Symbol.for('barberly.storefront.sectionSlot');

export function VersionSection({ name, children }: { name: string; children: ReactNode }) {
  const theme = useTheme();
  const slot = (globalThis as { [SECTION_SLOT]?: SectionSlot })[SECTION_SLOT];
  if (!slot) return children;
  const marker = slot.held(name);
  if (marker !== null) return marker;
  slot.rendered(name, children, theme);
  return children;
}
