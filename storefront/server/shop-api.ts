import type { ShopPage } from '@barberly/common';

export type ApiShopResult = { status: 'found'; page: ShopPage } | { status: 'not-found' };

/** An api answer that is neither a shop nor a 404: a 5xx, a timeout, a refused connection. Never cached. */
export class ShopApiError extends Error {
  override name = 'ShopApiError';
}

const TIMEOUT_MS = 5000;

/**
 * GET {apiUrl}/api/shops/{slug}. 404 is an answer (unknown or inactive shop); an inactive record that slips
 * through is treated the same, since the public never sees one.
 */
export function createShopApi(apiUrl: string): (slug: string) => Promise<ApiShopResult> {
  const base = apiUrl.replace(/\/+$/, '');
  return async (slug) => {
    let res: Response;
    try {
      res = await fetch(`${base}/api/shops/${encodeURIComponent(slug)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ShopApiError(`api unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { status: 'not-found' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ShopApiError(`api answered ${res.status}`);
    }
    const page = (await res.json().catch(() => null)) as ShopPage | null;
    if (!page || typeof page !== 'object') throw new ShopApiError('api answered a body that is not JSON');
    if (page.shop && page.shop.is_active === false) return { status: 'not-found' };
    return { status: 'found', page };
  };
}
