import {
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientNote,
  type ClientPatchInput,
  type RebookSent,
} from '@barberly/common';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientKeys, clientPath, clientsPath } from '../../../lib/client-queries';

// A shop's clients (issue 13), the changes: name and tags, notes, merge, erase, the rebook link and the export. The
// reads (the list, one client) are in lib/client-queries.ts: the calendar's client search and card use them too.

/** Every list page of the shop (their URLs have a query string; a client's own URL has none). */
function invalidateLists(queryClient: QueryClient, shopId: string) {
  const prefix = `${clientsPath(shopId)}?`;
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(prefix),
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
