import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';

/**
 * The assistant's per-person message rate, the same for every api process (issue 30, decision 0173): the shared
 * Redis limiter when REDIS_URL is set, otherwise a fixed window counted in PostgreSQL (`assistant_rate`, one
 * atomic upsert per message), never a count that each process keeps to itself.
 */
export function sharedRateLimiter(options: {
  name: string;
  rule: RateLimitRule;
  redis: Redis | null;
  keyPrefix: string;
  dataSource: DataSource;
}): RateLimiter {
  if (options.redis) return createRateLimiter(options);
  const { dataSource, rule } = options;
  const windowMs = rule.durationSeconds * 1000;
  const keyOf = (key: string) => `${options.name}:${key}`.slice(0, 200);
  return {
    async consume(key) {
      const now = Date.now();
      // A window older than the rule starts over at 1; otherwise the count goes up by one, in one statement.
      const [row] = (await dataSource.query(
        `INSERT INTO "assistant_rate" ("key", "window_start", "count") VALUES ($1, $2, 1)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN "assistant_rate"."window_start" <= $3 THEN 1 ELSE "assistant_rate"."count" + 1 END,
           "window_start" = CASE WHEN "assistant_rate"."window_start" <= $3 THEN EXCLUDED."window_start"
                                 ELSE "assistant_rate"."window_start" END
         RETURNING "count", "window_start"`,
        [keyOf(key), new Date(now), new Date(now - windowMs)],
      )) as Array<{ count: number; window_start: Date }>;
      if (!row || row.count <= rule.points) return { allowed: true };
      const left = row.window_start.getTime() + windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    },
    async used(key) {
      const [row] = (await dataSource.query(
        `SELECT "count" FROM "assistant_rate" WHERE "key" = $1 AND "window_start" > $2`,
        [keyOf(key), new Date(Date.now() - windowMs)],
      )) as Array<{ count: number }>;
      return row?.count ?? 0;
    },
    async reset(key) {
      await dataSource.query(`DELETE FROM "assistant_rate" WHERE "key" = $1`, [keyOf(key)]);
    },
  };
}
