import { describe, expect, it } from 'vitest';
import { resolvePrimaryColor, resolveTheme, themeFromName } from './theme';

describe('themeFromName', () => {
  it.each([
    ['urban', 'urban'],
    ['Urban Edge', 'urban'],
    ['URBAN', 'urban'],
    ['suburban', 'urban'],
    ['minimalist', 'minimalist'],
    ['Minimalist', 'minimalist'],
    ['minimal', 'minimalist'],
    ['Clean Minimal', 'minimalist'],
    ['Urban Minimalist', 'urban'],
    ['classic', 'classic'],
    ['Modern', 'classic'],
    ['anything else', 'classic'],
  ])('%j gives %s', (name, theme) => {
    expect(themeFromName(name)).toBe(theme);
  });
});

describe('resolveTheme', () => {
  it('prefers the template info name over everything', () => {
    expect(
      resolveTheme({
        templateInfoName: 'Urban Template',
        brandingTemplate: 'minimalist',
        shopTheme: 'classic',
        storedTemplate: 'minimalist',
      }),
    ).toBe('urban');
  });

  it('then the stored branding template', () => {
    expect(resolveTheme({ brandingTemplate: 'minimal', shopTheme: 'urban', storedTemplate: 'urban' })).toBe(
      'minimalist',
    );
  });

  it('then the shop theme', () => {
    expect(resolveTheme({ shopTheme: 'urban', storedTemplate: 'minimalist' })).toBe('urban');
  });

  it('then the locally stored template', () => {
    expect(resolveTheme({ storedTemplate: 'minimalist' })).toBe('minimalist');
  });

  it('falls back to classic', () => {
    expect(resolveTheme({})).toBe('classic');
    expect(
      resolveTheme({ templateInfoName: null, brandingTemplate: undefined, shopTheme: '', storedTemplate: ' ' }),
    ).toBe('classic');
  });

  it('skips empty sources instead of letting them decide', () => {
    expect(resolveTheme({ templateInfoName: '', brandingTemplate: '  ', shopTheme: 'urban' })).toBe('urban');
  });

  it('lets a present but unrecognised higher source give classic', () => {
    expect(resolveTheme({ templateInfoName: 'Modern', shopTheme: 'urban' })).toBe('classic');
  });
});

describe('resolvePrimaryColor', () => {
  it('takes the first hex colour in order: template info, stored branding, branding, primaryColor', () => {
    const all = {
      templateInfoBranding: '#111111',
      storedBranding: '#222222',
      branding: '#333333',
      primaryColor: '#444444',
    };
    expect(resolvePrimaryColor(all)).toBe('#111111');
    expect(resolvePrimaryColor({ ...all, templateInfoBranding: null })).toBe('#222222');
    expect(resolvePrimaryColor({ ...all, templateInfoBranding: null, storedBranding: undefined })).toBe('#333333');
    expect(resolvePrimaryColor({ primaryColor: '#444444' })).toBe('#444444');
  });

  it('falls back to #1E293B', () => {
    expect(resolvePrimaryColor({})).toBe('#1E293B');
  });

  it('skips values that are not #RRGGBB', () => {
    expect(
      resolvePrimaryColor({
        templateInfoBranding: 'red;}body{x:y',
        storedBranding: '#fff',
        branding: '#12345G',
        primaryColor: '#abcdef',
      }),
    ).toBe('#abcdef');
    expect(resolvePrimaryColor({ templateInfoBranding: 'red', primaryColor: 'url(javascript:alert(1))' })).toBe(
      '#1E293B',
    );
  });
});
