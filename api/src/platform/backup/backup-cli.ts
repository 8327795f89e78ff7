// `npm run db:backup` (image: `node api/dist/backup.js`): a custom-format pg_dump of DATABASE_URL to BACKUP_DIR, or to
// STORAGE_URL when set.
//
//   npm run db:backup                          one backup now
//   npm run db:backup -- --keep-days 14        ... and remove those older than 14 days
//   npm run db:backup -- --daily 03:00 --keep-days 14   every day at 03:00 UTC until stopped (the compose service)
//   npm run db:backup -- --list                the backups there are
//   node api/dist/backup.js --health           exit 0 unless the last scheduled backup failed (health checks)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, listBackups, nextRun } from './backup';

const STATUS_FILE = path.join(os.tmpdir(), 'barberly-backup-status');

const { values } = parseArgs({
  options: {
    'keep-days': { type: 'string' },
    daily: { type: 'string' },
    list: { type: 'boolean' },
    health: { type: 'boolean' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (values.health) {
  const status = fs.existsSync(STATUS_FILE) ? fs.readFileSync(STATUS_FILE, 'utf8') : 'missing';
  console.log(status.trim());
  process.exit(status.startsWith('ok') || status.startsWith('waiting') ? 0 : 1);
}

// npm runs this in api/; relative paths mean where the command was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();
const target = {
  backupDir: path.resolve(cwd, process.env.BACKUP_DIR || 'backups'),
  storageUrl: process.env.STORAGE_URL || undefined,
  pgDump: process.env.PG_DUMP_BIN || undefined,
};

if (values.list) {
  for (const name of await listBackups(target)) console.log(name);
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL || fail('DATABASE_URL is required');
const keepDays = values['keep-days'] === undefined ? undefined : Number(values['keep-days']);
if (keepDays !== undefined && !(Number.isInteger(keepDays) && keepDays >= 1)) {
  fail('--keep-days wants a whole number of days, at least 1');
}

async function once(): Promise<void> {
  const result = await backupDatabase({ ...target, databaseUrl, keepDays });
  console.log(`Backed up to ${result.location} (${result.bytes} bytes)`);
  for (const name of result.pruned) console.log(`Removed ${name} (older than ${keepDays} days)`);
}

if (!values.daily) {
  await once().catch((err: Error) => fail(`Backup failed: ${err.message}`));
  process.exit(0);
}

const at = values.daily;
nextRun(new Date(), at); // a wrong time of day stops here, not at 03:00
let timer: NodeJS.Timeout | undefined;
const status = (text: string) => fs.writeFileSync(STATUS_FILE, `${text}\n`);
function schedule() {
  const next = nextRun(new Date(), at);
  if (!fs.existsSync(STATUS_FILE)) status(`waiting: first backup at ${next.toISOString()}`);
  console.log(`Next backup at ${next.toISOString()}`);
  timer = setTimeout(async () => {
    try {
      await once();
      status(`ok: ${new Date().toISOString()}`);
    } catch (err) {
      console.error(`Backup failed: ${(err as Error).message}`);
      status(`failed: ${new Date().toISOString()} ${(err as Error).message}`);
    }
    schedule();
  }, next.getTime() - Date.now());
}
schedule();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    clearTimeout(timer);
    process.exit(0);
  });
}
