import type { NotificationPreferences, NotificationPreferencesPatch } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** Web push and notification choices (issue 26 item 4), keyed by their paths. */
const PREFS = '/api/my/notification-preferences';

export function useNotificationPreferences() {
  return useQuery({ queryKey: [PREFS], queryFn: () => api.get<NotificationPreferences>(PREFS) });
}

export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) => api.put<NotificationPreferences>(PREFS, patch),
    // The box changes as it is ticked; a refusal puts the saved choices back.
    onMutate: (patch) => {
      qc.setQueryData<NotificationPreferences>([PREFS], (prefs) =>
        prefs
          ? {
              ...prefs,
              push: { ...prefs.push, ...patch.push },
              email: { ...prefs.email, ...patch.email },
            }
          : prefs,
      );
    },
    onError: () => void qc.invalidateQueries({ queryKey: [PREFS] }),
    onSuccess: (prefs) => qc.setQueryData([PREFS], prefs),
  });
}

export const pushApi = {
  key: () => api.get<{ publicKey: string }>('/api/push/key'),
  add: (subscription: PushSubscriptionJSON) => api.post<{ id: string }>('/api/my/push-subscriptions', subscription),
  remove: (endpoint: string) =>
    apiRequest<void>('/api/my/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
};
