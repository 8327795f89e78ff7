import type { Barber, Service, Shop } from '@barberly/common';
import { type DisplaySettings, displaySettingsOf } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in owner's shops and a shop's services and barbers, as the dashboards and the calendar read them.
 * Query keys are the URLs they GET (spec 7's default query); the owner dashboard's changes refresh them.
 */
export const shopKeys = {
  myShops: ['/api/my/shops'] as const,
  services: (shopId: string) => [`/api/shops/${shopId}/services`] as const,
  barbers: (shopId: string) => [`/api/shops/${shopId}/barbers`] as const,
};

export function useMyShops() {
  return useQuery({ queryKey: shopKeys.myShops, queryFn: () => api.get<Shop[]>('/api/my/shops') });
}

export function useServices(shopId: string | undefined) {
  return useQuery({
    queryKey: shopKeys.services(shopId ?? ''),
    queryFn: () => api.get<Service[]>(`/api/shops/${shopId}/services`),
    enabled: Boolean(shopId),
  });
}

export function useBarbers(shopId: string | undefined) {
  return useQuery({
    queryKey: shopKeys.barbers(shopId ?? ''),
    queryFn: () => api.get<Barber[]>(`/api/shops/${shopId}/barbers`),
    enabled: Boolean(shopId),
  });
}

/**
 * The shop's currency, locale and clock (issue 13) from the dashboard's shop list (already loaded, so no request of
 * its own); undefined until the list is there, when callers keep what the api wrote ('9:00 AM', USD).
 */
export function useShopDisplay(shopId: string): DisplaySettings | undefined {
  const shop = useMyShops().data?.find((s) => s.id === shopId);
  return shop ? displaySettingsOf(shop) : undefined;
}
