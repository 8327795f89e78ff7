import type { ShopPage } from '@barberly/common';

export type ShopLoad = { status: 'found'; page: ShopPage } | { status: 'not-found' };

/** What the server hands every page render (pageContext.storefront); server-only, never sent to the browser. */
export interface StorefrontContext {
  /** The shop page through the cache; rejects when the api cannot answer. */
  loadShop(slug: string): Promise<ShopLoad>;
  /** The shop's own site, e.g. 'http://joes.localhost:3000/', or its active custom domain's ('https://www.joes.com/'). */
  shopUrl(slug: string, customDomain?: string | null): string;
  /** Path prefix of the shop's pages on this host: '' on its subdomain, '/shop/{slug}' elsewhere. */
  shopBase(slug: string): string;
  /**
   * The appointment behind a manage link, read from the api for this render (issue 28); null when it cannot be read
   * (the browser then reads it). Absent in renders that have no api (tests of other pages).
   */
  loadManaged?(token: string): Promise<unknown | null>;
  /** This request's origin, e.g. 'http://localhost:3000'. */
  origin: string;
  now: Date;
}

/** What `throw render(status, reason)` carries to the error page. */
export type StorefrontAbortReason =
  | { kind: 'shop-not-found'; slug: string }
  | { kind: 'shop-load-failed'; slug: string }
  | { kind: 'demo-not-found'; theme: string };
