/**
 * What search engines and link previews read: the spec's browser titles, a meta description, and a schema.org
 * HairSalon description of the shop (address, phone, opening hours, services).
 */
import type { Theme } from '@barberly/common';
import { STOREFRONT_THEMES } from '../themes';
import type { ShopView } from './shop-view';

/** '{name} | Classic Barbershop' and the like; a page with no known template gets '{name} | Book Appointments'. */
export function shopTitle(name: string, theme: Theme | null): string {
  return `${name} | ${theme ? STOREFRONT_THEMES[theme].labels.titleSuffix : 'Book Appointments'}`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The bio when there is one; otherwise what the shop offers and where. At most 160 characters. */
export function shopDescription(view: ShopView): string {
  if (view.shop.bio) return clip(view.shop.bio, 160);
  const services = view.services
    .map((s) => s.name)
    .filter(Boolean)
    .slice(0, 3);
  const offer = services.length ? `: ${services.join(', ')}` : '';
  const where = view.shop.address ? ` at ${view.shop.address}` : '';
  return clip(`Book an appointment with ${view.shop.name}${where}${offer}.`, 160);
}

const SCHEMA_DAYS: Record<string, string> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};

/** schema.org HairSalon for the shop. Empty fields are left out rather than sent empty. */
export function shopJsonLd(view: ShopView): Record<string, unknown> {
  const { shop } = view;
  const openDays = view.hours.filter((d) => !d.closed && d.open && d.close);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'HairSalon',
    name: shop.name,
    url: view.urls.canonical,
  };
  if (shop.bio) data.description = shop.bio;
  if (shop.logoUrl) {
    data.logo = shop.logoUrl;
    data.image = shop.logoUrl;
  }
  if (shop.phone) data.telephone = shop.phone;
  if (shop.address) data.address = { '@type': 'PostalAddress', streetAddress: shop.address };
  if (shop.directionsUrl) data.hasMap = shop.directionsUrl;
  if (openDays.length) {
    data.openingHoursSpecification = openDays.map((d) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAYS[d.day],
      opens: d.open,
      closes: d.close,
    }));
  }
  const services = view.services.filter((s) => s.name);
  if (services.length) {
    data.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((s) => ({
        '@type': 'Offer',
        price: s.price.toFixed(2),
        priceCurrency: view.display.currency,
        itemOffered: {
          '@type': 'Service',
          name: s.name,
          ...(s.description ? { description: s.description } : {}),
          ...(s.durationMinutes ? { duration: `PT${s.durationMinutes}M` } : {}),
        },
      })),
    };
  }
  if (view.barbers.length) {
    data.employee = view.barbers.map((b) => ({
      '@type': 'Person',
      name: b.name,
      ...(b.imageUrl ? { image: b.imageUrl } : {}),
    }));
  }
  return data;
}

/**
 * JSON for a <script> element: '<' is escaped so a shop called '</script><script>…' stays data, and the two line
 * separators JSON allows but old parsers choke on are escaped too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
