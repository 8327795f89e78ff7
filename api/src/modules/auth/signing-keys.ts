import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthSigningKeyEntity } from './auth.entities';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface PublicJwk extends JWK {
  kid: string;
}

/** Arbitrary constant for pg_advisory_xact_lock: one process at a time creates or rotates keys. */
const KEY_LOCK = 727_100_001;
/** An unknown kid makes us look in the database again, but not more often than this. */
const RELOAD_INTERVAL_MS = 10_000;
/** A retired key verifies for the access-token lifetime plus this margin (clock skew, a request in flight). */
const RETIRE_MARGIN_SECONDS = 60;

/** A private JWK as stored: AES-256-GCM under AUTH_KEY_ENCRYPTION_KEY. */
interface SealedJwk {
  enc: 'A256GCM';
  iv: string;
  tag: string;
  ct: string;
}

const isSealed = (value: Record<string, unknown>): value is Record<string, unknown> & SealedJwk =>
  value.enc === 'A256GCM' && typeof value.ct === 'string';

export interface SigningKeyOptions {
  /** AUTH_KEY_ENCRYPTION_KEY: private keys are sealed with it at rest. Unset: stored as they are (development). */
  encryptionKey?: string;
  /** Access-token lifetime: how long a retired key must still verify. */
  tokenTtlSeconds: number;
  now?: () => Date;
}

/**
 * The ES256 key pairs that sign access tokens, kept in the database so every api process and every restart signs
 * and verifies with the same keys. The newest key signs; `rotate()` makes a new one and retires the rest, which stay
 * in the JWKS until every token they signed has expired, then go. Private keys are sealed (AES-256-GCM) with a key
 * from the environment, so a database dump alone cannot mint tokens (decision 0050).
 */
export class SigningKeyStore {
  private current: SigningKey | null = null;
  private publicKeys = new Map<string, { key: CryptoKey; jwk: PublicJwk }>();
  private lastLoad = 0;
  private readonly sealKey: Buffer | null;
  private readonly now: () => Date;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SigningKeyOptions = { tokenTtlSeconds: 3600 },
  ) {
    this.sealKey = options.encryptionKey ? createHash('sha256').update(options.encryptionKey).digest() : null;
    this.now = options.now ?? (() => new Date());
  }

  async init(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [KEY_LOCK]);
      if ((await manager.count(AuthSigningKeyEntity)) === 0) await this.insertKey(manager);
      if (this.sealKey) await this.sealPlainKeys(manager);
    });
    await this.load();
  }

  /** A new signing key; the others retire (and verify until their tokens expire). Returns the new kid. */
  async rotate(): Promise<string> {
    const kid = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [KEY_LOCK]);
      const created = await this.insertKey(manager);
      await manager.query(`UPDATE auth_signing_keys SET retired_at = $2 WHERE retired_at IS NULL AND kid <> $1`, [
        created,
        this.now(),
      ]);
      await this.pruneExpired(manager);
      return created;
    });
    await this.load();
    return kid;
  }

  /** Rotates when the signing key is older than `maxAgeDays` (the schedule calls this; one process wins). */
  async rotateIfDue(maxAgeDays: number): Promise<string | null> {
    if (maxAgeDays <= 0) return null;
    const [newest] = (await this.dataSource.query(
      `SELECT created_at FROM auth_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    )) as Array<{ created_at: Date }>;
    if (newest && this.now().getTime() - newest.created_at.getTime() < maxAgeDays * 86_400_000) {
      await this.load();
      return null;
    }
    return this.rotate();
  }

  private async insertKey(manager: EntityManager): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    await manager.query(
      `INSERT INTO auth_signing_keys (kid, algorithm, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [kid, SIGNING_ALG, JSON.stringify(this.seal(privateJwk)), JSON.stringify(publicJwk), this.now()],
    );
    return kid;
  }

  /** Keys written before AUTH_KEY_ENCRYPTION_KEY was set are sealed the first time it is. */
  private async sealPlainKeys(manager: EntityManager): Promise<void> {
    const rows = await manager.find(AuthSigningKeyEntity);
    for (const row of rows) {
      if (!isSealed(row.privateJwk)) {
        await manager.query(`UPDATE auth_signing_keys SET private_jwk = $2 WHERE kid = $1`, [
          row.kid,
          JSON.stringify(this.seal(row.privateJwk)),
        ]);
      }
    }
  }

  private async pruneExpired(manager: EntityManager): Promise<void> {
    const seconds = this.options.tokenTtlSeconds + RETIRE_MARGIN_SECONDS;
    await manager.query(
      `DELETE FROM auth_signing_keys WHERE retired_at IS NOT NULL AND retired_at < $1::timestamptz - make_interval(secs => $2)`,
      [this.now(), seconds],
    );
  }

  private seal(jwk: Record<string, unknown>): Record<string, unknown> {
    if (!this.sealKey) return jwk;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const ct = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
    const sealed: SealedJwk = {
      enc: 'A256GCM',
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      ct: ct.toString('base64url'),
    };
    return { ...sealed };
  }

  private unseal(stored: Record<string, unknown>): JWK {
    if (!isSealed(stored)) return stored as JWK;
    if (!this.sealKey)
      throw new Error('auth: the signing keys are encrypted; set AUTH_KEY_ENCRYPTION_KEY to read them');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(stored.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
    try {
      const plain = Buffer.concat([decipher.update(Buffer.from(stored.ct, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as JWK;
    } catch {
      throw new Error('auth: AUTH_KEY_ENCRYPTION_KEY does not open the stored signing keys (was it changed?)');
    }
  }

  /** Reads the keys again: the signing key and every key whose tokens may still be alive. */
  async load(): Promise<void> {
    const seconds = this.options.tokenTtlSeconds + RETIRE_MARGIN_SECONDS;
    const rows = await this.dataSource
      .getRepository(AuthSigningKeyEntity)
      .createQueryBuilder('k')
      .where('k.retired_at IS NULL OR k.retired_at >= :since', {
        since: new Date(this.now().getTime() - seconds * 1000),
      })
      .orderBy('k.created_at', 'DESC')
      .getMany();
    const publicKeys = new Map<string, { key: CryptoKey; jwk: PublicJwk }>();
    for (const row of rows) {
      const jwk = { ...row.publicJwk, kid: row.kid, alg: row.algorithm, use: 'sig' } as PublicJwk;
      publicKeys.set(row.kid, { key: (await importJWK(jwk, row.algorithm)) as CryptoKey, jwk });
    }
    const signing = rows.find((row) => row.retiredAt === null) ?? rows[0];
    if (!signing) throw new Error('auth: no signing key in the database');
    this.current = {
      kid: signing.kid,
      privateKey: (await importJWK(this.unseal(signing.privateJwk), signing.algorithm)) as CryptoKey,
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

  /** The JWKS document: public halves only, the signing key and the retired keys still in use. */
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
