import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SERVICE_DURATION_MINUTES,
  LIMITS,
  PLANS,
  PRODUCT_NAME,
  ROLES,
  THEMES,
  TIMINGS,
  TRIAL_DAYS,
} from './constants';
import { DEFAULT_REDIS_KEY_PREFIX, shopChangedChannel } from './types';

describe('spec section 9 constants', () => {
  it('names the product Barberly', () => {
    expect(PRODUCT_NAME).toBe('Barberly');
  });

  it('has the three themes and three roles', () => {
    expect(THEMES).toEqual(['classic', 'urban', 'minimalist']);
    expect(ROLES).toEqual(['owner', 'barber', 'client']);
  });

  it('has the default colour, font and duration', () => {
    expect(DEFAULT_PRIMARY_COLOR).toBe('#1E293B');
    expect(DEFAULT_FONT).toBe('Inter');
    expect(DEFAULT_SERVICE_DURATION_MINUTES).toBe(30);
  });

  it('has the validation limits', () => {
    expect(LIMITS).toMatchObject({
      passwordMin: 6,
      newPasswordMin: 8,
      slugMin: 3,
      slugMax: 50,
      bioMax: 500,
      shopNameMinOnboarding: 2,
      shopNameMinDashboard: 3,
      serviceNameMin: 2,
      servicePriceMin: 1,
      serviceDurationMin: 5,
      serviceDurationStep: 5,
      barberNameMin: 2,
    });
  });

  it('has the plans: Basic $29 (2 barbers), Pro $49 (4, most popular), Premium $99 (8)', () => {
    expect(PLANS.map((p) => [p.name, p.priceMonthly, p.maxBarbers, p.popular])).toEqual([
      ['Basic', 29, 2, false],
      ['Pro', 49, 4, true],
      ['Premium', 99, 8, false],
    ]);
    expect(TRIAL_DAYS).toBe(14);
  });

  it('has the timings', () => {
    expect(TIMINGS).toMatchObject({
      redirectCooldownMs: 3000,
      pauseAfterAuthMs: 100,
      loginDelayMs: 300,
      callbackDelayMs: 500,
      launchRedirectMs: 200,
      launchFallbackMs: 1000,
      launchRelativeMs: 1500,
      markerCleanupMs: 3000,
      cachedShopFreshnessMs: 30_000,
      staleFlagsMs: 1_800_000,
      userQueryStaleMs: 300_000,
      dashboardRedirectCap: 3,
      toastDurationMs: 5000,
      toastLimit: 1,
      sessionRefreshCheckMs: 30_000,
      sessionRefreshMarginS: 90,
    });
  });
});

describe('shopChangedChannel', () => {
  it('prefixes the channel so runs can share a Redis server', () => {
    expect(DEFAULT_REDIS_KEY_PREFIX).toBe('barberly:');
    expect(shopChangedChannel()).toBe('barberly:shop-changed');
    expect(shopChangedChannel('test-42:')).toBe('test-42:shop-changed');
  });
});
