// `npm run db:restore FILE` (image: `node api/dist/restore.js FILE`): restores a backup made by `npm run db:backup`
// into the empty database at DATABASE_URL, all or nothing. FILE is a path, or with STORAGE_URL set a backup's name
// (`npm run db:backup -- --list`).
import path from 'node:path';
import { restoreDatabase } from './backup';

const file = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
if (!file || !databaseUrl) {
  console.error('Usage: DATABASE_URL=postgres://.../empty_database npm run db:restore FILE');
  process.exit(1);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
const storageUrl = process.env.STORAGE_URL || undefined;
// A bare name with STORAGE_URL set is a backup in storage; anything else is a path where the command was typed.
const local = storageUrl && !file.includes('/') ? file : path.resolve(cwd, file);
try {
  await restoreDatabase({
    databaseUrl,
    file: local,
    backupDir: '',
    storageUrl,
    pgRestore: process.env.PG_RESTORE_BIN || undefined,
  });
  console.log(`Restored ${file}`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
