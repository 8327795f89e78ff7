// One cohesive thing: the three cache levels are checked against the same per-shop change record fed by one LISTEN connection; kept in one file so a load that raced a write stays refused at every level.
import { createHash, randomUUID } from 'node:crypto';
import { type BarberSchedule, dayBounds, LIVE_APPOINTMENT_STATUSES, type SpecialDay } from '@barberly/common';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { BarberEntity } from '../barbers/barber.entity';
import { type BarberOffers, loadOffers } from '../barbers/barber-offers';
import { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopBySlugOrId } from '../shops/shop-access';
import { loadSpecialDays } from '../special-days/special-days.repository';

/**
 * Availability's cache (issue 12, decision 0060). Per api process, three levels per shop:
 *
 *   shop      the shop record, its services, its barbers (in rotation order) and who does what (barber_services)
 *   day       one query's worth of a day's busy intervals (live appointments until their blocked_until, time off,
 *             active waitlist holds with their expiry) for all its barbers
 *   answer    the JSON of one (date, service, barber) question, with its ETag, valid until `now` would change it
 *
 * Postgres tells every api process about each committed write that changes a shop's free times (LISTEN on the
 * `barberly_schedule` channel; triggers in migration 1795350000000): scope 'shop' drops all three levels, 'day' the
 * last two. A load that raced a write is not kept: each level remembers the generation it was loaded at and is
 * stored only if no notification arrived meanwhile, so a stale answer lives at most until the notification of the
 * write that made it stale is delivered (measured in docs/benchmarks.md). While the listening connection is down
 * nothing is cached and every question reads the database, as without the cache; bookings are guarded by the
 * database's no-overlap constraint either way.
 *
 * Issue 14 (decision 0160, migration 1795390000000): barber_services notifies scope 'shop'; slot_holds notifies
 * 'day' with kind 'h' and the hold's expiry. A hold stops counting when it expires without any write, so the day
 * keeps expired holds and each answer is valid only until the earliest expiry of a hold it relied on.
 */

export const SCHEDULE_CHANNEL = 'barberly_schedule';

/** An answer is recomputed at least this often, so a day entering the booking horizon shows up within it. */
export const ANSWER_MAX_AGE_MS = 30_000;

export interface ShopSnapshot {
  shop: ShopEntity;
  services: Map<string, ServiceEntity>;
  /** In the order 'any' lists them (created first first). */
  barbers: BarberEntity[];
  /** Each barber's barber_services rows (issue 14), by barber id. */
  offers: Map<string, BarberOffers>;
  /**
   * The shop's and its barbers' special days (issue 25): a change to one notifies scope 'shop' (migration
   * 1795480000000), which drops this snapshot.
   */
  specialDays: SpecialDay[];
}

export interface CachedAnswer {
  body: string;
  etag: string;
  /** Epoch ms after which `now` may change the answer (a slot passes its notice). */
  validUntil: number;
}

interface Busy {
  barberId: string;
  start: Date;
  end: Date;
  kind: 'appointment' | 'time_off' | 'hold';
  /** A hold's expiry (epoch ms). */
  expiresAt?: number;
}

