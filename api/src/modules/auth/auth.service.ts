// One cohesive thing: the built-in GoTrue-compatible account store (sign-up, sign-in, sessions, OAuth flow state) behind one class sharing its data source, hashing and token rules.
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@barberly/common';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import { type DataSource, type EntityManager, IsNull, MoreThan, Not, type QueryDeepPartialEntity } from 'typeorm';
import { z } from 'zod';
import type { AccessTokenClaims, AccessTokens } from './access-tokens';
import {
  type AppMetadata,
  AuthFlowStateEntity,
  AuthIdentityEntity,
  AuthRefreshTokenEntity,
  AuthSessionEntity,
  AuthUserEntity,
  type UserMetadata,
} from './auth.entities';
import { AuthApiError, authErrors } from './auth.errors';
import { type GoTrueSession, type GoTrueUser, obfuscatedUser, toGoTrueUser } from './gotrue-shapes';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const EmailSchema = z.email().max(255);
const CONFIRMATION_MAX_AGE_MS = 24 * 3600_000;

/** A client's PKCE challenge, if it sent a usable one (RFC 7636: 43-128 unreserved characters; S256 or plain). */
export function pkceChallenge(challenge: unknown, method: unknown): { challenge: string; method: string } | null {
  if (typeof challenge !== 'string' || !challenge) return null;
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (m !== 's256' && m !== 'plain') throw authErrors.validation('Invalid code challenge method');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) throw authErrors.validation('Invalid code challenge');
  return { challenge, method: m };
}

/** Where a request came from, kept on the session row. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

/** A verified profile from a provider's userinfo. */
export interface ProviderProfile {
  provider: string;
  providerId: string;
  email: string;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

export interface SignUpInput {
  email: unknown;
  password: unknown;
  data: unknown;
  redirectTo: string;
  codeChallenge?: unknown;
  codeChallengeMethod?: unknown;
}

export type SignUpResult = { kind: 'session'; session: GoTrueSession } | { kind: 'user'; user: GoTrueUser };

/** Outgoing auth mail. The default writes the link to the log (no mail server in this build). */
export interface AuthMailer {
  sendSignUpConfirmation(to: string, link: string): Promise<void>;
  /** The link that makes a requested e-mail change happen, sent to the NEW address. */
  sendEmailChange?(to: string, link: string): Promise<void>;
}

export function logMailer(logger: Logger): AuthMailer {
  return {
    async sendSignUpConfirmation(to, link) {
      logger.info({ email: to, confirmationLink: link }, 'auth: confirm sign-up');
    },
    async sendEmailChange(to, link) {
      logger.info({ email: to, confirmationLink: link }, 'auth: confirm e-mail change');
    },
  };
}

/** A password change without the current password needs a sign-in at most this old (GoTrue's reauthentication). */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export interface AuthServiceOptions {
  /** Told when sessions end here, so this process (and, through Redis, every other) refuses their tokens at once. */
  sessions?: { forgetUser(userId: string): void | Promise<void> };
  emailConfirm: boolean;
  mailer: AuthMailer;
  /** Base of links we send (e.g. the confirmation link): `${origin}/auth/v1`. */
  authBaseUrl: string;
  logger: Logger;
}

export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string') throw authErrors.invalidEmail();
  const email = value.trim().toLowerCase();
  if (!EmailSchema.safeParse(email).success) throw authErrors.invalidEmail();
  return email;
}

/** A new password (sign-up, change): at least LIMITS.newPasswordMin characters (decision 0051). */
function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < LIMITS.newPasswordMin) {
    throw authErrors.weakPassword(LIMITS.newPasswordMin);
  }
  if (value.length > 72 * 4) throw authErrors.validation('Password cannot be longer than 288 characters');
  return value;
}

/** How deep user metadata may nest: a profile needs two or three levels; PostgreSQL's jsonb refuses very deep ones. */
const METADATA_MAX_DEPTH = 8;
const METADATA_MAX_BYTES = 16_000;

/** True when `value` nests deeper than `max` (stops looking as soon as it does, so a hostile body costs little). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max === 0) return true;
  return Object.values(value).some((child) => nestsDeeperThan(child, max - 1));
}

function metadata(value: unknown): UserMetadata {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw authErrors.validation('Could not parse metadata');
  if (nestsDeeperThan(value, METADATA_MAX_DEPTH)) throw authErrors.validation('Metadata is nested too deeply');
  if (JSON.stringify(value).length > METADATA_MAX_BYTES) throw authErrors.validation('Metadata is too large');
  return value as UserMetadata;
}

/** TypeORM's deep-partial type cannot follow jsonb columns typed as open records. */
const partial = <T>(value: Partial<T>) => value as QueryDeepPartialEntity<T>;

