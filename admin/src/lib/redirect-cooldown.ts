import { TIMINGS, type User } from '@barberly/common';

export const REDIRECT_COOLDOWN_KEY = 'barberly.redirectCooldownUntil';
export const REDIRECT_DEBUG_KEY = 'barberly.redirectDebug';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** True while a global redirect happened less than 3 s ago (spec 4): further redirects are skipped. */
export function inRedirectCooldown(now: number = Date.now()): boolean {
  const until = Number(storage()?.getItem(REDIRECT_COOLDOWN_KEY) ?? 0);
  return Number.isFinite(until) && until > now;
}

/** Start the 3 s cooldown and keep a debug record of who was redirected where. */
export function recordRedirect(user: User | null, from: string, to: string, now: number = Date.now()): void {
  const store = storage();
  if (!store) return;
  store.setItem(REDIRECT_COOLDOWN_KEY, String(now + TIMINGS.redirectCooldownMs));
  store.setItem(
    REDIRECT_DEBUG_KEY,
    JSON.stringify({
      at: new Date(now).toISOString(),
      from,
      to,
      role: user?.role ?? null,
      onboardingCompleted: user?.onboardingCompleted ?? null,
      shopSlug: user?.shopSlug ?? null,
    }),
  );
}
