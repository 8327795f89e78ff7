import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorToast, failureToast } from './dashboard-toasts';

describe('failureToast', () => {
  it("says 'Error' and the spec's sentence, then the api's reason", () => {
    expect(failureToast('Failed to add service', new ApiError(400, 'Price must be at least 1'))).toEqual({
      title: 'Error',
      description: 'Failed to add service. Please try again. Price must be at least 1',
      variant: 'destructive',
    });
  });

  it("says only the spec's sentence when there is no reason", () => {
    expect(failureToast('Failed to update shop', undefined).description).toBe(
      'Failed to update shop. Please try again.',
    );
  });
});

describe('apiErrorToast', () => {
  it("says the api's reason as is, or the fallback when there is none", () => {
    expect(apiErrorToast(new ApiError(409, 'No barber is free for this service before closing today.'), 'x')).toEqual({
      title: 'Error',
      description: 'No barber is free for this service before closing today.',
      variant: 'destructive',
    });
    expect(apiErrorToast(undefined, 'Failed to book walk-in. Please try again.').description).toBe(
      'Failed to book walk-in. Please try again.',
    );
  });
});
