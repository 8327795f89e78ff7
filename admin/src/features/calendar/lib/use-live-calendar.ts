import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentAccessToken } from '../../../lib/api-client';

/**
 * The calendar's live updates (issue 25 item 4, decision 0189). Reads GET /api/shops/{shopId}/calendar/stream (server-
 * sent events) with fetch, so the session's bearer token goes in a header and never in a URL, and on every change,
 * and whenever the stream (re)connects, invalidates the shop's agenda, stats and schedule queries so react-query
 * reads them again. A dropped stream reconnects with backoff (1 s doubling to 30 s, reset once it is live again).
 */

export type LiveCalendarStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** The api writes a comment every 15 s: silence this long means the connection died without closing. */
const SILENCE_MS = 45_000;
/** A burst of changes (a series booked, a day closed) refetches once. */
const COALESCE_MS = 150;

/** The queries a calendar change can make stale: the shop's agendas, stats and special days, barbers' settings. */
export function invalidateCalendar(queryClient: QueryClient, shopId: string): Promise<void> {
  const shopPrefix = `/api/shops/${shopId}/`;
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      if (typeof key !== 'string') return false;
      return (
        key.startsWith(`${shopPrefix}appointments`) ||
        key.startsWith(`${shopPrefix}stats`) ||
        key.startsWith(`${shopPrefix}special-days`) ||
        key.startsWith(`${shopPrefix}waitlist`) ||
        key.includes('/settings')
      );
    },
  });
}

/** Splits a stream's text into complete events (blank-line separated), comments skipped; returns what is left. */
export function parseEvents(buffer: string): { events: Array<{ event: string; id?: string }>; rest: string } {
  const events: Array<{ event: string; id?: string }> = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const field = (name: string) =>
      block
        .split('\n')
        .find((l) => l.startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const event = field('event');
    const id = field('id');
    if (event) events.push(id ? { event, id } : { event });
  }
  return { events, rest };
}

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`calendar stream refused: ${status}`);
  }
}

/** Subscribes the open calendar of a shop to its live stream while mounted; answers the stream's state. */
export function useLiveCalendar(shopId: string | undefined): LiveCalendarStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveCalendarStatus>('connecting');

  useEffect(() => {
    if (!shopId) return;
    let stopped = false;
    let abort: AbortController | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let coalesceTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    let everLive = false;
    let lastEventId: string | null = null;

    const refetch = () => {
      if (coalesceTimer) return;
      coalesceTimer = setTimeout(() => {
        coalesceTimer = undefined;
        void invalidateCalendar(queryClient, shopId);
      }, COALESCE_MS);
    };

    async function readOnce(): Promise<void> {
      const token = await currentAccessToken();
      if (!token) throw new StreamRefused(401);
      abort = new AbortController();
      const controller = abort;
      let silence = setTimeout(() => controller.abort(), SILENCE_MS);
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const res = await fetch(`/api/shops/${shopId}/calendar/stream`, {
          headers,
          credentials: 'include',
          cache: 'no-store',
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new StreamRefused(res.status);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          clearTimeout(silence);
          silence = setTimeout(() => controller.abort(), SILENCE_MS);
          buffer += decoder.decode(value, { stream: true });
          const parsed = parseEvents(buffer);
          buffer = parsed.rest;
          for (const { event, id } of parsed.events) {
            if (id) lastEventId = id;
            if (event === 'ready') {
              // A reconnect may have missed changes: read the calendar again.
              if (everLive) refetch();
              everLive = true;
              retryMs = FIRST_RETRY_MS;
              setStatus('live');
            } else if (event === 'change' || event === 'refetch') {
              refetch();
            }
          }
        }
      } finally {
        clearTimeout(silence);
      }
    }

    async function run(): Promise<void> {
      while (!stopped) {
        try {
          await readOnce();
        } catch (error) {
          // Not the shop's staff (403) or no such shop (404): nothing to listen to.
          if (error instanceof StreamRefused && (error.status === 403 || error.status === 404)) {
            if (!stopped) setStatus('off');
            return;
          }
        }
        if (stopped) return;
        setStatus('reconnecting');
        const wait = retryMs;
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        await new Promise<void>((resolve) => {
          retryTimer = setTimeout(resolve, wait);
        });
      }
    }

    setStatus('connecting');
    void run();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(coalesceTimer);
      abort?.abort();
    };
  }, [shopId, queryClient]);

  return status;
}
