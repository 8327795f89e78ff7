import type {
  Appointment,
  HolidaySuggestionsResponse,
  SpecialDayPutResponse,
  SpecialDayRequest,
  SpecialDaysResponse,
  StaffMoveRequestInput,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** Issue 25: the owner's special days (decision 0180). Query keys are the URLs they GET. */
export const specialDayKeys = {
  prefix: (shopId: string) => `/api/shops/${shopId}/special-days`,
  list: (shopId: string) => [`/api/shops/${shopId}/special-days`] as const,
  holidays: (shopId: string) => [`/api/shops/${shopId}/special-days/holiday-suggestions`] as const,
};

/** A barber-level day is the same path with ?barberId= (decision 0180). */
const barberQuery = (barberId?: string | null) => (barberId ? `?barberId=${encodeURIComponent(barberId)}` : '');

/** GET /api/shops/{shopId}/special-days: from the shop's today for the next 400 days. */
export function useSpecialDays(shopId: string) {
  return useQuery({
    queryKey: specialDayKeys.list(shopId),
    queryFn: () => api.get<SpecialDaysResponse>(specialDayKeys.list(shopId)[0]),
  });
}

/** GET .../holiday-suggestions, asked only when the owner opens the list. */
export function useHolidaySuggestions(shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: specialDayKeys.holidays(shopId),
    queryFn: () => api.get<HolidaySuggestionsResponse>(specialDayKeys.holidays(shopId)[0]),
    enabled,
  });
}

function useRefreshAfter<A, R>(shopId: string, call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      // The list, the holidays' "already set" marks and the day's agenda (cancelled appointments) change.
      client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/api/shops/${shopId}/`),
      }),
  });
}

/** PUT /api/shops/{shopId}/special-days/{date}: closes the day or gives it its own hours. */
export function usePutSpecialDay(shopId: string) {
  return useRefreshAfter(
    shopId,
    ({ date, body, barberId }: { date: string; body: SpecialDayRequest; barberId?: string | null }) =>
      api.put<SpecialDayPutResponse>(`${specialDayKeys.prefix(shopId)}/${date}${barberQuery(barberId)}`, body),
  );
}

/** DELETE /api/shops/{shopId}/special-days/{date}: the day goes back to the week's hours. */
export function useDeleteSpecialDay(shopId: string) {
  return useRefreshAfter(shopId, ({ date, barberId }: { date: string; barberId?: string | null }) =>
    api.delete<void>(`${specialDayKeys.prefix(shopId)}/${date}${barberQuery(barberId)}`),
  );
}

/**
 * POST /api/shops/{shopId}/appointments/{appointmentId}/move: one appointment the closed day leaves out goes to
 * another time (or barber); the api tells the client once, with a fresh reminder. 409 says in words who has the time.
 */
export function useMoveAffectedAppointment(shopId: string) {
  return useRefreshAfter(shopId, ({ id, ...input }: StaffMoveRequestInput & { id: string }) =>
    api.post<Appointment>(`/api/shops/${shopId}/appointments/${id}/move`, input),
  );
}
