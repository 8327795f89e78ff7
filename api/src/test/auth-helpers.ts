import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { type AppDeps, createApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Auth, type AuthOptions, createAuth } from '../modules/auth';
import { createLogger } from '../platform/logger';
import type { TestDatabase } from './test-db';

export interface TestUser {
  accessToken: string;
  refreshToken: string;
  userId: string;
  email: string;
}

/** A fresh account through the real sign-up endpoint (confirmation off), with its first session's tokens. */
export async function signUpTestUser(
  app: Express,
  email = `user-${randomBytes(5).toString('hex')}@example.com`,
  password = 'secret-password',
): Promise<TestUser> {
  const res = await request(app)
    .post('/auth/v1/signup')
    .set('apikey', 'test-anon-key')
    .send({ email, password, data: { email, onboardingCompleted: false } });
  if (res.status !== 200 || !res.body?.access_token) {
    throw new Error(`signUpTestUser(${email}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return {
    accessToken: res.body.access_token,
    refreshToken: res.body.refresh_token,
    userId: res.body.user.id,
    email: res.body.user.email,
  };
}

/** The Express app, usable directly with supertest, plus what a test needs to inspect and stop. */
export type TestApp = Express & {
  /** The same app (so both `supertest(testApp)` and `const { app } = testApp` work). */
  app: Express;
  config: Config;
  auth: Auth;
  redis: Redis | null;
  close(): Promise<void>;
};

/**
 * The real app on a test database with the real built-in auth, so tests get real tokens. Rate limits are generous
 * unless `authOptions` says otherwise. Pass REDIS_URL (and a unique REDIS_KEY_PREFIX) in `configOverrides` to use Redis.
 */
export async function createTestApp(
  db: TestDatabase,
  configOverrides: Partial<Record<keyof Config, string>> = {},
  authOptions: AuthOptions = {},
  extra: Pick<AppDeps, 'mailer'> = {},
): Promise<TestApp> {
  const config = testConfig({ DATABASE_URL: db.url, ...configOverrides });
  const logger = createLogger(config.LOG_LEVEL);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  // Connected before the first request, so rate limits really go through Redis.
  await redis?.ping();
  const generous = { points: 100_000, durationSeconds: 60 };
  const auth = await createAuth(
    { config, dataSource: db.dataSource, redis, logger },
    {
      ...authOptions,
      rateLimits: {
        signInPerIp: generous,
        signInPerIpAccount: generous,
        signInPerAccount: generous,
        signUpPerIp: generous,
        signUpPerAccount: generous,
        refreshPerIp: generous,
        ...authOptions.rateLimits,
      },
    },
  );
  const app = createApp({
    config,
    dataSource: db.dataSource,
    redis,
    logger,
    verifier: auth.verifier,
    authRouter: auth.router,
    ...extra,
  });
  return Object.assign(app, {
    app,
    config,
    auth,
    redis,
    async close() {
      await auth.close?.();
      redis?.disconnect();
    },
  });
}

/**
 * The account's address as proven (its confirmation link was followed), and a fresh sign-in's access token: the
 * api reads the proof with the session, so an older session still counts as unproven for a few seconds.
 */
export async function provenAccessToken(app: Express, db: TestDatabase, user: TestUser, password = 'secret-password') {
  await db.dataSource.query(
    `UPDATE auth_identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb WHERE user_id = $1`,
    [user.userId],
  );
  const res = await request(app).post('/auth/v1/token?grant_type=password').send({ email: user.email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.status}`);
  return res.body.access_token as string;
}
