import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { type DataSource, IsNull, MoreThan } from 'typeorm';
import type { AccessTokens } from './access-tokens';
import { AccountChanges } from './account-changes';
import { AuthFlowStateEntity, AuthIdentityEntity, AuthUserEntity } from './auth.entities';
import { AuthApiError, authErrors } from './auth.errors';
import { AuthFlows } from './auth-flows';
import {
  type AuthServiceOptions,
  CONFIRMATION_MAX_AGE_MS,
  checkPassword,
  isUniqueViolation,
  metadata,
  normalizeEmail,
  pkceChallenge,
  type RequestContext,
  randomToken,
  sha256,
} from './auth-rules';
import { AuthSessions } from './auth-sessions';
import { type GoTrueSession, type GoTrueUser, obfuscatedUser } from './gotrue-shapes';
import { ProviderAccounts } from './provider-accounts';

export interface SignUpInput {
  email: unknown;
  password: unknown;
  data: unknown;
  redirectTo: string;
  codeChallenge?: unknown;
  codeChallengeMethod?: unknown;
}

export type SignUpResult = { kind: 'session'; session: GoTrueSession } | { kind: 'user'; user: GoTrueUser };

/**
 * The built-in GoTrue-compatible account store: sign-up, its confirmation and password sign-in here; its parts, each
 * in its own file and built here on the same data source and options: sessions and refresh tokens (auth-sessions.ts),
 * PKCE/OAuth flow states (auth-flows.ts), provider accounts (provider-accounts.ts) and a user's own changes
 * (account-changes.ts).
 */
export class AuthService {
  readonly sessions: AuthSessions;
  readonly flows: AuthFlows;
  readonly providers: ProviderAccounts;
  readonly accounts: AccountChanges;

  constructor(
    private readonly dataSource: DataSource,
    accessTokens: AccessTokens,
    private readonly options: AuthServiceOptions,
  ) {
    this.sessions = new AuthSessions(dataSource, accessTokens, options);
    this.flows = new AuthFlows(dataSource, this.sessions);
    this.providers = new ProviderAccounts(dataSource, options);
    this.accounts = new AccountChanges(dataSource, this.sessions, options);
  }

  async signUp(input: SignUpInput, ctx: RequestContext): Promise<SignUpResult> {
    const email = normalizeEmail(input.email);
    if (typeof input.password !== 'string' || !input.password) {
      throw new AuthApiError(422, 'validation_failed', 'Signup requires a valid password');
    }
    const password = checkPassword(input.password);
    const userMetadata = metadata(input.data);
    const now = new Date();
    const users = this.dataSource.getRepository(AuthUserEntity);

    const existing = await users.findOneBy({ email });
    if (existing) {
      // GoTrue: with confirmation off a repeated sign-up is an error; with it on the answer must not reveal the
      // account, so a confirmed address gets a made-up user with no identities.
      if (!this.options.emailConfirm) throw authErrors.userAlreadyExists();
      if (existing.emailConfirmedAt) return { kind: 'user', user: obfuscatedUser(email, userMetadata, now) };
      await this.sendConfirmation(existing, input);
      return { kind: 'user', user: await this.sessions.userResponse(existing.id) };
    }

    const encryptedPassword = await argonHash(password); // argon2id is the library's default algorithm
    let user: AuthUserEntity;
    try {
      user = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(
          manager.create(AuthUserEntity, {
            email,
            encryptedPassword,
            emailConfirmedAt: this.options.emailConfirm ? null : now,
            userMetadata,
            appMetadata: { provider: 'email', providers: ['email'] },
          }),
        );
        await manager.insert(AuthIdentityEntity, {
          provider: 'email',
          providerId: created.id,
          userId: created.id,
          email,
          identityData: {
            sub: created.id,
            email,
            // Only the confirmation link proves the address (see findOrCreateProviderUser).
            email_verified: false,
            phone_verified: false,
          },
        });
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw authErrors.userAlreadyExists();
      throw err;
    }

    if (this.options.emailConfirm) {
      await this.sendConfirmation(user, input);
      return { kind: 'user', user: await this.sessions.userResponse(user.id) };
    }
    return { kind: 'session', session: await this.sessions.issueSession(user.id, ctx) };
  }

