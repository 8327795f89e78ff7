/**
 * Backups that are tested (issue 30): a database filled through the api (a shop, bookings, their clients, a series)
 * is backed up with pg_dump, restored into a scratch database, and an api process started on the copy
 * (`src/main.ts`, as the image runs it) gives the same answers, to the owner signing in again with the same password.
 * Through a directory and through S3 (s3rver, a local S3).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import { DateTime } from 'luxon';
import pg from 'pg';
import S3rver from 's3rver';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingTestApp,
  client,
  createBookingTestApp,
  everyDay,
  setUpShop,
  type TestShop,
} from '../../modules/appointments/booking.test-helper';
import { bearer } from '../../modules/shops/shops.test-helper';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db';
import { createDataSource } from '../db/data-source';
import { backupDatabase, backupName, listBackups, restoreDatabase } from './backup';

const PASSWORD = 'secret-password';
const ZONE = 'America/New_York';
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A Tuesday at least a week ahead, 10:00 in New York: in the future for both apis, which run on the real clock. */
const FIRST = (() => {
  let day = DateTime.now().setZone(ZONE).plus({ days: 8 }).startOf('day');
  while (day.weekday !== 2) day = day.plus({ days: 1 });
  return day.set({ hour: 10 });
})();
const THREE_WEEKS_ON = FIRST.plus({ weeks: 3 });

