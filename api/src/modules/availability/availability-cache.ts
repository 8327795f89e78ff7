import type { BarberSchedule } from '@barberly/common';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { BarberEntity } from '../barbers/barber.entity';
import { type Day, etagOf, loadBusy, loadSnapshot, type ShopSnapshot, schedulesOf } from './availability-store';
import { createChangeLog } from './change-log';
import { busyOf, parseScheduleNotification } from './schedule-notify';
import { createScheduleSubscriber } from './schedule-subscriber';

export { etagOf, type ShopSnapshot } from './availability-store';
export { SCHEDULE_CHANNEL } from './schedule-notify';

/**
 * Availability's cache (issue 12, decision 0060). Per api process, three levels per shop:
 *
 *   shop      the shop record, its services, its barbers (in rotation order) and who does what (barber_services)
 *   day       one query's worth of a day's busy intervals (live appointments until their blocked_until, time off,
 *             active waitlist holds with their expiry) for all its barbers
 *   answer    the JSON of one (date, service, barber) question, with its ETag, valid until `now` would change it
 *
 * Postgres tells every api process about each committed write that changes a shop's free times (LISTEN on the
 * `barberly_schedule` channel, schedule-subscriber.ts; payloads in schedule-notify.ts): scope 'shop' drops all three
 * levels, 'day' the last two. A load that raced a write is not kept: the three levels are checked against one
 * per-shop change record (change-log.ts), each remembers the generation it was loaded at and is stored only if no
 * notification arrived meanwhile, so a stale answer lives at most until the notification of the write that made it
 * stale is delivered (measured in docs/benchmarks.md). While the listening connection is down
 * nothing is cached and every question reads the database, as without the cache; bookings are guarded by the
 * database's no-overlap constraint either way.
 *
 * Issue 14 (decision 0160, migration 1795390000000): barber_services notifies scope 'shop'; slot_holds notifies
 * 'day' with kind 'h' and the hold's expiry. A hold stops counting when it expires without any write, so the day
 * keeps expired holds and each answer is valid only until the earliest expiry of a hold it relied on.
 *
 * What is read from the database, and the shapes kept, are in availability-store.ts.
 */

/** An answer is recomputed at least this often, so a day entering the booking horizon shows up within it. */
export const ANSWER_MAX_AGE_MS = 30_000;

export interface CachedAnswer {
  body: string;
  etag: string;
  /** Epoch ms after which `now` may change the answer (a slot passes its notice). */
  validUntil: number;
}

interface Kept<T> {
  /** The notification count when the load began: kept while no change for the shop came after it. */
  loadedAt: number;
  value: T;
}

interface ShopState {
  snapshot?: Kept<ShopSnapshot>;
  days: Map<string, Kept<Day>>;
  answers: Map<string, Kept<CachedAnswer>>;
}

export interface AvailabilityCacheStats {
  listening: boolean;
  shops: number;
  hits: number;
  misses: number;
  notifications: number;
}

