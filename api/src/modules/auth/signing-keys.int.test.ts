import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { AccessTokens } from './access-tokens';
import { SigningKeyStore } from './signing-keys';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const SECRET = 'a-test-key-encryption-secret-of-32+';
const claims = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  sessionId: 's1',
  userMetadata: {},
  appMetadata: { provider: 'email', providers: ['email'] },
};

describe('auth signing keys', () => {
  it('seal private keys at rest, and seal keys stored before the encryption key was set', async () => {
    const plain = new SigningKeyStore(db.dataSource, { tokenTtlSeconds: 600 });
    await plain.init();
    const [before] = await db.dataSource.query('SELECT private_jwk FROM auth_signing_keys');
    expect(before.private_jwk.d).toBeTruthy();

    const sealed = new SigningKeyStore(db.dataSource, { encryptionKey: SECRET, tokenTtlSeconds: 600 });
    await sealed.init();
    const rows = await db.dataSource.query('SELECT private_jwk FROM auth_signing_keys');
    for (const row of rows) {
      expect(row.private_jwk.d).toBeUndefined();
      expect(row.private_jwk).toMatchObject({ enc: 'A256GCM' });
      expect(JSON.stringify(row.private_jwk)).not.toContain(before.private_jwk.d);
    }
    // The sealed key still signs what the old process verifies (same key pair).
    const token = await new AccessTokens(sealed, 'https://x/auth/v1', 600).sign(claims);
    await expect(new AccessTokens(plain, 'https://x/auth/v1', 600).verify(token.token)).resolves.toMatchObject({
      sub: claims.userId,
    });
    // Without the secret the sealed keys cannot be read: no silent fallback.
    await expect(new SigningKeyStore(db.dataSource, { tokenTtlSeconds: 600 }).init()).rejects.toThrow(
      /AUTH_KEY_ENCRYPTION_KEY/,
    );
    await expect(
      new SigningKeyStore(db.dataSource, {
        encryptionKey: 'another-secret-entirely-0000',
        tokenTtlSeconds: 600,
      }).init(),
    ).rejects.toThrow(/does not open/);
  });

  it('rotate: the new key signs, the old one verifies until its tokens expire, then leaves the JWKS', async () => {
    let now = new Date();
    const keys = new SigningKeyStore(db.dataSource, { encryptionKey: SECRET, tokenTtlSeconds: 600, now: () => now });
    await keys.init();
    const tokens = new AccessTokens(keys, 'https://x/auth/v1', 600);
    const old = (await tokens.sign(claims)).token;

    const kid = await keys.rotate();
    const fresh = (await tokens.sign(claims)).token;
    expect(decodeProtectedHeader(fresh).kid).toBe(kid);
    expect(decodeProtectedHeader(old).kid).not.toBe(kid);
    await expect(tokens.verify(old)).resolves.toMatchObject({ sub: claims.userId });
    await expect(tokens.verify(fresh)).resolves.toMatchObject({ sub: claims.userId });
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual(expect.arrayContaining([kid, decodeProtectedHeader(old).kid]));

    // Past the token lifetime (and a minute's margin) the retired key is gone from the JWKS and verifies nothing.
    now = new Date(now.getTime() + 661_000);
    await keys.load();
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual([kid]);
    await expect(tokens.verify(old)).rejects.toThrow();
    await expect(tokens.verify(fresh)).resolves.toMatchObject({ sub: claims.userId });
  });

  it('rotates on schedule only when the signing key is older than the configured days', async () => {
    let now = new Date();
    const keys = new SigningKeyStore(db.dataSource, { encryptionKey: SECRET, tokenTtlSeconds: 600, now: () => now });
    await keys.init();
    expect(await keys.rotateIfDue(30)).toBeNull();
    now = new Date(now.getTime() + 31 * 86_400_000);
    expect(await keys.rotateIfDue(30)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await keys.rotateIfDue(0)).toBeNull();
  });
});
