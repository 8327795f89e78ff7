import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The built-in GoTrue-compatible auth: users, identities, sessions, rotating refresh tokens, signing keys, OAuth/PKCE flows. */
export class AuthSchema1795241000000 implements MigrationInterface {
  name = 'AuthSchema1795241000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pgcrypto');
    await q.query(`
      CREATE TABLE auth_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL,
        encrypted_password varchar(255),
        email_confirmed_at timestamptz,
        confirmation_token_hash varchar(64),
        confirmation_sent_at timestamptz,
        raw_user_meta_data jsonb NOT NULL DEFAULT '{}',
        raw_app_meta_data jsonb NOT NULL DEFAULT '{}',
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT auth_users_email_lowercase CHECK (email = lower(email))
      )`);
    await q.query('CREATE UNIQUE INDEX auth_users_email_key ON auth_users (email)');
    await q.query(
      'CREATE UNIQUE INDEX auth_users_confirmation_token_key ON auth_users (confirmation_token_hash) WHERE confirmation_token_hash IS NOT NULL',
    );

    await q.query(`
      CREATE TABLE auth_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider varchar(32) NOT NULL,
        provider_id varchar(255) NOT NULL,
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        identity_data jsonb NOT NULL DEFAULT '{}',
        email varchar(320),
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT auth_identities_provider_key UNIQUE (provider, provider_id)
      )`);
    await q.query('CREATE INDEX auth_identities_user_id_idx ON auth_identities (user_id)');

    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        user_agent varchar(512),
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id)');

    await q.query(`
      CREATE TABLE auth_refresh_tokens (
        id bigserial PRIMARY KEY,
        token_hash varchar(64) NOT NULL,
        session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        revoked boolean NOT NULL DEFAULT false,
        parent varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX auth_refresh_tokens_token_hash_key ON auth_refresh_tokens (token_hash)');
    await q.query('CREATE INDEX auth_refresh_tokens_session_id_idx ON auth_refresh_tokens (session_id)');

    await q.query(`
      CREATE TABLE auth_signing_keys (
        kid varchar(64) PRIMARY KEY,
        algorithm varchar(16) NOT NULL,
        private_jwk jsonb NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE auth_flow_states (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider varchar(32) NOT NULL,
        code_challenge varchar(128),
        code_challenge_method varchar(16),
        redirect_to text NOT NULL,
        auth_code_hash varchar(64),
        user_id uuid REFERENCES auth_users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      'CREATE UNIQUE INDEX auth_flow_states_auth_code_hash_key ON auth_flow_states (auth_code_hash) WHERE auth_code_hash IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS auth_flow_states');
    await q.query('DROP TABLE IF EXISTS auth_signing_keys');
    await q.query('DROP TABLE IF EXISTS auth_refresh_tokens');
    await q.query('DROP TABLE IF EXISTS auth_sessions');
    await q.query('DROP TABLE IF EXISTS auth_identities');
    await q.query('DROP TABLE IF EXISTS auth_users');
  }
}
