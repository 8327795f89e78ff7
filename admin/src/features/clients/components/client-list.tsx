import {
  CLIENT_LIMITS,
  type ClientList as ClientListData,
  type ClientSummary,
  type RebookSent,
} from '@barberly/common';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, RefreshCw, Send, Users } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { type ClientFilter, type ClientSort, useClients } from '../../../lib/client-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSendRebook } from '../api/clients-api';
import { type ClientFormatters, formatInterval } from '../lib/format';
import {
  CHANNEL_WORDS,
  EMPTY_CLIENTS,
  errorToast,
  NONE_DUE,
  NONE_LAPSED,
  noMatch,
  rebookSentToast,
  SEARCH_DEBOUNCE_MS,
} from '../lib/messages';
import type { ClientListState, ClientsMode } from './clients-state';

/** The api sorts names A to Z and the figures largest or latest first. */
const SORT_DIRECTION: Record<ClientSort, 'ascending' | 'descending'> = {
  name: 'ascending',
  lastVisit: 'descending',
  visits: 'descending',
  totalSpent: 'descending',
};

const FILTERS: Array<{ value: ClientFilter; label: string }> = [
  { value: 'all', label: 'All clients' },
  { value: 'due', label: 'Due back' },
  { value: 'lapsed', label: 'Lapsed' },
];

/** What the count in the header adds for each filter. */
const FILTER_WORDS: Record<ClientFilter, string> = {
  all: '',
  due: ' due back, those due now first',
  lapsed: ' lapsed: overdue by more than three usual intervals',
};

export function ClientList({
  shopId,
  mode,
  format,
  state,
  onChange,
  onOpen,
  focusClientId,
}: {
  shopId: string;
  mode: ClientsMode;
  format: ClientFormatters;
  state: ClientListState;
  onChange: (patch: Partial<ClientListState>) => void;
  onOpen: (clientId: string) => void;
  /** Focus this client's row once shown (coming back from their page). */
  focusClientId: string | null;
}) {
  const owner = mode === 'owner';
  const filter: ClientFilter = owner ? state.filter : 'all';
  const q = useDebouncedValue(state.search, SEARCH_DEBOUNCE_MS);
  const clients = useClients(shopId, { q, filter, sort: state.sort, page: state.page });
  const list = clients.data;
  const rebook = useSendRebook(shopId);
  const [sent, setSent] = useState<Record<string, RebookSent>>({});
  const [rebookingId, setRebookingId] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    if (!focusClientId || focused.current || !list) return;
    const row = tableRef.current?.querySelector<HTMLElement>(`[data-client-id="${focusClientId}"]`);
    if (row) {
      row.focus();
      focused.current = true;
    }
  }, [focusClientId, list]);

  const sendRebook = async (client: ClientSummary) => {
    setRebookingId(client.id);
    try {
      const result = await rebook.mutateAsync(client.id);
      setSent((current) => ({ ...current, [client.id]: result }));
      showToast(rebookSentToast({ ...result, sentTo: format.phone(result.sentTo) }));
    } catch (error) {
      showToast(errorToast('Rebook link not sent', error));
    } finally {
      setRebookingId(null);
    }
  };

  const description = list
    ? `${list.total === 1 ? '1 client' : `${list.total} clients`}${FILTER_WORDS[filter]}`
    : owner
      ? 'Everyone who has booked with your shop.'
      : 'The clients you have served.';

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <CardHeader title={owner ? 'Clients' : 'My clients'} description={description} />
      <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          className="min-w-0 sm:w-80"
          type="search"
          label="Search clients"
          placeholder="Name, e-mail or phone"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.searchMax}
          value={state.search}
          onChange={(event) => onChange({ search: event.target.value, page: 1 })}
        />
        {owner ? (
          <fieldset className="flex rounded-lg border border-neutral-300 bg-white p-1">
            <legend className="sr-only">Show</legend>
            {FILTERS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={state.filter === option.value}
                onClick={() => onChange({ filter: option.value, page: 1 })}
                className={cn(
                  'h-9 flex-1 rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                  state.filter === option.value ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100',
                )}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>

      {clients.isPending ? (
        <div className="grid place-items-center py-12 text-amber-500">
          <Spinner label="Loading clients" />
        </div>
      ) : clients.isError ? (
        <Card className="text-center">
          <p className="font-semibold">Your clients could not be loaded</p>
          <p className="mt-1 text-sm text-neutral-600">{clients.error.message}</p>
          <Button className="mt-4" size="sm" onClick={() => void clients.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Card>
      ) : list && list.clients.length === 0 ? (
        <EmptyState
          text={
            q.trim()
              ? noMatch(q.trim())
              : filter === 'due'
                ? NONE_DUE
                : filter === 'lapsed'
                  ? NONE_LAPSED
                  : EMPTY_CLIENTS
          }
        />
      ) : list ? (
        <>
          <div
            ref={tableRef}
            // Wider than a phone: it scrolls inside its own box and the page does not.
            className={cn(
              'max-w-full overflow-x-auto rounded-2xl border border-neutral-200 bg-white',
              clients.isPlaceholderData && 'opacity-60',
            )}
            aria-busy={clients.isFetching}
          >
            <ClientTable
              list={list}
              due={filter === 'due' || filter === 'lapsed'}
              owner={owner}
              sort={state.sort}
              format={format}
              sent={sent}
              rebookingId={rebookingId}
              onSort={(sort) => onChange({ sort, page: 1 })}
              onOpen={onOpen}
              onRebook={(client) => void sendRebook(client)}
            />
          </div>
          <Pagination list={list} onPage={(page) => onChange({ page })} />
        </>
      ) : null}
    </div>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-500">
        <Users aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 max-w-sm text-neutral-700">{text}</p>
    </div>
  );
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: ClientSort;
  label: string;
  sort: ClientSort | null;
  onSort: (sort: ClientSort) => void;
  className?: string;
}) {
  const active = sort === column;
  const Arrow = SORT_DIRECTION[column] === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? SORT_DIRECTION[column] : undefined} className={cn(TH, className)}>
      {sort === null ? (
        label
      ) : (
        <button
          type="button"
          onClick={() => onSort(column)}
          className="inline-flex items-center gap-1 rounded font-semibold hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          {label}
          <Arrow aria-hidden="true" className={cn('size-3.5', active ? 'opacity-100' : 'opacity-0')} />
        </button>
      )}
    </th>
  );
}

