import type {
  Appointment,
  Barber,
  BarberInput,
  BarberServicesInput,
  BarberSettings,
  BarberSettingsPatchSchema,
  CancelScope,
  JoinCodeResponse,
  OWNER_SETTABLE_STATUSES,
  Service,
  ServiceInput,
  Shop,
  ShopAgenda,
  ShopPatchInput,
  ShopStats,
  TimeOff,
  TimeOffRequestSchema,
  WalkInRequestInput,
} from '@barberly/common';
import { type DisplaySettings, displaySettingsOf } from '@barberly/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Query keys are the URLs they GET (spec 7's default query). */
export const ownerKeys = {
  myShops: ['/api/my/shops'] as const,
  services: (shopId: string) => [`/api/shops/${shopId}/services`] as const,
  barbers: (shopId: string) => [`/api/shops/${shopId}/barbers`] as const,
};

export function useMyShops() {
  return useQuery({ queryKey: ownerKeys.myShops, queryFn: () => api.get<Shop[]>('/api/my/shops') });
}

export function useServices(shopId: string | undefined) {
  return useQuery({
    queryKey: ownerKeys.services(shopId ?? ''),
    queryFn: () => api.get<Service[]>(`/api/shops/${shopId}/services`),
    enabled: Boolean(shopId),
  });
}

export function useBarbers(shopId: string | undefined) {
  return useQuery({
    queryKey: ownerKeys.barbers(shopId ?? ''),
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

/** PATCH /api/shops/{id}; the shop list shows the answer at once, then refetches. */
export function useUpdateShop(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ShopPatchInput) => api.patch<Shop>(`/api/shops/${shopId}`, patch),
    onSuccess: async (shop) => {
      queryClient.setQueryData<Shop[]>(ownerKeys.myShops, (list) => list?.map((s) => (s.id === shop.id ? shop : s)));
      await queryClient.invalidateQueries({ queryKey: ownerKeys.myShops });
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
        queryClient.invalidateQueries({ queryKey: ownerKeys[list](shopId) }),
        queryClient.invalidateQueries({ queryKey: ownerKeys.myShops }),
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

export type OwnerSettableStatus = (typeof OWNER_SETTABLE_STATUSES)[number];

// Booking (issue #7): the day's agenda, its numbers, status changes, walk-ins, the barbers' join code.

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
  joinCode: (shopId: string) => [`/api/shops/${shopId}/join-code`] as const,
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

/** GET /api/shops/{id}/join-code (made on the first read). */
export function useJoinCode(shopId: string) {
  return useQuery({
    queryKey: bookingKeys.joinCode(shopId),
    queryFn: () => api.get<JoinCodeResponse>(`/api/shops/${shopId}/join-code`),
  });
}

/** POST /api/shops/{id}/join-code/regenerate: the old code stops working. */
export function useRegenerateJoinCode(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<JoinCodeResponse>(`/api/shops/${shopId}/join-code/regenerate`),
    onSuccess: (answer) => queryClient.setQueryData(bookingKeys.joinCode(shopId), answer),
  });
}

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
