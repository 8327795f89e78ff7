import type {
  Appointment,
  AvailabilityResponse,
  Series,
  SeriesRequestInput,
  SeriesResult,
  WaitlistEntry,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys, useBookingMutation } from '../../../lib/booking-api';

/**
 * Issue 14 on the owner's side: series, the day's waitlist and the free times an offer picks from (decision 0160).
 * Query keys are the URLs they GET, as in lib/booking-api.ts. The calendar's side panel and its series dialog use them.
 */
export const visitKeys = {
  activeSeries: (shopId: string) => [`${bookingKeys.seriesPrefix(shopId)}?status=active`] as const,
  waitlist: (shopId: string, date: string) => [`${bookingKeys.waitlistPrefix(shopId)}?date=${date}`] as const,
  /** The public availability (slug or id both work), as the storefront and the agenda's offers ask it. */
  availability: (shop: string, q: { serviceIds: string[]; barberId: string; date: string }) =>
    [
      `/api/shops/${encodeURIComponent(shop)}/availability?serviceIds=${q.serviceIds.join(',')}&barberId=${q.barberId}&date=${q.date}`,
    ] as const,
};

/** GET /api/shops/{shopId}/series?status=active: the agenda's 'Repeats every N weeks' reads the interval here. */
export function useActiveSeries(shopId: string) {
  return useQuery({
    queryKey: visitKeys.activeSeries(shopId),
    queryFn: () => api.get<Series[]>(visitKeys.activeSeries(shopId)[0]),
  });
}

/** POST /api/shops/{shopId}/series → the visits booked and the ones that collided. */
export function useCreateSeries(shopId: string) {
  return useBookingMutation(shopId, (input: SeriesRequestInput) =>
    api.post<SeriesResult>(bookingKeys.seriesPrefix(shopId), input),
  );
}

/** POST .../series/{seriesId}/collisions/{date}/accept {start}: books the alternative chosen. */
export function useAcceptAlternative(shopId: string) {
  return useBookingMutation(shopId, ({ seriesId, date, start }: { seriesId: string; date: string; start: string }) =>
    api.post<Appointment>(`${bookingKeys.seriesPrefix(shopId)}/${seriesId}/collisions/${date}/accept`, { start }),
  );
}

/** POST .../series/{seriesId}/collisions/{date}/dismiss: that visit is left out, on purpose. */
export function useDismissCollision(shopId: string) {
  return useBookingMutation(shopId, ({ seriesId, date }: { seriesId: string; date: string }) =>
    api.post<void>(`${bookingKeys.seriesPrefix(shopId)}/${seriesId}/collisions/${date}/dismiss`),
  );
}

/** GET /api/shops/{shopId}/waitlist?date=: the day's entries in the order they joined. */
export function useWaitlist(shopId: string, date: string | null) {
  return useQuery({
    queryKey: visitKeys.waitlist(shopId, date ?? ''),
    queryFn: () => api.get<WaitlistEntry[]>(visitKeys.waitlist(shopId, date ?? '')[0]),
    enabled: Boolean(date),
  });
}

/**
 * After an offer or a removal: the waitlist, and the free times (a hold takes its slot out of them). The agenda
 * does not change: a hold is not a booking.
 */
function useWaitlistMutation<TVars, TResult>(shopId: string, fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0];
          return (
            typeof key === 'string' &&
            (key.startsWith(bookingKeys.waitlistPrefix(shopId)) || key.includes('/availability?'))
          );
        },
      }),
  });
}

/** POST /api/shops/{shopId}/waitlist/{entryId}/offer {start, barberId}: holds the slot and sends them the link. */
export function useOfferSlot(shopId: string) {
  return useWaitlistMutation(
    shopId,
    ({ entryId, start, barberId }: { entryId: string; start: string; barberId: string }) =>
      api.post<WaitlistEntry>(`${bookingKeys.waitlistPrefix(shopId)}/${entryId}/offer`, { start, barberId }),
  );
}

/** DELETE /api/shops/{shopId}/waitlist/{entryId} */
export function useRemoveWaitlistEntry(shopId: string) {
  return useWaitlistMutation(shopId, (entryId: string) =>
    api.delete<void>(`${bookingKeys.waitlistPrefix(shopId)}/${entryId}`),
  );
}

/**
 * GET /api/shops/{slug}/availability?serviceIds=&barberId=&date=, the call the storefront makes. Free times go stale
 * in minutes, so unlike the dashboard's other queries this one is asked again each time a picker opens.
 */
export function useFreeTimes(
  shop: string,
  q: { serviceIds: string[]; barberId: string; date: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: visitKeys.availability(shop, q),
    queryFn: () => api.get<AvailabilityResponse>(visitKeys.availability(shop, q)[0]),
    enabled: enabled && q.serviceIds.length > 0,
    staleTime: 0,
  });
}
