import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RESERVED_SLUGS } from '../constants';
import { defaultHours } from '../hours';
import { fieldErrors } from '../validation';
import {
  BrandingSchema,
  CompleteOnboardingSchema,
  SHOP_MESSAGES,
  ShopCreateSchema,
  ShopDetailsSchema,
  ShopEditSchema,
  ShopPatchSchema,
  SlugSchema,
  ThemeSchema,
} from './shop';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('shop messages', () => {
  it('are the spec wording', () => {
    expect(SHOP_MESSAGES.nameMinOnboarding).toBe('Shop name must be at least 2 characters');
    expect(SHOP_MESSAGES.nameMinDashboard).toBe('Shop name must be at least 3 characters');
    expect(SHOP_MESSAGES.slugMin).toBe('Slug must be at least 3 characters');
    expect(SHOP_MESSAGES.slugMax).toBe('Slug cannot be more than 50 characters');
    expect(SHOP_MESSAGES.slugChars).toBe('Slug can only contain lowercase letters, numbers, and hyphens');
    expect(SHOP_MESSAGES.bioMax).toBe('Bio cannot be more than 500 characters');
  });
});

describe('SlugSchema', () => {
  const slugError = (value: string) => errorsOf(SlugSchema, value)._;

  it('accepts exactly 3 and exactly 50 characters', () => {
    expect(SlugSchema.parse('abc')).toBe('abc');
    expect(SlugSchema.parse('a'.repeat(50))).toBe('a'.repeat(50));
  });

  it('refuses 2 characters and 51 characters with the spec messages', () => {
    expect(slugError('ab')).toBe('Slug must be at least 3 characters');
    expect(slugError('')).toBe('Slug must be at least 3 characters');
    expect(slugError('a'.repeat(51))).toBe('Slug cannot be more than 50 characters');
  });

  it.each(['joes-cuts', 'joes--cuts', '123', 'a1-b2', 'fade-2-blade', '-joes', 'joes-'])(
    'accepts lowercase letters, digits and hyphens: %s',
    (slug) => {
      expect(SlugSchema.parse(slug)).toBe(slug);
    },
  );

  it.each(['Joes', 'JOES', 'joe s', 'joe_s', 'joe.s', 'joé-cuts', 'joes/cuts', 'joes%20', '<script>', 'joes\ncuts'])(
    'refuses %j with the pattern message',
    (slug) => {
      expect(slugError(slug)).toBe('Slug can only contain lowercase letters, numbers, and hyphens');
    },
  );

  it.each([...RESERVED_SLUGS])('refuses the reserved name %s', (slug) => {
    expect(slugError(slug)).toBe('This shop URL is reserved. Please choose another.');
  });

  it('lists the reserved names the platform needs', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(['admin', 'api', 'app', 'assets', 'auth', 'static', 'www']);
  });

  it('accepts names that merely contain a reserved word', () => {
    expect(SlugSchema.parse('www-cuts')).toBe('www-cuts');
    expect(SlugSchema.parse('apix')).toBe('apix');
  });
});

describe('ThemeSchema', () => {
  it.each(['classic', 'urban', 'minimalist'])('accepts %s', (theme) => {
    expect(ThemeSchema.parse(theme)).toBe(theme);
  });

  it.each(['modern', 'Classic', 'URBAN', 'minimal', ''])('refuses %j', (theme) => {
    expect(errorsOf(ThemeSchema, theme)).toEqual({ _: 'Theme must be classic, urban or minimalist' });
  });
});

