import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { isInvalidValue } from '../../platform/db/invalid-value';
import { isDatabaseUnavailable } from '../../platform/db/unavailable';

/**
 * An error in GoTrue's shape: `{ code, error_code, msg }`. supabase-js reads `code` (API version 2024-01-01) or
 * `error_code`, and surfaces `msg` as error.message. Codes and messages follow supabase/auth so clients that match
 * on them (the admin maps 'Invalid login', 'already registered', ...) behave as against a hosted project.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const authErrors = {
  invalidCredentials: () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed'),
  userAlreadyExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (min: number) =>
    new AuthApiError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  reauthenticationNeeded: () =>
    new AuthApiError(
      400,
      'reauthentication_needed',
      'Password update requires reauthentication: send current_password, or sign in again first.',
    ),
  samePassword: () => new AuthApiError(422, 'same_password', 'New password should be different from the old password.'),
  invalidEmail: () => new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  validation: (message: string) => new AuthApiError(400, 'validation_failed', message),
  noAuthorization: () => new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: () =>
    new AuthApiError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is invalid or expired'),
  sessionNotFound: () =>
    new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () =>
    new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrantType: () => new AuthApiError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  flowStateNotFound: () =>
    new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AuthApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  providerNotEnabled: () => new AuthApiError(400, 'validation_failed', 'Unsupported provider: provider is not enabled'),
  providerUnknown: (name: string) =>
    new AuthApiError(400, 'validation_failed', `Unsupported provider: Provider ${name} could not be found`),
  badOAuthState: () => new AuthApiError(400, 'bad_oauth_state', 'OAuth callback with invalid state'),
  badOAuthCallback: (message: string) => new AuthApiError(400, 'bad_oauth_callback', message),
  otpExpired: () => new AuthApiError(403, 'otp_expired', 'Email link is invalid or has expired'),
  rateLimited: (retryAfterSeconds: number) =>
    new AuthApiError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      {
        'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
      },
    ),
  notFound: () => new AuthApiError(404, 'not_found', 'Not found'),
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** The auth router's one error handler: everything leaves as GoTrue JSON; unknown failures are logged, not sent. */
export function authErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: AuthApiError;
    if (err instanceof AuthApiError) {
      error = err;
    } else if ((err as BodyParserError).type === 'entity.parse.failed') {
      error = new AuthApiError(400, 'bad_json', 'Could not parse request body as JSON');
    } else if ((err as BodyParserError).status && (err as BodyParserError).status! < 500) {
      error = new AuthApiError((err as BodyParserError).status!, 'validation_failed', err.message);
    } else if (isInvalidValue(err)) {
      error = new AuthApiError(400, 'validation_failed', 'The request contains a value that is not valid.');
    } else if (isDatabaseUnavailable(err)) {
      logger.error({ err, requestId: req.id }, 'auth: database unavailable');
      error = new AuthApiError(
        503,
        'service_unavailable',
        'The service is temporarily unavailable. Please try again shortly.',
      );
    } else {
      logger.error({ err, requestId: req.id, method: req.method, path: req.path }, 'auth: unhandled error');
      error = new AuthApiError(
        500,
        'unexpected_failure',
        // Said to people signing in, so no "server logs" (issue 28); the cause is in the log line above.
        'Something went wrong on our side. Please try again in a moment.',
      );
    }
    if (res.headersSent) return;
    res.set(error.headers);
    res.status(error.status).json({ code: error.code, error_code: error.code, msg: error.message, ...error.extra });
  };
}
