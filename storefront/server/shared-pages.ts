/**
 * The page cache's second tier (issue 29, item 2; decision 0192): rendered shop pages' brotli copies in Redis,
 * shared by every storefront process, so a process keeps only a hot set in its own memory (html-cache.ts) and the
 * long tail is held once for all replicas instead of once per process.
 *
 * - One Redis hash per shop (`{prefix}storefront:html:{slug}`), a field per page key (html-cache.ts's pageCacheKey:
 *   the shop's version, origin, Go Home, path and day), so a page is only ever found for the version the asker
 *   holds, and a shop's change drops its pages in one DEL: shop-cache.ts's invalidation script deletes the hash in
 *   the same step as the shop's record, for every process at once.
 * - A write is refused when a newer version of the shop was announced meanwhile (the `min` key the invalidation
 *   sets), and a write for another version or day first drops the hash, so a hash holds one version's pages.
 * - Size: a hash lives PAGE_REDIS_TTL_S at most and never past the end of its UTC day (the key's day); pages larger
 *   than MAX_PAGE_BYTES are not shared. Redis's own maxmemory policy is the operator's bound on the whole.
 * - Redis trouble is a miss, never an error page: a read waits READ_TIMEOUT_MS at most, and after a failure Redis is
 *   not asked again for PAUSE_AFTER_ERROR_MS (pages are rendered meanwhile, as without Redis, and not shared).
 */
import type { Redis } from 'ioredis';
import type { CachedResponse } from './html-cache';
import { storefrontKey } from './shop-cache';

/**
 * What a Redis read may take before the page is rendered instead (a Redis that hangs). Measured by a timer, so it
 * includes the event loop's own delays: on a busy core a render or two can hold the loop for 100 ms, and a timeout
 * that short (without the second look below) took healthy reads for failures.
 */
const READ_TIMEOUT_MS = 500;
const PAUSE_AFTER_ERROR_MS = 1_000;
/** A page's brotli copy is about 5 KB; anything far larger stays in the process that rendered it. */
const MAX_PAGE_BYTES = 256 * 1024;
/** The hash's own field: the version and day its pages are for. */
const TAG_FIELD = '@';

/**
 * KEYS: the shop's page hash, its newest announced version. ARGV: version, tag (version and day), field, page, TTL
 * in ms.
 */
const SHARE_PAGE = `
local minVersion = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) < minVersion then return 0 end
local tag = redis.call('HGET', KEYS[1], '${TAG_FIELD}')
if tag and tag ~= ARGV[2] then redis.call('DEL', KEYS[1]) end
redis.call('HSET', KEYS[1], '${TAG_FIELD}', ARGV[2], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

export interface SharedPagesOptions {
  redis: Redis;
  keyPrefix: string;
  /** How long a shop's pages stay in Redis at most (capped at the end of their day). */
  ttlMs: number;
  now?: () => number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

/** A stored page: `{etag}\n{content type}\n` and the brotli bytes. */
function encode(page: CachedResponse): Buffer {
  return Buffer.concat([Buffer.from(`${page.etag}\n${page.contentType}\n`), page.br]);
}

function decode(value: Buffer): CachedResponse | undefined {
  const first = value.indexOf(10);
  const second = first === -1 ? -1 : value.indexOf(10, first + 1);
  if (second === -1 || second + 1 >= value.length) return undefined;
  return {
    etag: value.toString('utf8', 0, first),
    contentType: value.toString('utf8', first + 1, second),
    // A copy of its own size: the reply may be a view of the connection's read buffer, which must not stay pinned.
    br: Buffer.from(value.subarray(second + 1)),
  };
}

/** The page key's day (pageCacheKey ends with it): the shared copy expires with it. */
function msLeftInDay(key: string, now: number): number {
  const day = /\|(\d{4}-\d{2}-\d{2})$/.exec(key)?.[1];
  if (!day) return Number.POSITIVE_INFINITY;
  return Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000 - now;
}

export class SharedPages {
  /** Pages answered from Redis, asked for and not there, and reads or writes that failed (GET /_internal/stats). */
  hits = 0;
  misses = 0;
  errors = 0;
  /** Pages written (accepted by the script). */
  writes = 0;
  private pausedUntil = 0;
  private readonly now: () => number;

  constructor(private readonly opts: SharedPagesOptions) {
    this.now = opts.now ?? Date.now;
  }

  private hashKey(slug: string): string {
    return storefrontKey(this.opts.keyPrefix, 'html', slug);
  }

  private available(): boolean {
    return this.pausedUntil <= this.now() && this.opts.redis.status === 'ready';
  }

  private failed(operation: string, err: unknown): void {
    this.errors++;
    // Logged once per pause, not per request.
    if (this.pausedUntil <= this.now()) {
      this.opts.log?.('redis unavailable for shared pages: rendering instead', {
        operation,
        err: err instanceof Error ? err.message : String(err),
      });
    }
    this.pausedUntil = this.now() + PAUSE_AFTER_ERROR_MS;
  }

  /** The page for `key` if a process shared it; undefined on a miss and on any Redis trouble. */
  async get(slug: string, key: string): Promise<CachedResponse | undefined> {
    if (!this.available()) {
      this.misses++;
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const value = await Promise.race([
        this.opts.redis.hgetBuffer(this.hashKey(slug), key),
        new Promise<never>((_, reject) => {
          // Once the loop has also read its sockets (setImmediate runs after that phase): an answer that arrived while
          // the loop was busy is taken, not counted as Redis hanging.
          timer = setTimeout(
            () => setImmediate(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS} ms`))),
            READ_TIMEOUT_MS,
          );
        }),
      ]);
      const page = value ? decode(value) : undefined;
      if (page) this.hits++;
      else this.misses++;
      return page;
    } catch (err) {
      this.misses++;
      this.failed('read', err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Share a page just rendered for the shop's `version` (in the background; failures are only counted). */
  set(slug: string, key: string, version: number, page: CachedResponse): void {
    if (page.status !== undefined || page.br.length > MAX_PAGE_BYTES || !this.available()) return;
    const ttl = Math.min(this.opts.ttlMs, msLeftInDay(key, this.now()));
    if (!(ttl > 0)) return;
    const tag = `${version}|${key.slice(key.lastIndexOf('|') + 1)}`;
    this.opts.redis
      .eval(
        SHARE_PAGE,
        2,
        this.hashKey(slug),
        storefrontKey(this.opts.keyPrefix, 'min', slug),
        String(version),
        tag,
        key,
        encode(page),
        String(Math.ceil(ttl)),
      )
      .then(
        (written) => {
          if (written === 1) this.writes++;
        },
        (err: unknown) => this.failed('write', err),
      );
  }
}
