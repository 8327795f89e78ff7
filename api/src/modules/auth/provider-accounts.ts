import type { DataSource } from 'typeorm';
import { type AppMetadata, AuthIdentityEntity, AuthSessionEntity, AuthUserEntity } from './auth.entities';
import { authErrors } from './auth.errors';
import { type AuthServiceOptions, partial } from './auth-rules';

/** A verified profile from a provider's userinfo. */
export interface ProviderProfile {
  provider: string;
  providerId: string;
  email: string;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

/** Accounts behind a provider sign-in (Google, GitHub): found, linked by a verified address, or created. */
export class ProviderAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: Pick<AuthServiceOptions, 'sessions' | 'logger'>,
  ) {}

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
}
