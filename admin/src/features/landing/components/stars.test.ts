import { describe, expect, it } from 'vitest';
import { starParts } from './stars';

describe('starParts', () => {
  it('draws half stars for ratings like 4.5 and never more than 5', () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(5)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(3)).toEqual({ full: 3, half: 0, empty: 2 });
    expect(starParts(7)).toEqual({ full: 5, half: 0, empty: 0 });
  });
});
