import { describe, expect, it } from 'vitest';
import { LeadSchema } from './schemas/lead';
import { ShopCreateSchema, SlugSchema } from './schemas/shop';
import { fieldErrors, firstMessage } from './validation';
import { z } from './zod';

function failure(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error;
}

describe('fieldErrors', () => {
  it('maps each failing field to its message', () => {
    expect(fieldErrors(failure(LeadSchema, { fullName: '', email: 'x', phone: '', barbershopName: '' }))).toEqual({
      fullName: 'Full name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      barbershopName: 'Barbershop name is required',
    });
  });

  it('keeps only the first message per field', () => {
    // 'A' is too short and has an uppercase letter: the length rule comes first.
    expect(fieldErrors(failure(z.object({ slug: SlugSchema }), { slug: 'A' }))).toEqual({
      slug: 'Slug must be at least 3 characters',
    });
  });

  it('joins nested paths with dots', () => {
    const error = failure(ShopCreateSchema, {
      name: 'Joes',
      slug: 'joes',
      services: [
        { name: 'Cut', price: 10 },
        { name: '', price: 10 },
      ],
    });
    expect(fieldErrors(error)).toEqual({ 'services.1.name': 'Service name is required' });
  });

  it('files an error without a path under "_"', () => {
    expect(fieldErrors(failure(SlugSchema, 'ab'))).toEqual({ _: 'Slug must be at least 3 characters' });
  });
});

describe('firstMessage', () => {
  it('gives the first issue message', () => {
    expect(
      firstMessage(failure(LeadSchema, { fullName: '', email: 'joe@example.com', phone: '1', barbershopName: 'B' })),
    ).toBe('Full name is required');
  });

  it('has a fallback for an error without issues', () => {
    expect(firstMessage(new z.ZodError([]))).toBe('Invalid input');
  });
});
