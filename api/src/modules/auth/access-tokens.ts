import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AuthUser, TokenVerifier } from '../../platform/http/auth-context';
import type { AppMetadata, UserMetadata } from './auth.entities';
import type { SessionGate } from './session-gate';
import { SIGNING_ALG, type SigningKeyStore } from './signing-keys';

export const AUDIENCE = 'authenticated';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  session_id: string;
  user_metadata: UserMetadata;
  app_metadata: AppMetadata;
  role: string;
  aud: string;
  iss: string;
  exp: number;
  iat: number;
}

export interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  userMetadata: UserMetadata;
  appMetadata: AppMetadata;
}

/** Signs and verifies the built-in auth's access tokens (ES256, `kid` in the header). */
export class AccessTokens {
  constructor(
    private readonly keys: SigningKeyStore,
    readonly issuer: string,
    readonly ttlSeconds: number,
  ) {}

  async sign(input: AccessTokenInput, now = new Date()): Promise<{ token: string; expiresAt: number }> {
    const { kid, privateKey } = this.keys.signingKey();
    const iat = Math.floor(now.getTime() / 1000);
    const expiresAt = iat + this.ttlSeconds;
    const token = await new SignJWT({
      email: input.email,
      phone: '',
      role: AUDIENCE,
      aal: 'aal1',
      session_id: input.sessionId,
      is_anonymous: false,
      user_metadata: input.userMetadata,
      app_metadata: input.appMetadata,
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
      .setSubject(input.userId)
      .setAudience(AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(privateKey);
    return { token, expiresAt };
  }

  /** Throws when the signature, issuer, audience or expiry is wrong. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = await this.keys.publicKey(header.kid);
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      },
      { algorithms: [SIGNING_ALG], issuer: this.issuer, audience: AUDIENCE },
    );
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') {
      throw new joseErrors.JWTClaimValidationFailed('missing sub or session_id', payload);
    }
    return payload as unknown as AccessTokenClaims;
  }

  /**
   * The api's view of a token: who is calling, if the token is genuine AND its session still exists. A token of a
   * session that was signed out, ended by refresh-token reuse or cut off by an account takeover is refused.
   */
  verifier(sessions: SessionGate): TokenVerifier {
    return {
      verify: async (token: string): Promise<AuthUser> => {
        const claims = await this.verify(token);
        const session = await sessions.check(claims.session_id, claims.sub);
        if (!session.alive) throw new joseErrors.JWTInvalid('session ended');
        return {
          id: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : '',
          emailVerified: session.emailVerified,
        };
      },
    };
  }
}
