import path from 'node:path';
import { z } from 'zod';
import { parseTrustedFront, type TrustedFront } from './trusted-front';

function trustedFrontOf(value: string | undefined): TrustedFront | null {
  const parsed = parseTrustedFront(value);
  return 'trusted' in parsed ? parsed.trusted : null;
}

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:4101' })
  .transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: listen on every interface (Node's default, IPv4 and IPv6). */
  HOST: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  API_URL: httpUrl,
  STOREFRONT_URL: httpUrl,
  ADMIN_DIR: z.string().min(1, 'must be the directory of the built admin (admin/dist)'),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a bare domain such as localhost or barberly.app')
    .default('localhost'),
  /** Largest request body the proxy forwards; bigger bodies get 413. */
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** How long an upstream may take to answer before the client gets 504. */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * false (default): the proxy is the edge and overwrites X-Forwarded-* so clients cannot spoof their address.
   * Otherwise the addresses or networks of the proxy in front ('true': loopback and private networks): only a
   * connection from there may say who the client is (trusted-front.ts).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parseTrustedFront(value);
      if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
    }),
  /**
   * The storefront's server bundle (storefront/dist/storefront-server.mjs): when set, the storefront runs inside
   * this process, listening on STOREFRONT_URL's address, and shop pages are handed to it without an HTTP hop.
   */
  STOREFRONT_MODULE: z
    .string()
    .optional()
    .transform((value) => value || undefined),
});

export interface ProxyConfig {
  port: number;
  host: string | undefined;
  apiUrl: string;
  storefrontUrl: string;
  adminDir: string;
  appDomain: string;
  maxBodyBytes: number;
  proxyTimeoutMs: number;
  /** Who may tell the proxy a client's address; null: nobody (the proxy is the edge). */
  trustProxy: TrustedFront | null;
  storefrontModule: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid proxy environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws ConfigError listing every problem at the same time. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const missing = issue.code === 'invalid_type' && env[name] === undefined;
        const message = missing ? 'is required' : `${issue.message} (got ${JSON.stringify(env[name])})`;
        return `${name} ${message}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL,
    storefrontUrl: e.STOREFRONT_URL,
    adminDir: path.resolve(e.ADMIN_DIR),
    appDomain: e.APP_DOMAIN.toLowerCase(),
    maxBodyBytes: e.MAX_BODY_BYTES,
    proxyTimeoutMs: e.PROXY_TIMEOUT_MS,
    trustProxy: trustedFrontOf(e.TRUST_PROXY),
    storefrontModule: e.STOREFRONT_MODULE ? path.resolve(e.STOREFRONT_MODULE) : undefined,
  };
}
