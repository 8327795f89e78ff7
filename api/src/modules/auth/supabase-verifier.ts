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
      // Supabase marks a proven address in the token's user_metadata.
      const meta = (payload.user_metadata ?? {}) as { email_verified?: unknown };
      return {
        id: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        emailVerified: meta.email_verified === true,
      };
    },
  };
}
