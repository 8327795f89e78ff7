import type { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Mailer } from './modules/mail/mailer';
import type { ShopEvents } from './platform/events/shop-events';
import type { TokenVerifier } from './platform/http/auth-context';

/** What the api is made of (main.ts builds it; tests pass their own parts). */
export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  /** A read replica (DATABASE_READ_URL) for analytics and its exports; absent, they read `dataSource`. */
  readDataSource?: DataSource;
  redis: Redis | null;
  logger: Logger;
  /** Verifies access tokens on /api. */
  verifier: TokenVerifier;
  /** The built-in GoTrue-compatible auth, mounted at /auth/v1; absent when a hosted Supabase is used. */
  authRouter?: Router;
  /** Shop-change notifications; built from config and redis when not given. */
  events?: ShopEvents;
  /** Mail sent straight away (barber invites); SMTP_URL's, or the log. Tests pass one to read what was sent. */
  mailer?: Mailer;
}
