import { describe, expect, it } from 'vitest';
import { customUrlCopiedToast, shopUpdatedToast, urlCopiedToast } from './messages';

describe('owner dashboard toasts', () => {
  it('use the spec wording for successes and copies', () => {
    expect(shopUpdatedToast.title).toBe('Shop updated');
    expect(urlCopiedToast).toMatchObject({ title: 'URL Copied', description: 'Shop URL has been copied to clipboard' });
    expect(customUrlCopiedToast.title).toBe('Custom URL Copied');
  });
});
