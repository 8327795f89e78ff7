import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation';
import { LEAD_MESSAGES, LeadSchema } from './lead';

const valid = {
  fullName: 'Joe Smith',
  email: 'joe@example.com',
  phone: '+1 555 0100',
  barbershopName: "Joe's Cuts",
};

function errorsOf(value: unknown): Record<string, string> {
  const result = LeadSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('LeadSchema', () => {
  it('uses the spec wording', () => {
    expect(LEAD_MESSAGES).toEqual({
      fullName: 'Full name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      barbershopName: 'Barbershop name is required',
    });
  });

  it('accepts a filled form and trims it', () => {
    expect(LeadSchema.parse({ ...valid, fullName: '  Joe Smith  ', email: ' joe@example.com ' })).toEqual(valid);
  });

  it('reports all four messages on an empty form', () => {
    expect(errorsOf({ fullName: '', email: '', phone: '', barbershopName: '' })).toEqual({
      fullName: 'Full name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      barbershopName: 'Barbershop name is required',
    });
  });

  it('treats whitespace-only as empty', () => {
    expect(errorsOf({ ...valid, fullName: '   ', phone: ' ', barbershopName: '\t' })).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone number is required',
      barbershopName: 'Barbershop name is required',
    });
  });

  it.each(['joe', 'joe@', 'joe@example', 'joe at example.com'])('refuses email %j', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: 'Invalid email address' });
  });

  it('accepts one-character required fields', () => {
    expect(errorsOf({ ...valid, fullName: 'J', phone: '1', barbershopName: 'B' })).toEqual({});
  });
});