/** A day's busy rows by row id (appointment, time off or hold): setting or removing one row is idempotent. */
interface Day {
  start: number;
  end: number;
  busy: Map<string, Busy>;
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
const RECONNECT_MS = 1_000;

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

async function loadSnapshot(dataSource: DataSource, slugOrId: string): Promise<ShopSnapshot | null> {
  const manager = dataSource.manager;
  const shop = await findShopBySlugOrId(manager, slugOrId);
  if (!shop) return null;
  const [services, barbers] = await Promise.all([
    manager.getRepository(ServiceEntity).find({ where: { shopId: shop.id } }),
    manager.getRepository(BarberEntity).find({ where: { shopId: shop.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
  ]);
  const offers = await loadOffers(
    manager,
    barbers.map((b) => b.id),
  );
  // All of them: a shop sets a dozen or two a year, and the questions may be about any date (tests move the clock).
  const specialDays = await loadSpecialDays(manager, shop.id, '0001-01-01', '9999-12-31');
  return { shop, services: new Map(services.map((s) => [s.id, s])), barbers, offers, specialDays };
}

async function loadBusy(dataSource: DataSource, shopId: string, date: string, timeZone: string): Promise<Day> {
  const range = dayBounds(date, timeZone);
  const rows = (await dataSource.query(
    `SELECT a."id", a."barber_id", a."starts_at", a."blocked_until" AS "ends_at", 'appointment' AS "kind",
         NULL::timestamptz AS "expires_at"
       FROM "appointments" a
       WHERE a."shop_id" = $1 AND a."status" = ANY($2::varchar[]) AND a."starts_at" < $4 AND a."blocked_until" > $3
     UNION ALL
     SELECT t."id", t."barber_id", t."starts_at", t."ends_at", 'time_off' AS "kind", NULL::timestamptz AS "expires_at"
       FROM "barber_time_off" t
       JOIN "barbers" b ON b."id" = t."barber_id"
       WHERE b."shop_id" = $1 AND t."starts_at" < $4 AND t."ends_at" > $3
     UNION ALL
     SELECT h."id", h."barber_id", h."starts_at", h."ends_at", 'hold' AS "kind", h."expires_at"
       FROM "slot_holds" h
       WHERE h."shop_id" = $1 AND h."status" = 'active' AND h."starts_at" < $4 AND h."ends_at" > $3`,
    [shopId, [...LIVE_APPOINTMENT_STATUSES], range.start, range.end],
  )) as Array<{
    id: string;
    barber_id: string;
    starts_at: Date;
    ends_at: Date;
    kind: Busy['kind'];
    expires_at: Date | null;
  }>;
  return {
    start: range.start.getTime(),
    end: range.end.getTime(),
    busy: new Map(
      rows.map((r) => [
        r.id,
        {
          barberId: r.barber_id,
          start: r.starts_at,
          end: r.ends_at,
          kind: r.kind,
          ...(r.expires_at ? { expiresAt: r.expires_at.getTime() } : {}),
        },
      ]),
    ),
  };
}

const LIVE = new Set<string>(LIVE_APPOINTMENT_STATUSES);

/**
 * A row's new state from a 'day' notification ('{barberId},{startMs},{endMs},{status}', empty when it is gone), as
 * the busy interval it now is, or null when it no longer blocks anyone (gone, cancelled, a hold no longer active).
 * An appointment's end is its blocked_until; a hold's status is 'held:{expiresMs}'. Undefined: unreadable.
 */
function busyOf(kind: string, state: string): Busy | null | undefined {
  if (state === '') return null;
  const [barberId, startMs, endMs, status] = state.split(',');
  const start = Number(startMs);
  const end = Number(endMs);
  if (!barberId || !Number.isFinite(start) || !Number.isFinite(end) || !status) return undefined;
  if (kind === 'a') {
    if (!LIVE.has(status)) return null;
    return { barberId, start: new Date(start), end: new Date(end), kind: 'appointment' };
  }
  if (kind === 'h') {
    const expiresAt = status.startsWith('held:') ? Number(status.slice('held:'.length)) : Number.NaN;
    if (!Number.isFinite(expiresAt)) return undefined;
    return { barberId, start: new Date(start), end: new Date(end), kind: 'hold', expiresAt };
  }
  if (kind === 'o') return { barberId, start: new Date(start), end: new Date(end), kind: 'time_off' };
  return undefined;
}

function schedulesOf(day: Day, barbers: BarberEntity[]): BarberSchedule[] {
  return barbers.map((barber) => {
    const appointments: BarberSchedule['appointments'] = [];
    const timeOff: NonNullable<BarberSchedule['timeOff']> = [];
    const holds: NonNullable<BarberSchedule['holds']> = [];
    for (const b of day.busy.values()) {
      if (b.barberId !== barber.id) continue;
      if (b.kind === 'hold') holds.push({ start: b.start, end: b.end, expiresAt: new Date(b.expiresAt ?? 0) });
      else (b.kind === 'appointment' ? appointments : timeOff).push({ start: b.start, end: b.end });
    }
    return { id: barber.id, hours: barber.hoursJson, appointments, timeOff, holds };
  });
}

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
  const { dataSource, logger } = deps;
  const shops = new LRUCache<string, ShopState>({ max: MAX_SHOPS });
  /** slug or id as asked -> shop id. */
  const aliases = new LRUCache<string, string>({ max: MAX_SHOPS * 2 });
  /** request URL -> the answer it asked for. */
  const urls = new LRUCache<string, { shopId: string; key: string }>({ max: MAX_SHOPS * 4 });
  /**
   * Per shop, the number of the last notification that changed it (`any`) and the last of scope 'shop'. A shop
   * pushed out of this list counts as changed at `forgottenUpTo`, so an eviction can only make a load be thrown away.
   */
  let forgottenUpTo = 0;
  const changes = new LRUCache<string, { any: number; shop: number }>({
    max: MAX_CHANGES,
    dispose: (value, _key, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, value.any);
    },
  });
  const inFlight = new Map<string, Promise<unknown>>();
  let seq = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let hits = 0;
  let misses = 0;
  /** Bumped when listening starts or stops: loads begun before it are not kept. */
  let epoch = 0;

  /** Whether the shop changed after `loadedAt` (any change, or one of scope 'shop'). */
  function changedSince(shopId: string, loadedAt: number, scope: 'any' | 'shop'): boolean {
    const last = changes.peek(shopId);
    return (last ? last[scope] : forgottenUpTo) > loadedAt;
  }

  function stateOf(shopId: string): ShopState {
    let state = shops.get(shopId);
    if (!state) {
      state = { days: new Map(), answers: new Map() };
      shops.set(shopId, state);
    }
    return state;
  }

  const syncs = new Map<string, () => void>();

  function onNotification(payload: string | undefined) {
    const [shopId, scope, kind = '', rowId = '', rowState = ''] = (payload ?? '').split(':');
    if (!shopId) return;
    if (shopId === 'sync') {
      syncs.get(scope ?? '')?.();
      return;
    }
    seq++;
    const last = changes.peek(shopId) ?? { any: 0, shop: 0 };
    last.any = seq;
    if (scope !== 'day') last.shop = seq;
    changes.set(shopId, last);
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

  /** A load may be kept when listening went on all along and nothing changed the shop since it began. */
  function keepable(shopId: string, startedEpoch: number, loadedAt: number, scope: 'any' | 'shop') {
    return listening && epoch === startedEpoch && !changedSince(shopId, loadedAt, scope);
  }

  let firstConnect: Promise<void> | null = null;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: 'barberly-availability' });
    next.on('notification', (msg) => {
      if (msg.channel === SCHEDULE_CHANNEL) onNotification(msg.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      forgetEverything();
      if (closed) return;
      logger.warn({ err: err?.message }, 'availability cache stopped listening; reading the database until it is back');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${SCHEDULE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was loaded before LISTEN took effect may have missed a notification.
    forgetEverything();
    listening = true;
  }
  async function reconnect() {
    if (closed || client) return;
    try {
      await connect();
      logger.info('availability cache listening again');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'availability cache could not listen; retrying');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
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
      return listening;
    },

    async snapshot(slugOrId) {
      const shopId = aliases.get(slugOrId);
      const kept = shopId ? shops.get(shopId)?.snapshot : undefined;
      if (shopId && kept && listening && !changedSince(shopId, kept.loadedAt, 'shop')) {
        hits++;
        return kept.value;
      }
      misses++;
      const startedEpoch = epoch;
      const loadedAt = seq;
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
      if (kept && listening && !changedSince(shopId, kept.loadedAt, 'any')) return schedulesOf(kept.value, barbers);
      const startedEpoch = epoch;
      const loadedAt = seq;
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
      if (kept && listening && now < kept.value.validUntil && !changedSince(shopId, kept.loadedAt, 'any')) {
        hits++;
        return kept.value;
      }
      misses++;
      const startedEpoch = epoch;
      const loadedAt = seq;
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
      if (!listening) return null;
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
      if (listening) urls.set(url, { shopId, key });
    },

    stats() {
      return { listening, shops: shops.size, hits, misses, notifications: seq };
    },

    async sync(timeoutMs = 5_000) {
      if (!listening) return;
      const token = randomUUID();
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          syncs.delete(token);
          reject(new Error('the availability cache did not hear its own notification'));
        }, timeoutMs);
        syncs.set(token, () => {
          clearTimeout(timer);
          syncs.delete(token);
          resolve();
        });
      });
      await dataSource.query('SELECT pg_notify($1, $2)', [SCHEDULE_CHANNEL, `sync:${token}`]);
      await heard;
    },

    ready() {
      firstConnect ??= connect().catch((err: unknown) => {
        setTimeout(() => void reconnect(), RECONNECT_MS).unref();
        throw err;
      });
      return firstConnect;
    },

    async close() {
      closed = true;
      listening = false;
      const current = client;
      client = null;
      forgetEverything();
      await current?.end().catch(() => undefined);
    },
  };
}
