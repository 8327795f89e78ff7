import { LIMITS, RESERVED_SLUGS } from './constants';

/**
 * The onboarding rule: lowercase, other characters stripped, spaces to hyphens.
 * 'Joe's Barber Shop!' gives 'joes-barber-shop'; runs of spaces or hyphens collapse to one.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, LIMITS.slugMax)
    .replace(/-$/, '');
}

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.toLowerCase());
}