const isUniqueViolation = (err: unknown) => (err as { driverError?: { code?: string } }).driverError?.code === '23505';

/** Users, identities, sessions and rotating refresh tokens of the built-in auth. */
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accessTokens: AccessTokens,
    private readonly options: AuthServiceOptions,
  ) {}

  // ---- users ---------------------------------------------------------------------------------------------------

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
      return { kind: 'user', user: await this.userResponse(existing.id) };
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
      return { kind: 'user', user: await this.userResponse(user.id) };
    }
    return { kind: 'session', session: await this.issueSession(user.id, ctx) };
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
      return { kind: 'code', code: await this.issueAuthCode(flow.id, userId, 300), redirectTo: flow.redirectTo };
    }
    return { kind: 'session', session: await this.issueSession(userId, ctx) };
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
    return this.issueSession(user.id, ctx);
  }

  private dummyHashPromise: Promise<string> | null = null;
  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= argonHash(randomToken());
    return this.dummyHashPromise;
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

  /**
   * PUT /user. An e-mail change is two steps: the new address is kept aside and a link goes to it; `email` changes
   * only when that link is followed (confirmEmailChange), so nobody can move an account to an address they do not
   * read. A password change needs the current password (`current_password`) or a sign-in in the last ten minutes,
   * and ends every other session of the account.
   */
  async updateUser(claims: AccessTokenClaims, body: Record<string, unknown>, redirectTo: string): Promise<GoTrueUser> {
    const userId = claims.sub;
    let emailChange: { to: string; token: string } | null = null;
    let passwordChanged = false;
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(AuthUserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw authErrors.userNotFound();
      const changes: Partial<AuthUserEntity> = {};
      if (body.email !== undefined && body.email !== null && body.email !== '') {
        const email = normalizeEmail(body.email);
        if (email !== user.email) {
          const taken = await manager.findOneBy(AuthUserEntity, { email });
          if (taken) throw authErrors.emailExists();
          const token = randomToken();
          changes.emailChange = email;
          changes.emailChangeTokenHash = sha256(token);
          changes.emailChangeSentAt = new Date();
          emailChange = { to: email, token };
        }
      }
      if (body.password !== undefined && body.password !== null) {
        const password = checkPassword(body.password);
        await this.requireReauthentication(manager, user, claims, body.current_password);
        if (user.encryptedPassword && (await argonVerify(user.encryptedPassword, password))) {
          throw authErrors.samePassword();
        }
        changes.encryptedPassword = await argonHash(password);
        passwordChanged = true;
      }
      if (body.data !== undefined && body.data !== null) {
        // GoTrue merges: keys in `data` replace, keys set to null are removed.
        const merged: UserMetadata = { ...user.userMetadata };
        for (const [key, value] of Object.entries(metadata(body.data))) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        changes.userMetadata = merged;
      }
      if (Object.keys(changes).length) {
        await manager.update(
          AuthUserEntity,
          { id: userId },
          partial<AuthUserEntity>({ ...changes, updatedAt: new Date() }),
        );
      }
      if (passwordChanged) {
        // Whoever else holds a session (a stolen one, an old device) is out; this one stays signed in.
        await manager.delete(AuthSessionEntity, { userId, id: Not(claims.session_id) });
      }
    });
    if (passwordChanged) await this.options.sessions?.forgetUser(userId);
    if (emailChange) {
      const { to, token } = emailChange as { to: string; token: string };
      const link = new URL(`${this.options.authBaseUrl}/verify`);
      link.searchParams.set('token', token);
      link.searchParams.set('type', 'email_change');
      link.searchParams.set('redirect_to', redirectTo);
      if (this.options.mailer.sendEmailChange) await this.options.mailer.sendEmailChange(to, link.toString());
      else this.options.logger.info({ email: to, confirmationLink: link.toString() }, 'auth: confirm e-mail change');
    }
    return this.userResponse(userId);
  }

  /** The current password, or (for accounts without one, or a fresh sign-in) a session younger than ten minutes. */
  private async requireReauthentication(
    manager: EntityManager,
    user: AuthUserEntity,
    claims: AccessTokenClaims,
    currentPassword: unknown,
  ): Promise<void> {
    if (typeof currentPassword === 'string' && currentPassword && user.encryptedPassword) {
      if (await argonVerify(user.encryptedPassword, currentPassword)) return;
      throw authErrors.invalidCredentials();
    }
    const session = await manager.findOneBy(AuthSessionEntity, { id: claims.session_id, userId: user.id });
    if (session && Date.now() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
    throw authErrors.reauthenticationNeeded();
  }

  /**
   * GET /verify?type=email_change: the new address's owner followed the link. The change applies once, within a
   * day, if nobody took the address meanwhile; the address counts as proven (the link reached it).
   */
  async confirmEmailChange(token: string, ctx: RequestContext): Promise<GoTrueSession> {
    if (!token) throw authErrors.otpExpired();
    const userId = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT id, email_change FROM auth_users
          WHERE email_change_token_hash = $1 AND email_change_sent_at > now() - make_interval(secs => $2)
          FOR UPDATE`,
        [sha256(token), CONFIRMATION_MAX_AGE_MS / 1000],
      )) as Array<{ id: string; email_change: string }>;
      const row = rows[0];
      if (!row) throw authErrors.otpExpired();
      const taken = await manager.findOneBy(AuthUserEntity, { email: row.email_change });
      if (taken) throw authErrors.emailExists();
      await manager.update(
        AuthUserEntity,
        { id: row.id },
        partial<AuthUserEntity>({
          email: row.email_change,
          emailChange: null,
          emailChangeTokenHash: null,
          emailChangeSentAt: null,
          emailConfirmedAt: new Date(),
          updatedAt: new Date(),
        }),
      );
      await manager.query(
        `UPDATE auth_identities SET email = $2::varchar,
           identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true)
         WHERE user_id = $1 AND provider = 'email'`,
        [row.id, row.email_change],
      );
      return row.id;
    });
    return this.issueSession(userId, ctx);
  }

  /** Signs out: `local` this session, `others` every other one, `global` all. Their refresh tokens go with them. */
  async logout(claims: AccessTokenClaims, scope: 'global' | 'local' | 'others'): Promise<void> {
    const sessions = this.dataSource.getRepository(AuthSessionEntity);
    if (scope === 'local') await sessions.delete({ id: claims.session_id, userId: claims.sub });
    else if (scope === 'others') await sessions.delete({ userId: claims.sub, id: Not(claims.session_id) });
    else await sessions.delete({ userId: claims.sub });
    await this.options.sessions?.forgetUser(claims.sub);
  }

  // ---- providers -----------------------------------------------------------------------------------------------

  /** Finds the user behind a provider identity, links it to an account with the same verified e-mail, or creates one. */
  async findOrCreateProviderUser(profile: ProviderProfile): Promise<string> {
    const email = profile.email.trim().toLowerCase();
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const identity = await manager.findOneBy(AuthIdentityEntity, {
        provider: profile.provider,
        providerId: profile.providerId,
      });
      if (identity) {
        await manager.update(
          AuthIdentityEntity,
          { id: identity.id },
          partial<AuthIdentityEntity>({ identityData: profile.identityData, email, lastSignInAt: now, updatedAt: now }),
        );
        return identity.userId;
      }
      const user = await manager.findOne(AuthUserEntity, { where: { email }, lock: { mode: 'pessimistic_write' } });
      let userId: string;
      if (user) {
        // Linking by address is only safe when the provider vouches for it.
        if (!profile.emailVerified) throw authErrors.emailExists();
        const identities = await manager.find(AuthIdentityEntity, { where: { userId: user.id } });
        const proven = identities.some((i) => i.email === email && i.identityData.email_verified === true);
        const providers = [...new Set([...(user.appMetadata.providers ?? []), profile.provider])];
        const appMetadata: AppMetadata = { ...user.appMetadata, providers };
        const changes: Partial<AuthUserEntity> = {
          appMetadata,
          emailConfirmedAt: user.emailConfirmedAt ?? now,
          updatedAt: now,
        };
        if (!proven) {
          // Nobody ever proved this address, so whoever set the password may not own it (sign-up squatting before
          // the owner arrives with a verified provider). The provider's owner takes over: the password and every
          // existing session end.
          changes.encryptedPassword = null;
          await manager.delete(AuthSessionEntity, { userId: user.id });
          await this.options.sessions?.forgetUser(user.id);
          this.options.logger.warn({ userId: user.id, provider: profile.provider }, 'auth: unproven account claimed');
        }
        await manager.update(AuthUserEntity, { id: user.id }, partial<AuthUserEntity>(changes));
        userId = user.id;
      } else {
        const created = await manager.save(
          manager.create(AuthUserEntity, {
            email,
            encryptedPassword: null,
            emailConfirmedAt: profile.emailVerified ? now : null,
            userMetadata: { ...profile.identityData },
            appMetadata: { provider: profile.provider, providers: [profile.provider] },
          }),
        );
        userId = created.id;
      }
      await manager.insert(
        AuthIdentityEntity,
        partial<AuthIdentityEntity>({
          provider: profile.provider,
          providerId: profile.providerId,
          userId,
          email,
          identityData: profile.identityData,
          lastSignInAt: now,
        }),
      );
      return userId;
    });
  }

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
    return this.issueSession(flow.user_id, ctx);
  }

  // ---- sessions ------------------------------------------------------------------------------------------------

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