describe('ShopDetailsSchema (onboarding)', () => {
  const valid = { name: 'Joes', slug: 'joes' };

  it('fills defaults: empty bio, address, phone and the classic theme', () => {
    expect(ShopDetailsSchema.parse(valid)).toEqual({
      name: 'Joes',
      slug: 'joes',
      bio: '',
      address: '',
      phoneNumber: '',
      theme: 'classic',
    });
  });

  it('accepts a 2-character name and refuses a 1-character one', () => {
    expect(ShopDetailsSchema.safeParse({ ...valid, name: 'Jo' }).success).toBe(true);
    expect(errorsOf(ShopDetailsSchema, { ...valid, name: 'J' })).toEqual({
      name: 'Shop name must be at least 2 characters',
    });
  });

  it('counts the name after trimming', () => {
    expect(errorsOf(ShopDetailsSchema, { ...valid, name: '  J  ' })).toEqual({
      name: 'Shop name must be at least 2 characters',
    });
    expect(ShopDetailsSchema.parse({ ...valid, name: '  Jo  ' }).name).toBe('Jo');
  });

  it('applies the slug rules', () => {
    expect(errorsOf(ShopDetailsSchema, { ...valid, slug: 'ab' })).toEqual({
      slug: 'Slug must be at least 3 characters',
    });
    expect(errorsOf(ShopDetailsSchema, { ...valid, slug: 'x'.repeat(51) })).toEqual({
      slug: 'Slug cannot be more than 50 characters',
    });
    expect(errorsOf(ShopDetailsSchema, { ...valid, slug: 'Joes Cuts' })).toEqual({
      slug: 'Slug can only contain lowercase letters, numbers, and hyphens',
    });
  });

  it('accepts a 500-character bio and refuses 501', () => {
    expect(ShopDetailsSchema.parse({ ...valid, bio: 'b'.repeat(500) }).bio).toHaveLength(500);
    expect(errorsOf(ShopDetailsSchema, { ...valid, bio: 'b'.repeat(501) })).toEqual({
      bio: 'Bio cannot be more than 500 characters',
    });
  });

  it.each(['classic', 'urban', 'minimalist'])('accepts theme %s', (theme) => {
    expect(ShopDetailsSchema.parse({ ...valid, theme }).theme).toBe(theme);
  });

  it('refuses a theme outside the three', () => {
    expect(errorsOf(ShopDetailsSchema, { ...valid, theme: 'modern' })).toEqual({
      theme: 'Theme must be classic, urban or minimalist',
    });
  });

  it('reports every failing field at once', () => {
    expect(errorsOf(ShopDetailsSchema, { name: '', slug: '', bio: 'b'.repeat(501) })).toEqual({
      name: 'Shop name must be at least 2 characters',
      slug: 'Slug must be at least 3 characters',
      bio: 'Bio cannot be more than 500 characters',
    });
  });
});

describe('ShopCreateSchema', () => {
  it('defaults colour, font, activity, services and logo', () => {
    const shop = ShopCreateSchema.parse({ name: 'Joes', slug: 'joes' });
    expect(shop.primaryColor).toBe('#1E293B');
    expect(shop.branding_json).toEqual({ font: 'Inter' });
    expect(shop.is_active).toBe(true);
    expect(shop.services).toEqual([]);
    expect(shop.logoUrl).toBe('');
    expect(shop.theme).toBe('classic');
  });

  it('takes wizard services with a 30-minute default duration', () => {
    const shop = ShopCreateSchema.parse({ name: 'Joes', slug: 'joes', services: [{ name: 'Cut', price: '25' }] });
    expect(shop.services).toEqual([{ name: 'Cut', description: '', price: 25, durationMinutes: 30 }]);
  });

  it('reports a nameless wizard service by its path', () => {
    expect(errorsOf(ShopCreateSchema, { name: 'Joes', slug: 'joes', services: [{ name: '', price: 10 }] })).toEqual({
      'services.0.name': 'Service name is required',
    });
  });

  it('accepts the default hours and refuses a script-bearing colour or logo', () => {
    expect(ShopCreateSchema.safeParse({ name: 'Joes', slug: 'joes', hours_json: defaultHours() }).success).toBe(true);
    expect(errorsOf(ShopCreateSchema, { name: 'Joes', slug: 'joes', primaryColor: 'red;}body{x:y' })).toEqual({
      primaryColor: 'Colour must be a hex value like #1E293B',
    });
    expect(errorsOf(ShopCreateSchema, { name: 'Joes', slug: 'joes', logoUrl: 'javascript:alert(1)' })).toEqual({
      logoUrl: 'Please enter a valid URL',
    });
  });

  it('refuses a reserved slug', () => {
    expect(errorsOf(ShopCreateSchema, { name: 'Admin Cuts', slug: 'admin' })).toEqual({
      slug: 'This shop URL is reserved. Please choose another.',
    });
  });
});

