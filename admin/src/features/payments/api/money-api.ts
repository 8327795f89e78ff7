import type {
  BarberPay,
  ChairCheckoutInput,
  ChairCheckoutSummary,
  ChairPayment,
  EarningsReport,
  Ledger,
  LedgerType,
  PayoutsView,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, api, lookUpToken, NO_SESSION_MESSAGE, toApiError } from '../../../lib/api-client';
import { getSupabase } from '../../../lib/supabase';

/**
 * Checkout at the chair and the money views (issue 27 items 5 and 6): the api's answers, typed in common. Query keys
 * are the URLs they GET.
 */
export const moneyKeys = {
  checkout: (shopId: string, appointmentId: string) =>
    [`/api/shops/${shopId}/appointments/${appointmentId}/checkout`] as const,
  payment: (shopId: string, appointmentId: string, paymentId: string) =>
    [`/api/shops/${shopId}/appointments/${appointmentId}/checkout/${paymentId}`] as const,
  ledger: (shopId: string, search: string) => [`/api/shops/${shopId}/payments/ledger?${search}`] as const,
  payouts: (shopId: string) => [`/api/shops/${shopId}/payments/payouts`] as const,
  earnings: (shopId: string, search = '') => [`/api/shops/${shopId}/payments/earnings?${search}`] as const,
  prefix: (shopId: string) => `/api/shops/${shopId}/payments`,
};

export function useChairCheckout(shopId: string, appointmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: moneyKeys.checkout(shopId, appointmentId),
    queryFn: () => api.get<ChairCheckoutSummary>(moneyKeys.checkout(shopId, appointmentId)[0]),
    enabled,
  });
}

/** Whatever a payment changes: the agenda (the visit is completed), the stats, the money views. */
function useAfterPayment(shopId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      // Not the checkout's own queries: the dialog shows the payment it has.
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        !q.queryKey[0].includes('/checkout') &&
        (q.queryKey[0].startsWith(`/api/shops/${shopId}/appointments`) ||
          q.queryKey[0].startsWith(`/api/shops/${shopId}/stats`) ||
          q.queryKey[0].startsWith(moneyKeys.prefix(shopId))),
    });
}

export function useTakePayment(shopId: string, appointmentId: string) {
  const after = useAfterPayment(shopId);
  return useMutation({
    mutationFn: (input: ChairCheckoutInput) =>
      api.post<ChairPayment>(moneyKeys.checkout(shopId, appointmentId)[0], input),
    onSuccess: (payment) => {
      if (payment.status === 'succeeded') void after();
    },
  });
}

/** A payment link's state, asked every 2 seconds until the client has paid. */
export function useChairPayment(shopId: string, appointmentId: string, payment: ChairPayment | null) {
  const after = useAfterPayment(shopId);
  const query = useQuery({
    queryKey: moneyKeys.payment(shopId, appointmentId, payment?.id ?? 'none'),
    queryFn: () => api.get<ChairPayment>(moneyKeys.payment(shopId, appointmentId, payment!.id)[0]),
    enabled: payment?.status === 'pending',
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : 2000),
    // The owner's phone may be locked or on another app while the client pays on theirs.
    refetchIntervalInBackground: true,
  });
  // Paid: the agenda (the visit is completed) and the money views refresh, once.
  const paid = query.data?.status === 'succeeded';
  const afterRef = useRef(after);
  afterRef.current = after;
  useEffect(() => {
    if (paid) void afterRef.current();
  }, [paid]);
  return query;
}

export function useLedger(
  shopId: string,
  filters: { from?: string; to?: string; type?: LedgerType | ''; barberId?: string },
) {
  const search = ledgerSearch(filters);
  return useQuery({
    queryKey: moneyKeys.ledger(shopId, search),
    queryFn: () => api.get<Ledger>(moneyKeys.ledger(shopId, search)[0]),
  });
}

export function ledgerSearch(filters: { from?: string; to?: string; type?: string; barberId?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

export function usePayouts(shopId: string) {
  return useQuery({
    queryKey: moneyKeys.payouts(shopId),
    queryFn: () => api.get<PayoutsView>(moneyKeys.payouts(shopId)[0]),
  });
}

export function useEarnings(shopId: string, search = '') {
  return useQuery({
    queryKey: moneyKeys.earnings(shopId, search),
    queryFn: () => api.get<EarningsReport>(moneyKeys.earnings(shopId, search)[0]),
  });
}

export function useSetBarberPay(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ barberId, pay }: { barberId: string; pay: BarberPay }) =>
      api.put<BarberPay>(`/api/shops/${shopId}/barbers/${barberId}/pay`, pay),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(moneyKeys.prefix(shopId)),
      }),
  });
}

async function sessionToken(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/** The ledger as CSV, saved through an object URL (a plain link would go without the bearer token). */
export async function downloadLedgerCsv(shopId: string, search: string): Promise<void> {
  const token = await lookUpToken(sessionToken);
  if (!token) throw new ApiError(401, NO_SESSION_MESSAGE, { code: 'no_session' });
  const res = await fetch(`/api/shops/${shopId}/payments/ledger?${search ? `${search}&` : ''}format=csv`, {
    headers: { accept: 'text/csv', authorization: `Bearer ${token}` },
    credentials: 'include',
  });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'payments.csv';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
