import type { CompleteOnboardingResponse, CreatedShop } from '@barberly/common';
import { withScheme } from '@barberly/common';

export interface LaunchTarget {
  url: string;
  /** A path on this site (/shop/{slug}): shown on the redirecting screen, then followed after 1.5 s. */
  relative: boolean;
}

/**
 * Spec 4 'Launch': the first URL present of urls.production, urls.primary, urls.development, then the legacy
 * productionUrl and shopUrl; without a complete-onboarding answer, the shop's own subdomain URL, else /shop/{slug}.
 * An absolute URL without a scheme gets https:// ('joes.barberly.com' gives 'https://joes.barberly.com').
 */
export function chooseLaunchUrl(
  response: Partial<CompleteOnboardingResponse> | null | undefined,
  shop: Pick<CreatedShop, 'slug'> & Partial<Pick<CreatedShop, 'subdomain_url' | 'production_url'>>,
): LaunchTarget {
  const candidates = [
    response?.urls?.production,
    response?.urls?.primary,
    response?.urls?.development,
    response?.productionUrl,
    response?.shopUrl,
    shop.subdomain_url,
    shop.production_url,
  ];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const url = withScheme(found?.trim() ?? `/shop/${encodeURIComponent(shop.slug)}`);
  return { url, relative: url.startsWith('/') };
}
