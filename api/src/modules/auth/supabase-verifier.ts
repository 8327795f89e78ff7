import { createRemoteJWKSet, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import type { AuthUser, TokenVerifier } from '../../platform/http/auth-context';
import { AUDIENCE } from './access-tokens';

/**
 * Tokens of a hosted Supabase project, checked against its published key set (asymmetric signing keys). jose caches
 * the set and refetches it when a token names an unknown key. A project still on the legacy shared secret needs
 * `jwtSecret` (SUPABASE_JWT_SECRET); without it HS256 tokens are refused.
 */
export function createSupabaseVerifier(supabaseUrl: string, jwtSecret?: string): TokenVerifier {
  const base = supabaseUrl.replace(/\/+$/, '');
  const issuer = `${base}/auth/v1`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  const secret = jwtSecret ? new TextEncoder().encode(jwtSecret) : null;
  return {
    async verify(token: string): Promise<AuthUser> {
      const { alg } = decodeProtectedHeader(token);
      let payload: JWTPayload;
      if (alg === 'HS256') {
        if (!secret) throw new Error('HS256 token but no SUPABASE_JWT_SECRET configured');
        ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: AUDIENCE, issuer }));
      } else {
        ({ payload } = await jwtVerify(token, jwks, { algorithms: ['ES256', 'RS256'], audience: AUDIENCE, issuer }));
      }
      if (typeof payload.sub !== 'string') throw new Error('token has no subject');
      return {
        id: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        emailVerified: provenBySignIn(payload),
      };
    },
  };
}

/**
 * Sign-in methods that reached the address itself: a confirmation or magic link, a recovery or an invite mailed to
 * it, or an address change confirmed from it (Supabase's `amr` claim, signed by the project). Not 'otp': a code can
 * also come by SMS to the account's phone.
 */
const PROVING_METHODS = new Set(['email/signup', 'email_change', 'magiclink', 'recovery', 'invite']);

/**
 * Whether a Supabase token proves its address (issue 23 item 2). Never `user_metadata.email_verified`: user_metadata
 * is the user's own to write (`supabase.auth.updateUser({ data: { email_verified: true } })`), so trusting it let
 * anyone who signed up with an operator's address open the operator console, or take an invited barber's seat.
 * Only the session's `amr` counts; accounts that signed in otherwise prove the address with the mailed link (the
 * operator console's, or the barber invite's).
 */
export function provenBySignIn(payload: JWTPayload): boolean {
  const amr = Array.isArray(payload.amr) ? (payload.amr as unknown[]) : [];
  return amr.some((entry) => {
    const method = entry && typeof entry === 'object' ? (entry as { method?: unknown }).method : entry;
    return typeof method === 'string' && PROVING_METHODS.has(method);
  });
}
