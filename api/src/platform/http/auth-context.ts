import type { RequestHandler } from 'express';
import { unauthorized } from './errors';

/** Who is calling, as proven by a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  /** The address is proven (confirmation link followed, or a provider vouched for it); unknown counts as no. */
  emailVerified?: boolean;
}

/** Verifies an access token (the built-in auth's ES256 JWT, or a hosted Supabase project's). Throws when invalid. */
export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Reads the bearer token when there is one; public routes go on anonymously, protected ones call requireAuth. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req.headers.authorization);
    if (!token) return next();
    try {
      req.auth = await verifier.verify(token);
    } catch {
      req.authError = 'Your session has expired or is not valid. Please sign in again.';
    }
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(unauthorized(req.authError ?? 'No auth session available'));
  next();
};

/** The caller of a route behind requireAuth. */
export function currentUser(req: Express.Request): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
