import 'reflect-metadata';
/**
 * `npm run auth:rotate-key -w api` (or `node api/dist/rotate-auth-key.js` in the image): a new signing key now.
 * The old keys keep verifying until their tokens expire; running api processes pick the new key up within a minute.
 */
import { loadConfig } from '../../config';
import { createDataSource } from '../../platform/db/data-source';
import { SigningKeyStore } from './signing-keys';

const config = loadConfig();
const dataSource = createDataSource(config.DATABASE_URL, { poolSize: 1 });
await dataSource.initialize();
try {
  const keys = new SigningKeyStore(dataSource, {
    encryptionKey: config.AUTH_KEY_ENCRYPTION_KEY,
    tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  await keys.init();
  const kid = await keys.rotate();
  console.log(
    `New auth signing key ${kid}; the previous ones verify for ${config.ACCESS_TOKEN_TTL_SECONDS + 60} s more.`,
  );
} finally {
  await dataSource.destroy();
}
