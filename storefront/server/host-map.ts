import { bareHost } from '@barberly/common';

/**
 * Custom domains (issue 16): which shop a host that is not under APP_DOMAIN serves, asked of the api
 * (GET /api/domains/resolve?host=) and kept in memory. A shop-changed event naming the host (a domain verified,
 * made primary or removed) drops it at once; the TTLs only bound a lost event. A host no shop has proven is
 * remembered briefly too, so a scan of random hosts costs the api one question per host per NOT_FOUND_MS.
 */
export interface HostRoute {
  slug: string;
  /** The shop's primary domain: any other host of the shop redirects there. */
  primary: string | null;
}

export interface HostMap {
  /** The route, null for a host no shop serves; rejects when the api cannot answer. */
  lookup(host: string): Promise<HostRoute | null>;
  /** What memory holds, without asking: undefined when nothing (fresh) is held. */
  peek(host: string): HostRoute | null | undefined;
  forget(hosts: readonly string[]): void;
  clear(): void;
  readonly size: number;
}

export const HOST_FOUND_MS = 60_000;
export const HOST_NOT_FOUND_MS = 10_000;
const MAX_HOSTS = 50_000;
const TIMEOUT_MS = 5000;

export function createHostMap(options: {
  apiUrl: string;
  now?: () => number;
  timeoutMs?: number;
  fetchRoute?: (host: string) => Promise<HostRoute | null>;
}): HostMap {
  const base = options.apiUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const held = new Map<string, { route: HostRoute | null; until: number }>();
  const inFlight = new Map<string, Promise<HostRoute | null>>();
  /** Bumped by forget (per host) and clear (all): an answer fetched before the event is not kept. */
  const generation = new Map<string, number>();
  let epoch = 0;

  const fetchRoute =
    options.fetchRoute ??
    (async (host: string): Promise<HostRoute | null> => {
      const res = await fetch(`${base}/api/domains/resolve?host=${encodeURIComponent(host)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`api answered ${res.status}`);
      }
      const body = (await res.json()) as Partial<HostRoute>;
      if (typeof body.slug !== 'string') throw new Error('api answered no slug');
      return { slug: body.slug, primary: typeof body.primary === 'string' ? body.primary : null };
    });

  function peek(host: string) {
    const key = bareHost(host);
    const entry = held.get(key);
    if (!entry) return undefined;
    if (entry.until <= now()) return undefined;
    return entry.route;
  }

  return {
    peek,
    lookup(host) {
      const key = bareHost(host);
      const known = peek(key);
      if (known !== undefined) return Promise.resolve(known);
      let pending = inFlight.get(key);
      if (!pending) {
        const startedAt = generation.get(key) ?? 0;
        const startedEpoch = epoch;
        pending = fetchRoute(key).then((route) => {
          if ((generation.get(key) ?? 0) === startedAt && epoch === startedEpoch) {
            if (held.size >= MAX_HOSTS) held.delete(held.keys().next().value as string);
            held.set(key, { route, until: now() + (route ? HOST_FOUND_MS : HOST_NOT_FOUND_MS) });
          }
          return route;
        });
        inFlight.set(key, pending);
        void pending.finally(() => inFlight.delete(key)).catch(() => {});
      }
      return pending;
    },
    forget(hosts) {
      for (const host of hosts) {
        const key = bareHost(host);
        held.delete(key);
        inFlight.delete(key);
        generation.set(key, (generation.get(key) ?? 0) + 1);
      }
      if (generation.size > MAX_HOSTS) generation.clear();
    },
    clear() {
      held.clear();
      inFlight.clear();
      epoch++;
    },
    get size() {
      return held.size;
    },
  };
}
