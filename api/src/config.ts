import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://...)'),
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().default('barberly:'),
  APP_DOMAIN: z.string().min(1).default('localhost'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  INTERNAL_TOKEN: z.string().optional(),
  STOREFRONT_NOTIFY_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  MIGRATE_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * This process also runs the durable queue's jobs (mail, texts, domain checks, series upkeep, waitlist offers) and
   * the hourly upkeep, as `node api/dist/worker.js` does (decision 0174). `npm start` sets it; replicas leave it off.
   */
  RUN_WORKERS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Uploaded files (issue 26): S3-compatible storage, s3://bucket[/prefix]?endpoint=...; unset, UPLOADS_DIR. */
  STORAGE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Where uploads go on this machine when STORAGE_URL is unset (npm start: .data/uploads). */
  UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
  /** A read replica for analytics and its exports (decision 0174); unset, they read DATABASE_URL. */
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Availability's in-memory cache kept fresh by Postgres notifications (decision 0060); 'false' reads every time. */
  AVAILABILITY_CACHE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Which peers may tell the api the client's address (X-Forwarded-For), as Express's 'trust proxy' list: the
   * launcher's proxy is on loopback; in docker compose nginx is on the private network ('loopback, uniquelocal').
   */
  TRUSTED_PROXIES: z.string().min(1).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at GET /metrics on this port of their own (decision 0178); unset or 0: not served. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** The metrics port's address: loopback by default; 0.0.0.0 where Prometheus scrapes from another host or pod. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Hosted Supabase instead of the built-in auth.
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: z.string().optional(),
  /** Only for projects still signing with the legacy shared secret (HS256); asymmetric keys need nothing. */
  SUPABASE_JWT_SECRET: z.string().optional(),
  // Built-in auth.
  AUTH_EMAIL_CONFIRM: bool,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(120).default(600),
  /** Seals the auth signing keys at rest (32+ random bytes, e.g. `openssl rand -base64 32`); required in production. */
  AUTH_KEY_ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'AUTH_KEY_ENCRYPTION_KEY must be at least 16 characters').optional(),
  ),
  /** A new signing key every this many days (0: only by `npm run auth:rotate-key`). */
  AUTH_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).default(30),
  /** Scales the auth rate limits (2 doubles them); 0 turns them off, e.g. for an end-to-end suite on one address. */
  AUTH_RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0).default(1),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTH_URL: z.string().url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.string().url().default('https://github.com/login/oauth/access_token'),
  GITHUB_USERINFO_URL: z.string().url().default('https://api.github.com/user'),
  GITHUB_EMAILS_URL: z.string().url().default('https://api.github.com/user/emails'),
  SMTP_URL: optionalUrl,
  /** Custom domains (issue 16): the CNAME target owners point www.theirshop.com at (default {slug}.{APP_DOMAIN}). */
  CUSTOM_DOMAIN_TARGET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** The addresses a bare domain's A / AAAA records point at; unset IPv4: only subdomains like www can connect. */
  CUSTOM_DOMAIN_IPV4: z.preprocess((v) => (v === '' ? undefined : v), z.ipv4().optional()),
  CUSTOM_DOMAIN_IPV6: z.preprocess((v) => (v === '' ? undefined : v), z.ipv6().optional()),
  /** The DNS server domain checks ask ('host:port'); unset: the system's resolvers. */
  DNS_RESOLVER: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Text reminders (issue 15): Twilio's Messaging API; unset, texts are written to the log and e-mail is used. */
  TWILIO_ACCOUNT_SID: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  TWILIO_AUTH_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** The SMS sender: a number (E.164) or, instead, a Messaging Service. */
  TWILIO_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  TWILIO_MESSAGING_SERVICE_SID: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** The WhatsApp sender number (with or without 'whatsapp:'). */
  TWILIO_WHATSAPP_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Twilio's API address, for tests (default Twilio's). */
  TWILIO_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().default('https://api.twilio.com')),
  /** The country of phone numbers written without +country code, when the shop's own number does not say. */
  DEFAULT_PHONE_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'DEFAULT_PHONE_COUNTRY is a two-letter country code such as US')
    .default('US')
    .transform((v) => v.toUpperCase()),
  /** Texts caused by online bookings one shop may send in 24 hours (issue 23); over it the e-mail goes alone. */
  TEXTS_PER_SHOP_PER_DAY: z.coerce.number().int().min(0).default(200),
  /** Plans and billing (issue 17): 'off' (every feature on, no plan UI) unless 'stripe' with a Stripe key. */
  BILLING: z.enum(['off', 'stripe']).default('off'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_BASIC: z.string().optional(),
  STRIPE_PRICE_PRO: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  /** Stripe's API address, for tests (default Stripe's). */
  STRIPE_API_URL: optionalUrl,
  /** Shops' takings (issue 27): the signing secret of the Connect webhook, POST /api/payments/webhook. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The platform's share of each charge on a shop's account, in basis points (100 = 1%); default none. */
  PAYMENTS_APPLICATION_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Operators (comma-separated e-mails) who see /admin/shops. */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The assistant's model: any OpenAI-compatible Chat Completions API (unset: the panel says how to connect one). */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Model tokens one shop may spend a day (0: no limit). */
  ASSISTANT_DAILY_TOKENS: z.coerce.number().int().min(0).default(200_000),
  /** Assistant messages one person may send a minute (0: no limit). */
  ASSISTANT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(0).default(20),
});

export type Config = z.output<typeof EnvSchema>;

/** Parses the environment once; a wrong environment stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The api's environment is not valid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A config for tests: the real parser with test values. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://unused',
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    ...overrides,
  } as NodeJS.ProcessEnv);
}
