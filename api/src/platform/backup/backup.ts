// Backups of the one thing that matters (PostgreSQL: accounts, shops, appointments, the auth signing keys; Redis holds
// caches and counters only): custom-format `pg_dump`, to a directory (BACKUP_DIR) or, when STORAGE_URL is set, to
// S3-compatible storage under `backups/`. Restores go into an empty database with `pg_restore` in one transaction.
// Decision 0175 and README 'Operating'.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import pg from 'pg';
import {
  createS3Client,
  describeS3Error,
  parseStorageUrl,
  type StorageLocation,
  storageKey,
} from '../storage/storage-url';

/** `barberly-2026-11-27T030000Z.dump`: sorts by time, and the name alone says how old a backup is. */
const NAME = /^barberly-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.dump$/;

export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-27T03:00:00.000Z
  return `barberly-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.dump`;
}

/** When a backup was taken, from its name; undefined for files that are not ours (never pruned). */
export function backupTime(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

export interface BackupTarget {
  /** Local directory, used when no storage URL is given. */
  backupDir: string;
  /** STORAGE_URL; set, backups go there instead of backupDir. */
  storageUrl?: string;
}

export interface BackupEnvironment {
  /** pg_dump and pg_restore (default: found on PATH). */
  pgDump?: string;
  pgRestore?: string;
}

/** The connection for libpq's tools: the URL without its password, which goes in PGPASSWORD (not the process list). */
function libpqArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', (err) =>
      reject(new Error(`${path.basename(command)} could not start (${err.message}); install the PostgreSQL client`)),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

const backupsPrefix = (location: StorageLocation) => `${storageKey(location, 'backups')}/`;

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404) throw err;
    // A fresh MinIO has no bucket yet; AWS buckets are made by their owner, with their own policies.
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

export interface BackupResult {
  name: string;
  /** Where it went: a file path or s3://bucket/key. */
  location: string;
  bytes: number;
  /** Backups removed for being older than keepDays. */
  pruned: string[];
}

/**
 * One backup of `databaseUrl` now; with `keepDays`, backups (of ours, by name) older than that are removed after it
 * succeeded, so a failing backup never deletes the last good ones.
 */
export async function backupDatabase(
  options: BackupTarget & BackupEnvironment & { databaseUrl: string; now?: Date; keepDays?: number },
): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const name = backupName(now);
  const { dbname, env } = libpqArgs(options.databaseUrl);
  const dumpArgs = ['--format=custom', '--compress=6', '--no-owner', '--no-privileges', `--dbname=${dbname}`];
  if (!options.storageUrl) {
    await fs.mkdir(options.backupDir, { recursive: true });
    const file = path.join(options.backupDir, name);
    // Written under a temporary name first: a half-written dump never looks like a backup.
    const partial = `${file}.partial`;
    try {
      await run(options.pgDump ?? 'pg_dump', [...dumpArgs, `--file=${partial}`], env);
      await fs.rename(partial, file);
    } finally {
      await fs.rm(partial, { force: true });
    }
    const pruned = options.keepDays === undefined ? [] : await pruneDirectory(options.backupDir, now, options.keepDays);
    return { name, location: file, bytes: (await fs.stat(file)).size, pruned };
  }
  const location = parseStorageUrl(options.storageUrl);
  const s3 = createS3Client(location);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'barberly-backup-'));
  try {
    const file = path.join(dir, name);
    await run(options.pgDump ?? 'pg_dump', [...dumpArgs, `--file=${file}`], env);
    const bytes = (await fs.stat(file)).size;
    const key = `${backupsPrefix(location)}${name}`;
    await ensureBucket(s3, location.bucket).catch((err) => {
      throw new Error(`s3://${location.bucket} refused the backup: ${describeS3Error(err)}`);
    });
    await s3.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
    const pruned = options.keepDays === undefined ? [] : await pruneBucket(s3, location, now, options.keepDays);
    return { name, location: `s3://${location.bucket}/${key}`, bytes, pruned };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    s3.destroy();
  }
}

const tooOld = (name: string, now: Date, keepDays: number) => {
  const at = backupTime(name);
  return at !== undefined && now.getTime() - at.getTime() > keepDays * 86_400_000;
};

async function pruneDirectory(dir: string, now: Date, keepDays: number): Promise<string[]> {
  const old = (await fs.readdir(dir)).filter((name) => tooOld(name, now, keepDays));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

async function listKeys(s3: S3Client, location: StorageLocation): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: location.bucket, Prefix: backupsPrefix(location), ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

async function pruneBucket(s3: S3Client, location: StorageLocation, now: Date, keepDays: number): Promise<string[]> {
  const old = (await listKeys(s3, location)).filter((key) => tooOld(path.posix.basename(key), now, keepDays));
  for (const key of old) await s3.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: key }));
  return old.map((key) => path.posix.basename(key));
}

/** The backups there are, oldest first (names only). */
export async function listBackups(target: BackupTarget): Promise<string[]> {
  if (!target.storageUrl) {
    const names = await fs.readdir(target.backupDir).catch(() => [] as string[]);
    return names.filter((name) => backupTime(name)).sort();
  }
  const location = parseStorageUrl(target.storageUrl);
  const s3 = createS3Client(location);
  try {
    return (await listKeys(s3, location))
      .map((key) => path.posix.basename(key))
      .filter((name) => backupTime(name))
      .sort();
  } finally {
    s3.destroy();
  }
}

/** Tables, views and sequences outside the system schemas: an empty database has none. */
async function relationsIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the empty database at `databaseUrl`, all or nothing. `file` is a path, or (with a storage
 * URL) a backup's name as `listBackups` gives it.
 */
export async function restoreDatabase(
  options: BackupTarget & BackupEnvironment & { databaseUrl: string; file: string },
): Promise<void> {
  const existing = await relationsIn(options.databaseUrl);
  if (existing > 0) {
    throw new Error(
      `The database is not empty (${existing} tables, views or sequences): restore into an empty one (createdb, then point DATABASE_URL at it)`,
    );
  }
  const { dbname, env } = libpqArgs(options.databaseUrl);
  const restore = (file: string) =>
    run(
      options.pgRestore ?? 'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  const local = await fs.stat(options.file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (local || !options.storageUrl) {
    if (!local) throw new Error(`No backup file at ${options.file}`);
    await restore(options.file);
    return;
  }
  const location = parseStorageUrl(options.storageUrl);
  const s3 = createS3Client(location);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'barberly-restore-'));
  try {
    const name = path.posix.basename(options.file);
    const key = `${backupsPrefix(location)}${name}`;
    const object = await s3.send(new GetObjectCommand({ Bucket: location.bucket, Key: key })).catch((err) => {
      if ((err as { name?: string }).name === 'NoSuchKey') {
        throw new Error(`No backup named ${name} at s3://${location.bucket}/${key} (npm run db:backup -- --list)`);
      }
      throw err;
    });
    const file = path.join(dir, name);
    await pipeline(object.Body as Readable, createWriteStream(file));
    await restore(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    s3.destroy();
  }
}

/**
 * The next time of day `hhmm` (UTC) after `now`: nightly backups at 03:00 taken at 02:59 run a minute later, at 03:00
 * itself the next day.
 */
export function nextRun(now: Date, hhmm: string): Date {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new Error(`--daily wants a time of day HH:MM (UTC), e.g. 03:00; got ${hhmm}`);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), +m[1]!, +m[2]!));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
