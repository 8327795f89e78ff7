import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../validation';
import { AUTH_MESSAGES, LoginSchema, RegisterSchema, SetRoleSchema, UpdateMeSchema } from './auth';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('auth messages', () => {
  it('are the spec wording', () => {
    expect(AUTH_MESSAGES).toEqual({
      email: 'Enter a valid email',
      passwordMin: 'Password must be at least 6 characters',
      newPasswordMin: 'Password must be at least 8 characters',
      passwordsDiffer: "Passwords don't match",
      newPasswordHint: 'At least 8 characters',
    });
  });
});

describe('LoginSchema', () => {
  it('accepts a valid email and a 6-character password', () => {
    expect(LoginSchema.parse({ email: 'joe@example.com', password: 'secret' })).toEqual({
      email: 'joe@example.com',
      password: 'secret',
    });
  });

  it('trims the email', () => {
    expect(LoginSchema.parse({ email: '  joe@example.com ', password: 'secret' }).email).toBe('joe@example.com');
  });

  it.each(['', 'joe', 'joe@', '@example.com', 'joe@example', 'joe example@example.com', 'joe@@example.com'])(
    'refuses email %j with "Enter a valid email"',
    (email) => {
      expect(errorsOf(LoginSchema, { email, password: 'secret' })).toEqual({ email: 'Enter a valid email' });
    },
  );

  it('refuses a 5-character password and an empty one', () => {
    expect(errorsOf(LoginSchema, { email: 'joe@example.com', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(errorsOf(LoginSchema, { email: 'joe@example.com', password: '' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports both fields when both are wrong', () => {
    expect(errorsOf(LoginSchema, { email: 'nope', password: '1' })).toEqual({
      email: 'Enter a valid email',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('RegisterSchema', () => {
  const valid = { email: 'joe@example.com', password: 'secret12', confirmPassword: 'secret12' };

  it('accepts matching passwords of at least 8 characters (a 7-character one is refused)', () => {
    expect(RegisterSchema.parse(valid)).toEqual(valid);
    expect(RegisterSchema.safeParse({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success).toBe(
      true,
    );
    expect(errorsOf(RegisterSchema, { ...valid, password: 'abcdefg', confirmPassword: 'abcdefg' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });

  it('puts "Passwords do not match" on confirmPassword only', () => {
    expect(errorsOf(RegisterSchema, { ...valid, confirmPassword: 'secret22' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('compares passwords case-sensitively', () => {
    expect(errorsOf(RegisterSchema, { ...valid, confirmPassword: 'SECRET12' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('says "Passwords don\'t match" for a short confirmation that differs, not the length message', () => {
    expect(errorsOf(RegisterSchema, { ...valid, confirmPassword: '12345' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('reports the minimum on the password only when both are short and equal', () => {
    expect(errorsOf(RegisterSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });

  it('still reports the mismatch while the email is invalid', () => {
    expect(errorsOf(RegisterSchema, { email: 'joe', password: 'secret12', confirmPassword: 'secret99' })).toEqual({
      email: 'Enter a valid email',
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('SetRoleSchema', () => {
  it.each(['owner', 'barber', 'client'])('accepts role %s', (role) => {
    expect(SetRoleSchema.parse({ role })).toEqual({ role });
  });

  it('refuses any other role', () => {
    expect(errorsOf(SetRoleSchema, { role: 'admin' })).toEqual({ role: 'Role must be owner, barber or client' });
  });
});

describe('UpdateMeSchema', () => {
  it('accepts a subset and adds nothing', () => {
    expect(UpdateMeSchema.parse({ onboardingCompleted: true })).toEqual({ onboardingCompleted: true });
    expect(UpdateMeSchema.parse({})).toEqual({});
  });

  it('refuses fields a user may not set on themselves', () => {
    expect(UpdateMeSchema.safeParse({ shopId: '00000000-0000-0000-0000-000000000000' }).success).toBe(false);
    expect(UpdateMeSchema.safeParse({ email: 'other@example.com' }).success).toBe(false);
  });

  it('accepts an http(s) profile image or empty, and refuses script URLs', () => {
    expect(UpdateMeSchema.parse({ profileImageUrl: '' })).toEqual({ profileImageUrl: '' });
    expect(UpdateMeSchema.parse({ profileImageUrl: 'https://cdn.example.com/me.png' }).profileImageUrl).toBe(
      'https://cdn.example.com/me.png',
    );
    expect(errorsOf(UpdateMeSchema, { profileImageUrl: 'javascript:alert(1)' })).toEqual({
      profileImageUrl: 'Please enter a valid URL',
    });
    expect(errorsOf(UpdateMeSchema, { profileImageUrl: 'not a url' })).toEqual({
      profileImageUrl: 'Please enter a valid URL',
    });
  });
});
