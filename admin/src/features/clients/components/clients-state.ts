import type { ClientFilter, ClientSort } from '../../../lib/client-queries';

/** Who reads the clients: the owner (every client of the shop) or a barber (their own). */
export type ClientsMode = 'owner' | 'barber';

/** The list's state, kept by ClientsView above both screens, so Back returns to the same search, filter, sort and page. */
export interface ClientListState {
  search: string;
  filter: ClientFilter;
  sort: ClientSort;
  page: number;
}
