import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { listenOnFreePort, type RunningAuthServer, startAuthServer, supabaseClient } from './auth.test-support';

let db: TestDatabase;
let api: RunningAuthServer;
let provider: OAuth2Server;
let githubApi: { server: Server; port: number };
/** What the mock provider's userinfo says about the person signing in. */
let googleProfile: Record<string, unknown>;
let githubUser: Record<string, unknown>;
let githubEmails: Array<Record<string, unknown>>;
let googleEnv: Record<string, string>;

async function startProvider(): Promise<OAuth2Server> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    try {
      await server.start(20000 + Math.floor(Math.random() * 12000), '127.0.0.1');
      return server;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port for the OAuth2 mock server');
}

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await startProvider();
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = googleProfile;
  });
  // GitHub's /user and /user/emails, which the generic mock server does not have.
  const gh = await listenOnFreePort();
  gh.setHandler((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.headers.authorization?.startsWith('Bearer ') !== true) {
      res.statusCode = 401;
      return res.end('{}');
    }
    res.end(JSON.stringify(req.url === '/user/emails' ? githubEmails : githubUser));
  });
  githubApi = gh;
  const issuer = provider.issuer.url!;
  googleEnv = {
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  };
  api = await startAuthServer(db, {
    ...googleEnv,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_AUTH_URL: `${issuer}/authorize`,
    GITHUB_TOKEN_URL: `${issuer}/token`,
    GITHUB_USERINFO_URL: `http://127.0.0.1:${gh.port}/user`,
    GITHUB_EMAILS_URL: `http://127.0.0.1:${gh.port}/user/emails`,
  });
});

afterAll(async () => {
  await api?.close();
  await provider?.stop();
  githubApi?.server.closeAllConnections();
  await new Promise((resolve) => githubApi?.server.close(resolve));
  await db?.drop();
});

beforeEach(() => {
  const id = randomBytes(4).toString('hex');
  googleProfile = { sub: `google-${id}`, email: `g-${id}@example.com`, email_verified: true, name: 'Gia Google' };
  githubUser = { id: Number.parseInt(id, 16), login: `octo${id}`, name: 'Octo Cat', email: null };
  githubEmails = [
    { email: `other-${id}@example.com`, primary: false, verified: true },
    { email: `gh-${id}@example.com`, primary: true, verified: true },
  ];
});

async function googleSignIn(origin: string) {
  const client = supabaseClient(origin, 'pkce');
  const { data } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: `${origin}/auth/callback`, skipBrowserRedirect: true },
  });
  const landed = await followRedirects(data.url!, '/auth/callback');
  return client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
}

/** Follows redirects like a browser until one leaves for `stopAt`'s path (the app's callback page). */
async function followRedirects(start: string, stopAtPath: string): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (url.pathname === stopAtPath) return url;
    const res = await fetch(url, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
    }
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

