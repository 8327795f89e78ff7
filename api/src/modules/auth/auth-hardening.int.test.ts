import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createLogger } from '../../platform/logger';
import { createTestApp, signUpTestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, uniquePrefix } from '../../test/test-db';
import { createAuth } from '.';
import { startAuthServer, supabaseClient } from './auth.test-support';

let db: TestDatabase;
const newEmail = () => `p-${randomBytes(5).toString('hex')}@example.com`;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and over_request_rate_limit after too many sign-ins', async () => {
    const app = await createTestApp(db, {}, { rateLimits: { signInPerIpAccount: { points: 2, durationSeconds: 60 } } });
    try {
      const user = await signUpTestUser(app);
      const attempt = () =>
        request(app).post('/auth/v1/token?grant_type=password').send({ email: user.email, password: 'wrong-one' });
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);

      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.body).toEqual({
        code: 'over_request_rate_limit',
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached',
      });

      // Another account from the same address is still allowed.
      const other = await request(app)
        .post('/auth/v1/token?grant_type=password')
        .send({ email: newEmail(), password: 'wrong-one' });
      expect(other.status).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('limits sign-ups per address and supabase-js surfaces it as a 429', async () => {
    const api = await startAuthServer(db, {}, { rateLimits: { signUpPerIp: { points: 1, durationSeconds: 60 } } });
    try {
      const client = supabaseClient(api.origin);
      expect((await client.auth.signUp({ email: newEmail(), password: 'secret-pass' })).error).toBeNull();
      const { error } = await supabaseClient(api.origin).auth.signUp({ email: newEmail(), password: 'secret-pass' });
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_request_rate_limit');
    } finally {
      await api.close();
    }
  });

  it('shares the limit between api processes through Redis', async () => {
    const overrides = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniquePrefix() };
    const limits = { rateLimits: { signInPerIp: { points: 2, durationSeconds: 60 } } };
    const first = await createTestApp(db, overrides, limits);
    const second = await createTestApp(db, overrides, limits);
    try {
      const body = { email: newEmail(), password: 'wrong-one' };
      expect((await request(first).post('/auth/v1/token?grant_type=password').send(body)).status).toBe(400);
      expect((await request(second).post('/auth/v1/token?grant_type=password').send(body)).status).toBe(400);
      expect((await request(first).post('/auth/v1/token?grant_type=password').send(body)).status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('e-mail confirmation on', () => {
  it('returns the user alone, refuses sign-in until the link is followed, then signs in', async () => {
    const links: string[] = [];
    const api = await startAuthServer(
      db,
      { AUTH_EMAIL_CONFIRM: 'true' },
      {
        mailer: {
          async sendSignUpConfirmation(_to, link) {
            links.push(link);
          },
        },
      },
    );
    try {
      const email = newEmail();
      const client = supabaseClient(api.origin);
      const { data, error } = await client.auth.signUp({
        email,
        password: 'secret-pass',
        options: { emailRedirectTo: `${api.origin}/auth/callback` },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.identities).toHaveLength(1);

      const early = await client.auth.signInWithPassword({ email, password: 'secret-pass' });
      expect(early.error?.code).toBe('email_not_confirmed');

      expect(links).toHaveLength(1);
      const res = await fetch(links[0]!, { redirect: 'manual' });
      const landed = new URL(res.headers.get('location')!);
      expect(landed.pathname).toBe('/auth/callback');
      expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy();

      const later = await client.auth.signInWithPassword({ email, password: 'secret-pass' });
      expect(later.error).toBeNull();
      expect(later.data.user?.email_confirmed_at).toBeTruthy();

      // A repeated sign-up of a confirmed address looks like GoTrue's: a made-up user with no identities.
      const repeat = await supabaseClient(api.origin).auth.signUp({ email, password: 'secret-pass' });
      expect(repeat.error).toBeNull();
      expect(repeat.data.user?.identities).toEqual([]);
      expect(repeat.data.user?.id).not.toBe(data.user?.id);

      // The link works once.
      const reused = await fetch(links[0]!, { redirect: 'manual' });
      expect(reused.headers.get('location')).toContain('error_code=otp_expired');
    } finally {
      await api.close();
    }
  });

  it('sends a PKCE client back with a code to exchange', async () => {
    const links: string[] = [];
    const mailer = {
      async sendSignUpConfirmation(_to: string, link: string) {
        links.push(link);
      },
    };
    const api = await startAuthServer(db, { AUTH_EMAIL_CONFIRM: 'true' }, { mailer });
    try {
      const email = newEmail();
      const client = supabaseClient(api.origin, 'pkce');
      await client.auth.signUp({
        email,
        password: 'secret-pass',
        options: { emailRedirectTo: `${api.origin}/welcome` },
      });

      const res = await fetch(links[0]!, { redirect: 'manual' });
      const landed = new URL(res.headers.get('location')!);
      expect(landed.pathname).toBe('/welcome');
      const { data, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
    } finally {
      await api.close();
    }
  });
});

describe('the api verifier', () => {
  it('rejects a tampered token and one from another key', async () => {
    const app = await createTestApp(db);
    try {
      const user = await signUpTestUser(app);
      const [header, payload, signature] = user.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');

      await expect(app.auth.verifier.verify(`${header}.${forged}.${signature}`)).rejects.toThrow();
      await expect(app.auth.verifier.verify(`${user.accessToken}x`)).rejects.toThrow();
      await expect(app.auth.verifier.verify('not-a-jwt')).rejects.toThrow();

      // The auth endpoints say so in GoTrue's words.
      const res = await request(app)
        .get('/auth/v1/user')
        .set('Authorization', `Bearer ${header}.${forged}.${signature}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('bad_jwt');
      const none = await request(app).get('/auth/v1/user');
      expect(none.status).toBe(401);
      expect(none.body.code).toBe('no_authorization');
    } finally {
      await app.close();
    }
  });

  it('keeps the signing key across restarts and processes (it lives in the database)', async () => {
    const first = await createTestApp(db);
    const second = await createTestApp(db);
    try {
      const user = await signUpTestUser(first);
      await expect(second.auth.verifier.verify(user.accessToken)).resolves.toMatchObject({ id: user.userId });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('verifies a hosted Supabase project through its JWKS when SUPABASE_URL is set', async () => {
    // Our own auth server plays the hosted project: same endpoints, same issuer shape.
    const hosted = await startAuthServer(db);
    try {
      const user = await signUpTestUser(hosted.app);
      const config = testConfig({ DATABASE_URL: db.url, SUPABASE_URL: hosted.origin, SUPABASE_ANON_KEY: 'anon' });
      const auth = await createAuth({ config, dataSource: db.dataSource, redis: null, logger: createLogger('silent') });

      expect(auth.router).toBeUndefined();
      await expect(auth.verifier.verify(user.accessToken)).resolves.toEqual({
        id: user.userId,
        email: user.email,
        emailVerified: false,
      });
      const [h, p] = user.accessToken.split('.');
      await expect(auth.verifier.verify(`${h}.${p}.AAAA`)).rejects.toThrow();
    } finally {
      await hosted.close();
    }
  });

  it('accepts legacy HS256 tokens of a hosted project only with SUPABASE_JWT_SECRET', async () => {
    const supabaseUrl = 'https://project-ref.supabase.co';
    const secret = 'super-secret-jwt-token-with-at-least-32-characters';
    const userId = crypto.randomUUID();
    const token = await new SignJWT({ email: 'legacy@example.com', role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience('authenticated')
      .setIssuer(`${supabaseUrl}/auth/v1`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    const hostedAuth = (extra: Record<string, string>) =>
      createAuth({
        config: testConfig({ DATABASE_URL: db.url, SUPABASE_URL: supabaseUrl, ...extra }),
        dataSource: db.dataSource,
        redis: null,
        logger: createLogger('silent'),
      });

    const withSecret = await hostedAuth({ SUPABASE_JWT_SECRET: secret });
    await expect(withSecret.verifier.verify(token)).resolves.toEqual({
      id: userId,
      email: 'legacy@example.com',
      emailVerified: false,
    });
    const withoutSecret = await hostedAuth({});
    await expect(withoutSecret.verifier.verify(token)).rejects.toThrow();
    const wrongSecret = await hostedAuth({ SUPABASE_JWT_SECRET: `${secret}-other` });
    await expect(wrongSecret.verifier.verify(token)).rejects.toThrow();
  });
});

describe('CORS', () => {
  it('allows the admin origin and shop subdomains with the supabase-js headers, not others', async () => {
    const app = await createTestApp(db, { PUBLIC_ORIGIN: 'http://localhost:3000', APP_DOMAIN: 'localhost' });
    try {
      const preflight = (origin: string) =>
        request(app)
          .options('/auth/v1/token')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'apikey, authorization, x-client-info, content-type');

      const admin = await preflight('http://localhost:3000');
      expect(admin.status).toBe(204);
      expect(admin.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(admin.headers['access-control-allow-headers']).toContain('x-supabase-api-version');
      expect(admin.headers['access-control-allow-headers']).toContain('apikey');

      const shop = await preflight('http://fades.localhost:3000');
      expect(shop.headers['access-control-allow-origin']).toBe('http://fades.localhost:3000');

      const foreign = await preflight('https://evil.example.com');
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
