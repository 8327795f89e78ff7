import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/** How long the api trusts its last look at a session: a signed-out token keeps working at most this long. */
export const SESSION_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface SessionState {
  alive: boolean;
  /** The account's address is proven: a confirmation link was followed or a provider vouched for it. */
  emailVerified: boolean;
}

export interface SessionGateOptions {
  /**
   * Shares the checks between api replicas (decision 0174): one hash per user in Redis, so a sign-out through one
   * replica is refused by every other at once. Without it (or while Redis is down) each process keeps its own.
   */
  redis?: Redis | null;
  keyPrefix?: string;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The api's check that an access token's session still exists (decision 0050). A signature proves who signed in;
 * only the session row says they have not signed out since, had a refresh token replayed (the session is ended) or
 * lost the account to its proven owner. One indexed lookup per session every few seconds, kept in Redis when there
 * is one (every replica sees the same answer, and a forgotten user is forgotten everywhere), else in the process
 * (the process that ends a session forgets it at once, the others within SESSION_CHECK_TTL_MS).
 */
export class SessionGate {
  private readonly cache = new Map<string, SessionState & { until: number; userId: string }>();
  private readonly redis: Redis | null;
  private readonly keyPrefix: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly dataSource: DataSource,
    options: SessionGateOptions = {},
  ) {
    this.redis = options.redis ?? null;
    this.keyPrefix = options.keyPrefix ?? '';
    this.ttlMs = options.ttlMs ?? SESSION_CHECK_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Redis when it is connected; a Redis that is down falls back to the process's own cache, never to no check. */
  private shared(): Redis | null {
    return this.redis && this.redis.status === 'ready' ? this.redis : null;
  }

  private key(userId: string): string {
    return `${this.keyPrefix}auth:sessions:${userId}`;
  }

  async check(sessionId: string, userId: string): Promise<SessionState> {
    const redis = this.shared();
    const kept = redis ? await this.readShared(redis, sessionId, userId) : this.readLocal(sessionId, userId);
    if (kept) return kept;
    const rows = (await this.dataSource.query(
      `SELECT EXISTS (
                SELECT 1 FROM auth_identities i
                 WHERE i.user_id = u.id AND i.email = u.email AND i.identity_data->>'email_verified' = 'true'
              ) AS verified
         FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2`,
      [sessionId, userId],
    )) as Array<{ verified: boolean }>;
    const state: SessionState = { alive: rows.length > 0, emailVerified: rows[0]?.verified === true };
    const until = this.now() + this.ttlMs;
    if (redis) {
      // "alive verified until": a field per session; the hash goes ttl after its last write.
      const value = `${state.alive ? 1 : 0}${state.emailVerified ? 1 : 0}:${until}`;
      await redis
        .multi()
        .hset(this.key(userId), sessionId, value)
        .pexpire(this.key(userId), this.ttlMs)
        .exec()
        .catch(() => undefined);
    } else {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(sessionId, { ...state, userId, until });
    }
    return state;
  }

  private readLocal(sessionId: string, userId: string): SessionState | null {
    const cached = this.cache.get(sessionId);
    return cached && cached.until > this.now() && cached.userId === userId ? cached : null;
  }

  private async readShared(redis: Redis, sessionId: string, userId: string): Promise<SessionState | null> {
    const value = await redis.hget(this.key(userId), sessionId).catch(() => null);
    const match = value ? /^([01])([01]):(\d+)$/.exec(value) : null;
    if (!match || Number(match[3]) <= this.now()) return null;
    return { alive: match[1] === '1', emailVerified: match[2] === '1' };
  }

  /** Sessions of this user ended here (sign-out, password change, takeover): refuse their tokens at once. */
  async forgetUser(userId: string): Promise<void> {
    for (const [sessionId, entry] of this.cache) if (entry.userId === userId) this.cache.delete(sessionId);
    await this.redis?.del(this.key(userId)).catch(() => undefined);
  }
}
