import type { ClientDetail, ClientList, ClientListQuerySchema } from '@barberly/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';

// A shop's clients as read (issue 13): the clients feature's list and page, and the calendar's client search and
// client card. The clients feature's changes (notes, tags, merge, erase) refresh these keys.
export type { ClientDetail, ClientList, ClientNote, ClientSummary, RebookSent } from '@barberly/common';

/** The list's search, filter, sort and page, every one given (the api's defaults are filled in by the tab). */
export type ClientListParams = z.output<typeof ClientListQuerySchema>;
export type ClientSort = ClientListParams['sort'];
export type ClientFilter = ClientListParams['filter'];

export const clientsPath = (shopId: string) => `/api/shops/${shopId}/clients`;
export const clientPath = (shopId: string, clientId: string) => `${clientsPath(shopId)}/${clientId}`;

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
