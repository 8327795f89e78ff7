import type { ShopPage } from '@barberly/common';

export type ApiShopResult = { status: 'found'; page: ShopPage } | { status: 'not-found' };

/** An api answer that is neither a shop nor a 404: a 5xx, a timeout, a refused connection. Never cached. */
export class ShopApiError extends Error {
  override name = 'ShopApiError';
}

const TIMEOUT_MS = 5000;
const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;

export interface ShopApiOptions {
  timeoutMs?: number;
  probeEveryMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * GET {apiUrl}/api/shops/{slug}. 404 is an answer (unknown or inactive shop); an inactive record that slips
 * through is treated the same, since the public never sees one.
 *
 * A circuit breaker (issue 12): once the api fails (a time-out, a refused connection, a 5xx), later lookups fail at
 * once instead of each waiting for the time-out, so the cache answers its stale copy straight away (or a clear 503
 * where it has none). Meanwhile `/healthz` is probed every second; the first answer closes the circuit.
 */
export function createShopApi(apiUrl: string, options: ShopApiOptions = {}): (slug: string) => Promise<ApiShopResult> {
  const base = apiUrl.replace(/\/+$/, '');
  let probing: ReturnType<typeof setInterval> | null = null;

  const close = () => {
    if (probing) clearInterval(probing);
    probing = null;
    options.log?.('api answers again: shop lookups resume');
  };
  const probe = async () => {
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await res.body?.cancel();
      if (res.status < 500 && probing) close();
    } catch {
      // still away: the next probe tries again
    }
  };
  const open = (reason: string) => {
    if (probing) return;
    options.log?.('api unavailable: failing shop lookups fast until it answers', { reason });
    probing = setInterval(() => void probe(), options.probeEveryMs ?? PROBE_EVERY_MS);
    probing.unref?.();
  };
  const failure = (message: string) => {
    open(message);
    return new ShopApiError(message);
  };

  return async (slug) => {
    if (probing) throw new ShopApiError('api unavailable: not asked while it is away (circuit open)');
    let res: Response;
    try {
      res = await fetch(`${base}/api/shops/${encodeURIComponent(slug)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (err) {
      throw failure(`api unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { status: 'not-found' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw res.status >= 500 ? failure(`api answered ${res.status}`) : new ShopApiError(`api answered ${res.status}`);
    }
    const page = (await res.json().catch(() => null)) as ShopPage | null;
    if (!page || typeof page !== 'object') throw new ShopApiError('api answered a body that is not JSON');
    if (page.shop && page.shop.is_active === false) return { status: 'not-found' };
    return { status: 'found', page };
  };
}
