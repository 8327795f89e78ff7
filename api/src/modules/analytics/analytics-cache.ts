import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Logger } from 'pino';
import { SCHEDULE_CHANNEL } from '../availability/availability-cache';

/**
 * Analytics' report cache (issue 13, decision 0150 "Speed"). Per api process: a computed report (the owner's, which
 * the CSV shares, or a barber's own numbers) is kept under its key (shop, period and previous period, zone, currency,
 * and the barber for /my) and served again until
 *
 *   - Postgres tells this process that something the figures read changed for the shop: it LISTENs on
 *       'barberly_schedule' (migration 1795350000000's triggers: an appointment inserted, deleted, or its start, end,
 *       status or barber changed; time off; the shop's row, its barbers, its services), every payload starting with
 *       '{shopId}:'; and
 *       'barberly_analytics' (this module's channel: clients.service.ts sends '{shopId}:clients' when a merge moves
 *       appointments to another client, which the schedule triggers do not see);
 *   - or REPORT_MAX_AGE_MS (60 s) has passed since it was computed: "now" moves (appointments start, which the
 *     no-show rate counts) and so can anything no trigger reports (an appointment's price, currency or service name
 *     are set when it is booked and not changed after, but a direct database edit would go unseen for that long).
 *
 * A computation that raced a change is not kept: it remembers the notification count when it began and is stored
 * only if no notification for the shop arrived meanwhile. While the listening connection is down (not yet up, lost,
 * reconnecting) nothing is cached and every report reads the database, as without the cache: the rule availability's
 * cache follows. The connection is opened on the first report asked for and closed after IDLE_MS without one, so a
 * process that serves no analytics holds no extra connection.
 */

export const ANALYTICS_CHANNEL = 'barberly_analytics';
/** A kept report is recomputed at least this often. */
export const REPORT_MAX_AGE_MS = 60_000;
const IDLE_MS = 15 * 60_000;
const RECONNECT_MS = 1_000;
/** Reports kept in all (a 731-day report is about 70 kB of objects; most are far smaller). */
const MAX_REPORTS = 500;
const MAX_SHOPS = 100_000;

export interface AnalyticsCacheStats {
  listening: boolean;
  reports: number;
  hits: number;
  misses: number;
  notifications: number;
}

export interface AnalyticsCache {
  /** True while the listening connection is up: only then is anything cached. */
  readonly listening: boolean;
  /**
   * The kept report for (shop, key) while it is fresh, else what `compute` gives (kept when listening went on all
   * along and no change to the shop was heard meanwhile). Concurrent misses of one key share one computation.
   * `nowMs` is the caller's clock (tests fix it).
   */
  report<T>(shopId: string, key: string, nowMs: number, compute: () => Promise<T>): Promise<T>;
  stats(): AnalyticsCacheStats;
  /**
   * Resolves once every notification committed before the call has reached this cache (it sends one of its own and
   * waits for it: Postgres delivers notifications in commit order). Resolves at once when not listening.
   */
  sync(timeoutMs?: number): Promise<void>;
  /** Starts listening (the first report does too); resolves once LISTEN is in place. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Kept {
  /** The notification count when the computation began. */
  loadedAt: number;
  /** Epoch ms after which it is computed again. */
  expiresAt: number;
  value: unknown;
}

