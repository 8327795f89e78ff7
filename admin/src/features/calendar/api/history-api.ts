import type { AppointmentHistory } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/shops/{id}/appointments/{appointmentId}/events (issue 24): read when the history is opened. */
export function useAppointmentHistory(shopId: string, appointmentId: string) {
  const url = `/api/shops/${shopId}/appointments/${appointmentId}/events`;
  return useQuery({ queryKey: [url], queryFn: () => api.get<AppointmentHistory>(url) });
}
