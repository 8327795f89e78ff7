import { slugify } from '@barberly/common';

/**
 * Spec 4: the slug follows the name while it is empty or still what the previous name gave.
 * Typing 'Joe' then 'Joe's Cuts' moves the slug 'joe' to 'joes-cuts'; once the owner types their own slug
 * ('joes-downtown') it stays.
 */
export function nextSlug(previousName: string, nextName: string, currentSlug: string): string {
  if (currentSlug === '' || currentSlug === slugify(previousName)) return slugify(nextName);
  return currentSlug;
}
