import type { BarberDashboard, MyBarberSettings } from '@barberly/common';
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

/**
 * GET /api/barber/settings: the barber's own hours and time off, with the shop's zone and week. Keyed by its path
 * like every query here, so the schedule dialog (which reads and updates the same path) keeps this card current.
 */
export function useMySchedule() {
  return useQuery({
    queryKey: ['/api/barber/settings'],
    queryFn: () => api.get<MyBarberSettings>('/api/barber/settings'),
  });
}
