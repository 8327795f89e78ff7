import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../validation';
import { SERVICE_MESSAGES, ServicePatchSchema, ServiceSchema, WizardServiceSchema } from './service';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

const valid = { name: 'Haircut', price: 25, durationMinutes: 30 };

describe('ServiceSchema (dashboard service form)', () => {
  it('uses the spec wording', () => {
    expect(SERVICE_MESSAGES.nameMin).toBe('Service name must be at least 2 characters');
    expect(SERVICE_MESSAGES.priceMin).toBe('Price must be at least 1');
    expect(SERVICE_MESSAGES.durationMin).toBe('Duration must be at least 5 minutes');
  });

  it('accepts a valid service with an empty description by default', () => {
    expect(ServiceSchema.parse(valid)).toEqual({ ...valid, description: '', bufferMinutes: 0 });
  });

  it('defaults the duration to 30 minutes', () => {
    expect(ServiceSchema.parse({ name: 'Haircut', price: 25 }).durationMinutes).toBe(30);
  });

  it('accepts a 2-character name and refuses 1 (after trimming)', () => {
    expect(ServiceSchema.parse({ ...valid, name: 'Cu' }).name).toBe('Cu');
    expect(errorsOf(ServiceSchema, { ...valid, name: 'C' })).toEqual({
      name: 'Service name must be at least 2 characters',
    });
    expect(errorsOf(ServiceSchema, { ...valid, name: ' C ' })).toEqual({
      name: 'Service name must be at least 2 characters',
    });
  });

  it('accepts a price of exactly 1 and refuses less', () => {
    expect(ServiceSchema.parse({ ...valid, price: 1 }).price).toBe(1);
    expect(errorsOf(ServiceSchema, { ...valid, price: 0.99 })).toEqual({ price: 'Price must be at least 1' });
    expect(errorsOf(ServiceSchema, { ...valid, price: 0 })).toEqual({ price: 'Price must be at least 1' });
    expect(errorsOf(ServiceSchema, { ...valid, price: -5 })).toEqual({ price: 'Price must be at least 1' });
  });

  it('accepts cents and numeric strings from form inputs', () => {
    expect(ServiceSchema.parse({ ...valid, price: 25.5 }).price).toBe(25.5);
    expect(ServiceSchema.parse({ ...valid, price: '19.99' }).price).toBe(19.99);
    expect(ServiceSchema.parse({ ...valid, durationMinutes: '45' }).durationMinutes).toBe(45);
  });

  it('refuses a price that is not a number', () => {
    expect(errorsOf(ServiceSchema, { ...valid, price: 'abc' })).toEqual({ price: 'Price must be a number' });
  });

  it('refuses an empty price input with the minimum message', () => {
    expect(errorsOf(ServiceSchema, { ...valid, price: '' })).toEqual({ price: 'Price must be at least 1' });
  });

  it('accepts a duration of exactly 5 and refuses 4', () => {
    expect(ServiceSchema.parse({ ...valid, durationMinutes: 5 }).durationMinutes).toBe(5);
    expect(errorsOf(ServiceSchema, { ...valid, durationMinutes: 4 })).toEqual({
      durationMinutes: 'Duration must be at least 5 minutes',
    });
    expect(errorsOf(ServiceSchema, { ...valid, durationMinutes: 0 })).toEqual({
      durationMinutes: 'Duration must be at least 5 minutes',
    });
  });

  it('refuses a fractional duration', () => {
    expect(errorsOf(ServiceSchema, { ...valid, durationMinutes: 7.5 })).toEqual({
      durationMinutes: 'Duration must be a whole number of minutes',
    });
  });

  it('reports name, price and duration together', () => {
    expect(errorsOf(ServiceSchema, { name: 'x', price: 0, durationMinutes: 1 })).toEqual({
      name: 'Service name must be at least 2 characters',
      price: 'Price must be at least 1',
      durationMinutes: 'Duration must be at least 5 minutes',
    });
  });

  it('has server-side upper bounds', () => {
    expect(errorsOf(ServiceSchema, { ...valid, price: 100001 })).toEqual({ price: 'Price must be at most 100000' });
    expect(errorsOf(ServiceSchema, { ...valid, durationMinutes: 1441 })).toEqual({
      durationMinutes: 'Duration must be at most 1440 minutes',
    });
    expect(ServiceSchema.safeParse({ ...valid, price: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});

describe('ServicePatchSchema', () => {
  it('passes through only the fields sent: no reset of description or duration', () => {
    expect(ServicePatchSchema.parse({})).toEqual({});
    expect(ServicePatchSchema.parse({ price: 30 })).toEqual({ price: 30 });
    expect(ServicePatchSchema.parse({ name: 'Beard trim' })).toEqual({ name: 'Beard trim' });
  });

  it('applies the same rules to the fields sent', () => {
    expect(errorsOf(ServicePatchSchema, { price: 0.5 })).toEqual({ price: 'Price must be at least 1' });
    expect(errorsOf(ServicePatchSchema, { durationMinutes: 3 })).toEqual({
      durationMinutes: 'Duration must be at least 5 minutes',
    });
    expect(errorsOf(ServicePatchSchema, { name: 'x' })).toEqual({
      name: 'Service name must be at least 2 characters',
    });
  });
});

describe('WizardServiceSchema (onboarding quick add)', () => {
  it('needs a name and a price; duration defaults to 30', () => {
    expect(WizardServiceSchema.parse({ name: 'Cut', price: 0 })).toEqual({
      name: 'Cut',
      description: '',
      price: 0,
      durationMinutes: 30,
    });
    expect(errorsOf(WizardServiceSchema, { name: '', price: 10 })).toEqual({ name: 'Service name is required' });
    expect(errorsOf(WizardServiceSchema, { name: 'Cut', price: 'abc' })).toEqual({ price: 'Price must be a number' });
  });

  it('allows cents from the 0.01-step input and refuses a negative price', () => {
    expect(WizardServiceSchema.parse({ name: 'Cut', price: '0.01' }).price).toBe(0.01);
    expect(WizardServiceSchema.safeParse({ name: 'Cut', price: -1 }).success).toBe(false);
  });
});
