/**
 * The storefront's read path for shop pages: process memory, then Redis (when configured), then the api.
 *
 * - Single flight: concurrent misses for one slug share one api call.
 * - Negative caching: an unknown slug is remembered briefly, so a bot walking random slugs cannot storm the api.
 * - Invalidation, not only TTLs: a ShopChangedEvent (Redis pub/sub or POST /_internal/shop-changed) drops the
 *   slug here and in Redis. TTLs only bound the damage of a lost event.
 * - The stale-write race: a fetch that started before a change must not put its old answer back after the
 *   invalidation. Two guards: a generation per slug (bumped by every invalidation; a write carries the generation
 *   it started under and is dropped if it moved, atomically in Redis by a Lua script), and the event's version
 *   (a found page older than the newest version announced is never stored, whenever its fetch started).
 * - Stale if error: an expired or invalidated copy is kept; when the api cannot answer, that last good copy is
 *   served (and not asked again for STALE_IF_ERROR_RETRY_MS) instead of an error page.
 * - A flood of unknown slugs (a bot, a scan) cannot storm the api, and cannot cost a real shop its page
 *   (decision 0053). The budget is per client (the address the front door saw): once NOT_FOUND_BUDGET of one
 *   client's lookups answered 404 within 10 s, that client's lookups of slugs this process does not hold are
 *   refused without asking the api (ShopLookupShedError: 503 'Error loading shop') for SHIELD_MS from that moment;
 *   refused requests extend nothing. Found shops never count. Every other client is unaffected, and while the api
 *   is busy (at most API_CONCURRENCY lookups at once) clients with no 404 in their window go first, so real
 *   visitors keep a lane of their own against a flood spread over many addresses.
 */
import { type ShopChangedEvent, type ShopPage, TIMINGS } from '@barberly/common';
import type { Redis } from 'ioredis';
import type { ShopLoad } from '../lib/storefront-context';
import { type ApiShopResult, ShopApiError } from './shop-api';

export type { ShopLoad };

export interface ShopCacheTtls {
  /** Redis copies. */
  redisFoundMs: number;
  redisNotFoundMs: number;
  /** Process memory copies. */
  localFoundMs: number;
  localNotFoundMs: number;
}

export const DEFAULT_TTLS: ShopCacheTtls = {
  redisFoundMs: 10 * 60_000,
  redisNotFoundMs: 15_000,
  // With Redis, pub/sub keeps every process coherent; the short local TTL bounds a message lost in a reconnect.
  // It is the spec's freshness of cached shop data (30 s, 'Subdomain mode data').
  localFoundMs: TIMINGS.cachedShopFreshnessMs,
  localNotFoundMs: 5_000,
};

export interface ShopCacheOptions {
  fetchShop: (slug: string) => Promise<ApiShopResult>;
  redis?: Redis | null;
  keyPrefix: string;
  ttls?: Partial<ShopCacheTtls>;
  /** Bounds process memory; least recently used slugs go first. */
  maxLocalEntries?: number;
  /**
   * Shops whose version is remembered without their record (about 100 bytes each): a held page is answered while
   * its shop's version is fresh here, even once the record itself made room for others (issue 12).
   */
  maxVersionEntries?: number;
  now?: () => number;
  /** Told about every slug invalidated here (the rendered-HTML cache listens). */
  onInvalidate?: (slug: string) => void;
  /** Redis trouble is logged and bypassed: the page is then served from memory or the api. */
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** Flood protection (defaults below); tests lower them. */
  apiConcurrency?: number;
  notFoundBudget?: number;
}

/** One client's unknown-slug lookups in the current window. */
interface ClientRecord {
  windowStart: number;
  notFound: number;
  /** Refused (for slugs not held) until then; set once, when the budget runs out. */
  refusedUntil: number;
}

const MAX_CLIENT_RECORDS = 50_000;

/** Lookups of slugs this process has never seen, refused while a flood of unknown slugs is going on. */
export class ShopLookupShedError extends ShopApiError {
  override name = 'ShopLookupShedError';
}

interface LocalEntry {
  load: ShopLoad;
  expiresAt: number;
}

interface StoredRecord {
  s: 'found' | 'none';
  p?: ShopPage;
}