describe('ShopEditSchema (dashboard)', () => {
  const valid = { name: 'Joe', theme: 'urban', primaryColor: '#112233' };

  it('accepts a 3-character name and refuses 2', () => {
    expect(ShopEditSchema.parse(valid).name).toBe('Joe');
    expect(errorsOf(ShopEditSchema, { ...valid, name: 'Jo' })).toEqual({
      name: 'Shop name must be at least 3 characters',
    });
  });

  it('accepts an empty or valid logo URL', () => {
    expect(ShopEditSchema.parse({ ...valid, logoUrl: '' }).logoUrl).toBe('');
    expect(ShopEditSchema.parse({ ...valid, logoUrl: 'https://cdn.example.com/logo.png' }).logoUrl).toBe(
      'https://cdn.example.com/logo.png',
    );
  });

  it.each(['not a url', 'logo.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'ftp://x/logo.png'])(
    'refuses logo %j with "Please enter a valid URL"',
    (logoUrl) => {
      expect(errorsOf(ShopEditSchema, { ...valid, logoUrl })).toEqual({ logoUrl: 'Please enter a valid URL' });
    },
  );

  it('accepts a 500-character bio and refuses 501', () => {
    expect(ShopEditSchema.safeParse({ ...valid, bio: 'b'.repeat(500) }).success).toBe(true);
    expect(errorsOf(ShopEditSchema, { ...valid, bio: 'b'.repeat(501) })).toEqual({
      bio: 'Bio cannot be more than 500 characters',
    });
  });

  it('refuses a non-hex colour', () => {
    expect(errorsOf(ShopEditSchema, { ...valid, primaryColor: '#fff' })).toEqual({
      primaryColor: 'Colour must be a hex value like #1E293B',
    });
  });
});

describe('ShopPatchSchema', () => {
  it('passes through only the fields sent: no defaults that would wipe stored values', () => {
    expect(ShopPatchSchema.parse({})).toEqual({});
    expect(ShopPatchSchema.parse({ name: 'Joes Cuts' })).toEqual({ name: 'Joes Cuts' });
    expect(ShopPatchSchema.parse({ is_active: false })).toEqual({ is_active: false });
  });

  it('still lets a field be cleared explicitly', () => {
    expect(ShopPatchSchema.parse({ bio: '', logoUrl: '' })).toEqual({ bio: '', logoUrl: '' });
  });

  it('refuses a slug change', () => {
    const result = ShopPatchSchema.safeParse({ slug: 'new-slug' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it.each([{ ownerId: 'someone-else' }, { id: 'x' }, { version: 9 }, { foo: 1 }])('refuses unknown key %j', (body) => {
    expect(ShopPatchSchema.safeParse(body).success).toBe(false);
  });

  it('applies the dashboard rules to the fields sent', () => {
    expect(errorsOf(ShopPatchSchema, { name: 'Jo' })).toEqual({ name: 'Shop name must be at least 3 characters' });
    expect(errorsOf(ShopPatchSchema, { logoUrl: 'javascript:alert(1)' })).toEqual({
      logoUrl: 'Please enter a valid URL',
    });
    expect(errorsOf(ShopPatchSchema, { primaryColor: 'red;}body{x:y' })).toEqual({
      primaryColor: 'Colour must be a hex value like #1E293B',
    });
    expect(errorsOf(ShopPatchSchema, { theme: 'modern' })).toEqual({
      theme: 'Theme must be classic, urban or minimalist',
    });
  });

  it('accepts hours and branding, and validates them', () => {
    expect(ShopPatchSchema.parse({ hours_json: defaultHours() }).hours_json).toEqual(defaultHours());
    expect(ShopPatchSchema.safeParse({ branding_json: { primary_color: '#fff' } }).success).toBe(false);
    expect(ShopPatchSchema.safeParse({ branding_json: { css: 'body{}' } }).success).toBe(false);
  });
});

describe('BrandingSchema', () => {
  it('accepts the spec branding fields', () => {
    const branding = {
      primary_color: '#1E293B',
      font: 'Inter',
      logo_url: 'https://cdn.example.com/l.png',
      features: ['Walk-ins welcome'],
      template: 'urban',
    };
    expect(BrandingSchema.parse(branding)).toEqual(branding);
  });

  it('refuses a font that could break out of CSS', () => {
    expect(BrandingSchema.safeParse({ font: "Inter'; } body { x: y" }).success).toBe(false);
  });

  it('refuses unknown keys and script URLs', () => {
    expect(BrandingSchema.safeParse({ extra: 1 }).success).toBe(false);
    expect(BrandingSchema.safeParse({ logo_url: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('CompleteOnboardingSchema', () => {
  it('needs a shop id and a valid slug; role defaults to owner', () => {
    expect(
      CompleteOnboardingSchema.parse({ shopId: '3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b', shopSlug: 'joes' }),
    ).toEqual({ shopId: '3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b', shopSlug: 'joes', role: 'owner' });
    expect(errorsOf(CompleteOnboardingSchema, { shopId: 'nope', shopSlug: 'joes' })).toEqual({
      shopId: 'shopId must be a shop id',
    });
    expect(
      CompleteOnboardingSchema.safeParse({ shopId: '3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b', shopSlug: 'Joes' }).success,
    ).toBe(false);
    expect(
      CompleteOnboardingSchema.safeParse({
        shopId: '3f9a2c1b-1b2d-4e5f-8a9b-0c1d2e3f4a5b',
        shopSlug: 'joes',
        role: 'barber',
      }).success,
    ).toBe(false);
  });
});
