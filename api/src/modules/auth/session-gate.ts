import type { DataSource } from 'typeorm';

/** How long the api trusts its last look at a session: a signed-out token keeps working at most this long. */
export const SESSION_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface SessionState {
  alive: boolean;
  /** The account's address is proven: a confirmation link was followed or a provider vouched for it. */
  emailVerified: boolean;
}

/**
 * The api's check that an access token's session still exists (decision 0050). A signature proves who signed in;
 * only the session row says they have not signed out since, had a refresh token replayed (the session is ended) or
 * lost the account to its proven owner. One indexed lookup per session every few seconds, cached in the process;
 * the process that ends a session forgets it at once, the others within SESSION_CHECK_TTL_MS.
 */
export class SessionGate {
  private readonly cache = new Map<string, SessionState & { until: number; userId: string }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async check(sessionId: string, userId: string): Promise<SessionState> {
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > this.now() && cached.userId === userId) return cached;
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
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(sessionId, { ...state, userId, until: this.now() + this.ttlMs });
    return state;
  }

  /** Sessions of this user ended here (sign-out, password change, takeover): refuse their tokens at once. */
  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this.cache) if (entry.userId === userId) this.cache.delete(sessionId);
  }
}
