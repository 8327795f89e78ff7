import type {
  Appointment,
  CancelScope,
  OWNER_SETTABLE_STATUSES,
  ShopAgenda,
  ShopStats,
  WalkInRequestInput,
} from '@barberly/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

// Booking (issue #7): the day's agenda, its numbers, status changes and walk-ins, read and changed by the owner
// dashboard and the calendar alike. Query keys are the URLs they GET.

export type OwnerSettableStatus = (typeof OWNER_SETTABLE_STATUSES)[number];

export const bookingKeys = {
  /** Every agenda and stats query of a shop starts with one of these: invalidate them together after a change. */
  agendaPrefix: (shopId: string) => `/api/shops/${shopId}/appointments`,
  statsPrefix: (shopId: string) => `/api/shops/${shopId}/stats`,
  /** A booking change moves series visits and can free time the waitlist is offered (issue 14). */
  seriesPrefix: (shopId: string) => `/api/shops/${shopId}/series`,
  waitlistPrefix: (shopId: string) => `/api/shops/${shopId}/waitlist`,
  agenda: (shopId: string, date: string | null) =>
    [date ? `/api/shops/${shopId}/appointments?date=${date}` : `/api/shops/${shopId}/appointments`] as const,
  stats: (shopId: string) => [`/api/shops/${shopId}/stats`] as const,
};

/** GET /api/shops/{id}/stats: today's numbers in the shop's zone. */
export function useShopStats(shopId: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.stats(shopId),
    queryFn: () => api.get<ShopStats>(`/api/shops/${shopId}/stats`),
    enabled,
  });
}

/** GET /api/shops/{id}/appointments?date=; no date: the shop's today. */
export function useAgenda(shopId: string, date: string | null) {
  return useQuery({
    queryKey: bookingKeys.agenda(shopId, date),
    queryFn: () => api.get<ShopAgenda>(bookingKeys.agenda(shopId, date)[0]),
    placeholderData: keepPreviousData,
  });
}

/** After any booking change, every agenda day and the numbers are refetched (also after a refusal: the list may be stale). */
export function useBookingMutation<TVars, TResult>(shopId: string, fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      const prefixes = [
        bookingKeys.agendaPrefix(shopId),
        bookingKeys.statsPrefix(shopId),
        bookingKeys.seriesPrefix(shopId),
        bookingKeys.waitlistPrefix(shopId),
      ];
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && prefixes.some((p) => (query.queryKey[0] as string).startsWith(p)),
      });
    },
  });
}

/**
 * PATCH /api/shops/{id}/appointments/{appointmentId} {status}; cancelling a visit of a series also says whether
 * only it or it and every later one goes (issue 14). Visits outside a series send no scope.
 */
export function useSetAppointmentStatus(shopId: string) {
  return useBookingMutation(
    shopId,
    ({
      id,
      status,
      scope,
      reason,
    }: {
      id: string;
      status: OwnerSettableStatus;
      scope?: CancelScope;
      reason?: string;
    }) =>
      api.patch<Appointment>(`/api/shops/${shopId}/appointments/${id}`, {
        status,
        ...(scope ? { scope } : {}),
        // The shop's reason for a cancel (issue 25 item 3), kept in the appointment's history.
        ...(reason ? { reason } : {}),
      }),
  );
}

/** POST /api/shops/{id}/walk-in: the next free start from now. */
export function useWalkIn(shopId: string) {
  return useBookingMutation(shopId, (input: WalkInRequestInput) =>
    api.post<Appointment>(`/api/shops/${shopId}/walk-in`, input),
  );
}
