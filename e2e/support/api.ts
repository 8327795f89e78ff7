// Helpers that drive the running stack over plain HTTP, through the proxy, like a browser would:
// sign up and sign in on the built-in auth (GoTrue shapes) and create shops on the api.
//
//   const owner = await signUp(uniqueEmail('owner'), 'Str0ngPassword!');
//   const shop = await createShop(owner.access_token, { name: "Joe's Barbers", slug: uniqueSlug('joes') });
//   await page.goto(shopSubdomainUrl(shop.slug));
import crypto from 'node:crypto';
import http from 'node:http';
import type { CompleteOnboardingResponse, CreatedShop, Role, ShopCreateInput, ShopPage, User } from '@barberly/common';
import { baseURL, stackPort } from './stack';

export { baseURL, shopHost, shopSubdomainUrl, stackPort } from './stack';

/** The password the helpers use unless told otherwise (long enough for any sane password rule). */
export const DEFAULT_PASSWORD = 'Barberly-e2e-Passw0rd!';

/** A GoTrue session: what POST /auth/v1/signup (confirmation off) and POST /auth/v1/token return. */
export interface AuthSession {
  access_token: string;
  token_type: string;
  expires_in: number;
  expires_at?: number;
  refresh_token: string;
  user: { id: string; email: string; [key: string]: unknown };
}

export interface HttpResult<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: T;
}

export class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly result: HttpResult,
  ) {
    super(`${method} ${path} answered ${result.status}: ${result.text.slice(0, 500)}`);
    this.name = 'HttpError';
  }
}

/** A unique, valid e-mail address per call: 'owner+lq2x3k9a1b@e2e.barberly.test'. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}+${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}@e2e.barberly.test`;
}

/** A unique, valid shop slug: lowercase letters, digits and at most two hyphens (3+ look like project ids). */
export function uniqueSlug(prefix = 'shop'): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 12) || 'shop';
  return `${clean}-${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * One HTTP request to the proxy at 127.0.0.1:PORT. `host` defaults to 'localhost:PORT' (the product's own domain);
 * pass shopHost(slug) to reach a shop's subdomain site. Objects in `body` are sent as JSON.
 * Resolves for every status; use `expectOk` or the typed helpers below to insist on success.
 */
export function httpRequest<T = unknown>(
  path: string,
  options: { method?: string; host?: string; token?: string; body?: unknown; headers?: http.OutgoingHttpHeaders } = {},
): Promise<HttpResult<T>> {
  const port = stackPort();
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string' || Buffer.isBuffer(options.body)
        ? options.body
        : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = {
    host: options.host ?? `localhost:${port}`,
    accept: 'application/json',
    ...(payload !== undefined && typeof options.body === 'object' && !Buffer.isBuffer(options.body)
      ? { 'content-type': 'application/json' }
      : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: json as T });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${path} timed out after 30 s`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

async function expectOk<T>(method: string, path: string, options: Parameters<typeof httpRequest>[1] = {}): Promise<T> {
  const result = await httpRequest<T>(path, { ...options, method });
  if (result.status < 200 || result.status >= 300) throw new HttpError(method, path, result as HttpResult);
  return result.json;
}

/** POST /auth/v1/signup. With e-mail confirmation off (the default) the answer is a session. */
export async function signUp(email: string, password: string = DEFAULT_PASSWORD): Promise<AuthSession> {
  const session = await expectOk<AuthSession>('POST', '/auth/v1/signup', { body: { email, password } });
  if (!session?.access_token) {
    throw new Error(`signup for ${email} returned no session (is AUTH_EMAIL_CONFIRM on?): ${JSON.stringify(session)}`);
  }
  return session;
}

/** POST /auth/v1/token?grant_type=password */
export function signIn(email: string, password: string = DEFAULT_PASSWORD): Promise<AuthSession> {
  return expectOk<AuthSession>('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
}

/** POST /api/shops as the signed-in user (spec 7's payload; name and slug are enough, the rest has defaults). */
export function createShop(token: string, input: ShopCreateInput): Promise<CreatedShop> {
  return expectOk<CreatedShop>('POST', '/api/shops', { token, body: input });
}

/** GET /api/shops/{slug}: the public shop page data. */
export function getShopPage(slug: string): Promise<ShopPage> {
  return expectOk<ShopPage>('GET', `/api/shops/${encodeURIComponent(slug)}`);
}

/** GET /api/auth/user as the signed-in user. */
export function currentUser(token: string): Promise<User> {
  return expectOk<User>('GET', '/api/auth/user', { token });
}

/** PATCH /api/users/me: what the onboarding wizard sets before it creates the shop. */
export function updateMe(token: string, input: { role?: Role; onboardingCompleted?: boolean }): Promise<unknown> {
  return expectOk('PATCH', '/api/users/me', { token, body: input });
}

/** POST /api/auth/complete-onboarding for a shop the user just created. */
export function completeOnboarding(
  token: string,
  shop: Pick<CreatedShop, 'id' | 'slug'>,
): Promise<CompleteOnboardingResponse> {
  return expectOk<CompleteOnboardingResponse>('POST', '/api/auth/complete-onboarding', {
    token,
    body: { shopId: shop.id, shopSlug: shop.slug, role: 'owner' },
  });
}

/**
 * A new owner with a new shop, the way the onboarding wizard's Launch does it (spec: set role owner and
 * onboardingCompleted, create the shop, complete onboarding): the usual start of a dashboard or storefront journey.
 */
export async function signUpOwnerWithShop(
  input: Partial<ShopCreateInput> = {},
): Promise<{ email: string; password: string; session: AuthSession; shop: CreatedShop }> {
  const email = uniqueEmail('owner');
  const session = await signUp(email, DEFAULT_PASSWORD);
  await updateMe(session.access_token, { role: 'owner', onboardingCompleted: true });
  const shop = await createShop(session.access_token, {
    name: "Joe's Barbershop",
    slug: uniqueSlug('joes'),
    ...input,
  });
  await completeOnboarding(session.access_token, shop);
  return { email, password: DEFAULT_PASSWORD, session, shop };
}

/** The page a person opens, for building links in assertions: baseURL() + path. */
export function appUrl(path = '/'): string {
  return new URL(path, baseURL()).toString();
}
