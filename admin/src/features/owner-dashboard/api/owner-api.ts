import type {
  Barber,
  BarberInput,
  BarberServicesInput,
  JoinCodeResponse,
  Service,
  ServiceInput,
  Shop,
  ShopPatchInput,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from '../../../lib/shop-queries';

// The owner's changes to the shop, its services and barbers, and the barbers' join code. The reads they refresh
// (the shop list, services, barbers) are in lib/shop-queries.ts, the agenda's in lib/booking-api.ts, a barber's
// schedule in lib/schedule-api.ts: the calendar reads them too.

/** PATCH /api/shops/{id}; the shop list shows the answer at once, then refetches. */
export function useUpdateShop(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ShopPatchInput) => api.patch<Shop>(`/api/shops/${shopId}`, patch),
    onSuccess: async (shop) => {
      queryClient.setQueryData<Shop[]>(shopKeys.myShops, (list) => list?.map((s) => (s.id === shop.id ? shop : s)));
      await queryClient.invalidateQueries({ queryKey: shopKeys.myShops });
    },
  });
}

/**
 * A change to a service or barber bumps the shop's version too: refresh both lists. Also after a failure: the
 * usual cause is a list gone stale (changed in another tab), and the refreshed list shows what is really there.
 */
function useShopChildMutation<TVars, TResult>(
  shopId: string,
  list: 'services' | 'barbers',
  fn: (vars: TVars) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys[list](shopId) }),
        queryClient.invalidateQueries({ queryKey: shopKeys.myShops }),
      ]);
    },
  });
}

export function useAddService(shopId: string) {
  return useShopChildMutation(shopId, 'services', (input: ServiceInput) =>
    api.post<Service>(`/api/shops/${shopId}/services`, input),
  );
}

export function useUpdateService(shopId: string) {
  return useShopChildMutation(shopId, 'services', ({ id, input }: { id: string; input: ServiceInput }) =>
    api.patch<Service>(`/api/shops/${shopId}/services/${id}`, input),
  );
}

export function useDeleteService(shopId: string) {
  return useShopChildMutation(shopId, 'services', (id: string) =>
    api.delete<void>(`/api/shops/${shopId}/services/${id}`),
  );
}

export function useAddBarber(shopId: string) {
  return useShopChildMutation(shopId, 'barbers', (input: BarberInput) =>
    api.post<Barber>(`/api/shops/${shopId}/barbers`, input),
  );
}

export function useUpdateBarber(shopId: string) {
  return useShopChildMutation(shopId, 'barbers', ({ id, input }: { id: string; input: BarberInput }) =>
    api.patch<Barber>(`/api/shops/${shopId}/barbers/${id}`, input),
  );
}

/** PUT /api/shops/{shopId}/barbers/{barberId}/services (issue 14): every service, or a subset; own durations and prices. */
export function useSetBarberServices(shopId: string) {
  return useShopChildMutation(shopId, 'barbers', ({ id, input }: { id: string; input: BarberServicesInput }) =>
    api.put<Barber>(`/api/shops/${shopId}/barbers/${id}/services`, input),
  );
}

export function useDeleteBarber(shopId: string) {
  return useShopChildMutation(shopId, 'barbers', (id: string) =>
    api.delete<void>(`/api/shops/${shopId}/barbers/${id}`),
  );
}

const joinCodeKey = (shopId: string) => [`/api/shops/${shopId}/join-code`] as const;

/** GET /api/shops/{id}/join-code (made on the first read). */
export function useJoinCode(shopId: string) {
  return useQuery({
    queryKey: joinCodeKey(shopId),
    queryFn: () => api.get<JoinCodeResponse>(`/api/shops/${shopId}/join-code`),
  });
}

/** POST /api/shops/{id}/join-code/regenerate: the old code stops working. */
export function useRegenerateJoinCode(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<JoinCodeResponse>(`/api/shops/${shopId}/join-code/regenerate`),
    onSuccess: (answer) => queryClient.setQueryData(joinCodeKey(shopId), answer),
  });
}
