import { DEFAULT_REDIS_KEY_PREFIX } from '@barberly/common';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().min(1).default('127.0.0.1'),
  API_URL: z.url({ protocol: /^https?$/, message: 'API_URL must be an http(s) URL' }).default('http://127.0.0.1:4000'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().default(DEFAULT_REDIS_KEY_PREFIX),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'APP_DOMAIN must be a host name like localhost or barberly.app')
    .default('localhost')
    .transform((v) => v.toLowerCase()),
  /** Shared with the api; without it POST /_internal/shop-changed is refused (Redis pub/sub still works). */
  INTERNAL_TOKEN: z.string().optional(),
  /** One JSON line per request on stdout (server/ops.ts); 'false' turns it off, e.g. for benchmarks. */
  ACCESS_LOG: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  /** How long a SIGTERM waits for in-flight requests before closing what is left. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Memory for rendered pages in this process (server/html-cache.ts): about 5 KB per page, kept brotli-compressed
   * only. Unset: 480 (100,000 shops' pages) without Redis; with Redis, where the processes share the long tail's
   * pages (PAGE_REDIS_TTL_S), 96: a hot set of about 19,000 pages.
   */
  PAGE_CACHE_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0.25).optional()),
  /**
   * With REDIS_URL: how long a rendered page stays in Redis for every storefront process (server/shared-pages.ts),
   * at most until the end of its day; 0 keeps pages in each process only.
   */
  PAGE_REDIS_TTL_S: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60),
  /**
   * Shop records held in memory (least recently used go first; about 8 KB each): what a render reads. Beyond them,
   * 200,000 shops' versions are remembered, which is all a held page needs to be answered (issue 29).
   */
  SHOP_CACHE_ENTRIES: z.coerce.number().int().min(100).default(2_000),
  /** Prometheus metrics at GET /metrics on this port of their own (server/metrics.ts); unset or 0: not served. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** The metrics port's address: loopback by default; 0.0.0.0 where Prometheus scrapes from elsewhere. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parse once at start; refuse to start with a list of what is wrong. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`storefront: invalid environment\n${problems}`);
}