  private async sendConfirmation(user: AuthUserEntity, input: SignUpInput): Promise<void> {
    const token = randomToken();
    await this.dataSource
      .getRepository(AuthUserEntity)
      .update({ id: user.id }, { confirmationTokenHash: sha256(token), confirmationSentAt: new Date() });
    // A PKCE client (flowType 'pkce') expects `?code=` back from the link, to exchange with the verifier it kept.
    const challenge = pkceChallenge(input.codeChallenge, input.codeChallengeMethod);
    if (challenge) {
      await this.dataSource.getRepository(AuthFlowStateEntity).save({
        provider: 'email',
        redirectTo: input.redirectTo,
        codeChallenge: challenge.challenge,
        codeChallengeMethod: challenge.method,
        authCodeHash: null,
        userId: user.id,
        expiresAt: new Date(Date.now() + CONFIRMATION_MAX_AGE_MS),
      });
    }
    const link = new URL(`${this.options.authBaseUrl}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'signup');
    link.searchParams.set('redirect_to', input.redirectTo);
    await this.options.mailer.sendSignUpConfirmation(user.email, link.toString());
  }

  /** GET /verify?type=signup: confirms the address (the link works once) and signs the user in. */
  async confirmSignUp(
    token: string,
    ctx: RequestContext,
  ): Promise<{ kind: 'session'; session: GoTrueSession } | { kind: 'code'; code: string; redirectTo: string }> {
    if (!token) throw authErrors.otpExpired();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `WITH confirmed AS (
         UPDATE auth_users SET email_confirmed_at = coalesce(email_confirmed_at, now()),
                               confirmation_token_hash = NULL, updated_at = now()
         WHERE confirmation_token_hash = $1 AND confirmation_sent_at > now() - make_interval(secs => $2)
         RETURNING id
       ) SELECT id FROM confirmed`,
      [sha256(token), CONFIRMATION_MAX_AGE_MS / 1000],
    );
    const userId = rows[0]?.id;
    if (!userId) throw authErrors.otpExpired();
    await this.dataSource.query(
      `UPDATE auth_identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb
       WHERE user_id = $1 AND provider = 'email'`,
      [userId],
    );
    const flow = await this.dataSource.getRepository(AuthFlowStateEntity).findOne({
      where: { userId, provider: 'email', authCodeHash: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
    });
    if (flow) {
      return { kind: 'code', code: await this.flows.issueAuthCode(flow.id, userId, 300), redirectTo: flow.redirectTo };
    }
    return { kind: 'session', session: await this.sessions.issueSession(userId, ctx) };
  }

  async signInWithPassword(emailInput: unknown, passwordInput: unknown, ctx: RequestContext): Promise<GoTrueSession> {
    if (typeof emailInput !== 'string' || typeof passwordInput !== 'string' || !passwordInput) {
      throw authErrors.invalidCredentials();
    }
    const email = emailInput.trim().toLowerCase();
    const user = await this.dataSource.getRepository(AuthUserEntity).findOneBy({ email });
    // The same answer for an unknown address, a provider-only account and a wrong password.
    if (!user?.encryptedPassword) {
      await argonVerify(await this.dummyHash(), passwordInput); // same work either way: no timing hint
      throw authErrors.invalidCredentials();
    }
    if (!(await argonVerify(user.encryptedPassword, passwordInput))) {
      throw authErrors.invalidCredentials();
    }
    if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
    return this.sessions.issueSession(user.id, ctx);
  }

  private dummyHashPromise: Promise<string> | null = null;
  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= argonHash(randomToken());
    return this.dummyHashPromise;
  }

  /**
   * Housekeeping: flow states nobody finished, and rotated-out refresh tokens old enough that keeping them for reuse
   * detection no longer matters (a replay then gets 'not found', which is refused just the same).
   */
  async purgeExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_flow_states WHERE expires_at < now() - interval '1 hour'`);
    await this.dataSource.query(
      `DELETE FROM auth_refresh_tokens WHERE revoked AND updated_at < now() - interval '30 days'`,
    );
  }
}
