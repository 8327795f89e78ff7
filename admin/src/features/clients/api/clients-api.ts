import {
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientList,
  type ClientListQuerySchema,
  type ClientNote,
  type ClientPatchInput,
  type RebookSent,
} from '@barberly/common';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

// A shop's clients (issue 13): the api's answers, typed in common.
export type { ClientDetail, ClientList, ClientNote, ClientSummary, RebookSent } from '@barberly/common';

/** The list's search, filter, sort and page, every one given (the api's defaults are filled in by the tab). */
export type ClientListParams = z.output<typeof ClientListQuerySchema>;
export type ClientSort = ClientListParams['sort'];
export type ClientFilter = ClientListParams['filter'];

const clientsPath = (shopId: string) => `/api/shops/${shopId}/clients`;
const clientPath = (shopId: string, clientId: string) => `${clientsPath(shopId)}/${clientId}`;

/**
 * The list's URL: q only when there is one; 'due' and 'lapsed' are sorted by the api (due now first), so they send
 * no sort.
 * ({q: 'ana', filter: 'all', sort: 'name', page: 2}) gives '/api/shops/{id}/clients?q=ana&filter=all&sort=name&page=2'.
 */
export function clientListUrl(shopId: string, query: ClientListParams): string {
  const params = new URLSearchParams();
  const q = query.q.trim();
  if (q) params.set('q', q);
  params.set('filter', query.filter);
  if (query.filter === 'all') params.set('sort', query.sort);
  params.set('page', String(query.page));
  return `${clientsPath(shopId)}?${params.toString()}`;
}

/** Query keys are the URLs they GET (spec 7's default query). */
export const clientKeys = {
  list: (shopId: string, query: ClientListParams) => [clientListUrl(shopId, query)] as const,
  detail: (shopId: string, clientId: string) => [clientPath(shopId, clientId)] as const,
};

/** Every list page of the shop (their URLs have a query string; a client's own URL has none). */
function invalidateLists(queryClient: QueryClient, shopId: string) {
  const prefix = `${clientsPath(shopId)}?`;
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(prefix),
  });
}

/**
 * GET /api/shops/{id}/clients?q=&filter=&sort=&page=: the owner sees every client, a barber those they served.
 * The page shown stays while the next one loads, so typing a search does not flash a spinner.
 */
export function useClients(shopId: string, query: ClientListParams, enabled = true) {
  return useQuery({
    queryKey: clientKeys.list(shopId, query),
    queryFn: ({ signal }) => api.get<ClientList>(clientListUrl(shopId, query), signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/shops/{id}/clients/{clientId}: figures, history, notes and what the caller may do. */
export function useClient(shopId: string, clientId: string) {
  return useQuery({
    queryKey: clientKeys.detail(shopId, clientId),
    queryFn: ({ signal }) => api.get<ClientDetail>(clientPath(shopId, clientId), signal),
  });
}

/** PATCH /api/shops/{id}/clients/{clientId} {name?, tags?} (owner): answers the whole client. */
export function useUpdateClient(shopId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ClientPatchInput) => api.patch<ClientDetail>(clientPath(shopId, clientId), patch),
    onSuccess: async (client) => {
      queryClient.setQueryData(clientKeys.detail(shopId, clientId), client);
      await invalidateLists(queryClient, shopId);
    },
  });
}

/** POST .../notes {body}: 201 with the note, shown first (notes are newest first). */
export function useAddNote(shopId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<ClientNote>(`${clientPath(shopId, clientId)}/notes`, { body }),
    onSuccess: (note) =>
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(shopId, clientId), (client) =>
        client ? { ...client, notes: [note, ...client.notes.filter((n) => n.id !== note.id)] } : client,
      ),
  });
}

/** DELETE .../notes/{noteId}: 204. */
export function useDeleteNote(shopId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.delete<void>(`${clientPath(shopId, clientId)}/notes/${noteId}`),
    onSuccess: (_, noteId) =>
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(shopId, clientId), (client) =>
        client ? { ...client, notes: client.notes.filter((n) => n.id !== noteId) } : client,
      ),
  });
}

/** POST .../merge {otherClientId}: the other client is folded into this one, which the api answers. */
export function useMergeClient(shopId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherClientId: string) =>
      api.post<ClientDetail>(`${clientPath(shopId, clientId)}/merge`, { otherClientId }),
    onSuccess: async (client, otherClientId) => {
      queryClient.setQueryData(clientKeys.detail(shopId, clientId), client);
      queryClient.removeQueries({ queryKey: clientKeys.detail(shopId, otherClientId), exact: true });
      await invalidateLists(queryClient, shopId);
    },
  });
}

/**
 * DELETE /api/shops/{id}/clients/{clientId}: 204. The record stays as 'Erased client' with its appointments (for the
 * books) and without its e-mail, phone, tags and notes; the page shows it so at once.
 */
export function useEraseClient(shopId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(clientPath(shopId, clientId)),
    onSuccess: async () => {
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(shopId, clientId), (client) =>
        client ? eraseLocally(client) : client,
      );
      await invalidateLists(queryClient, shopId);
    },
  });
}

/** What the api leaves of an erased client (docs/decisions/0150-clients-and-analytics.md, 'Erase'). */
export function eraseLocally(client: ClientDetail): ClientDetail {
  return { ...client, name: CLIENT_MESSAGES.erasedName, email: null, phone: null, tags: [], notes: [], erased: true };
}

/** POST .../rebook: a link to book their usual service and barber, by text or e-mail; answers where it went. */
export function useSendRebook(shopId: string) {
  return useMutation({
    mutationFn: (clientId: string) => api.post<RebookSent>(`${clientPath(shopId, clientId)}/rebook`),
  });
}

/**
 * GET .../export through the api client (bearer token and errors as everywhere), saved as client-{id}.json: the
 * record, its appointments, notes and text messages.
 */
export async function downloadClientExport(shopId: string, clientId: string): Promise<void> {
  const data = await api.get<unknown>(`${clientPath(shopId, clientId)}/export`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `client-${clientId}.json`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportClient(shopId: string, clientId: string) {
  return useMutation({ mutationFn: () => downloadClientExport(shopId, clientId) });
}
