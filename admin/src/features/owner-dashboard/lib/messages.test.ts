import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { customUrlCopiedToast, failureToast, shopUpdatedToast, urlCopiedToast } from './messages';

describe('owner dashboard toasts', () => {
  it("say 'Error' and the spec's sentence, then the api's reason", () => {
    expect(failureToast('Failed to add service', new ApiError(400, 'Price must be at least 1'))).toEqual({
      title: 'Error',
      description: 'Failed to add service. Please try again. Price must be at least 1',
      variant: 'destructive',
    });
  });

  it("say only the spec's sentence when there is no reason", () => {
    expect(failureToast('Failed to update shop', undefined).description).toBe(
      'Failed to update shop. Please try again.',
    );
  });

  it('use the spec wording for successes and copies', () => {
    expect(shopUpdatedToast.title).toBe('Shop updated');
    expect(urlCopiedToast).toMatchObject({ title: 'URL Copied', description: 'Shop URL has been copied to clipboard' });
    expect(customUrlCopiedToast.title).toBe('Custom URL Copied');
  });
});
