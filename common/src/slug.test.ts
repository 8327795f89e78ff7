import { describe, expect, it } from 'vitest';
import { SlugSchema } from './schemas/shop';
import { isReservedSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Joes', 'joes'],
    ['Joe Barber', 'joe-barber'],
    ["Joe's Barber Shop!", 'joes-barber-shop'],
    ['The 2nd Chair', 'the-2nd-chair'],
    ['Fade & Blade', 'fade-blade'],
    ['Fade   and   Blade', 'fade-and-blade'],
    ['  Sharp Cuts  ', 'sharp-cuts'],
    ['Cuts, Shaves & More.', 'cuts-shaves-more'],
    ['A-Team Cuts', 'a-team-cuts'],
    ['Joe\tCuts\nDowntown', 'joe-cuts-downtown'],
    ['Café Élite', 'caf-lite'],
    ['Señor Barbería', 'seor-barbera'],
    ['Straße 42', 'strae-42'],
    ['理髪店 Tokyo', 'tokyo'],
    ['Joe 💈 Cuts', 'joe-cuts'],
    ['ALL CAPS BARBER', 'all-caps-barber'],
  ])('%j gives %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('gives an empty slug when nothing usable remains', () => {
    expect(slugify('')).toBe('');
    expect(slugify('   ')).toBe('');
    expect(slugify('!!!')).toBe('');
    expect(slugify('—')).toBe('');
  });

  it('never starts or ends with a hyphen', () => {
    expect(slugify(' - Joes - ')).toBe('joes');
    expect(slugify('!Joes?')).toBe('joes');
  });

  it('caps the length at 50', () => {
    expect(slugify('x'.repeat(80))).toBe('x'.repeat(50));
    expect(slugify('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('does not leave a trailing hyphen where the cap cuts', () => {
    const slug = slugify(`${'a'.repeat(49)} bc`);
    expect(slug).toBe('a'.repeat(49));
  });

  it('produces slugs the slug rule accepts for ordinary shop names', () => {
    for (const name of [
      "Joe's Barber Shop!",
      'The Gentlemen’s Lounge & Spa',
      'Café Élite',
      `The ${'Very '.repeat(20)}Long Barbershop`,
      'Fresh Cuts 24/7',
    ]) {
      expect(SlugSchema.safeParse(slugify(name)).success).toBe(true);
    }
  });

  it('is stable: slugifying a slug leaves it unchanged', () => {
    for (const name of ["Joe's Barber Shop!", 'Café Élite', 'Fade   and   Blade']) {
      const slug = slugify(name);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

describe('isReservedSlug', () => {
  it.each(['www', 'api', 'admin', 'auth', 'app', 'static', 'assets', 'WWW', 'Api'])('%s is reserved', (slug) => {
    expect(isReservedSlug(slug)).toBe(true);
  });

  it.each(['joes', 'apis', 'my-app', 'www2'])('%s is not reserved', (slug) => {
    expect(isReservedSlug(slug)).toBe(false);
  });
});
