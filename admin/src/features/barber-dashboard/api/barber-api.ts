import type { BarberDashboard } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/barber/dashboard: the barber's shop, today's count, clients, services and next appointments. */
export function useBarberDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/barber/dashboard'],
    queryFn: () => api.get<BarberDashboard>('/api/barber/dashboard'),
    enabled,
  });
}
