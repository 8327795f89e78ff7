import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { DataSource } from 'typeorm';
import { AuthSigningKeyEntity } from './auth.entities';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface PublicJwk extends JWK {
  kid: string;
}

/** Arbitrary constant for pg_advisory_xact_lock: only one process creates the first key. */
const KEY_CREATION_LOCK = 727_100_001;
/** An unknown kid makes us look in the database again, but not more often than this. */
const RELOAD_INTERVAL_MS = 10_000;

/**
 * The ES256 key pair(s) that sign access tokens. Generated on first start and kept in the database, so every api
 * process and every restart signs and verifies with the same keys.
 */
export class SigningKeyStore {
  private current: SigningKey | null = null;
  private publicKeys = new Map<string, { key: CryptoKey; jwk: PublicJwk }>();
  private lastLoad = 0;

  constructor(private readonly dataSource: DataSource) {}

  async init(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [KEY_CREATION_LOCK]);
      const count = await manager.count(AuthSigningKeyEntity);
      if (count > 0) return;
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const kid = randomUUID();
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
      await manager.insert(AuthSigningKeyEntity, {
        kid,
        algorithm: SIGNING_ALG,
        privateJwk,
        publicJwk,
      });
    });
    await this.load();
  }

  private async load(): Promise<void> {
    const rows = await this.dataSource.getRepository(AuthSigningKeyEntity).find({ order: { createdAt: 'DESC' } });
    const publicKeys = new Map<string, { key: CryptoKey; jwk: PublicJwk }>();
    for (const row of rows) {
      const jwk = { ...row.publicJwk, kid: row.kid, alg: row.algorithm, use: 'sig' } as PublicJwk;
      publicKeys.set(row.kid, { key: (await importJWK(jwk, row.algorithm)) as CryptoKey, jwk });
    }
    const newest = rows[0];
    if (!newest) throw new Error('auth: no signing key in the database');
    this.current = {
      kid: newest.kid,
      privateKey: (await importJWK(newest.privateJwk as JWK, newest.algorithm)) as CryptoKey,
    };
    this.publicKeys = publicKeys;
    this.lastLoad = Date.now();
  }

  signingKey(): SigningKey {
    if (!this.current) throw new Error('auth: signing keys not loaded');
    return this.current;
  }

  /** The public key for a token's kid; an unknown kid may be a key another process just made. */
  async publicKey(kid: string | undefined): Promise<CryptoKey | null> {
    if (!kid) return null;
    const known = this.publicKeys.get(kid);
    if (known) return known.key;
    if (Date.now() - this.lastLoad < RELOAD_INTERVAL_MS) return null;
    await this.load();
    return this.publicKeys.get(kid)?.key ?? null;
  }

  /** The JWKS document: public halves only. */
  jwks(): { keys: PublicJwk[] } {
    return {
      keys: [...this.publicKeys.values()].map(({ jwk }) => ({
        kty: jwk.kty,
        crv: jwk.crv,
        x: jwk.x,
        y: jwk.y,
        kid: jwk.kid,
        alg: jwk.alg,
        use: 'sig',
        key_ops: ['verify'],
      })),
    };
  }
}
