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
  const mutation = useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) => api.put<NotificationPreferences>(PREFS, patch),
    onError: () => void qc.invalidateQueries({ queryKey: [PREFS] }),
    onSuccess: (prefs) => qc.setQueryData([PREFS], prefs),
  });
  // The box changes as it is ticked, in the same event: a read of the choices still under way is cancelled first
  // (its older answer would put the box back), and a refusal puts the saved choices back.
  const mutate: typeof mutation.mutate = (patch, options) => {
    void qc.cancelQueries({ queryKey: [PREFS] });
    qc.setQueryData<NotificationPreferences>([PREFS], (prefs) =>
      prefs
        ? {
            ...prefs,
            push: { ...prefs.push, ...patch.push },
            email: { ...prefs.email, ...patch.email },
          }
        : prefs,
    );
    mutation.mutate(patch, options);
  };
  return { ...mutation, mutate };
}

export const pushApi = {
  key: () => api.get<{ publicKey: string }>('/api/push/key'),
  add: (subscription: PushSubscriptionJSON) => api.post<{ id: string }>('/api/my/push-subscriptions', subscription),
  remove: (endpoint: string) =>
    apiRequest<void>('/api/my/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
};