describe('provider sign-in', () => {
  it('completes a Google PKCE round trip into a session for the provider e-mail', async () => {
    const client = supabaseClient(api.origin, 'pkce');
    const redirectTo = `${api.origin}/auth/callback`;
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();

    const landed = await followRedirects(data.url!, '/auth/callback');
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(googleProfile.email);
    expect(exchanged.data.user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(exchanged.data.user?.identities?.[0]).toMatchObject({ provider: 'google', id: googleProfile.sub });

    // The code is single-use.
    const again = await supabaseClient(api.origin, 'pkce').auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
  });

  it('signs the same person into the same account the next time', async () => {
    const signIn = async () => {
      const client = supabaseClient(api.origin, 'pkce');
      const { data } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${api.origin}/auth/callback`, skipBrowserRedirect: true },
      });
      const landed = await followRedirects(data.url!, '/auth/callback');
      return (await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!)).data.user!.id;
    };
    expect(await signIn()).toBe(await signIn());
  });

  it('gives the verified provider e-mail the account an unproven sign-up made, ending its password and sessions', async () => {
    const email = String(googleProfile.email);
    const signUp = await supabaseClient(api.origin).auth.signUp({ email, password: 'secret-pass' });
    const client = supabaseClient(api.origin, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${api.origin}/auth/callback`, skipBrowserRedirect: true },
    });
    const landed = await followRedirects(data.url!, '/auth/callback');
    const { data: session } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);

    expect(session.user?.id).toBe(signUp.data.user?.id);
    expect(session.user?.app_metadata.providers).toEqual(['email', 'google']);
    // Whoever typed that address at sign-up never proved it: their password and session are gone.
    const squatter = await supabaseClient(api.origin).auth.signInWithPassword({ email, password: 'secret-pass' });
    expect(squatter.error?.code).toBe('invalid_credentials');
    const oldSession = await supabaseClient(api.origin).auth.refreshSession({
      refresh_token: signUp.data.session!.refresh_token,
    });
    expect(oldSession.error?.code).toBe('refresh_token_not_found');
  });

  it('links a confirmed password account and keeps its password', async () => {
    const links: string[] = [];
    const confirming = await startAuthServer(
      db,
      { ...googleEnv, AUTH_EMAIL_CONFIRM: 'true' },
      { mailer: { sendSignUpConfirmation: async (_to, link) => void links.push(link) } },
    );
    try {
      const email = String(googleProfile.email);
      await supabaseClient(confirming.origin).auth.signUp({ email, password: 'secret-pass' });
      await fetch(links[0]!, { redirect: 'manual' });

      const { data } = await googleSignIn(confirming.origin);
      expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
      const withPassword = await supabaseClient(confirming.origin).auth.signInWithPassword({
        email,
        password: 'secret-pass',
      });
      expect(withPassword.error).toBeNull();
      expect(withPassword.data.user?.id).toBe(data.user?.id);
    } finally {
      await confirming.close();
    }
  });

  it('gives the implicit flow its session in the URL fragment', async () => {
    const { data } = await supabaseClient(api.origin, 'implicit').auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${api.origin}/auth/callback`, skipBrowserRedirect: true },
    });
    const landed = await followRedirects(data.url!, '/auth/callback');
    const fragment = new URLSearchParams(landed.hash.slice(1));

    expect(fragment.get('token_type')).toBe('bearer');
    const token = fragment.get('access_token')!;
    const user = await supabaseClient(api.origin).auth.getUser(token);
    expect(user.data.user?.email).toBe(googleProfile.email);
    expect(fragment.get('refresh_token')).toBeTruthy();
  });

  it('uses the verified primary address from GitHub when the profile hides it', async () => {
    const client = supabaseClient(api.origin, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: `${api.origin}/auth/callback`, skipBrowserRedirect: true },
    });
    const landed = await followRedirects(data.url!, '/auth/callback');
    const { data: session, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);

    expect(error).toBeNull();
    expect(session.user?.email).toBe(githubEmails[1]!.email);
    expect(session.user?.app_metadata.provider).toBe('github');
  });

  it('does not follow a redirect_to on a foreign origin', async () => {
    const client = supabaseClient(api.origin, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'https://evil.example.com/steal', skipBrowserRedirect: true },
    });
    const landed = await followRedirects(data.url!, '/');

    expect(landed.origin).toBe(api.origin);
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('accepts a redirect_to on a shop subdomain of APP_DOMAIN', async () => {
    const res = await request(api.app)
      .get('/auth/v1/authorize')
      .query({ provider: 'google', redirect_to: `http://fades.barberly.test/auth/callback` });
    expect(res.status).toBe(302);
    const state = new URL(res.headers.location!).searchParams.get('state')!;
    const callback = await fetch(`${api.origin}/auth/v1/callback?state=${state}&error=access_denied`, {
      redirect: 'manual',
    });
    expect(callback.headers.get('location')).toMatch(
      /^http:\/\/fades\.barberly\.test\/auth\/callback\?error=access_denied/,
    );
  });

  it('refuses a callback with an unknown state', async () => {
    const res = await request(api.app).get('/auth/v1/callback').query({ code: 'x', state: crypto.randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_oauth_state');
  });
});

describe('provider sign-in when the provider is not configured', () => {
  it('answers 400 "Unsupported provider: provider is not enabled"', async () => {
    const plain = await startAuthServer(db);
    try {
      const { data } = await supabaseClient(plain.origin, 'pkce').auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${plain.origin}/auth/callback`, skipBrowserRedirect: true },
      });
      const res = await fetch(data.url!, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'validation_failed',
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
    } finally {
      await plain.close();
    }
  });
});
