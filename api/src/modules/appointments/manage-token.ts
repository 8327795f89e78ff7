import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 256 bits, unguessable. Only its sha256 is stored. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as we issue it: 43 base64url characters. Anything else cannot match, so it is a 404 without a query. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
