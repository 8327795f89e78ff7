import pg from 'pg';
import type { Logger } from 'pino';

/** The NOTIFY channel of migration 1795550000000 (decision 0189). */
export const CALENDAR_CHANNEL = 'barberly_calendar';

/** One committed change a calendar shows: an appointment, a barber's time off, or a special day. */
export interface CalendarChange {
  shopId: string;
  /** The chair it concerns; null for the whole shop (a shop-wide special day). */
  barberId: string | null;
  kind: 'appointment' | 'time_off' | 'special_day';
  id: string;
}

/**
 * What a subscriber hears: a change; 'resync' when the hub may have missed some (its connection came back); 'closing'
 * when the process is stopping (the stream ends so the browser reconnects to another replica at once).
 */
export type CalendarSignal = { type: 'change'; change: CalendarChange } | { type: 'resync' } | { type: 'closing' };

export interface CalendarHub {
  /**
   * Listens for one shop's changes; resolves once LISTEN is in place, so nothing committed afterwards is missed.
   * Returns the unsubscribe function. The first subscriber opens the process's one listening connection; the last
   * one to leave closes it.
   */
  subscribe(shopId: string, listener: (signal: CalendarSignal) => void): Promise<() => void>;
  /** Closes the connection (shutdown, tests). */
  close(): Promise<void>;
}

const RECONNECT_MS = [500, 1000, 2000, 5000];

function parse(payload: string | undefined): CalendarChange | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { s?: unknown; b?: unknown; k?: unknown; id?: unknown };
    if (typeof raw.s !== 'string' || typeof raw.id !== 'string') return null;
    if (raw.k !== 'appointment' && raw.k !== 'time_off' && raw.k !== 'special_day') return null;
    return { shopId: raw.s, barberId: typeof raw.b === 'string' ? raw.b : null, kind: raw.k, id: raw.id };
  } catch {
    return null;
  }
}

/**
 * Each api process holds one LISTEN connection (not one per stream) and fans each notification out to the open
 * streams of its shop. Postgres delivers a NOTIFY to every listening session of the database, so a change made
 * through any replica, the worker or psql reaches the streams of all of them.
 */
export function createCalendarHub(deps: { connectionString: string; logger: Logger }): CalendarHub {
  const { logger } = deps;
  const byShop = new Map<string, Set<(signal: CalendarSignal) => void>>();
  let subscribers = 0;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  // While streams are open, a stopping process ends them instead of holding its shutdown until they time out.
  const onStop = () => broadcast({ type: 'closing' });
  let stopHooked = false;
  function hookStop(on: boolean) {
    if (on === stopHooked) return;
    stopHooked = on;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      if (on) process.on(signal, onStop);
      else process.off(signal, onStop);
    }
  }

  function broadcast(signal: CalendarSignal) {
    for (const set of byShop.values()) for (const listener of set) listener(signal);
  }

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: 'barberly-calendar' });
    next.on('notification', (msg) => {
      if (msg.channel !== CALENDAR_CHANNEL || client !== next) return;
      const change = parse(msg.payload);
      if (!change) return;
      for (const listener of byShop.get(change.shopId) ?? []) listener({ type: 'change', change });
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (subscribers === 0) return;
      logger.warn({ err: err?.message }, 'live calendar stopped listening; reconnecting');
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CALENDAR_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
    failures = 0;
  }

  function ensureOpen(): Promise<void> {
    if (client) return Promise.resolve();
    if (!connecting) {
      connecting = open().finally(() => {
        connecting = null;
      });
    }
    return connecting;
  }

  function scheduleReconnect() {
    if (retryTimer || subscribers === 0) return;
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 5000;
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (subscribers === 0) return;
      ensureOpen().then(
        // Whatever was committed while nobody listened is unknown: every open calendar reads its day again.
        () => broadcast({ type: 'resync' }),
        (err: unknown) => {
          logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'live calendar reconnect failed');
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  async function closeIfIdle() {
    if (subscribers > 0) return;
    hookStop(false);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  }

  return {
    async subscribe(shopId, listener) {
      subscribers++;
      const set = byShop.get(shopId) ?? new Set();
      byShop.set(shopId, set);
      set.add(listener);
      hookStop(true);
      let active = true;
      const unsubscribe = () => {
        if (!active) return;
        active = false;
        subscribers--;
        const current = byShop.get(shopId);
        current?.delete(listener);
        if (current?.size === 0) byShop.delete(shopId);
        void closeIfIdle();
      };
      try {
        await ensureOpen();
      } catch (err) {
        unsubscribe();
        throw err;
      }
      // The last subscriber may have left while the connection was opening.
      if (subscribers === 0) await closeIfIdle();
      return unsubscribe;
    },
    async close() {
      broadcast({ type: 'closing' });
      byShop.clear();
      subscribers = 0;
      await closeIfIdle();
    },
  };
}
