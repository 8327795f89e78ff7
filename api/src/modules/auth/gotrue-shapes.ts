import { randomUUID } from 'node:crypto';
import type { AuthIdentityEntity, AuthUserEntity, UserMetadata } from './auth.entities';

/** The user object GoTrue answers with; supabase-js hands it to the app as `User`. */
export interface GoTrueUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  /** An e-mail change waiting for confirmation (GoTrue's names). */
  new_email?: string;
  email_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: UserMetadata;
  identities: GoTrueIdentity[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export interface GoTrueIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

export interface GoTrueSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function toGoTrueIdentity(identity: AuthIdentityEntity): GoTrueIdentity {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    ...(identity.email ? { email: identity.email } : {}),
  };
}

export function toGoTrueUser(user: AuthUserEntity, identities: AuthIdentityEntity[]): GoTrueUser {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    ...(user.emailChange ? { new_email: user.emailChange, email_change_sent_at: iso(user.emailChangeSentAt) } : {}),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(toGoTrueIdentity),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

/**
 * What GoTrue answers to a repeated sign-up while e-mail confirmation is on: a made-up user with no identities, so
 * the answer does not reveal whether the address has an account (clients detect `identities: []`).
 */
export function obfuscatedUser(email: string, userMetadata: UserMetadata, now: Date): GoTrueUser {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
