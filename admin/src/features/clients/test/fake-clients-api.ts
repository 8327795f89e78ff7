import type { ClientDetail, ClientNote, ClientSummary, RebookSent } from '@barberly/common';
import { vi } from 'vitest';

export const SHOP_ID = '11111111-1111-4111-8111-111111111111';
export const CLIENTS_URL = `/api/shops/${SHOP_ID}/clients`;
export const ANA_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const BEN_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
/** A client the fake's 'due' list has as due today (not yet overdue). */
export const DUE_NOW_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const GONE_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

export function clientOf(id: string, over: Partial<ClientDetail> = {}): ClientDetail {
  return {
    id,
    name: 'Ana Silva',
    email: 'ana@example.com',
    phone: '+33612345678',
    tags: [],
    visits: 3,
    lastVisit: '2026-05-10T22:30:00.000Z',
    nextAppointment: null,
    totalSpent: 1234.5,
    noShows: 1,
    usualIntervalDays: 28,
    dueDate: '2026-06-08',
    overdue: false,
    lapsed: false,
    erased: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    usualService: { id: 'svc-1', name: 'Skin Fade' },
    usualBarber: { id: 'bar-1', name: 'Sam' },
    appointments: [],
    notes: [],
    currency: 'EUR',
    canManage: true,
    ...over,
  };
}

export function noteOf(id: string, over: Partial<ClientNote> = {}): ClientNote {
  return {
    id,
    body: 'Likes a low fade',
    authorName: 'Olivia Owner',
    createdAt: '2026-05-11T08:00:00.000Z',
    mine: true,
    ...over,
  };
}

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const summaryOf = ({
  createdAt: _c,
  usualService: _s,
  usualBarber: _b,
  appointments: _a,
  notes: _n,
  currency: _cur,
  canManage: _m,
  ...summary
}: ClientDetail): ClientSummary => summary;

/**
 * The clients api of one shop behind fetch, in memory: list (q matches name, e-mail or phone; 'due' keeps the
 * overdue who have not lapsed and DUE_NOW_ID, 'lapsed' the lapsed), a client, PATCH, notes, merge, export, erase and rebook. `refuse` answers that method and URL (its path,
 * without a query) with the api's error; `pageSize` makes paging testable with few clients.
 */
export function fakeClientsApi(
  opts: {
    clients?: ClientDetail[];
    pageSize?: number;
    rebook?: RebookSent;
    refuse?: { method: string; path: string; status: number; body: unknown };
  } = {},
) {
  let clients = opts.clients ?? [];
  const pageSize = opts.pageSize ?? 50;
  let noteSeq = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (opts.refuse?.method === method && opts.refuse.path === path) return json(opts.refuse.status, opts.refuse.body);
    if (path === CLIENTS_URL && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? '1');
      let rows = clients.filter(
        (c) => !q || [c.name, c.email ?? '', c.phone ?? ''].some((v) => v.toLowerCase().includes(q)),
      );
      const filter = url.searchParams.get('filter');
      if (filter === 'due') rows = rows.filter((c) => c.dueDate && !c.lapsed && (c.overdue || c.id === DUE_NOW_ID));
      if (filter === 'lapsed') rows = rows.filter((c) => c.lapsed);
      return json(200, {
        clients: rows.slice((page - 1) * pageSize, page * pageSize).map(summaryOf),
        total: rows.length,
        page,
        pageSize,
        currency: 'EUR',
      });
    }
    const match = path.slice(CLIENTS_URL.length + 1).split('/');
    const [id, sub, subId] = match;
    const client = clients.find((c) => c.id === id);
    if (!client) return json(404, { error: { code: 'not_found', message: 'Client not found' } });
    const save = (next: ClientDetail) => {
      clients = clients.map((c) => (c.id === next.id ? next : c));
      return next;
    };
    if (!sub && method === 'GET') return json(200, client);
    if (!sub && method === 'PATCH') return json(200, save({ ...client, ...body }));
    if (!sub && method === 'DELETE') {
      save({ ...client, name: 'Erased client', email: null, phone: null, tags: [], notes: [], erased: true });
      return json(204);
    }
    if (sub === 'notes' && method === 'POST') {
      const note = noteOf(`n-new-${++noteSeq}`, { body: body.body, createdAt: '2026-05-12T09:15:00.000Z' });
      save({ ...client, notes: [note, ...client.notes] });
      return json(201, note);
    }
    if (sub === 'notes' && method === 'DELETE' && subId) {
      save({ ...client, notes: client.notes.filter((n) => n.id !== subId) });
      return json(204);
    }
    if (sub === 'merge' && method === 'POST') {
      const other = clients.find((c) => c.id === body.otherClientId)!;
      const merged = save({
        ...client,
        visits: client.visits + other.visits,
        tags: [...new Set([...client.tags, ...other.tags])],
        notes: [...client.notes, ...other.notes],
      });
      clients = clients.filter((c) => c.id !== other.id);
      return json(200, merged);
    }
    if (sub === 'export' && method === 'GET') return json(200, { client: summaryOf(client), appointments: [] });
    if (sub === 'rebook' && method === 'POST') {
      return json(200, opts.rebook ?? { channel: 'email', sentTo: client.email, link: 'https://fade.example/book' });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sent = (method: string, pathStart?: string) =>
    fetchMock.mock.calls
      .filter(
        ([u, init]) =>
          (init?.method ?? 'GET') === method && (pathStart === undefined || String(u).startsWith(pathStart)),
      )
      .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { fetchMock, sent };
}
