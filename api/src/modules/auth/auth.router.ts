import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AccessTokenClaims, AccessTokens } from './access-tokens';
import { AuthApiError, authErrorHandler, authErrors } from './auth.errors';
import type { AuthService } from './auth.service';
import { pkceChallenge, type RequestContext } from './auth-rules';
import type { GoTrueSession } from './gotrue-shapes';
import {
  configuredProviders,
  fetchProviderProfile,
  PROVIDER_NAMES,
  type ProviderName,
  providerAuthorizeUrl,
} from './oauth-providers';
import { isOwnOrigin, safeRedirectTo } from './redirects';
import type { SigningKeyStore } from './signing-keys';

export interface AuthLimiters {
  signInPerIp: RateLimiter;
  signInPerIpAccount: RateLimiter;
  signInPerAccount: RateLimiter;
  signUpPerIp: RateLimiter;
  signUpPerAccount: RateLimiter;
  refreshPerIp: RateLimiter;
}

export interface AuthRouterDeps {
  config: Config;
  logger: Logger;
  service: AuthService;
  accessTokens: AccessTokens;
  keys: SigningKeyStore;
  limiters: AuthLimiters;
  /** The failure budgets behind signInPerIpAccount and signInPerAccount. */
  signInRules: { signInPerIpAccount: { points: number }; signInPerAccount: { points: number } };
}

const API_VERSION = '2024-01-01';
/** How long a provider round trip may take, and how long its one-time PKCE code lives. */
const FLOW_STATE_TTL_SECONDS = 10 * 60;
const AUTH_CODE_TTL_SECONDS = 5 * 60;

function context(req: Request): RequestContext {
  return { ip: req.ip ?? null, userAgent: req.header('user-agent') ?? null };
}

function bearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.header('authorization')?.trim() ?? '');
  return match?.[1] ?? null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function createAuthRouter(deps: AuthRouterDeps): Router {
  const { config, logger, service, accessTokens, keys, limiters, signInRules } = deps;
  const providers = configuredProviders(config);
  const callbackUrl = `${new URL(config.PUBLIC_ORIGIN).origin}/auth/v1/callback`;
  const router = express.Router();

  router.use((req, res, next) => {
    res.setHeader('X-Supabase-Api-Version', API_VERSION);
    // Sessions, users and codes must never sit in a shared cache; the JWKS opts back in below.
    res.setHeader('Cache-Control', 'no-store');
    const origin = req.header('origin');
    if (origin) {
      let allowed = false;
      try {
        allowed = isOwnOrigin(new URL(origin), config);
      } catch {
        allowed = false;
      }
      res.vary('Origin');
      if (allowed) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Credentials', 'true');
        res.setHeader('Access-Control-Expose-Headers', 'X-Supabase-Api-Version, Retry-After, X-Request-Id');
      }
      if (req.method === 'OPTIONS') {
        if (allowed) {
          res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
          res.setHeader(
            'Access-Control-Allow-Headers',
            'apikey, authorization, x-client-info, x-supabase-api-version, content-type',
          );
          res.setHeader('Access-Control-Max-Age', '600');
        }
        res.status(204).end();
        return;
      }
    }
    next();
  });
  router.use(express.json({ limit: '64kb' }), express.urlencoded({ extended: false, limit: '64kb' }));

  const rateLimit =
    (checks: (req: Request) => Array<[RateLimiter, string]>): RequestHandler =>
    async (req, _res, next) => {
      let retryAfter = 0;
      for (const [limiter, key] of checks(req)) {
        const result = await limiter.consume(key);
        if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
      }
      if (retryAfter > 0) return next(authErrors.rateLimited(retryAfter));
      next();
    };

  const accountKey = (req: Request) => text(req.body?.email).trim().toLowerCase();
  const ipKey = (req: Request) => req.ip ?? 'unknown';

  /** Who calls: a valid token of a session that still exists. */
  async function caller(req: Request): Promise<AccessTokenClaims> {
    const token = bearer(req);
    if (!token) throw authErrors.noAuthorization();
    let claims: AccessTokenClaims;
    try {
      claims = await accessTokens.verify(token);
    } catch {
      throw authErrors.badJwt();
    }
    await service.sessions.requireLiveSession(claims);
    return claims;
  }

  router.get('/health', (_req, res) => {
    res.json({ version: 'barberly', name: 'GoTrue', description: 'Barberly built-in auth (GoTrue-compatible)' });
  });

  router.get('/settings', (_req, res) => {
    const external: Record<string, boolean> = { email: true, phone: false, anonymous_users: false };
    for (const name of PROVIDER_NAMES) external[name] = Boolean(providers[name]);
    res.json({
      external,
      disable_signup: false,
      mailer_autoconfirm: !config.AUTH_EMAIL_CONFIRM,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });

  router.get('/.well-known/jwks.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=600');
    res.json(keys.jwks());
  });

  router.post(
    '/signup',
    rateLimit((req) => [
      [limiters.signUpPerIp, ipKey(req)],
      [limiters.signUpPerAccount, accountKey(req)],
    ]),
    async (req, res) => {
      const body = req.body ?? {};
      const result = await service.signUp(
        {
          email: body.email,
          password: body.password,
          data: body.data,
          redirectTo: safeRedirectTo(req.query.redirect_to, config),
          codeChallenge: body.code_challenge,
          codeChallengeMethod: body.code_challenge_method,
        },
        context(req),
      );
      res.json(result.kind === 'session' ? result.session : result.user);
    },
  );

  /**
   * Password sign-in (decision 0052): every attempt counts against the sender's address; failures count against
   * the sender on that account and against the account. A sender over its own failure budget is refused; while the
   * account as a whole is over its failure budget, only senders that already failed on it are refused, so the
   * owner typing the right password from a fresh address always gets in.
   */
  const passwordLimits: RequestHandler = async (req, _res, next) => {
    const ipAccount = `${ipKey(req)}|${accountKey(req)}`;
    const sender = await limiters.signInPerIp.consume(ipKey(req));
    if (!sender.allowed) return next(authErrors.rateLimited(sender.retryAfterSeconds));
    const [ipAccountFailures, accountFailures] = await Promise.all([
      limiters.signInPerIpAccount.used(ipAccount),
      limiters.signInPerAccount.used(accountKey(req)),
    ]);
    if (ipAccountFailures >= signInRules.signInPerIpAccount.points) return next(authErrors.rateLimited(60));
    if (accountFailures >= signInRules.signInPerAccount.points && ipAccountFailures > 0) {
      return next(authErrors.rateLimited(60));
    }
    next();
  };
  const recordSignIn = async (req: Request, failed: boolean) => {
    const ipAccount = `${ipKey(req)}|${accountKey(req)}`;
    if (!failed) {
      await limiters.signInPerIpAccount.reset(ipAccount);
      return;
    }
    await Promise.all([
      limiters.signInPerIpAccount.consume(ipAccount),
      limiters.signInPerAccount.consume(accountKey(req)),
    ]);
  };
  const refreshLimits = rateLimit((req) => [[limiters.refreshPerIp, ipKey(req)]]);

  router.post(
    '/token',
    (req, res, next) => {
      const grant = req.query.grant_type;
      if (grant === 'password') return passwordLimits(req, res, next);
      if (grant === 'refresh_token' || grant === 'pkce') return refreshLimits(req, res, next);
      next(authErrors.unsupportedGrantType());
    },
    async (req, res) => {
      const body = req.body ?? {};
      let session: GoTrueSession;
      switch (req.query.grant_type) {
        case 'password':
          try {
            session = await service.signInWithPassword(body.email, body.password, context(req));
          } catch (err) {
            if (err instanceof AuthApiError && err.code === 'invalid_credentials') await recordSignIn(req, true);
            throw err;
          }
          await recordSignIn(req, false);
          break;
        case 'refresh_token':
          session = await service.sessions.refresh(body.refresh_token);
          break;
        default:
          session = await service.flows.exchangeAuthCode(body.auth_code, body.code_verifier, context(req));
      }
      res.json(session);
    },
  );

  router.get('/user', async (req, res) => {
    const claims = await caller(req);
    res.json(await service.sessions.userResponse(claims.sub));
  });

  router.put('/user', async (req, res) => {
    const claims = await caller(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(await service.accounts.updateUser(claims, body, safeRedirectTo(req.query.redirect_to, config)));
  });

  router.post('/logout', async (req, res) => {
    const scope = req.query.scope ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw authErrors.validation('Unsupported logout scope');
    }
    const token = bearer(req);
    if (!token) throw authErrors.noAuthorization();
    let claims: AccessTokenClaims;
    try {
      claims = await accessTokens.verify(token);
    } catch {
      throw authErrors.badJwt();
    }
    await service.sessions.logout(claims, scope);
    res.status(204).end();
  });

  router.get('/verify', async (req, res) => {
    const redirectTo = safeRedirectTo(req.query.redirect_to, config);
    if (req.query.type !== 'signup' && req.query.type !== 'email' && req.query.type !== 'email_change') {
      return res.redirect(303, errorRedirect(redirectTo, 'validation_failed', 'Unsupported verification type', false));
    }
    if (req.query.type === 'email_change') {
      try {
        const session = await service.accounts.confirmEmailChange(text(req.query.token), context(req));
        return res.redirect(303, sessionRedirect(redirectTo, session, 'email_change'));
      } catch (err) {
        if (!(err instanceof AuthApiError)) throw err;
        return res.redirect(303, errorRedirect(redirectTo, err.code, err.message, false));
      }
    }
    try {
      const result = await service.confirmSignUp(text(req.query.token), context(req));
      if (result.kind === 'code') {
        const target = new URL(result.redirectTo);
        target.searchParams.set('code', result.code);
        return res.redirect(303, target.toString());
      }
      res.redirect(303, sessionRedirect(redirectTo, result.session, 'signup'));
    } catch (err) {
      if (!(err instanceof AuthApiError)) throw err;
      res.redirect(303, errorRedirect(redirectTo, err.code, err.message, false));
    }
  });

  router.get('/authorize', async (req, res) => {
    const name = text(req.query.provider).toLowerCase();
    if (!(PROVIDER_NAMES as readonly string[]).includes(name)) throw authErrors.providerUnknown(name);
    const provider = providers[name as ProviderName];
    if (!provider) throw authErrors.providerNotEnabled();

    const challenge = pkceChallenge(req.query.code_challenge, req.query.code_challenge_method);
    const state = await service.flows.createFlowState({
      provider: name,
      redirectTo: safeRedirectTo(req.query.redirect_to, config),
      codeChallenge: challenge?.challenge ?? null,
      codeChallengeMethod: challenge?.method ?? null,
      ttlSeconds: FLOW_STATE_TTL_SECONDS,
    });
    res.redirect(
      302,
      providerAuthorizeUrl(provider, { redirectUri: callbackUrl, state, extraScopes: text(req.query.scopes) }),
    );
  });

  router.get('/callback', async (req, res) => {
    const state = text(req.query.state);
    if (!state) throw authErrors.validation('OAuth state parameter missing');
    const flow = await service.flows.takeFlowState(state);
    if (!flow) throw authErrors.badOAuthState();
    const pkce = Boolean(flow.codeChallenge);
    const provider = providers[flow.provider as ProviderName];
    if (!provider) throw authErrors.providerNotEnabled();

    const providerError = text(req.query.error);
    if (providerError) {
      await service.flows.deleteFlowState(flow.id);
      const description = text(req.query.error_description) || 'The provider refused the sign-in';
      return res.redirect(302, errorRedirect(flow.redirectTo, providerError, description, pkce));
    }
    const code = text(req.query.code);
    if (!code) {
      await service.flows.deleteFlowState(flow.id);
      return res.redirect(302, errorRedirect(flow.redirectTo, 'bad_oauth_callback', 'OAuth code missing', pkce));
    }

    try {
      const profile = await fetchProviderProfile(provider, { code, redirectUri: callbackUrl });
      const userId = await service.providers.findOrCreateProviderUser(profile);
      if (pkce) {
        const authCode = await service.flows.issueAuthCode(flow.id, userId, AUTH_CODE_TTL_SECONDS);
        const target = new URL(flow.redirectTo);
        target.searchParams.set('code', authCode);
        return res.redirect(302, target.toString());
      }
      await service.flows.deleteFlowState(flow.id);
      const session = await service.sessions.issueSession(userId, context(req));
      res.redirect(302, sessionRedirect(flow.redirectTo, session));
    } catch (err) {
      await service.flows.deleteFlowState(flow.id).catch(() => undefined);
      const known = err instanceof AuthApiError;
      if (!known) logger.warn({ err, provider: flow.provider }, 'auth: provider sign-in failed');
      const message = known ? err.message : err instanceof Error ? err.message : 'Provider sign-in failed';
      res.redirect(302, errorRedirect(flow.redirectTo, known ? err.code : 'unexpected_failure', message, pkce));
    }
  });

  router.use((_req, _res, next) => next(authErrors.notFound()));
  router.use(authErrorHandler(logger));
  return router;
}

/** Implicit flow: the session travels in the fragment, which the browser never sends to a server. */
function sessionRedirect(redirectTo: string, session: GoTrueSession, type?: string): string {
  const url = new URL(redirectTo);
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    ...(type ? { type } : {}),
  });
  url.hash = params.toString();
  return url.toString();
}

/** GoTrue puts errors in the query (PKCE clients read it) and in the fragment (implicit clients read it). */
function errorRedirect(redirectTo: string, code: string, description: string, pkce: boolean): string {
  const url = new URL(redirectTo);
  const error = code === 'access_denied' ? 'access_denied' : 'server_error';
  const params = new URLSearchParams({ error, error_code: code, error_description: description });
  for (const [k, v] of params) url.searchParams.set(k, v);
  if (!pkce) url.hash = params.toString();
  return url.toString();
}
