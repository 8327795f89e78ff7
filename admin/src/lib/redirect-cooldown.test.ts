import { beforeEach, describe, expect, it } from 'vitest';
import { inRedirectCooldown, REDIRECT_DEBUG_KEY, recordRedirect } from './redirect-cooldown';

describe('redirect cooldown (spec 4: 3 s in local storage, with a debug record)', () => {
  beforeEach(() => localStorage.clear());

  it('holds further redirects for 3 s after one, then lets them through', () => {
    const now = 1_700_000_000_000;
    expect(inRedirectCooldown(now)).toBe(false);
    recordRedirect(null, '/', '/onboarding', now);
    expect(inRedirectCooldown(now + 2999)).toBe(true);
    expect(inRedirectCooldown(now + 3000)).toBe(false);
  });

  it('keeps role, onboarding state and shop slug of the redirected user', () => {
    recordRedirect(
      {
        id: 'u',
        email: 'a@b.co',
        firstName: null,
        lastName: null,
        role: 'barber',
        profileImageUrl: null,
        shopId: 's',
        shopSlug: 'joes',
        onboardingCompleted: true,
      },
      '/',
      '/dashboard/barber/joes',
    );
    expect(JSON.parse(localStorage.getItem(REDIRECT_DEBUG_KEY) ?? '{}')).toMatchObject({
      role: 'barber',
      onboardingCompleted: true,
      shopSlug: 'joes',
      to: '/dashboard/barber/joes',
    });
  });
});
