import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { parseEvents, useLiveCalendar } from './use-live-calendar';

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const AGENDA = `/api/shops/${SHOP_ID}/appointments?date=2026-05-10`;

/** A stream the test writes to, as the api would. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

let streams: ReturnType<typeof controlledStream>[];
let requests: Array<{ url: string; headers: Record<string, string> }>;
let agendaReads: number;

beforeEach(() => {
  setTokenSource(async () => 'token');
  streams = [];
  requests = [];
  agendaReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      const stream = controlledStream();
      streams.push(stream);
      return stream.response;
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      // The calendar's agenda query, read again whenever the live stream says so.
      useQuery({
        queryKey: [AGENDA],
        queryFn: async () => {
          agendaReads++;
          return { appointments: [] };
        },
      });
      return useLiveCalendar(SHOP_ID);
    },
    { wrapper },
  );
}

describe('useLiveCalendar', () => {
  it("opens the shop's stream with the session's token and reads the agenda again on each change", async () => {
    const { result, unmount } = mount();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      url: `/api/shops/${SHOP_ID}/calendar/stream`,
      headers: { authorization: 'Bearer token', accept: 'text/event-stream' },
    });
    await waitFor(() => expect(agendaReads).toBe(1));
    streams[0]!.write('retry: 3000\n\nid: 1\nevent: ready\ndata: {"scope":"shop"}\n\n');
    await waitFor(() => expect(result.current).toBe('live'));
    // The first ready reads nothing again (the calendar just loaded); a change does.
    streams[0]!.write(': ping\n\nid: 2\nevent: change\ndata: {"kind":"appointment","barberId":"b","id":"a"}\n\n');
    await waitFor(() => expect(agendaReads).toBe(2));
    unmount();
  });

  it('reconnects when the stream drops, resumes from the last event and reads the agenda again', async () => {
    const { result, unmount } = mount();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.write('id: 4\nevent: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current).toBe('live'));
    await waitFor(() => expect(agendaReads).toBe(1));
    streams[0]!.end();
    await waitFor(() => expect(result.current).toBe('reconnecting'));
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 4000 });
    expect(requests[1]!.headers['last-event-id']).toBe('4');
    streams[1]!.write('id: 1\nevent: refetch\ndata: {}\n\nid: 2\nevent: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current).toBe('live'));
    await waitFor(() => expect(agendaReads).toBe(2));
    unmount();
  });
});

describe('parseEvents', () => {
  it('splits complete events, skips comments and keeps a partial one for later', () => {
    expect(parseEvents(': ping\n\nid: 3\nevent: change\ndata: {}\n\nevent: rea')).toEqual({
      events: [{ event: 'change', id: '3' }],
      rest: 'event: rea',
    });
  });
});
