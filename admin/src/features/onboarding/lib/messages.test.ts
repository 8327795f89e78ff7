import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  launchingToast,
  launchSuccessToast,
  roleFailedToast,
  roleUpdatedToast,
  shopCreateFailedToast,
} from './messages';

describe('onboarding toasts', () => {
  it('use the spec wording for the role', () => {
    expect(roleUpdatedToast).toMatchObject({
      title: 'Role updated',
      description: 'Your account has been set up successfully.',
    });
    expect(roleFailedToast).toMatchObject({
      title: 'Error',
      description: 'Failed to set user role. Please try again.',
    });
  });

  it("say 'Error: Failed to create shop. Please try again.' with the api's reason after it", () => {
    expect(shopCreateFailedToast(new ApiError(409, 'This shop URL is already taken. Please choose another.'))).toEqual({
      title: 'Error',
      description: 'Failed to create shop. Please try again. This shop URL is already taken. Please choose another.',
      variant: 'destructive',
    });
    expect(shopCreateFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to create shop. Please try again.',
    );
  });

  it('carry the shop URL on success', () => {
    expect(launchSuccessToast('http://joes.localhost:3000')).toMatchObject({ title: 'Success!' });
    expect(launchSuccessToast('http://joes.localhost:3000').description).toContain('http://joes.localhost:3000');
    expect(launchingToast.title).toBe('Launching Your Barbershop');
  });
});
