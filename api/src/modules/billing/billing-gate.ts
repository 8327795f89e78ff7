import type { EntityManager } from 'typeorm';

export type Feature = 'customDomain' | 'whiteLabel';

/**
 * The gate the other modules call (decision 0110). Every method is a no-op with BILLING=off. Calls that add or use
 * something take the caller's transaction manager, so the check and the write see the same rows.
 */
export interface BillingGate {
  readonly mode: 'off' | 'stripe';
  /** 402 naming the plan that allows one more barber. */
  assertCanAddBarber(manager: EntityManager, shopId: string): Promise<void>;
  /** 402 unless the shop's plan has the feature (custom domains, white-label: Premium). */
  assertFeature(manager: EntityManager, shopId: string, feature: Feature): Promise<void>;
  /** 403 'bookings_paused' while the trial is over or the subscription unpaid. */
  assertTakingBookings(manager: EntityManager, shopId: string): Promise<void>;
  /** What the public shop page needs: the badge and the paused note. */
  publicFlags(manager: EntityManager, shopId: string): Promise<{ whiteLabel: boolean; bookingsPaused: boolean }>;
  /** A new shop's trial starts with it. */
  startTrial(manager: EntityManager, shopId: string): Promise<void>;
}
