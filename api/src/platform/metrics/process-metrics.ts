/**
 * What a scrape reads from this process's parts: the PostgreSQL pools, the Redis connection, the caches' own
 * counters, the availability cache's notification lag, and (in processes that run jobs) the durable queue.
 */
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import {
  cacheListening,
  cacheRequests,
  invalidationLag,
  pgPool,
  queueDepth,
  queueOldestAge,
  redisPending,
  redisUp,
  registry,
  workerRunning,
} from './metrics';

interface CacheWithStats {
  readonly listening: boolean;
  stats(): { hits: number; misses: number };
}

export interface MetricSources {
  /** The pools by name ('primary', 'read'). */
  dataSources?: Record<string, DataSource | undefined>;
  redis?: Redis | null;
  /** Caches that count their own hits and misses, by name ('availability', 'analytics'). */
  caches?: Record<string, CacheWithStats | (() => CacheWithStats | undefined) | undefined>;
  /** The availability cache: each scrape times a notification's trip to it. */
  availability?: { listening: boolean; sync(timeoutMs?: number): Promise<void> };
  /** Processes that run jobs: the queues they work, and the database pg-boss keeps them in. */
  queue?: { dataSource: DataSource; queues: () => readonly string[] };
}

let sources: MetricSources = {};
/** Counts already added to the counters, per cache: the caches' own totals only grow. */
const counted = new Map<string, { hits: number; misses: number }>();

/** Tells the scrape what this process has; the last call wins (one per process). */
export function registerMetricSources(next: MetricSources): void {
  sources = next;
}

function poolOf(dataSource: DataSource): Pool | undefined {
  if (!dataSource.isInitialized) return undefined;
  return (dataSource.driver as unknown as { master?: Pool }).master;
}

function collectPools() {
  for (const [name, dataSource] of Object.entries(sources.dataSources ?? {})) {
    const pool = dataSource ? poolOf(dataSource) : undefined;
    if (!pool) continue;
    pgPool.set({ pool: name, state: 'total' }, pool.totalCount);
    pgPool.set({ pool: name, state: 'idle' }, pool.idleCount);
    pgPool.set({ pool: name, state: 'waiting' }, pool.waitingCount);
  }
  const redis = sources.redis;
  if (redis) {
    redisUp.set({ connection: 'commands' }, redis.status === 'ready' ? 1 : 0);
    const queue = (redis as unknown as { commandQueue?: { length: number } }).commandQueue;
    redisPending.set({ connection: 'commands' }, queue?.length ?? 0);
  }
}

function collectCaches() {
  for (const [name, entry] of Object.entries(sources.caches ?? {})) {
    const cache = typeof entry === 'function' ? entry() : entry;
    if (!cache) continue;
    const { hits, misses } = cache.stats();
    const before = counted.get(name) ?? { hits: 0, misses: 0 };
    // A cache made anew (tests) starts from 0 again: count from there.
    const newHits = hits >= before.hits ? hits - before.hits : hits;
    const newMisses = misses >= before.misses ? misses - before.misses : misses;
    if (newHits) cacheRequests.inc({ cache: name, result: 'hit' }, newHits);
    if (newMisses) cacheRequests.inc({ cache: name, result: 'miss' }, newMisses);
    // Both series exist from the first scrape, so a ratio is defined before the first miss.
    if (!before.hits && !newHits) cacheRequests.inc({ cache: name, result: 'hit' }, 0);
    if (!before.misses && !newMisses) cacheRequests.inc({ cache: name, result: 'miss' }, 0);
    counted.set(name, { hits, misses });
    cacheListening.set({ cache: name }, cache.listening ? 1 : 0);
  }
}

async function collectLag() {
  const cache = sources.availability;
  if (!cache?.listening) return;
  const started = process.hrtime.bigint();
  try {
    await cache.sync(5_000);
    invalidationLag.set(Number(process.hrtime.bigint() - started) / 1e9);
  } catch {
    // Not heard within 5 s: report that much rather than a stale figure.
    invalidationLag.set(5);
  }
}

/** Due jobs waiting (pg-boss 10: states 'created' and 'retry' whose start_after has come) and the oldest one's wait. */
async function collectQueue() {
  const queue = sources.queue;
  if (!queue) return;
  const names = queue.queues();
  workerRunning.set(names.length);
  if (!queue.dataSource.isInitialized || names.length === 0) return;
  const rows: Array<{ name: string; depth: string; age: number | null }> = await queue.dataSource.query(
    `SELECT q.name,
            count(j.id) AS depth,
            EXTRACT(EPOCH FROM now() - min(j.start_after))::float8 AS age
       FROM pgboss.queue q
       LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active' AND j.start_after <= now()
      GROUP BY q.name`,
  );
  for (const row of rows) {
    queueDepth.set({ queue: row.name }, Number(row.depth));
    queueOldestAge.set({ queue: row.name }, Math.max(0, row.age ?? 0));
  }
}

/** Runs before each scrape is rendered: reads everything at once, a failure in one part spoils no other. */
export async function collectSources(): Promise<void> {
  collectPools();
  collectCaches();
  await Promise.all([collectLag(), collectQueue().catch(() => undefined)]);
}

/** The metrics text of this process, after reading its parts. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  await collectSources();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
