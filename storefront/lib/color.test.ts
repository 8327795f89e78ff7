import { describe, expect, it } from 'vitest';
import { accentOn, contrastRatio, DARK_TEXT, LIGHT_TEXT, readableOn } from './color';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1E293B', '#1E293B')).toBeCloseTo(1, 5);
  });
});

describe('readableOn', () => {
  it('puts white text on the default dark slate and dark text on yellow', () => {
    expect(readableOn('#1E293B')).toBe(LIGHT_TEXT);
    expect(readableOn('#FACC15')).toBe(DARK_TEXT);
  });
});

describe('accentOn', () => {
  it('keeps a legible primary and falls back when it would vanish into the surface', () => {
    expect(accentOn('#B91C1C', '#FFFFFF', '#111111')).toBe('#B91C1C');
    expect(accentOn('#1E293B', '#0B0B0C', '#F5F5F5')).toBe('#F5F5F5');
  });
});
