import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What the user may change about themselves (GoTrue's user_metadata). */
export type UserMetadata = Record<string, unknown>;
/** What only the auth server sets (GoTrue's app_metadata). */
export interface AppMetadata {
  provider: string;
  providers: string[];
  [key: string]: unknown;
}

// esbuild emits no decorator metadata: every column names its type.

@Entity('auth_users')
export class AuthUserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always lowercased. */
  @Column('varchar', { length: 320, unique: true })
  email: string;

  @Column('varchar', { name: 'encrypted_password', length: 255, nullable: true })
  encryptedPassword: string | null;

  @Column('timestamptz', { name: 'email_confirmed_at', nullable: true })
  emailConfirmedAt: Date | null;

  @Column('varchar', { name: 'confirmation_token_hash', length: 64, nullable: true })
  confirmationTokenHash: string | null;

  @Column('timestamptz', { name: 'confirmation_sent_at', nullable: true })
  confirmationSentAt: Date | null;

  /** A new address waiting for its owner to follow the link sent to it; `email` changes only then. */
  @Column('varchar', { name: 'email_change', length: 320, nullable: true })
  emailChange: string | null;

  @Column('varchar', { name: 'email_change_token_hash', length: 64, nullable: true })
  emailChangeTokenHash: string | null;

  @Column('timestamptz', { name: 'email_change_sent_at', nullable: true })
  emailChangeSentAt: Date | null;

  @Column('jsonb', { name: 'raw_user_meta_data', default: {} })
  userMetadata: UserMetadata;

  @Column('jsonb', { name: 'raw_app_meta_data', default: {} })
  appMetadata: AppMetadata;

  @Column('timestamptz', { name: 'last_sign_in_at', nullable: true })
  lastSignInAt: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

@Entity('auth_identities')
export class AuthIdentityEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('varchar', { length: 32 })
  provider: string;

  @Column('varchar', { name: 'provider_id', length: 255 })
  providerId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('jsonb', { name: 'identity_data', default: {} })
  identityData: Record<string, unknown>;

  @Column('varchar', { length: 320, nullable: true })
  email: string | null;

  @Column('timestamptz', { name: 'last_sign_in_at', nullable: true })
  lastSignInAt: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

@Entity('auth_sessions')
export class AuthSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('varchar', { name: 'user_agent', length: 512, nullable: true })
  userAgent: string | null;

  @Column('varchar', { length: 64, nullable: true })
  ip: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

@Entity('auth_refresh_tokens')
export class AuthRefreshTokenEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  /** sha256 of the opaque token; the token itself is never stored. */
  @Column('varchar', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('uuid', { name: 'session_id' })
  sessionId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('boolean', { default: false })
  revoked: boolean;

  /** The hash of the token this one replaced. */
  @Column('varchar', { length: 64, nullable: true })
  parent: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

@Entity('auth_signing_keys')
export class AuthSigningKeyEntity {
  @PrimaryColumn('varchar', { length: 64 })
  kid: string;

  @Column('varchar', { length: 16 })
  algorithm: string;

  @Column('jsonb', { name: 'private_jwk' })
  privateJwk: Record<string, unknown>;

  @Column('jsonb', { name: 'public_jwk' })
  publicJwk: Record<string, unknown>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  /** When a newer key took over signing; the key still verifies until every token it signed has expired. */
  @Column('timestamptz', { name: 'retired_at', nullable: true })
  retiredAt: Date | null;
}

/** A provider sign-in (or PKCE) in flight: created by /authorize, completed by /callback, consumed by grant_type=pkce. */
@Entity('auth_flow_states')
export class AuthFlowStateEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('varchar', { length: 32 })
  provider: string;

  @Column('varchar', { name: 'code_challenge', length: 128, nullable: true })
  codeChallenge: string | null;

  @Column('varchar', { name: 'code_challenge_method', length: 16, nullable: true })
  codeChallengeMethod: string | null;

  @Column('text', { name: 'redirect_to' })
  redirectTo: string;

  @Column('varchar', { name: 'auth_code_hash', length: 64, nullable: true })
  authCodeHash: string | null;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}

export const AUTH_ENTITIES = [
  AuthUserEntity,
  AuthIdentityEntity,
  AuthSessionEntity,
  AuthRefreshTokenEntity,
  AuthSigningKeyEntity,
  AuthFlowStateEntity,
];
