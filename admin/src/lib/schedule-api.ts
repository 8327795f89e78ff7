import type { BarberSettings, BarberSettingsPatchSchema, TimeOff, TimeOffRequestSchema } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';

// A barber's schedule: own hours (null: the shop's) and time off. Availability only; the shop lists do not change.
// The same api under two roots: the owner's view of any barber of the shop, and the signed-in barber's own.

export const scheduleApi = {
  /** The owner's: /api/shops/{id}/barbers/{barberId}/settings and .../time-off. */
  ofBarber: (shopId: string, barberId: string) => `/api/shops/${shopId}/barbers/${barberId}`,
  /** The signed-in barber's own: /api/barber/settings and /api/barber/time-off (decision 0024). */
  mine: '/api/barber',
} as const;

export const scheduleKeys = {
  settings: (apiBase: string) => [`${apiBase}/settings`] as const,
};

export type BarberSettingsPatch = z.input<typeof BarberSettingsPatchSchema>;
/** start and end are ISO instants with an offset. */
export type TimeOffInput = z.input<typeof TimeOffRequestSchema>;

/** GET {apiBase}/settings (the barber's own adds the shop's zone and week: MyBarberSettings). */
export function useBarberSettings(apiBase: string) {
  return useQuery({
    queryKey: scheduleKeys.settings(apiBase),
    queryFn: () => api.get<BarberSettings>(scheduleKeys.settings(apiBase)[0]),
  });
}

/** PATCH {apiBase}/settings; the answer is the new settings, shown at once. */
export function useUpdateBarberSettings(apiBase: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: BarberSettingsPatch) => api.patch<BarberSettings>(scheduleKeys.settings(apiBase)[0], patch),
    onSuccess: (settings) => queryClient.setQueryData(scheduleKeys.settings(apiBase), settings),
  });
}

/** Time off changes refetch the settings, which carry the list (also after a refusal: it may be stale). */
function useTimeOffMutation<TVars, TResult>(apiBase: string, fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.settings(apiBase) }),
  });
}

/** POST {apiBase}/time-off */
export function useAddTimeOff(apiBase: string) {
  return useTimeOffMutation(apiBase, (input: TimeOffInput) => api.post<TimeOff>(`${apiBase}/time-off`, input));
}

/** DELETE {apiBase}/time-off/{timeOffId} */
export function useDeleteTimeOff(apiBase: string) {
  return useTimeOffMutation(apiBase, (timeOffId: string) => api.delete<void>(`${apiBase}/time-off/${timeOffId}`));
}
