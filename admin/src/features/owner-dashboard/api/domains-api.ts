import type { ShopDomain } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from '../../../lib/shop-queries';

// Custom domains (issue 16): the api's answers, typed in common.
export type { DnsRecord, DomainStatus } from '@barberly/common';
export type Domain = ShopDomain;

export const domainKeys = {
  list: (shopId: string) => [`/api/shops/${shopId}/domains`] as const,
};

const domainsPath = (shopId: string) => domainKeys.list(shopId)[0];

/** GET /api/shops/{id}/domains (owner only). */
export function useDomains(shopId: string) {
  return useQuery({ queryKey: domainKeys.list(shopId), queryFn: () => api.get<Domain[]>(domainsPath(shopId)) });
}

/**
 * Every domain change refetches the list and the shop (its customDomain is the active hostname); also after a
 * refusal, since the usual cause is a list gone stale (the background check moved a domain on).
 */
function useDomainMutation<TVars, TResult>(
  shopId: string,
  fn: (vars: TVars) => Promise<TResult>,
  show?: (list: Domain[] | undefined, result: TResult, vars: TVars) => Domain[] | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result, vars) => {
      if (show) queryClient.setQueryData<Domain[]>(domainKeys.list(shopId), (list) => show(list, result, vars));
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: domainKeys.list(shopId) }),
        queryClient.invalidateQueries({ queryKey: shopKeys.myShops }),
      ]);
    },
  });
}

const replace = (list: Domain[] | undefined, domain: Domain) =>
  list?.some((d) => d.id === domain.id)
    ? list.map((d) => (d.id === domain.id ? domain : d))
    : [...(list ?? []), domain];

/** POST /api/shops/{id}/domains {hostname}: 201 with the records to create, or 400/402/409 with the reason. */
export function useAddDomain(shopId: string) {
  return useDomainMutation(
    shopId,
    (hostname: string) => api.post<Domain>(domainsPath(shopId), { hostname }),
    (list, domain) => replace(list, domain),
  );
}

/** POST /api/shops/{id}/domains/{domainId}/verify: the api looks the records up now. */
export function useVerifyDomain(shopId: string) {
  return useDomainMutation(
    shopId,
    (domainId: string) => api.post<Domain>(`${domainsPath(shopId)}/${domainId}/verify`),
    (list, domain) => replace(list, domain),
  );
}

/** PATCH /api/shops/{id}/domains/{domainId} {primary: true}: answers the whole list (the former primary redirects). */
export function useMakeDomainPrimary(shopId: string) {
  return useDomainMutation(
    shopId,
    (domainId: string) => api.patch<Domain[]>(`${domainsPath(shopId)}/${domainId}`, { primary: true }),
    (_list, domains) => domains,
  );
}

/** DELETE /api/shops/{id}/domains/{domainId} */
export function useRemoveDomain(shopId: string) {
  return useDomainMutation(
    shopId,
    (domainId: string) => api.delete<void>(`${domainsPath(shopId)}/${domainId}`),
    (list, _result, domainId) => list?.filter((d) => d.id !== domainId),
  );
}
