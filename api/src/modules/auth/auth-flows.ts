import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AuthFlowStateEntity } from './auth.entities';
import { authErrors } from './auth.errors';
import { type RequestContext, randomToken, sha256 } from './auth-rules';
import type { AuthSessions } from './auth-sessions';
import type { GoTrueSession } from './gotrue-shapes';

/** The PKCE and OAuth flow states of the built-in auth: where to go back to, and the one-time code for the verifier. */
export class AuthFlows {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: AuthSessions,
  ) {}

  /** /authorize: remembers where to go back to and the client's PKCE challenge; the id is the OAuth `state`. */
  async createFlowState(input: {
    provider: string;
    redirectTo: string;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    ttlSeconds: number;
  }): Promise<string> {
    const flow = await this.dataSource.getRepository(AuthFlowStateEntity).save({
      provider: input.provider,
      redirectTo: input.redirectTo,
      codeChallenge: input.codeChallenge,
      codeChallengeMethod: input.codeChallengeMethod,
      authCodeHash: null,
      userId: null,
      expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
    });
    return flow.id;
  }

  /** /callback: the state is single-use and short-lived. */
  async takeFlowState(state: string): Promise<AuthFlowStateEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(state)) return null;
    const rows: AuthFlowStateEntity[] = await this.dataSource.query(
      `WITH taken AS (
         UPDATE auth_flow_states SET expires_at = now() - interval '1 second'
         WHERE id = $1 AND provider <> 'email' AND auth_code_hash IS NULL AND expires_at > now()
         RETURNING id, provider, code_challenge, code_challenge_method, redirect_to
       ) SELECT id, provider, code_challenge AS "codeChallenge", code_challenge_method AS "codeChallengeMethod",
                redirect_to AS "redirectTo" FROM taken`,
      [state],
    );
    return rows[0] ?? null;
  }

  /** PKCE: the provider sign-in succeeded; hand the client a one-time code to exchange with its verifier. */
  async issueAuthCode(flowId: string, userId: string, ttlSeconds: number): Promise<string> {
    const code = randomToken();
    await this.dataSource
      .getRepository(AuthFlowStateEntity)
      .update(
        { id: flowId },
        { authCodeHash: sha256(code), userId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) },
      );
    return code;
  }

  async deleteFlowState(flowId: string): Promise<void> {
    await this.dataSource.getRepository(AuthFlowStateEntity).delete({ id: flowId });
  }

  /** grant_type=pkce: the code works once, before it expires, with the verifier matching the stored challenge. */
  async exchangeAuthCode(authCode: unknown, codeVerifier: unknown, ctx: RequestContext): Promise<GoTrueSession> {
    if (typeof authCode !== 'string' || !authCode || typeof codeVerifier !== 'string' || !codeVerifier) {
      throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty');
    }
    const rows: Array<{
      user_id: string | null;
      code_challenge: string | null;
      code_challenge_method: string | null;
      expired: boolean;
    }> = await this.dataSource.query(
      `WITH taken AS (DELETE FROM auth_flow_states WHERE auth_code_hash = $1
         RETURNING user_id, code_challenge, code_challenge_method, expires_at < now() AS expired)
       SELECT * FROM taken`,
      [sha256(authCode)],
    );
    const flow = rows[0];
    if (!flow?.user_id) throw authErrors.flowStateNotFound();
    if (flow.expired) throw authErrors.flowStateExpired();
    const method = (flow.code_challenge_method ?? 's256').toLowerCase();
    const expected = method === 'plain' ? codeVerifier : createHash('sha256').update(codeVerifier).digest('base64url');
    if (!flow.code_challenge || expected !== flow.code_challenge) throw authErrors.badCodeVerifier();
    return this.sessions.issueSession(flow.user_id, ctx);
  }
}
