import type { MessagingSettings, MessagingSettingsPatch, TextChannel, TextKind, TextMessage } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Text reminders (issue 15): the api's answers, typed in common.
export type { MessagingSettings, MessagingSettingsPatch, TextMessage } from '@barberly/common';

/** Query keys are the URLs they GET (spec 7's default query). */
export const messagingKeys = {
  settings: (shopId: string) => [`/api/shops/${shopId}/messaging`] as const,
  messages: (shopId: string) => [`/api/shops/${shopId}/messages`] as const,
};

const settingsPath = (shopId: string) => messagingKeys.settings(shopId)[0];
const messagesPath = (shopId: string) => messagingKeys.messages(shopId)[0];

/** GET /api/shops/{id}/messaging (owner only): the settings, the month's count and the unread count. */
export function useMessagingSettings(shopId: string) {
  return useQuery({
    queryKey: messagingKeys.settings(shopId),
    queryFn: () => api.get<MessagingSettings>(settingsPath(shopId)),
  });
}

/** PATCH /api/shops/{id}/messaging: answers the whole settings, shown at once. */
export function useUpdateMessagingSettings(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: MessagingSettingsPatch) => api.patch<MessagingSettings>(settingsPath(shopId), patch),
    onSuccess: (settings) => queryClient.setQueryData(messagingKeys.settings(shopId), settings),
  });
}

/** POST /api/shops/{id}/messaging/preview {kind, template?}: the template filled with a sample appointment. */
export function usePreviewTemplate(shopId: string) {
  return useMutation({
    mutationFn: (input: { kind: TextKind; template?: string }) =>
      api.post<{ text: string }>(`${settingsPath(shopId)}/preview`, input),
  });
}

/**
 * GET /api/shops/{id}/messages, newest first, both directions. Unlike the other lists it is fetched again each time
 * the tab opens: clients' replies arrive without the owner doing anything.
 */
export function useMessages(shopId: string) {
  return useQuery({
    queryKey: messagingKeys.messages(shopId),
    queryFn: () => api.get<TextMessage[]>(messagesPath(shopId)),
    staleTime: 0,
  });
}

/** POST /api/shops/{id}/messages/read: every inbound message is read; the tab's badge goes. */
export function useMarkMessagesRead(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unread: number }>(`${messagesPath(shopId)}/read`),
    onSuccess: async ({ unread }) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<TextMessage[]>(messagingKeys.messages(shopId), (list) =>
        list?.map((m) => (m.direction === 'in' && m.readAt === null ? { ...m, readAt: now } : m)),
      );
      queryClient.setQueryData<MessagingSettings>(messagingKeys.settings(shopId), (s) => (s ? { ...s, unread } : s));
      await queryClient.invalidateQueries({ queryKey: messagingKeys.settings(shopId) });
    },
  });
}

/** POST /api/shops/{id}/messages {phone, channel, body}: 201 with the message, 409 opted_out, 503 sms_not_set_up. */
export function useSendMessage(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; channel: TextChannel; body: string }) =>
      api.post<TextMessage>(messagesPath(shopId), input),
    onSuccess: async (message) => {
      queryClient.setQueryData<TextMessage[]>(messagingKeys.messages(shopId), (list) => [
        message,
        ...(list ?? []).filter((m) => m.id !== message.id),
      ]);
      // The month's count of texts sent moved on.
      await queryClient.invalidateQueries({ queryKey: messagingKeys.settings(shopId) });
    },
  });
}
