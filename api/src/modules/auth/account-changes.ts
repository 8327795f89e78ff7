import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { type DataSource, type EntityManager, Not } from 'typeorm';
import type { AccessTokenClaims } from './access-tokens';
import { AuthSessionEntity, AuthUserEntity, type UserMetadata } from './auth.entities';
import { authErrors } from './auth.errors';
import {
  type AuthServiceOptions,
  CONFIRMATION_MAX_AGE_MS,
  checkPassword,
  metadata,
  normalizeEmail,
  partial,
  RECENT_SIGN_IN_MS,
  type RequestContext,
  randomToken,
  sha256,
} from './auth-rules';
import type { AuthSessions } from './auth-sessions';
import type { GoTrueSession, GoTrueUser } from './gotrue-shapes';

/** PUT /user and the e-mail change's link: a signed-in user changes their address, password or metadata. */
export class AccountChanges {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: AuthSessions,
    private readonly options: AuthServiceOptions,
  ) {}

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
    return this.sessions.userResponse(userId);
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
    return this.sessions.issueSession(userId, ctx);
  }
}
