import type {
  Appointment,
  Barber,
  BarberSettings,
  SeriesRequestInput,
  SeriesResult,
  ShopAgenda,
  StaffBookingRequestInput,
  StaffMoveRequestInput,
  TimeOff,
} from '@barberly/common';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys, useBookingMutation } from '../../../lib/booking-api';
import { scheduleApi, scheduleKeys, type TimeOffInput } from '../../../lib/schedule-api';

/**
 * The calendar's server state (issue 25). Reads: the agenda per day (GET /appointments?date=, the same keys as the
 * old agenda, so every booking change refetches them) and each barber's settings (hours and time off). Writes: the
 * staff booking, the move, series and time off; each refetches the agenda.
 */

/** The agendas of these days (the day view asks one, the week view seven). */
export function useAgendaDays(shopId: string, dates: string[], enabled = true) {
  return useQueries({
    queries: dates.map((date) => ({
      queryKey: bookingKeys.agenda(shopId, date),
      queryFn: () => api.get<ShopAgenda>(bookingKeys.agenda(shopId, date)[0]),
      enabled,
    })),
  });
}

/** Each barber's own hours (null: the shop's) and time off. */
export function useBarberSchedules(shopId: string, barbers: Pick<Barber, 'id'>[]) {
  return useQueries({
    queries: barbers.map((b) => {
      const base = scheduleApi.ofBarber(shopId, b.id);
      return {
        queryKey: scheduleKeys.settings(base),
        queryFn: () => api.get<BarberSettings>(scheduleKeys.settings(base)[0]),
      };
    }),
  });
}

/** POST /api/shops/{shopId}/bookings */
export function useStaffBook(shopId: string) {
  return useBookingMutation(shopId, (input: StaffBookingRequestInput) =>
    api.post<Appointment>(`/api/shops/${shopId}/bookings`, input),
  );
}

/** POST /api/shops/{shopId}/appointments/{appointmentId}/move */
export function useMoveAppointment(shopId: string) {
  return useBookingMutation(shopId, ({ id, ...input }: StaffMoveRequestInput & { id: string }) =>
    api.post<Appointment>(`/api/shops/${shopId}/appointments/${id}/move`, input),
  );
}

/** POST /api/shops/{shopId}/appointments/{appointmentId}/services */
export function useChangeServices(shopId: string) {
  return useBookingMutation(shopId, ({ id, serviceIds }: { id: string; serviceIds: string[] }) =>
    api.post<Appointment>(`/api/shops/${shopId}/appointments/${id}/services`, { serviceIds }),
  );
}

/** POST /api/shops/{shopId}/series from a visit just booked ("repeat every N weeks"). */
export function useSeriesFrom(shopId: string) {
  return useBookingMutation(shopId, (input: SeriesRequestInput) =>
    api.post<SeriesResult>(bookingKeys.seriesPrefix(shopId), input),
  );
}

/** Time off for a barber from the calendar (add, remove, or move: remove then add); refetches their settings. */
export function useCalendarTimeOff(shopId: string) {
  const queryClient = useQueryClient();
  const refetch = (barberId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.settings(scheduleApi.ofBarber(shopId, barberId)) }),
      queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(bookingKeys.agendaPrefix(shopId)),
      }),
    ]);
  return {
    async add(barberId: string, input: TimeOffInput): Promise<TimeOff> {
      try {
        return await api.post<TimeOff>(`${scheduleApi.ofBarber(shopId, barberId)}/time-off`, input);
      } finally {
        await refetch(barberId);
      }
    },
    async remove(barberId: string, timeOffId: string): Promise<void> {
      try {
        await api.delete<void>(`${scheduleApi.ofBarber(shopId, barberId)}/time-off/${timeOffId}`);
      } finally {
        await refetch(barberId);
      }
    },
    /** Moves a time off: the new one is added first, so a refusal leaves the old one in place. */
    async move(barberId: string, old: TimeOff, input: TimeOffInput): Promise<TimeOff> {
      const added = await this.add(barberId, input);
      await this.remove(barberId, old.id);
      return added;
    },
  };
}
