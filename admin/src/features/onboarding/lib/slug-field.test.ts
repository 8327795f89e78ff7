import { describe, expect, it } from 'vitest';
import { nextSlug } from './slug-field';

describe('nextSlug', () => {
  it('derives the slug from the name while the slug is empty', () => {
    expect(nextSlug('', "Joe's Barber Shop!", '')).toBe('joes-barber-shop');
  });

  it('keeps following the name while the slug still matches it', () => {
    expect(nextSlug('Joe', 'Joe Cuts', 'joe')).toBe('joe-cuts');
  });

  it('leaves a slug the owner typed alone', () => {
    expect(nextSlug('Joe', 'Joe Cuts', 'downtown-joe')).toBe('downtown-joe');
  });
});
