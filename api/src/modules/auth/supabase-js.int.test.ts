import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { type RunningAuthServer, startAuthServer, supabaseClient } from './auth.test-support';

let db: TestDatabase;
let api: RunningAuthServer;

const newEmail = () => `person-${randomBytes(5).toString('hex')}@example.com`;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startAuthServer(db);
});

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

async function signedUp(client: SupabaseClient, email = newEmail(), password = 'secret-pass') {
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${api.origin}/auth/callback`, data: { email, onboardingCompleted: false } },
  });
  expect(error).toBeNull();
  return { email, password, data };
}

describe('supabase-js against the built-in auth', () => {
  it('signs up and gets a session with the sign-up metadata', async () => {
    const client = supabaseClient(api.origin);
    const email = newEmail();
    const { data } = await signedUp(client, email);

    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(600);
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { email, onboardingCompleted: false },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user?.identities).toHaveLength(1);
    const { data: current } = await client.auth.getSession();
    expect(current.session?.user.id).toBe(data.user?.id);
  });

  it('signs in with the password and reads the user back', async () => {
    const { email, password } = await signedUp(supabaseClient(api.origin));
    const client = supabaseClient(api.origin);

    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();

    const { data: got, error: getError } = await client.auth.getUser();
    expect(getError).toBeNull();
    expect(got.user?.email).toBe(email);
    expect(got.user?.last_sign_in_at).toBeTruthy();
  });

  it('reports a wrong password as invalid_credentials "Invalid login credentials"', async () => {
    const { email } = await signedUp(supabaseClient(api.origin));
    const { data, error } = await supabaseClient(api.origin).auth.signInWithPassword({ email, password: 'nope-nope' });

    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('reports an unknown e-mail exactly like a wrong password', async () => {
    const { error } = await supabaseClient(api.origin).auth.signInWithPassword({
      email: newEmail(),
      password: 'whatever1',
    });
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('reports a repeated sign-up as user_already_exists "User already registered"', async () => {
    const { email } = await signedUp(supabaseClient(api.origin));
    const { data, error } = await supabaseClient(api.origin).auth.signUp({ email, password: 'another-pass' });

    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('reports a short password as weak_password with its reasons', async () => {
    const { error } = await supabaseClient(api.origin).auth.signUp({ email: newEmail(), password: '1234567' });

    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toContain('Password should be at least 8 characters');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('reports a malformed e-mail as validation_failed', async () => {
    const { error } = await supabaseClient(api.origin).auth.signUp({ email: 'not-an-email', password: 'secret-pass' });

    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('rotates refresh tokens and refuses the used one afterwards', async () => {
    const client = supabaseClient(api.origin);
    const { data } = await signedUp(client);
    const first = data.session!.refresh_token;

    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session?.refresh_token).toBeTruthy();
    expect(refreshed.session?.refresh_token).not.toBe(first);

    const replay = await supabaseClient(api.origin).auth.refreshSession({ refresh_token: first });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
  });

  it('ends the whole session when a used refresh token is replayed', async () => {
    const client = supabaseClient(api.origin);
    const { data } = await signedUp(client);
    const stolen = data.session!.refresh_token;
    const { data: refreshed } = await client.auth.refreshSession();

    await supabaseClient(api.origin).auth.refreshSession({ refresh_token: stolen });

    const legit = await supabaseClient(api.origin).auth.refreshSession({
      refresh_token: refreshed.session!.refresh_token,
    });
    expect(legit.error?.code).toBe('refresh_token_not_found');
  });

  it('updates metadata and password', async () => {
    const client = supabaseClient(api.origin);
    const { email } = await signedUp(client);

    const { data, error } = await client.auth.updateUser({ data: { onboardingCompleted: true, firstName: 'Ana' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ email, onboardingCompleted: true, firstName: 'Ana' });

    const { error: pwError } = await client.auth.updateUser({ password: 'brand-new-pass' });
    expect(pwError).toBeNull();
    const other = supabaseClient(api.origin);
    expect((await other.auth.signInWithPassword({ email, password: 'secret-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await other.auth.signInWithPassword({ email, password: 'brand-new-pass' })).error).toBeNull();
  });

  it('refuses to move an e-mail onto an address another account has', async () => {
    const { email: taken } = await signedUp(supabaseClient(api.origin));
    const client = supabaseClient(api.origin);
    await signedUp(client);

    const { error } = await client.auth.updateUser({ email: taken });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('signs out globally: refresh tokens and the session are gone', async () => {
    const client = supabaseClient(api.origin);
    const { data } = await signedUp(client);
    const { access_token: accessToken, refresh_token: refreshToken } = data.session!;

    const { error } = await client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const replay = await supabaseClient(api.origin).auth.refreshSession({ refresh_token: refreshToken });
    expect(replay.error?.code).toBe('refresh_token_not_found');
    const user = await supabaseClient(api.origin).auth.getUser(accessToken);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('signs out one session locally and leaves the others', async () => {
    const { email, password } = await signedUp(supabaseClient(api.origin));
    const phone = supabaseClient(api.origin);
    const laptop = supabaseClient(api.origin);
    await phone.auth.signInWithPassword({ email, password });
    const { data: laptopSession } = await laptop.auth.signInWithPassword({ email, password });

    await phone.auth.signOut({ scope: 'local' });

    const { error } = await supabaseClient(api.origin).auth.refreshSession({
      refresh_token: laptopSession.session!.refresh_token,
    });
    expect(error).toBeNull();
  });

  it('publishes a JWKS that verifies issued tokens (and getClaims uses it)', async () => {
    const client = supabaseClient(api.origin);
    const { data } = await signedUp(client);
    const token = data.session!.access_token;

    const jwks = createRemoteJWKSet(new URL(`${api.origin}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: `${api.origin}/auth/v1`,
      audience: 'authenticated',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    expect(payload).toMatchObject({
      sub: data.user!.id,
      email: data.user!.email,
      role: 'authenticated',
      session_id: expect.any(String),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { onboardingCompleted: false },
    });
    expect(payload.exp! - payload.iat!).toBe(600);

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(data.user!.id);
  });

  it('answers the settings and health endpoints like GoTrue', async () => {
    const settings = (await fetch(`${api.origin}/auth/v1/settings`).then((r) => r.json())) as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
    };
    expect(settings.external).toMatchObject({ email: true, google: false, github: false });
    expect(settings.mailer_autoconfirm).toBe(true);
    expect((await fetch(`${api.origin}/auth/v1/health`)).status).toBe(200);
  });
});
