import type { AppointmentPayments, PaymentAccount, PaymentPolicyInput, ShopPaymentPolicies } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Getting paid (issue 27 items 1, 2 and 4): the shop's Stripe account, its payment policy, and an appointment's
 * money (no-show fee, refunds, declined charges). Query keys are the URLs they GET.
 */
export const paymentKeys = {
  account: (shopId: string) => [`/api/shops/${shopId}/payments/account`] as const,
  policies: (shopId: string) => [`/api/shops/${shopId}/payment-policy`] as const,
  appointment: (shopId: string, appointmentId: string) =>
    [`/api/shops/${shopId}/appointments/${appointmentId}/payments`] as const,
};

export function usePaymentAccount(shopId: string) {
  return useQuery({
    queryKey: paymentKeys.account(shopId),
    queryFn: () => api.get<PaymentAccount>(paymentKeys.account(shopId)[0]),
  });
}

export function useConnectStripe(shopId: string) {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>(`/api/shops/${shopId}/payments/connect`),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePaymentPolicies(shopId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.policies(shopId),
    queryFn: () => api.get<ShopPaymentPolicies>(paymentKeys.policies(shopId)[0]),
    enabled,
  });
}

export function useSavePaymentPolicy(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { serviceId?: string; policy: PaymentPolicyInput | { inherit: true } }) =>
      api.put<ShopPaymentPolicies>(
        input.serviceId
          ? `/api/shops/${shopId}/services/${input.serviceId}/payment-policy`
          : `/api/shops/${shopId}/payment-policy`,
        input.policy,
      ),
    onSuccess: (answer) => queryClient.setQueryData(paymentKeys.policies(shopId), answer),
  });
}

export function useAppointmentPayments(shopId: string, appointmentId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.appointment(shopId, appointmentId),
    queryFn: () => api.get<AppointmentPayments>(paymentKeys.appointment(shopId, appointmentId)[0]),
    enabled,
  });
}

/** The owner's actions on an appointment's money; each answers the appointment's money as it now stands. */
export function useAppointmentMoneyAction(shopId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  const base = `/api/shops/${shopId}/appointments/${appointmentId}`;
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'no_show'; action: 'charge' | 'waive' }
        | { kind: 'refund'; amount?: number; reason: string }
        | { kind: 'failed'; paymentId: string; action: 'retry' | 'waive' },
    ) => {
      if (action.kind === 'no_show')
        return api.post<AppointmentPayments>(`${base}/no-show-fee`, { action: action.action });
      if (action.kind === 'refund') {
        return api.post<AppointmentPayments>(`${base}/refunds`, {
          reason: action.reason,
          ...(action.amount !== undefined ? { amount: action.amount } : {}),
        });
      }
      return api.post<AppointmentPayments>(`${base}/payments/${action.paymentId}`, { action: action.action });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.appointment(shopId, appointmentId), answer);
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/api/shops/${shopId}/payments`),
      });
    },
  });
}
