import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/**
 * The assistant's daily token budget per shop (ASSISTANT_DAILY_TOKENS), held across parallel chats and api
 * processes (issue 23 item 8, issue 30, decision 0173). Before each model call its estimated cost is reserved;
 * a call whose reservation would pass the budget is not made. After the call the reservation is settled to what
 * the provider counted. The counter lives in Redis when REDIS_URL is set (a Lua script checks and adds in one
 * step) and in PostgreSQL otherwise (one conditional upsert); either way two processes cannot both take the last
 * tokens. `assistant_usage` keeps each day's settled total in both cases.
 */

/** What a call may write back, on top of what it sends: a short answer or a few tool calls. */
export const COMPLETION_RESERVE_TOKENS = 500;

/** A call's estimated cost: its request at about four characters a token, plus room for the answer. */
export function estimateTokens(request: { messages: unknown; tools?: unknown }): number {
  return Math.ceil(JSON.stringify(request).length / 4) + COMPLETION_RESERVE_TOKENS;
}

export interface Reservation {
  readonly tokens: number;
  /** Replaces the reservation with what the call used (less: the rest is given back). */
  settle(actual: number): Promise<void>;
}

export interface TokenBudget {
  /** Reserves `tokens` of the shop's day, or answers null when that would pass `budget`. */
  reserve(shopId: string, day: string, tokens: number, budget: number): Promise<Reservation | null>;
}

const DAY_TTL_SECONDS = 2 * 86_400;

/**
 * KEYS[1] the shop's day; ARGV: tokens, budget, seed (the day's total in PostgreSQL, '' when not read yet).
 * Answers the new total, -1 when over budget, or -2 when the key is missing and no seed was given.
 */
const RESERVE = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[3] == '' then return -2 end
  redis.call('SET', KEYS[1], ARGV[3], 'EX', ${DAY_TTL_SECONDS}, 'NX')
end
local used = tonumber(redis.call('GET', KEYS[1]))
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return -1 end
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ${DAY_TTL_SECONDS})
return total`;

const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('INCRBY', KEYS[1], ARGV[1])`;

async function recordActual(dataSource: DataSource, shopId: string, day: string, tokens: number): Promise<void> {
  if (tokens === 0) return;
  await dataSource.query(
    `INSERT INTO "assistant_usage" ("shop_id", "day", "tokens") VALUES ($1, $2, $3)
     ON CONFLICT ("shop_id", "day") DO UPDATE SET "tokens" = "assistant_usage"."tokens" + EXCLUDED."tokens"`,
    [shopId, day, tokens],
  );
}

/** PostgreSQL: the reservation is added to the day's row only while the total stays within the budget. */
function postgresBudget(dataSource: DataSource): TokenBudget {
  return {
    async reserve(shopId, day, tokens, budget) {
      if (tokens > budget) return null;
      const rows = (await dataSource.query(
        `INSERT INTO "assistant_usage" ("shop_id", "day", "tokens") VALUES ($1, $2, $3)
         ON CONFLICT ("shop_id", "day") DO UPDATE SET "tokens" = "assistant_usage"."tokens" + EXCLUDED."tokens"
          WHERE "assistant_usage"."tokens" + EXCLUDED."tokens" <= $4
         RETURNING "tokens"`,
        [shopId, day, tokens, budget],
      )) as Array<{ tokens: number }>;
      if (rows.length === 0) return null;
      return {
        tokens,
        settle: (actual) => recordActual(dataSource, shopId, day, actual - tokens),
      };
    },
  };
}

function redisBudget(redis: Redis, keyPrefix: string, dataSource: DataSource): TokenBudget {
  const fallback = postgresBudget(dataSource);
  return {
    async reserve(shopId, day, tokens, budget) {
      if (tokens > budget) return null;
      const key = `${keyPrefix}assistant:tokens:${shopId}:${day}`;
      let total: number;
      try {
        total = Number(await redis.eval(RESERVE, 1, key, tokens, budget, ''));
        if (total === -2) {
          // A new day (or a Redis that lost its data): start from what PostgreSQL says was used today.
          const [row] = (await dataSource.query(
            `SELECT "tokens" FROM "assistant_usage" WHERE "shop_id" = $1 AND "day" = $2`,
            [shopId, day],
          )) as Array<{ tokens: number }>;
          total = Number(await redis.eval(RESERVE, 1, key, tokens, budget, String(row?.tokens ?? 0)));
        }
      } catch {
        // Redis is down: PostgreSQL holds the line meanwhile (still shared by every process).
        return fallback.reserve(shopId, day, tokens, budget);
      }
      if (total < 0) return null;
      return {
        tokens,
        async settle(actual) {
          await redis.eval(SETTLE, 1, key, actual - tokens).catch(() => undefined);
          await recordActual(dataSource, shopId, day, actual);
        },
      };
    },
  };
}

export function createTokenBudget(deps: { dataSource: DataSource; redis: Redis | null; keyPrefix: string }) {
  return deps.redis ? redisBudget(deps.redis, deps.keyPrefix, deps.dataSource) : postgresBudget(deps.dataSource);
}

/**
 * Reserves a model call's estimated cost for the shop's day (the shop's own calendar day), or answers null when
 * the budget would be passed. Without a budget (ASSISTANT_DAILY_TOKENS=0) nothing is refused; usage is still kept.
 */
export async function reserveModelCall(
  deps: { dataSource: DataSource; redis: Redis | null; config: { REDIS_KEY_PREFIX: string } },
  place: { shopId: string; day: string; budget: number },
  request: { messages: unknown; tools?: unknown },
): Promise<Reservation | null> {
  const tokens = estimateTokens(request);
  if (!Number.isFinite(place.budget)) {
    return { tokens, settle: (actual) => recordActual(deps.dataSource, place.shopId, place.day, actual) };
  }
  const budget = createTokenBudget({
    dataSource: deps.dataSource,
    redis: deps.redis,
    keyPrefix: deps.config.REDIS_KEY_PREFIX,
  });
  return budget.reserve(place.shopId, place.day, tokens, place.budget);
}
