import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUDIENCE } from './access-tokens';
import { createSupabaseVerifier } from './supabase-verifier';

/**
 * Issue 23 item 2, on a hosted Supabase: `user_metadata` is the user's own to write
 * (`supabase.auth.updateUser({ data: { email_verified: true } })`), so it cannot prove an address; the signed
 * `amr` of a session begun from a mailed link can.
 */
const SUPABASE_URL = 'https://project.supabase.test';
const SECRET = 'a-legacy-shared-secret-of-the-project-32+';

function token(claims: Record<string, unknown>) {
  return new SignJWT({ email: 'ops@barberly.test', role: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('9b2f0c1e-0000-4000-8000-000000000001')
    .setIssuer(`${SUPABASE_URL}/auth/v1`)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));
}

describe('the Supabase verifier', () => {
  const verifier = createSupabaseVerifier(SUPABASE_URL, SECRET);

  it('does not take user_metadata.email_verified, which the user writes, as a proven address', async () => {
    const user = await verifier.verify(
      await token({ user_metadata: { email_verified: true }, amr: [{ method: 'password', timestamp: 1 }] }),
    );
    expect(user).toMatchObject({ email: 'ops@barberly.test', emailVerified: false });
  });

  it('takes a session begun from a link mailed to the address as proof', async () => {
    for (const method of ['email/signup', 'magiclink', 'recovery', 'invite', 'email_change']) {
      const user = await verifier.verify(await token({ amr: [{ method, timestamp: 1 }] }));
      expect(user.emailVerified, method).toBe(true);
    }
    const byCode = await verifier.verify(await token({ amr: [{ method: 'otp', timestamp: 1 }] }));
    expect(byCode.emailVerified).toBe(false);
  });
});