const TH = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase';
const TD = 'px-3 py-3 align-top whitespace-nowrap tabular-nums';

function ClientTable({
  list,
  due,
  owner,
  sort,
  format,
  sent,
  rebookingId,
  onSort,
  onOpen,
  onRebook,
}: {
  list: ClientListData;
  due: boolean;
  owner: boolean;
  sort: ClientSort;
  format: ClientFormatters;
  sent: Record<string, RebookSent>;
  rebookingId: string | null;
  onSort: (sort: ClientSort) => void;
  onOpen: (clientId: string) => void;
  onRebook: (client: ClientSummary) => void;
}) {
  // 'Due back' and 'Lapsed' are ordered by the api (due now first): their headers do not sort.
  const activeSort = due ? null : sort;
  // A click anywhere on a row opens the client; the name's button is the same thing for the keyboard.
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, clientId: string) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    onOpen(clientId);
  };
  return (
    <table className="w-full min-w-[44rem] border-collapse text-sm">
      <caption className="sr-only">{due ? 'Clients due back or lapsed' : 'Clients'}</caption>
      <thead className="border-b border-neutral-200 bg-neutral-50">
        <tr>
          <SortHeader column="name" label="Name" sort={activeSort} onSort={onSort} />
          <SortHeader column="visits" label="Visits" sort={activeSort} onSort={onSort} />
          <SortHeader column="lastVisit" label="Last visit" sort={activeSort} onSort={onSort} />
          {due ? (
            <>
              <th scope="col" className={TH}>
                Due back
              </th>
              <th scope="col" className={TH}>
                Usual interval
              </th>
            </>
          ) : (
            <th scope="col" className={TH}>
              Next appointment
            </th>
          )}
          <SortHeader column="totalSpent" label="Total spent" sort={activeSort} onSort={onSort} />
          <th scope="col" className={TH}>
            No-shows
          </th>
          {due && owner ? (
            <th scope="col" className={TH}>
              <span className="sr-only">Rebook</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {list.clients.map((client) => {
          const rebookSent = sent[client.id];
          return (
            <tr
              key={client.id}
              className="cursor-pointer hover:bg-amber-50/60"
              onClick={(event) => onRowClick(event, client.id)}
            >
              <th scope="row" className="px-3 py-3 text-left align-top font-normal">
                <button
                  type="button"
                  data-client-id={client.id}
                  onClick={() => onOpen(client.id)}
                  className={cn(
                    'rounded text-left font-semibold text-neutral-900 underline-offset-2 hover:underline',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                    client.erased && 'italic text-neutral-500',
                  )}
                >
                  {client.name}
                </button>
                {client.email || client.phone ? (
                  <span className="block max-w-[16rem] truncate text-xs text-neutral-500">
                    {client.email ?? format.phone(client.phone)}
                  </span>
                ) : null}
              </th>
              <td className={TD}>{client.visits}</td>
              <td className={TD}>{client.lastVisit ? format.date(client.lastVisit) : '—'}</td>
              {due ? (
                <>
                  <td className={TD}>
                    {client.dueDate ? format.calendarDate(client.dueDate) : '—'}
                    {client.lapsed ? (
                      <span className="ml-2 rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800">
                        Lapsed
                      </span>
                    ) : client.overdue ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Overdue
                      </span>
                    ) : client.dueDate ? (
                      <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                        Due now
                      </span>
                    ) : null}
                  </td>
                  <td className={TD}>{formatInterval(client.usualIntervalDays)}</td>
                </>
              ) : (
                <td className={TD}>{client.nextAppointment ? format.dateTime(client.nextAppointment) : '—'}</td>
              )}
              <td className={TD}>{format.money(client.totalSpent, list.currency)}</td>
              <td className={TD}>{client.noShows}</td>
              {due && owner ? (
                <td className="px-3 py-2 align-top">
                  <Button
                    variant="light"
                    size="sm"
                    className="whitespace-nowrap"
                    disabled={rebookingId === client.id}
                    aria-label={`Send rebook link to ${client.name}`}
                    onClick={() => onRebook(client)}
                  >
                    <Send aria-hidden="true" className="size-4" /> Send rebook link
                  </Button>
                  {rebookSent ? (
                    <p className="mt-1 text-xs whitespace-nowrap text-emerald-800">
                      Sent to {format.phone(rebookSent.sentTo)} {CHANNEL_WORDS[rebookSent.channel]}
                    </p>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Pagination({ list, onPage }: { list: ClientListData; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  const first = (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  return (
    <nav aria-label="Client pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-neutral-600" aria-live="polite">
        {first}–{last} of {list.total} · page {list.page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="light" size="sm" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Button>
        <Button variant="light" size="sm" disabled={list.page >= pages} onClick={() => onPage(list.page + 1)}>
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
