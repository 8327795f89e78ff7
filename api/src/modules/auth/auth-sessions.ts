import { type DataSource, type EntityManager, Not } from 'typeorm';
import type { AccessTokenClaims, AccessTokens } from './access-tokens';
import {
  type AppMetadata,
  AuthIdentityEntity,
  AuthRefreshTokenEntity,
  AuthSessionEntity,
  AuthUserEntity,
} from './auth.entities';
import { authErrors } from './auth.errors';
import type { AuthServiceOptions, RequestContext } from './auth-rules';
import { randomToken, sha256 } from './auth-rules';
import { type GoTrueSession, type GoTrueUser, toGoTrueUser } from './gotrue-shapes';

/** Sessions and rotating refresh tokens of the built-in auth, and the user a session carries. */
export class AuthSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accessTokens: AccessTokens,
    private readonly options: Pick<AuthServiceOptions, 'sessions' | 'logger'>,
  ) {}

  /** A new session: a row, a refresh token (stored hashed) and a signed access token. */
  async issueSession(userId: string, ctx: RequestContext): Promise<GoTrueSession> {
    const refreshToken = randomToken();
    const sessionId = await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const session = await manager.save(
        manager.create(AuthSessionEntity, {
          userId,
          ip: ctx.ip?.slice(0, 64) ?? null,
          userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        }),
      );
      await manager.insert(AuthRefreshTokenEntity, {
        tokenHash: sha256(refreshToken),
        sessionId: session.id,
        userId,
        revoked: false,
        parent: null,
      });
      await manager.update(AuthUserEntity, { id: userId }, { lastSignInAt: now });
      return session.id;
    });
    return this.sessionResponse(userId, sessionId, refreshToken);
  }

  /**
   * grant_type=refresh_token. Rotation: the used token is revoked and a new one issued. Presenting a revoked token
   * means it leaked or was replayed, so the whole session (every token descended from the same sign-in) is ended.
   */
  async refresh(refreshToken: unknown): Promise<GoTrueSession> {
    if (typeof refreshToken !== 'string' || !refreshToken) throw authErrors.refreshTokenNotFound();
    const tokenHash = sha256(refreshToken);
    const next = randomToken();
    const result = await this.dataSource.transaction(async (manager) => {
      const rotated: Array<{ session_id: string; user_id: string }> = await manager.query(
        `WITH used AS (
           UPDATE auth_refresh_tokens SET revoked = true, updated_at = now()
           WHERE token_hash = $1 AND revoked = false RETURNING session_id, user_id
         ) SELECT * FROM used`,
        [tokenHash],
      );
      const row = rotated[0];
      if (!row) return null;
      await manager.insert(AuthRefreshTokenEntity, {
        tokenHash: sha256(next),
        sessionId: row.session_id,
        userId: row.user_id,
        revoked: false,
        parent: tokenHash,
      });
      await manager.update(AuthSessionEntity, { id: row.session_id }, { updatedAt: new Date() });
      return { sessionId: row.session_id, userId: row.user_id };
    });
    if (result) return this.sessionResponse(result.userId, result.sessionId, next);

    const reused = await this.dataSource.getRepository(AuthRefreshTokenEntity).findOneBy({ tokenHash });
    if (!reused) throw authErrors.refreshTokenNotFound();
    await this.dataSource.getRepository(AuthSessionEntity).delete({ id: reused.sessionId });
    await this.options.sessions?.forgetUser(reused.userId);
    this.options.logger.warn({ userId: reused.userId, sessionId: reused.sessionId }, 'auth: refresh token reused');
    throw authErrors.refreshTokenAlreadyUsed();
  }

  private async sessionResponse(userId: string, sessionId: string, refreshToken: string): Promise<GoTrueSession> {
    const user = await this.userResponse(userId);
    const { token, expiresAt } = await this.accessTokens.sign({
      userId,
      email: user.email,
      sessionId,
      userMetadata: user.user_metadata,
      appMetadata: user.app_metadata as AppMetadata,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.accessTokens.ttlSeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user,
    };
  }

  async userResponse(userId: string, manager: EntityManager = this.dataSource.manager): Promise<GoTrueUser> {
    const user = await manager.findOneBy(AuthUserEntity, { id: userId });
    if (!user) throw authErrors.userNotFound();
    const identities = await manager.find(AuthIdentityEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    return toGoTrueUser(user, identities);
  }

  /** The caller of /user: the token must be valid and its session still alive (signed out sessions are gone). */
  async requireLiveSession(claims: AccessTokenClaims): Promise<void> {
    const session = await this.dataSource.getRepository(AuthSessionEntity).findOneBy({ id: claims.session_id });
    if (!session || session.userId !== claims.sub) throw authErrors.sessionNotFound();
  }

  /** Signs out: `local` this session, `others` every other one, `global` all. Their refresh tokens go with them. */
  async logout(claims: AccessTokenClaims, scope: 'global' | 'local' | 'others'): Promise<void> {
    const sessions = this.dataSource.getRepository(AuthSessionEntity);
    if (scope === 'local') await sessions.delete({ id: claims.session_id, userId: claims.sub });
    else if (scope === 'others') await sessions.delete({ userId: claims.sub, id: Not(claims.session_id) });
    else await sessions.delete({ userId: claims.sub });
    await this.options.sessions?.forgetUser(claims.sub);
  }
}
