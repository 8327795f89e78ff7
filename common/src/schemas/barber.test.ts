import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../validation';
import { BARBER_MESSAGES, BarberPatchSchema, BarberSchema } from './barber';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('BarberSchema', () => {
  it('uses the spec wording', () => {
    expect(BARBER_MESSAGES.nameMin).toBe('Barber name must be at least 2 characters');
  });

  it('accepts a 2-character name with empty bio and image by default', () => {
    expect(BarberSchema.parse({ name: 'Al' })).toEqual({ name: 'Al', bio: '', profileImageUrl: '' });
  });

  it('refuses a 1-character name, counted after trimming', () => {
    expect(errorsOf(BarberSchema, { name: 'A' })).toEqual({ name: 'Barber name must be at least 2 characters' });
    expect(errorsOf(BarberSchema, { name: '  A ' })).toEqual({ name: 'Barber name must be at least 2 characters' });
    expect(errorsOf(BarberSchema, {})).not.toEqual({});
  });

  it('accepts an empty or http(s) profile image URL', () => {
    expect(BarberSchema.parse({ name: 'Al', profileImageUrl: '' }).profileImageUrl).toBe('');
    expect(BarberSchema.parse({ name: 'Al', profileImageUrl: 'https://cdn.example.com/al.jpg' }).profileImageUrl).toBe(
      'https://cdn.example.com/al.jpg',
    );
  });

  it.each(['al.jpg', 'not a url', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])(
    'refuses profile image %j with "Please enter a valid URL"',
    (profileImageUrl) => {
      expect(errorsOf(BarberSchema, { name: 'Al', profileImageUrl })).toEqual({
        profileImageUrl: 'Please enter a valid URL',
      });
    },
  );

  it('caps the bio at 500 characters', () => {
    expect(BarberSchema.safeParse({ name: 'Al', bio: 'b'.repeat(500) }).success).toBe(true);
    expect(BarberSchema.safeParse({ name: 'Al', bio: 'b'.repeat(501) }).success).toBe(false);
  });
});

describe('BarberPatchSchema', () => {
  it('passes through only the fields sent: no wiping of bio or image', () => {
    expect(BarberPatchSchema.parse({})).toEqual({});
    expect(BarberPatchSchema.parse({ name: 'Bob' })).toEqual({ name: 'Bob' });
    expect(BarberPatchSchema.parse({ bio: 'Fades' })).toEqual({ bio: 'Fades' });
  });

  it('applies the same rules to the fields sent', () => {
    expect(errorsOf(BarberPatchSchema, { name: 'B' })).toEqual({ name: 'Barber name must be at least 2 characters' });
    expect(errorsOf(BarberPatchSchema, { profileImageUrl: 'javascript:alert(1)' })).toEqual({
      profileImageUrl: 'Please enter a valid URL',
    });
  });
});
