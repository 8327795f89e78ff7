import type {
  AssistantConversation,
  AssistantEvent,
  AssistantProposal,
  AssistantQuickAction,
  AssistantQuickActionResult,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEventStream } from '../../../lib/api-client';

const conversationPath = (shopId: string) => `/api/shops/${shopId}/assistant`;

/** GET /api/shops/{id}/assistant: whether a model is connected, the quick actions, and the conversation so far. */
export function useAssistantConversation(shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: [conversationPath(shopId)],
    queryFn: () => api.get<AssistantConversation>(conversationPath(shopId)),
    enabled,
  });
}

/** POST /api/shops/{id}/assistant/chat, read as it streams. */
export function streamChat(shopId: string, message: string, onEvent: (event: AssistantEvent) => void) {
  return apiEventStream<AssistantEvent>(`${conversationPath(shopId)}/chat`, { message }, onEvent);
}

/** Confirm or reject a proposal; the conversation (and the agenda it may have changed) is read again. */
export function useDecideProposal(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'confirm' | 'reject' }) =>
      api.post<{ proposal: AssistantProposal }>(`${conversationPath(shopId)}/proposals/${id}/${decision}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [conversationPath(shopId)] });
      // Whatever the change touched (agenda, stats, schedules) is read again.
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
    },
  });
}

export function useQuickAction(shopId: string) {
  return useMutation({
    mutationFn: (action: AssistantQuickAction) =>
      api.post<AssistantQuickActionResult>(`${conversationPath(shopId)}/quick/${action}`),
  });
}
