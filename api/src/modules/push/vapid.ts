/**
 * The VAPID keys (RFC 8292) pushes are signed with: `VAPID_PUBLIC_KEY` (the uncompressed P-256 point, base64url)
 * and `VAPID_PRIVATE_KEY` (32 bytes, base64url). `npm start` makes them once into the data directory. The subject
 * is the product's contact, as the push services ask.
 */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export function vapidFromEnv(env: NodeJS.ProcessEnv = process.env): Vapid | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: 'mailto:no-reply@barberly.local' };
}
