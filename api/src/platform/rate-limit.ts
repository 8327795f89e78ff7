import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** `points` attempts per `durationSeconds` window. */
export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  consume(key: string): Promise<RateLimitResult>;
  /** Points used in the current window, without using one. */
  used(key: string): Promise<number>;
  /** Forgets the key's window (e.g. failures, after a success). */
  reset(key: string): Promise<void>;
}

/**
 * A fixed-window limiter shared by every api process through Redis when there is one; in-process otherwise. If Redis
 * is unreachable the in-process limiter stands in, so an outage neither blocks sign-in nor lifts the limits.
 */
export function createRateLimiter(options: {
  name: string;
  rule: RateLimitRule;
  redis: Redis | null;
  keyPrefix: string;
}): RateLimiter {
  const { name, rule, redis, keyPrefix } = options;
  const base = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${keyPrefix}rl:${name}` };
  const memory = new RateLimiterMemory(base);
  const limiter = redis
    ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true })
    : memory;
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        throw err;
      }
    },
    async used(key) {
      const res = await limiter.get(key).catch(() => null);
      return res?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key).catch(() => undefined);
    },
  };
}
