/** The landing page's sections; header, hero and footer link to them by id. */
export const SECTIONS = {
  howItWorks: 'how-it-works',
  showcase: 'showcase',
  features: 'features',
  pricing: 'pricing',
  testimonials: 'testimonials',
  demo: 'demo',
} as const;

/** The header's anchors, in the spec's order. */
export const NAV_LINKS = [
  { id: SECTIONS.features, label: 'Features' },
  { id: SECTIONS.howItWorks, label: 'How It Works' },
  { id: SECTIONS.pricing, label: 'Pricing' },
  { id: SECTIONS.testimonials, label: 'Testimonials' },
] as const;