/** Write a fetched record unless the slug was invalidated meanwhile or a newer version was announced. */
const GUARDED_SET = `
local gen = redis.call('GET', KEYS[2]) or '0'
if gen ~= ARGV[1] then return 0 end
local minVersion = tonumber(redis.call('GET', KEYS[3]) or '0')
if tonumber(ARGV[4]) < minVersion then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;

/**
 * Drop the record and the shop's shared pages (shared-pages.ts), move the generation on and remember the newest
 * version announced.
 */
const INVALIDATE = `
redis.call('DEL', KEYS[1], KEYS[4])
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
local current = tonumber(redis.call('GET', KEYS[3]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[3], ARGV[1], 'PX', ARGV[2]) end
return 1
`;

/** How long Redis remembers a slug's generation and newest version: far longer than any fetch takes. */
const GUARD_TTL_MS = 24 * 60 * 60_000;
const STALE_RETRIES = 2;
const STALE_RETRY_DELAY_MS = 50;
/** After the api failed, a stale copy is served for this long before the api is asked again. */
const STALE_IF_ERROR_RETRY_MS = 2_000;
const API_CONCURRENCY = 8;
const NOT_FOUND_BUDGET = 10;
const NOT_FOUND_WINDOW_MS = 10_000;
const SHIELD_MS = 5_000;

function versionOf(page: ShopPage): number | null {
  const version = (page.shop as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' && Number.isFinite(version) ? version : null;
}

/** A Redis key of the storefront's: a shop's record, its generation, newest version, or shared pages. */
export function storefrontKey(prefix: string, kind: 'page' | 'gen' | 'min' | 'html', slug: string): string {
  return `${prefix}storefront:${kind}:${slug}`;
}

export class ShopCache {
  private readonly local = new Map<string, LocalEntry>();
  private readonly versions = new Map<string, { version: number; expiresAt: number; staleUntil: number }>();
  private readonly maxVersions: number;
  private readonly inflight = new Map<string, Promise<ShopLoad>>();
  private readonly generations = new Map<string, number>();
  private readonly minVersions = new Map<string, number>();
  private readonly slugById = new Map<string, string>();
  private readonly ttls: ShopCacheTtls;
  private readonly maxLocal: number;
  private readonly now: () => number;
  /** Api calls made, for the operator's health output and the tests. */
  apiCalls = 0;
  /** Answers served from a stale copy because the api failed. */
  staleServed = 0;
  /** Look-ups answered from process memory, and those that had to load (metrics: the shop cache's hit ratio). */
  localHits = 0;
  localMisses = 0;
  /** Lookups refused during a flood of unknown slugs. */
  shed = 0;
  private apiActive = 0;
  /** Waiting lookups: clients in good standing first, then clients with 404s in their window. */
  private readonly apiQueue: { clean: (() => void)[]; suspect: (() => void)[] } = { clean: [], suspect: [] };
  private readonly clients = new Map<string, ClientRecord>();

  constructor(private readonly opts: ShopCacheOptions) {
    this.ttls = { ...DEFAULT_TTLS, ...opts.ttls };
    this.maxLocal = opts.maxLocalEntries ?? 20_000;
    this.maxVersions = Math.max(this.maxLocal, opts.maxVersionEntries ?? 200_000);
    this.now = opts.now ?? Date.now;
  }

  private key(kind: 'page' | 'gen' | 'min' | 'html', slug: string): string {
    return storefrontKey(this.opts.keyPrefix, kind, slug);
  }

  /**
   * The shop page for a slug (lowercase), from the nearest layer that has it. Api failures reject. `client` is who
   * asks (the address the front door saw): unknown-slug budgets are kept per client.
   */
  get(slug: string, client = 'unknown'): Promise<ShopLoad> {
    const entry = this.local.get(slug);
    if (entry && entry.expiresAt > this.now()) {
      // Refresh the slug's place in the LRU order.
      this.local.delete(slug);
      this.local.set(slug, entry);
      this.localHits++;
      return Promise.resolve(entry.load);
    }
    this.localMisses++;
    const pending = this.inflight.get(slug);
    if (pending) return pending;
    const load = this.load(slug, client)
      .catch((err: unknown) => this.staleIfError(slug, err))
      .finally(() => {
        if (this.inflight.get(slug) === load) this.inflight.delete(slug);
      });
    this.inflight.set(slug, load);
    return load;
  }

  /** The api failed: answer the last good copy if this process has one (and keep it a little while), else fail. */
  private staleIfError(slug: string, err: unknown): ShopLoad {
    const entry = this.local.get(slug);
    if (!entry) throw err;
    this.staleServed++;
    entry.expiresAt = this.now() + STALE_IF_ERROR_RETRY_MS;
    this.opts.log?.('api unavailable: serving the last good copy', {
      slug,
      err: err instanceof Error ? err.message : String(err),
    });
    return entry.load;
  }

  /** Shops held in process memory (fresh or not). */
  get size(): number {
    return this.local.size;
  }

  /** The shop if this process holds a fresh copy; no promise, no I/O (the rendered-page fast path). */
  peek(slug: string): ShopLoad | undefined {
    const entry = this.local.get(slug);
    return entry && entry.expiresAt > this.now() ? entry.load : undefined;
  }

  private generation(slug: string): number {
    return this.generations.get(slug) ?? 0;
  }

  private isStale(page: ShopPage, slug: string): boolean {
    const version = versionOf(page);
    return version !== null && version < (this.minVersions.get(slug) ?? 0);
  }

  /**
   * The shop's version while this process holds it fresh (with or without the record); no promise, no I/O: the
   * rendered-page fast path needs nothing else.
   */
  peekVersion(slug: string): number | null {
    const held = this.peekHeldVersion(slug);
    return held?.fresh ? held.version : null;
  }

  /**
   * The same, and also a version past its freshness by less than one more freshness period: the page for it may be
   * answered while the record is fetched again in the background (stale-while-revalidate). A change announced for
   * the shop drops the version at once, so this never outlives an invalidation; only a lost one.
   */
  peekHeldVersion(slug: string): { version: number; fresh: boolean } | null {
    const entry = this.versions.get(slug);
    const now = this.now();
    if (!entry || entry.staleUntil <= now) return null;
    // Most recently used last, so the least used go first.
    this.versions.delete(slug);
    this.versions.set(slug, entry);
    return { version: entry.version, fresh: entry.expiresAt > now };
  }

  private remember(slug: string, load: ShopLoad, generation: number): void {
    if (this.generation(slug) !== generation) return;
    if (load.status === 'found' && this.isStale(load.page, slug)) return;
    const ttl = load.status === 'found' ? this.ttls.localFoundMs : this.ttls.localNotFoundMs;
    this.local.delete(slug);
    this.local.set(slug, { load, expiresAt: this.now() + ttl });
    if (load.status === 'found' && load.page.shop?.id) this.slugById.set(load.page.shop.id, slug);
    const version = load.status === 'found' ? versionOf(load.page) : null;
    this.versions.delete(slug);
    if (version !== null) {
      this.versions.set(slug, { version, expiresAt: this.now() + ttl, staleUntil: this.now() + 2 * ttl });
    }
    while (this.versions.size > this.maxVersions) {
      const oldest = this.versions.keys().next().value;
      if (oldest === undefined) break;
      this.versions.delete(oldest);
    }
    while (this.local.size > this.maxLocal) {
      const oldest = this.local.keys().next().value;
      if (oldest === undefined) break;
      this.local.delete(oldest);
    }
  }

  private async load(slug: string, client: string): Promise<ShopLoad> {
    const generation = this.generation(slug);
    const { redis } = this.opts;

    let redisGeneration: string | null = null;
    if (redis) {
      try {
        const [raw, gen] = await redis.mget(this.key('page', slug), this.key('gen', slug));
        redisGeneration = gen ?? '0';
        const stored = raw ? this.parse(raw) : null;
        if (stored && !(stored.status === 'found' && this.isStale(stored.page, slug))) {
          this.remember(slug, stored, generation);
          return stored;
        }
      } catch (err) {
        this.redisFailed('read', err);
      }
    }

    let load = await this.fetch(slug, client);
    // The api answered with a version older than one already announced (a replica behind, or an event that
    // overtook its commit): ask again briefly, then serve it without storing it.
    for (let i = 0; i < STALE_RETRIES && load.status === 'found' && this.isStale(load.page, slug); i++) {
      await new Promise((resolve) => setTimeout(resolve, STALE_RETRY_DELAY_MS));
      load = await this.fetch(slug, client);
    }

    this.remember(slug, load, generation);
    // Without the generation read before the fetch there is no safe way to write: skip Redis this time.
    if (redis && redisGeneration !== null) {
      const record: StoredRecord = load.status === 'found' ? { s: 'found', p: load.page } : { s: 'none' };
      const ttl = load.status === 'found' ? this.ttls.redisFoundMs : this.ttls.redisNotFoundMs;
      // A 404 (or a page without a version) passes the version guard: only the generation guards it
      // (a shop created meanwhile bumps it).
      const version =
        load.status === 'found' ? (versionOf(load.page) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
      await redis
        .eval(
          GUARDED_SET,
          3,
          this.key('page', slug),
          this.key('gen', slug),
          this.key('min', slug),
          redisGeneration,
          JSON.stringify(record),
          String(ttl),
          String(version),
        )
        .catch((err: unknown) => this.redisFailed('write', err));
    }
    return load;
  }

  private record(client: string): ClientRecord {
    const now = this.now();
    let record = this.clients.get(client);
    if (!record || (now - record.windowStart >= NOT_FOUND_WINDOW_MS && record.refusedUntil <= now)) {
      if (this.clients.size >= MAX_CLIENT_RECORDS) this.clients.clear();
      record = { windowStart: now, notFound: 0, refusedUntil: 0 };
      this.clients.set(client, record);
    }
    return record;
  }

  private refused(slug: string, client: string): boolean {
    return this.record(client).refusedUntil > this.now() && !this.local.has(slug);
  }

  private async fetch(slug: string, client: string): Promise<ShopLoad> {
    if (this.refused(slug, client)) throw this.refuse();
    const limit = this.opts.apiConcurrency ?? API_CONCURRENCY;
    if (this.apiActive >= limit) {
      const lane = this.record(client).notFound > 0 ? this.apiQueue.suspect : this.apiQueue.clean;
      await new Promise<void>((resolve) => lane.push(resolve));
    }
    this.apiActive++;
    try {
      // The client may have run out of budget while this lookup waited for its turn.
      if (this.refused(slug, client)) throw this.refuse();
      this.apiCalls++;
      const result = await this.opts.fetchShop(slug);
      if (result.status === 'not-found') this.countNotFound(client);
      return result;
    } finally {
      this.apiActive--;
      (this.apiQueue.clean.shift() ?? this.apiQueue.suspect.shift())?.();
    }
  }

  /** A refused lookup. It extends nothing: the client's block ends SHIELD_MS after its budget ran out. */
  private refuse(): ShopLookupShedError {
    this.shed++;
    return new ShopLookupShedError('too many unknown shops asked for by this client: lookup refused');
  }

  private countNotFound(client: string): void {
    const record = this.record(client);
    record.notFound++;
    if (record.notFound >= (this.opts.notFoundBudget ?? NOT_FOUND_BUDGET) && record.refusedUntil <= this.now()) {
      record.refusedUntil = this.now() + SHIELD_MS;
      this.opts.log?.('a client asked for many unknown shops: its new slugs refused for a while', {
        client,
        forMs: SHIELD_MS,
      });
    }
  }

  private redisFailed(operation: string, err: unknown): void {
    this.opts.log?.('redis unavailable for the shop cache', {
      operation,
      err: err instanceof Error ? err.message : String(err),
    });
  }

  private parse(raw: string): ShopLoad | null {
    try {
      const record = JSON.parse(raw) as StoredRecord;
      if (record.s === 'none') return { status: 'not-found' };
      if (record.s === 'found' && record.p && typeof record.p === 'object') return { status: 'found', page: record.p };
    } catch {
      // A record we cannot read is a miss.
    }
    return null;
  }

  /**
   * A shop, its services or its barbers changed. Drops the slug here (and the slug the shop had before, if its
   * address changed) and, with Redis, for every process sharing it.
   */
  async invalidate(event: ShopChangedEvent): Promise<void> {
    const slugs = new Set([event.slug.toLowerCase()]);
    const previous = this.slugById.get(event.shopId);
    if (previous) slugs.add(previous);
    for (const slug of slugs) {
      this.generations.set(slug, this.generation(slug) + 1);
      this.minVersions.set(slug, Math.max(this.minVersions.get(slug) ?? 0, event.version));
      // Expired, not dropped: it is the last good copy if the api cannot answer the next request.
      this.expire(slug);
      this.inflight.delete(slug);
      this.opts.onInvalidate?.(slug);
      if (this.opts.redis) {
        await this.opts.redis
          .eval(
            INVALIDATE,
            4,
            this.key('page', slug),
            this.key('gen', slug),
            this.key('min', slug),
            this.key('html', slug),
            String(event.version),
            String(GUARD_TTL_MS),
          )
          .catch((err: unknown) => this.redisFailed('invalidate', err));
      }
    }
    if (this.generations.size > this.maxLocal * 2) this.trimGuards();
  }

  /** Forget everything held in this process (Redis is untouched): after a pub/sub reconnect, events may be lost. */
  clearLocal(): void {
    for (const slug of new Set([...this.local.keys(), ...this.inflight.keys(), ...this.versions.keys()])) {
      this.generations.set(slug, this.generation(slug) + 1);
      this.opts.onInvalidate?.(slug);
      this.expire(slug);
    }
    this.inflight.clear();
  }

  private expire(slug: string): void {
    const entry = this.local.get(slug);
    if (entry) entry.expiresAt = 0;
    this.versions.delete(slug);
  }

  private trimGuards(): void {
    // Guards only matter while a fetch is in flight or for records still held; the rest can go.
    for (const slug of this.generations.keys()) {
      if (!this.local.has(slug) && !this.inflight.has(slug) && !this.versions.has(slug)) {
        this.generations.delete(slug);
        this.minVersions.delete(slug);
      }
    }
  }
}
