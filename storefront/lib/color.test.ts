import { describe, expect, it } from 'vitest';
import { accentOn, contrastRatio, DARK_TEXT, LIGHT_TEXT, mix, readableOn, TEXT_CONTRAST } from './color';

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

  it('takes pure black on a mid-tone where neither white nor near-black reaches 4.5:1', () => {
    expect(contrastRatio('#7A7A7A', LIGHT_TEXT)).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio('#7A7A7A', DARK_TEXT)).toBeLessThan(TEXT_CONTRAST);
    expect(readableOn('#7A7A7A')).toBe('#000000');
    expect(contrastRatio('#7A7A7A', '#000000')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('accentOn', () => {
  it('keeps a legible primary and falls back when it would vanish into the surface', () => {
    expect(accentOn('#B91C1C', '#FFFFFF', '#111111')).toBe('#B91C1C');
    expect(accentOn('#1E293B', '#0B0B0C', '#F5F5F5')).toBe('#F5F5F5');
  });

  it('moves a primary that shows as a shape but not as text towards the fallback until it reads on every surface', () => {
    // Urban's rose: 3.8:1 on its cards. Tinted towards the theme's text colour, it keeps its hue and reads.
    const surfaces = ['#0E0E10', '#18181B'];
    const tinted = accentOn('#E11D48', surfaces, '#F4F4F5');
    expect(tinted).toBe('#E5486B');
    for (const surface of surfaces) expect(contrastRatio(tinted, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('mix', () => {
  it('moves channel by channel', () => {
    expect(mix('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(mix('#E11D48', '#F4F4F5', 0)).toBe('#E11D48');
    expect(mix('#E11D48', '#F4F4F5', 1)).toBe('#F4F4F5');
  });
});
