import type { StorefrontAbortReason, StorefrontContext } from './lib/storefront-context';

declare global {
  namespace Vike {
    interface PageContextServer {
      storefront: StorefrontContext;
    }
    interface PageContext {
      /** Go Home's target (passToClient): '/' on the main domain, the main domain from a shop's subdomain. */
      homeUrl: string;
      abortReason?: StorefrontAbortReason | string;
    }
  }
}