export interface AvailabilityCache {
  /** True while the listening connection is up: only then is anything cached. */
  readonly listening: boolean;
  /** The shop, its services and barbers; null when no shop has that slug or id. */
  snapshot(slugOrId: string): Promise<ShopSnapshot | null>;
  /** The barbers' schedules of a day (all of them when `barbers` is the shop's list). */
  schedules(snapshot: ShopSnapshot, date: string, barbers: BarberEntity[]): Promise<BarberSchedule[]>;
  /** A kept answer for (shop, key), or the one `compute` returns (kept unless a write came in meanwhile). */
  answer(
    shopId: string,
    key: string,
    now: number,
    compute: () => Promise<{ body: string; validUntil: number }>,
  ): Promise<CachedAnswer>;
  /**
   * The hot path (decision 0060): the kept answer to exactly this request URL of an active shop, while it is still
   * valid, without parsing anything; null sends the request the whole way. `remember` links a URL to its answer.
   */
  peek(url: string, now: number): CachedAnswer | null;
  remember(url: string, shopId: string, key: string): void;
  stats(): AvailabilityCacheStats;
  /**
   * Resolves once every notification committed before the call has reached this cache: it sends one of its own on
   * the channel and waits for it (Postgres delivers notifications in commit order). For tests and the bench.
   */
  sync(timeoutMs?: number): Promise<void>;
  /** Resolves once LISTEN is in place (or rejects when the first connection fails). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const MAX_SHOPS = 20_000;
const MAX_DAYS_PER_SHOP = 64;
const MAX_ANSWERS_PER_SHOP = 512;
const MAX_CHANGES = 200_000;

/** The same questions answered straight from the database, every time: without main.ts's cache. */
export function createUncachedAvailability(dataSource: DataSource): AvailabilityCache {
  return {
    listening: false,
    snapshot: (slugOrId) => loadSnapshot(dataSource, slugOrId),
    async schedules(snapshot, date, barbers) {
      return schedulesOf(await loadBusy(dataSource, snapshot.shop.id, date, snapshot.shop.timeZone), barbers);
    },
    async answer(_shopId, _key, _now, compute) {
      const computed = await compute();
      return { body: computed.body, etag: etagOf(computed.body), validUntil: computed.validUntil };
    },
    peek: () => null,
    remember: () => undefined,
    stats: () => ({ listening: false, shops: 0, hits: 0, misses: 0, notifications: 0 }),
    sync: async () => undefined,
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/** Keeps at most `max` entries: the oldest inserted goes first (good enough for a per-shop bound). */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

export function createAvailabilityCache(deps: {
  dataSource: DataSource;
  connectionString: string;
  logger: Logger;
}): AvailabilityCache {
  const { dataSource } = deps;
  const shops = new LRUCache<string, ShopState>({ max: MAX_SHOPS });
  /** slug or id as asked -> shop id. */
  const aliases = new LRUCache<string, string>({ max: MAX_SHOPS * 2 });
  /** request URL -> the answer it asked for. */
  const urls = new LRUCache<string, { shopId: string; key: string }>({ max: MAX_SHOPS * 4 });
  const changes = createChangeLog(MAX_CHANGES);
  const changedSince = changes.changedSince;
  const inFlight = new Map<string, Promise<unknown>>();
  let hits = 0;
  let misses = 0;
  /** Bumped when listening starts or stops: loads begun before it are not kept. */
  let epoch = 0;

  function stateOf(shopId: string): ShopState {
    let state = shops.get(shopId);
    if (!state) {
      state = { days: new Map(), answers: new Map() };
      shops.set(shopId, state);
    }
    return state;
  }

  function onNotification(payload: string | undefined) {
    const note = parseScheduleNotification(payload);
    if (!note) return;
    const { shopId, scope, kind, rowId, rowState } = note;
    const seq = changes.record(shopId, scope === 'day');
    // What is now out of date goes at once (the checks above would refuse it anyway).
    const state = shops.peek(shopId);
    if (!state) return;
    state.answers.clear();
    if (scope !== 'day') {
      state.snapshot = undefined;
      state.days.clear();
      return;
    }
    // One appointment or time off changed: set or remove that row in every day held, which then is as current as
    // this notification. Rows are keyed by id, so a row a day already read from the database is simply set again.
    const busy = busyOf(kind, rowState);
    if (busy === undefined || !rowId) {
      state.days.clear();
      return;
    }
    for (const kept of state.days.values()) {
      const day = kept.value;
      if (busy && busy.start.getTime() < day.end && busy.end.getTime() > day.start) day.busy.set(rowId, busy);
      else day.busy.delete(rowId);
      kept.loadedAt = seq;
    }
  }

  function forgetEverything() {
    epoch++;
    shops.clear();
    aliases.clear();
    urls.clear();
  }

  const subscriber = createScheduleSubscriber({
    dataSource,
    connectionString: deps.connectionString,
    logger: deps.logger,
    onChange: onNotification,
    onReset: forgetEverything,
  });

  /** A load may be kept when listening went on all along and nothing changed the shop since it began. */
  function keepable(shopId: string, startedEpoch: number, loadedAt: number, scope: 'any' | 'shop') {
    return subscriber.listening && epoch === startedEpoch && !changedSince(shopId, loadedAt, scope);
  }

  /** One load per key at a time: a burst of misses after a write costs one query. */
  function once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = load().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    get listening() {
      return subscriber.listening;
    },

    async snapshot(slugOrId) {
      const shopId = aliases.get(slugOrId);
      const kept = shopId ? shops.get(shopId)?.snapshot : undefined;
      if (shopId && kept && subscriber.listening && !changedSince(shopId, kept.loadedAt, 'shop')) {
        hits++;
        return kept.value;
      }
      misses++;
      const startedEpoch = epoch;
      const loadedAt = changes.seq;
      const value = await once(`shop:${slugOrId}:${loadedAt}:${startedEpoch}`, () =>
        loadSnapshot(dataSource, slugOrId),
      );
      if (value && keepable(value.shop.id, startedEpoch, loadedAt, 'shop')) {
        stateOf(value.shop.id).snapshot = { loadedAt, value };
        aliases.set(slugOrId, value.shop.id);
      }
      return value;
    },

    async schedules(snapshot, date, barbers) {
      const shopId = snapshot.shop.id;
      const kept = shops.get(shopId)?.days.get(date);
      if (kept && subscriber.listening && !changedSince(shopId, kept.loadedAt, 'any'))
        return schedulesOf(kept.value, barbers);
      const startedEpoch = epoch;
      const loadedAt = changes.seq;
      const busy = await once(`day:${shopId}:${date}:${loadedAt}:${startedEpoch}`, () =>
        loadBusy(dataSource, shopId, date, snapshot.shop.timeZone),
      );
      if (keepable(shopId, startedEpoch, loadedAt, 'any')) {
        boundedSet(stateOf(shopId).days, date, { loadedAt, value: busy }, MAX_DAYS_PER_SHOP);
      }
      return schedulesOf(busy, barbers);
    },

    async answer(shopId, key, now, compute) {
      const kept = shops.get(shopId)?.answers.get(key);
      if (kept && subscriber.listening && now < kept.value.validUntil && !changedSince(shopId, kept.loadedAt, 'any')) {
        hits++;
        return kept.value;
      }
      misses++;
      const startedEpoch = epoch;
      const loadedAt = changes.seq;
      // The burst of questions right after a write waits for one computation.
      const answer = await once(`answer:${shopId}:${key}:${loadedAt}:${startedEpoch}`, async () => {
        const computed = await compute();
        return { body: computed.body, etag: etagOf(computed.body), validUntil: computed.validUntil } as CachedAnswer;
      });
      if (keepable(shopId, startedEpoch, loadedAt, 'any')) {
        boundedSet(stateOf(shopId).answers, key, { loadedAt, value: answer }, MAX_ANSWERS_PER_SHOP);
      }
      return answer;
    },

    peek(url, now) {
      if (!subscriber.listening) return null;
      const link = urls.get(url);
      if (!link) return null;
      const state = shops.get(link.shopId);
      const snapshot = state?.snapshot;
      const kept = state?.answers.get(link.key);
      if (!snapshot || !kept || !snapshot.value.shop.isActive || now >= kept.value.validUntil) return null;
      if (changedSince(link.shopId, kept.loadedAt, 'any') || changedSince(link.shopId, snapshot.loadedAt, 'shop')) {
        return null;
      }
      hits++;
      return kept.value;
    },

    remember(url, shopId, key) {
      if (subscriber.listening) urls.set(url, { shopId, key });
    },

    stats() {
      return { listening: subscriber.listening, shops: shops.size, hits, misses, notifications: changes.seq };
    },

    sync: (timeoutMs) => subscriber.sync(timeoutMs),
    ready: () => subscriber.ready(),
    close: () => subscriber.close(),
  };
}