export function createAnalyticsCache(deps: {
  connectionString: string;
  logger: Logger;
  /** Tests shorten these. */
  reconnectMs?: number;
  idleMs?: number;
}): AnalyticsCache {
  const { logger } = deps;
  const reconnectMs = deps.reconnectMs ?? RECONNECT_MS;
  const idleMs = deps.idleMs ?? IDLE_MS;
  const reports = new LRUCache<string, Kept>({ max: MAX_REPORTS });
  /** Per shop, the number of the last notification about it. A shop pushed out counts as changed at forgottenUpTo. */
  let forgottenUpTo = 0;
  const changes = new LRUCache<string, number>({
    max: MAX_SHOPS,
    dispose: (value, _key, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, value);
    },
  });
  const inFlight = new Map<string, Promise<unknown>>();
  const syncs = new Map<string, () => void>();
  let seq = 0;
  let epoch = 0;
  let listening = false;
  let closed = false;
  /** Wanted: a report was asked for within idleMs (the connection is kept, or re-opened when lost). */
  let wanted = false;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let hits = 0;
  let misses = 0;

  const changedSince = (shopId: string, loadedAt: number) => (changes.peek(shopId) ?? forgottenUpTo) > loadedAt;

  function forgetEverything() {
    epoch++;
    reports.clear();
  }

  function onNotification(payload: string | undefined) {
    const text = payload ?? '';
    const colon = text.indexOf(':');
    const shopId = colon > 0 ? text.slice(0, colon) : '';
    if (!shopId) return;
    if (shopId === 'sync') {
      // Availability's own sync tokens arrive here too: only ours resolve anything.
      syncs.get(text.slice(colon + 1))?.();
      return;
    }
    seq++;
    changes.set(shopId, seq);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: 'barberly-analytics' });
    next.on('notification', (msg) => {
      if (msg.channel === SCHEDULE_CHANNEL || msg.channel === ANALYTICS_CHANNEL) onNotification(msg.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      forgetEverything();
      if (closed || !wanted) return;
      logger.warn({ err: err?.message }, 'analytics cache stopped listening; reading the database until it is back');
      setTimeout(() => void reconnect(), reconnectMs).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${SCHEDULE_CHANNEL}; LISTEN ${ANALYTICS_CHANNEL}`);
    if (closed || !wanted) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was computed before LISTEN took effect may have missed a notification.
    forgetEverything();
    listening = true;
  }

  function start(): Promise<void> {
    if (client || closed) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function reconnect() {
    if (closed || client || !wanted) return;
    try {
      await start();
      if (listening) logger.info('analytics cache listening again');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'analytics cache could not listen; retrying');
      setTimeout(() => void reconnect(), reconnectMs).unref();
    }
  }

  /**
   * A report was asked for: listen (when not yet, or no longer after idleMs without one: a lost connection is
   * re-opened on its own schedule instead), and close the connection and forget everything after idleMs without one.
   */
  function touch() {
    const wasWanted = wanted;
    wanted = true;
    if (idleTimer) idleTimer.refresh();
    else {
      idleTimer = setTimeout(() => {
        idleTimer = null;
        wanted = false;
        listening = false;
        forgetEverything();
        const current = client;
        client = null;
        void current?.end().catch(() => undefined);
      }, idleMs);
      idleTimer.unref();
    }
    if (!wasWanted && !client && !connecting && !closed) {
      void start().catch((err: Error) => {
        logger.warn({ err: err.message }, 'analytics cache could not listen; retrying');
        setTimeout(() => void reconnect(), reconnectMs).unref();
      });
    }
  }

  return {
    get listening() {
      return listening;
    },

    async report<T>(shopId: string, key: string, nowMs: number, compute: () => Promise<T>): Promise<T> {
      touch();
      const fullKey = `${shopId}|${key}`;
      const kept = reports.get(fullKey);
      if (kept && listening && nowMs < kept.expiresAt && !changedSince(shopId, kept.loadedAt)) {
        hits++;
        return kept.value as T;
      }
      misses++;
      const startedEpoch = epoch;
      const loadedAt = seq;
      const flight = `${fullKey}|${loadedAt}|${startedEpoch}`;
      let running = inFlight.get(flight) as Promise<T> | undefined;
      if (!running) {
        running = compute().finally(() => inFlight.delete(flight));
        inFlight.set(flight, running);
      }
      const value = await running;
      if (listening && epoch === startedEpoch && !changedSince(shopId, loadedAt)) {
        reports.set(fullKey, { loadedAt, expiresAt: nowMs + REPORT_MAX_AGE_MS, value });
      }
      return value;
    },

    stats() {
      return { listening, reports: reports.size, hits, misses, notifications: seq };
    },

    async sync(timeoutMs = 5_000) {
      const current = client;
      if (!listening || !current) return;
      const token = randomUUID();
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          syncs.delete(token);
          reject(new Error('the analytics cache did not hear its own notification'));
        }, timeoutMs);
        syncs.set(token, () => {
          clearTimeout(timer);
          syncs.delete(token);
          resolve();
        });
      });
      // Sent on the listening connection itself: delivered (to it too) after everything committed before it.
      await current.query('SELECT pg_notify($1, $2)', [ANALYTICS_CHANNEL, `sync:${token}`]);
      await heard;
    },

    async ready() {
      touch();
      await start();
    },

    async close() {
      closed = true;
      wanted = false;
      listening = false;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      forgetEverything();
      const current = client;
      client = null;
      await connecting?.catch(() => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * One cache per database per process, shared by every app built on it (main.ts builds one). The options of the
 * first call make it; later calls get it as it is.
 */
const shared = new Map<string, AnalyticsCache>();

export function sharedAnalyticsCache(deps: Parameters<typeof createAnalyticsCache>[0]): AnalyticsCache {
  let cache = shared.get(deps.connectionString);
  if (!cache) {
    cache = createAnalyticsCache(deps);
    shared.set(deps.connectionString, cache);
  }
  return cache;
}

/** The shared cache this process made for analytics, if any yet (its hits and misses are metrics, decision 0178). */
export function currentAnalyticsCache(): AnalyticsCache | undefined {
  return shared.values().next().value;
}

/** Closes the shared caches and their LISTEN connections (the api's shutdown; tests, before their database is dropped). */
export async function closeSharedAnalyticsCaches(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((cache) => cache.close()));
}
