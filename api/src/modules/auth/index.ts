import type { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { TokenVerifier } from '../../platform/http/auth-context';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import { AccessTokens } from './access-tokens';
import { type AuthLimiters, createAuthRouter } from './auth.router';
import { AuthService } from './auth.service';
import { type AuthMailer, logMailer } from './auth-rules';
import { SessionGate } from './session-gate';
import { SigningKeyStore } from './signing-keys';
import { createSupabaseVerifier } from './supabase-verifier';

export interface AuthDeps {
  config: Config;
  dataSource: DataSource;
  redis: Redis | null;
  logger: Logger;
}

export type AuthRateLimits = Record<keyof AuthLimiters, RateLimitRule>;

/**
 * Sane defaults: enough for a person who mistypes, a household behind one address, and a test suite; far too few
 * for password guessing. A window is a fixed minute unless stated. signInPerIp counts every attempt (it throttles
 * the sender); signInPerIpAccount and signInPerAccount count FAILED sign-ins only, and the account-wide one only
 * stops senders that have already failed on that account, so nobody can lock the owner out (decision 0052).
 */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIpAccount: { points: 10, durationSeconds: 60 },
  signInPerIp: { points: 30, durationSeconds: 60 },
  signInPerAccount: { points: 30, durationSeconds: 60 },
  signUpPerIp: { points: 10, durationSeconds: 60 },
  signUpPerAccount: { points: 5, durationSeconds: 60 },
  refreshPerIp: { points: 150, durationSeconds: 60 },
};

const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true }),
  used: async () => 0,
  reset: async () => undefined,
};

export interface AuthOptions {
  /** Overrides per limiter (tests use small ones). */
  rateLimits?: Partial<AuthRateLimits>;
  /** Where confirmation links go; the log by default. */
  mailer?: AuthMailer;
}

export type { AuthMailer } from './auth-rules';

export interface Auth {
  verifier: TokenVerifier;
  /** The built-in GoTrue-compatible service; absent when a hosted Supabase project is used. */
  router?: Router;
  close?: () => Promise<void>;
}

export async function createAuth(deps: AuthDeps, options: AuthOptions = {}): Promise<Auth> {
  const { config, dataSource, redis, logger } = deps;
  if (config.SUPABASE_URL) {
    logger.info({ supabaseUrl: config.SUPABASE_URL }, 'auth: hosted Supabase, verifying its tokens via JWKS');
    return { verifier: createSupabaseVerifier(config.SUPABASE_URL, config.SUPABASE_JWT_SECRET) };
  }

  if (config.NODE_ENV === 'production' && !config.AUTH_KEY_ENCRYPTION_KEY) {
    throw new Error(
      'AUTH_KEY_ENCRYPTION_KEY is required in production: the auth signing keys are encrypted with it at rest (npm start makes one in .data/)',
    );
  }
  const keys = new SigningKeyStore(dataSource, {
    encryptionKey: config.AUTH_KEY_ENCRYPTION_KEY,
    tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  await keys.init();
  const origin = new URL(config.PUBLIC_ORIGIN).origin;
  const accessTokens = new AccessTokens(keys, `${origin}/auth/v1`, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = new SessionGate(dataSource, { redis, keyPrefix: config.REDIS_KEY_PREFIX });
  const service = new AuthService(dataSource, accessTokens, {
    sessions,
    emailConfirm: config.AUTH_EMAIL_CONFIRM,
    authBaseUrl: `${origin}/auth/v1`,
    mailer: options.mailer ?? logMailer(logger),
    logger,
  });

  const multiplier = config.AUTH_RATE_LIMIT_MULTIPLIER;
  const defaults = Object.fromEntries(
    Object.entries(DEFAULT_AUTH_RATE_LIMITS).map(([name, rule]) => [
      name,
      { ...rule, points: Math.max(1, Math.round(rule.points * multiplier)) },
    ]),
  ) as AuthRateLimits;
  const rules: AuthRateLimits = { ...defaults, ...options.rateLimits };
  const keyPrefix = `${config.REDIS_KEY_PREFIX}auth:`;
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      multiplier === 0 && !options.rateLimits?.[name as keyof AuthRateLimits]
        ? unlimited
        : createRateLimiter({ name, rule, redis, keyPrefix }),
    ]),
  ) as unknown as AuthLimiters;

  const router = createAuthRouter({ config, logger, service, accessTokens, keys, limiters, signInRules: rules });
  const purge = setInterval(() => {
    service.purgeExpired().catch((err) => logger.warn({ err }, 'auth: purge failed'));
  }, 15 * 60_000);
  purge.unref();
  // Key rotation: whichever process finds the signing key too old makes the next one; every process reloads the
  // keys each minute, so all sign with the new key soon after (the old one verifies until its tokens expire).
  const rotation = setInterval(() => {
    keys
      .rotateIfDue(config.AUTH_KEY_ROTATION_DAYS)
      .then((kid) => kid && logger.info({ kid }, 'auth: signing key rotated'))
      .catch((err) => logger.warn({ err }, 'auth: key rotation check failed'));
  }, 60_000);
  rotation.unref();

  return {
    verifier: accessTokens.verifier(sessions),
    router,
    async close() {
      clearInterval(purge);
      clearInterval(rotation);
    },
  };
}
