import type { PlanId, ShopBilling } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const billingPath = (shopId: string) => `/api/shops/${shopId}/billing`;

/** GET /api/shops/{id}/billing: the plan, the trial and what it allows. */
export function useShopBilling(shopId: string) {
  return useQuery({ queryKey: [billingPath(shopId)], queryFn: () => api.get<ShopBilling>(billingPath(shopId)) });
}

/** Stripe's hosted pages: Checkout to subscribe, the Customer Portal to change card, cancel or read invoices. */
export function useBillingRedirect(shopId: string) {
  return useMutation({
    mutationFn: (target: { plan: PlanId } | 'portal') =>
      target === 'portal'
        ? api.post<{ url: string }>(`${billingPath(shopId)}/portal`)
        : api.post<{ url: string }>(`${billingPath(shopId)}/checkout`, target),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export interface OperatorShop {
  id: string;
  name: string;
  slug: string;
  plan: string | null;
  status: string | null;
  trialEndsAt: string | null;
  barbersUsed: number;
  maxBarbers: number | null;
}

export function useOperatorShops() {
  return useQuery({
    queryKey: ['/api/admin/shops'],
    queryFn: () => api.get<{ shops: OperatorShop[] }>('/api/admin/shops'),
  });
}

export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, days }: { shopId: string; days: number }) =>
      api.post<{ shops: OperatorShop[] }>(`/api/admin/shops/${shopId}/trial`, { days }),
    onSuccess: (data) => queryClient.setQueryData(['/api/admin/shops'], data),
  });
}

/** POST /api/admin/verify-email: mails the operator a link that proves their address (decision 0173). */
export function useSendOperatorProof() {
  return useMutation({ mutationFn: () => api.post<{ message: string }>('/api/admin/verify-email') });
}

/** POST /api/admin/verify-email/confirm: the mailed link's token; the console then opens. */
export function useConfirmOperatorProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/api/admin/verify-email/confirm', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/shops'] }),
  });
}
