import type { CalendarFeedInfo, MyProfile, MyServices, PortfolioImage } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The barber's own side (issue 26): profile, services, portfolio and calendar feed, each keyed by its path. */

export function useMyProfile() {
  return useQuery({ queryKey: ['/api/my/profile'], queryFn: () => api.get<MyProfile>('/api/my/profile') });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      patch: Partial<Omit<MyProfile, 'emailChoices'>> & { emailChoices?: Partial<MyProfile['emailChoices']> },
    ) => api.patch<MyProfile>('/api/my/profile', patch),
    onSuccess: (profile) => {
      qc.setQueryData(['/api/my/profile'], profile);
      void qc.invalidateQueries({ queryKey: ['/api/barber/dashboard'] });
    },
  });
}

export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<{ profileImageUrl: string }>('/api/my/photo', form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['/api/my/profile'] }),
  });
}

export function useMyServices() {
  return useQuery({ queryKey: ['/api/my/services'], queryFn: () => api.get<MyServices>('/api/my/services') });
}

export function useSaveMyServices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (services: Array<{ serviceId: string; durationMinutes: number | null; price: number | null }>) =>
      api.put<MyServices>('/api/my/services', { services }),
    onSuccess: (data) => qc.setQueryData(['/api/my/services'], data),
  });
}

const PORTFOLIO = ['/api/my/portfolio'];

export function useMyPortfolio() {
  return useQuery({ queryKey: PORTFOLIO, queryFn: () => api.get<PortfolioImage[]>('/api/my/portfolio') });
}

export function useUploadPortfolio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<PortfolioImage>('/api/my/portfolio', form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: PORTFOLIO }),
  });
}

export function usePatchPortfolio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; caption?: string; position?: number }) =>
      api.patch<PortfolioImage>(`/api/my/portfolio/${id}`, patch),
    onSuccess: () => void qc.invalidateQueries({ queryKey: PORTFOLIO }),
  });
}

export function useDeletePortfolio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/my/portfolio/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: PORTFOLIO }),
  });
}

export function useMyCalendarFeed() {
  return useQuery({
    queryKey: ['/api/my/calendar-feed'],
    queryFn: () => api.get<CalendarFeedInfo>('/api/my/calendar-feed'),
  });
}

export function useCalendarFeedActions() {
  const qc = useQueryClient();
  const make = useMutation({
    mutationFn: () => api.post<CalendarFeedInfo>('/api/my/calendar-feed'),
    onSuccess: (info) => qc.setQueryData(['/api/my/calendar-feed'], { active: info.active, url: null }),
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<void>('/api/my/calendar-feed'),
    onSuccess: () => qc.setQueryData(['/api/my/calendar-feed'], { active: false, url: null }),
  });
  return { make, revoke };
}