let db: TestDatabase;
let app: BookingTestApp;
let owner: TestUser;
let shop: TestShop;
let dir: string;
const scratch: string[] = [];
const children: ChildProcess[] = [];

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** An empty database on the test server, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `bb_restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  scratch.push(name);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What an owner and a visitor read: the public page, two days' agendas, the clients, the series. */
async function answers(api: Express | string, token: string) {
  const auth = bearer(token);
  const read = async (url: string, headers: Record<string, string> = auth) => {
    const res = await request(api).get(url).set(headers);
    expect(res.status, url).toBe(200);
    return res.body;
  };
  return {
    page: await read(`/api/shops/${shop.slug}`, {}),
    agenda: await read(`/api/shops/${shop.id}/appointments?date=${FIRST.toISODate()}`),
    threeWeeksOn: await read(`/api/shops/${shop.id}/appointments?date=${THREE_WEEKS_ON.toISODate()}`),
    clients: await read(`/api/shops/${shop.id}/clients`),
    series: await read(`/api/shops/${shop.id}/series`),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const server = net.createServer();
    server.once('error', () => resolve(freePort()));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}

/** The api as its own process on a restored copy, once it answers /readyz, and the owner signed in there. */
async function apiOn(url: string): Promise<{ api: string; token: string; close(): void }> {
  // Every migration came with the copy: none is pending, and the api is told to run none.
  const dataSource = createDataSource(url, { poolSize: 1 });
  await dataSource.initialize();
  expect(await dataSource.showMigrations()).toBe(false);
  await dataSource.destroy();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      MIGRATE_ON_START: 'false',
      AUTH_RATE_LIMIT_MULTIPLIER: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d: Buffer) => {
    output += d;
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d;
  });
  const api = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the api on the copy exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${api}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 90_000) throw new Error(`the api on the copy did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const signIn = await request(api)
    .post('/auth/v1/token?grant_type=password')
    .send({ email: owner.email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  return { api, token: signIn.body.access_token, close: () => child.kill('SIGTERM') };
}

let before: Awaited<ReturnType<typeof answers>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-backup-'));
  db = await createTestDatabase();
  app = await createBookingTestApp(db);
  owner = await signUpTestUser(app, undefined, PASSWORD);
  shop = await setUpShop(app, owner.accessToken, {
    settings: {
      timeZone: ZONE,
      hours_json: everyDay('09:00', '18:00'),
      minNoticeMinutes: 0,
      clientsMayRepeat: true,
    },
    services: [
      { name: 'Haircut', durationMinutes: 30, price: 25 },
      { name: 'Beard trim', durationMinutes: 15, price: 12 },
    ],
    barbers: ['Marco', 'Ana'],
  });
  const book = (body: object) =>
    request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .send({ serviceIds: [shop.services[0]!.id], barberId: shop.barbers[0]!.id, ...body });
  // The Tuesday: 10:00 a regular every three weeks (a series), 11:00 a one-off with two services.
  const regular = await book({
    start: FIRST.toUTC().toISO(),
    client: client(1),
    repeat: { intervalWeeks: 3, count: 4 },
  });
  expect(regular.status).toBe(201);
  const visit = await book({
    start: FIRST.plus({ hours: 1 }).toUTC().toISO(),
    client: client(2),
    serviceIds: shop.services.map((s) => s.id),
    barberId: shop.barbers[1]!.id,
  });
  expect(visit.status).toBe(201);
  before = await answers(app, owner.accessToken);
  // The answers are about something: two bookings that day, two clients, one series whose next visit is 3 weeks on.
  expect(before.agenda.appointments ?? before.agenda).toHaveLength(2);
  expect(JSON.stringify(before.clients)).toContain('Client 2');
  expect(JSON.stringify(before.series)).toContain('Client 1');
  expect(JSON.stringify(before.threeWeeksOn)).toContain('Client 1');
  await app.close();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await db?.drop();
  for (const name of scratch) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup to a directory', () => {
  it('restores into an empty database where an api gives the same answers', async () => {
    const result = await backupDatabase({ databaseUrl: db.url, backupDir: dir });
    expect(result.location).toBe(path.join(dir, result.name));
    expect(fs.readFileSync(result.location).subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
    const copyUrl = await emptyDatabase();
    await restoreDatabase({ databaseUrl: copyUrl, file: result.location, backupDir: dir });
    const copy = await apiOn(copyUrl);
    try {
      expect(await answers(copy.api, copy.token)).toEqual(before);
    } finally {
      copy.close();
    }
  });

  it('refuses to restore over a database that has tables, and changes nothing there', async () => {
    const [name] = await listBackups({ backupDir: dir });
    await expect(restoreDatabase({ databaseUrl: db.url, file: path.join(dir, name!), backupDir: dir })).rejects.toThrow(
      /The database is not empty \(\d+ tables, views or sequences\)/,
    );
  });

  it('keeps backups younger than the kept days and removes older ones, never files of others', async () => {
    const now = new Date('2026-11-27T03:00:00Z');
    const day = 86_400_000;
    const old = backupName(new Date(now.getTime() - 15 * day));
    const recent = backupName(new Date(now.getTime() - 13 * day));
    for (const name of [old, recent, 'notes.txt']) fs.writeFileSync(path.join(dir, name), 'x');
    const result = await backupDatabase({ databaseUrl: db.url, backupDir: dir, now, keepDays: 14 });
    expect(result.pruned).toEqual([old]);
    const left = fs.readdirSync(dir);
    expect(left).toContain(recent);
    expect(left).toContain(result.name);
    expect(left).toContain('notes.txt');
    expect(left).not.toContain(old);
    expect(left.some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('says what is wrong when the database cannot be dumped, and leaves no half-written file', async () => {
    const url = new URL(db.url);
    url.pathname = '/bb_no_such_database';
    const failing = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-backup-fail-'));
    try {
      await expect(backupDatabase({ databaseUrl: url.toString(), backupDir: failing })).rejects.toThrow(
        /pg_dump failed \(exit 1\): .*bb_no_such_database/,
      );
      expect(fs.readdirSync(failing)).toEqual([]);
    } finally {
      fs.rmSync(failing, { recursive: true, force: true });
    }
  });
});

describe('a backup to S3-compatible storage (STORAGE_URL)', () => {
  let s3: S3rver;
  let storageUrl: string;

  beforeAll(async () => {
    const s3dir = path.join(dir, 's3');
    fs.mkdirSync(s3dir);
    // A port below the machine's client range (32768 and up), tried again if taken.
    let address: AddressInfo | undefined;
    for (let attempt = 0; !address; attempt++) {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 20000 + Math.floor(Math.random() * 12000),
        directory: s3dir,
        silent: true,
      });
      address = await s3.run().catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EADDRINUSE' || attempt > 20) throw err;
        return undefined;
      });
    }
    // s3rver checks signatures against its one account (S3RVER / S3RVER); no bucket yet: the backup makes it.
    storageUrl = `s3://S3RVER:S3RVER@barberly-backups/prod?endpoint=http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('uploads the dump, lists it, and restores it from the bucket into an api with the same answers', async () => {
    const result = await backupDatabase({ databaseUrl: db.url, backupDir: '/nonexistent', storageUrl });
    expect(result.location).toBe(`s3://barberly-backups/prod/backups/${result.name}`);
    expect(await listBackups({ backupDir: '/nonexistent', storageUrl })).toEqual([result.name]);
    expect(fs.existsSync('/nonexistent')).toBe(false);
    const copyUrl = await emptyDatabase();
    await restoreDatabase({ databaseUrl: copyUrl, file: result.name, backupDir: '', storageUrl });
    const copy = await apiOn(copyUrl);
    try {
      expect(await answers(copy.api, copy.token)).toEqual(before);
    } finally {
      copy.close();
    }
  });

  it('names a backup the bucket does not have', async () => {
    const copyUrl = await emptyDatabase();
    await expect(
      restoreDatabase({ databaseUrl: copyUrl, file: 'barberly-2020-01-01T000000Z.dump', backupDir: '', storageUrl }),
    ).rejects.toThrow('No backup named barberly-2020-01-01T000000Z.dump at s3://barberly-backups/prod/backups/');
  });

  it('fails in words when the storage refuses the credentials, so nothing is believed backed up', async () => {
    const wrong = storageUrl.replace('S3RVER:S3RVER', 'NOBODY:S3RVER');
    await expect(backupDatabase({ databaseUrl: db.url, backupDir: '', storageUrl: wrong })).rejects.toThrow(
      /^s3:\/\/barberly-backups refused the backup: .*HTTP 403/,
    );
  });
});
