import {
  type AssistantTextsState,
  type ClientList,
  type ClientSummary,
  type Clock,
  displaySettingsOf,
  type MessagingSettings,
  type MessagingSettingsPatch,
  type Shop,
  shopPhoneCountry,
  type TextChannel,
  type TextKind,
  type TextMessage,
  type TextTakeover,
} from '@barberly/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Text reminders (issue 15): the api's answers, typed in common.
export type { MessagingSettings, MessagingSettingsPatch, TextMessage } from '@barberly/common';

/** Query keys are the URLs they GET (spec 7's default query). */
export const messagingKeys = {
  settings: (shopId: string) => [`/api/shops/${shopId}/messaging`] as const,
  messages: (shopId: string) => [`/api/shops/${shopId}/messages`] as const,
  assistant: (shopId: string) => [`/api/shops/${shopId}/messaging/assistant`] as const,
  /** The dashboard's shop list (the owner dashboard loads it too: one request for both). */
  myShops: ['/api/my/shops'] as const,
  clients: (shopId: string, q: string) =>
    [`/api/shops/${shopId}/clients?q=${encodeURIComponent(q)}&filter=all&sort=name&page=1`] as const,
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
      // The month's count of texts sent moved on; a reply by hand takes the conversation over.
      await queryClient.invalidateQueries({ queryKey: messagingKeys.settings(shopId) });
      await queryClient.invalidateQueries({ queryKey: messagingKeys.assistant(shopId) });
    },
  });
}

/** How the shop writes dates, times and phone numbers: its zone, locale, clock and phone country. */
export interface ShopFormat {
  timeZone: string;
  locale: string;
  clock: Clock;
  phoneCountry: string;
}

/** The shop's format from the dashboard's shop list; undefined until it is loaded (callers show the browser's). */
export function useShopFormat(shopId: string): ShopFormat | undefined {
  const shops = useQuery({ queryKey: messagingKeys.myShops, queryFn: () => api.get<Shop[]>('/api/my/shops') });
  const shop = shops.data?.find((s) => s.id === shopId);
  if (!shop) return undefined;
  const { locale, clock } = displaySettingsOf(shop);
  return { timeZone: shop.timeZone ?? 'UTC', locale, clock, phoneCountry: shopPhoneCountry(shop) };
}

/**
 * The shop's clients whose name, e-mail or phone matches `q` (the Clients tab's search), those with a phone only:
 * the people a text can go to. Nothing is asked before the owner types.
 */
export function useClientSearch(shopId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: messagingKeys.clients(shopId, query),
    queryFn: async ({ signal }) => {
      const list = await api.get<ClientList>(messagingKeys.clients(shopId, query)[0], signal);
      return list.clients.filter((c): c is ClientSummary & { phone: string } => Boolean(c.phone) && !c.erased);
    },
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/shops/{id}/messaging/assistant: the switch, whether a model is connected, takeovers and proposals. */
export function useAssistantTexts(shopId: string) {
  return useQuery({
    queryKey: messagingKeys.assistant(shopId),
    queryFn: () => api.get<AssistantTextsState>(messagingKeys.assistant(shopId)[0]),
    staleTime: 0,
  });
}

/** PATCH /api/shops/{id}/messaging/assistant {enabled} */
export function useSetAssistantTexts(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.patch<AssistantTextsState>(messagingKeys.assistant(shopId)[0], { enabled }),
    // The switch moves at once; a refusal puts it back (and the card says why).
    onMutate: (enabled: boolean) => {
      const key = messagingKeys.assistant(shopId);
      const before = queryClient.getQueryData<AssistantTextsState>(key);
      if (before) queryClient.setQueryData(key, { ...before, enabled });
      return { before };
    },
    onError: (_error, _enabled, context) => {
      if (context?.before) queryClient.setQueryData(messagingKeys.assistant(shopId), context.before);
    },
    onSuccess: (state) => queryClient.setQueryData(messagingKeys.assistant(shopId), state),
  });
}

/** POST /api/shops/{id}/messages/takeover {phone}: the assistant is silent in that conversation for 24 hours. */
export function useTakeOver(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api.post<TextTakeover>(`${messagesPath(shopId)}/takeover`, { phone }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.assistant(shopId) }),
  });
}

/** DELETE /api/shops/{id}/messages/takeover/{phone}: the assistant answers that conversation again. */
export function useGiveBack(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api.delete<void>(`${messagesPath(shopId)}/takeover/${encodeURIComponent(phone)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.assistant(shopId) }),
  });
}
