/**
 * Several api processes and workers on one database and one Redis (issue 30, decision 0174): two built apis
 * (`node api/dist/main.js`, RUN_WORKERS=false) behind nginx with both as upstreams, and two workers
 * (`node api/dist/worker.js`), all four started at once on a fresh database so that their migrations race. What a
 * person or an operator would notice if something stayed per process: a slot booked twice, a slot still offered, a
 * rate limit each replica counts alone, a sign-out another replica ignores, a mail sent twice or by an api.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOOKING_MESSAGES } from '@barberly/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../api/src/modules/mail/smtp.test-helper';
import { repoRoot } from './support/nginx-config';
import {
  apiService,
  createDatabase,
  freePort,
  type HttpAnswer,
  nginxService,
  request,
  type Service,
  testRedisUrl,
  workerService,
} from './support/processes';

const DOMAIN = 'barberly.test';

let apis: Service[] = [];
let workers: Service[] = [];
let nginx: Service | undefined;
let nginxDir: string | undefined;
let adminDir: string | undefined;
let nginxPort: number;
let apiPorts: number[] = [];
let workerPorts: number[] = [];
let smtp: TestSmtpServer | undefined;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let token: string;
let ownerEmail: string;
let shop: { id: string; slug: string; serviceId: string; barberId: string };

const front = () => `${DOMAIN}:${nginxPort}`;
const json = (answer: HttpAnswer) => JSON.parse(answer.text) as Record<string, unknown>;

/** One call to api `i` directly (0 or 1), or through nginx (`'front'`). */
function call(
  to: number | 'front',
  pathname: string,
  options: { method?: string; body?: unknown; auth?: string } = {},
): Promise<HttpAnswer> {
  const port = to === 'front' ? nginxPort : (apiPorts[to] as number);
  return request(port, pathname, {
    host: front(),
    method: options.method,
    headers: options.auth ? { authorization: `Bearer ${options.auth}` } : {},
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A day two days ahead (UTC), well inside the booking horizon and past any notice. */
const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

const offered = async (to: number | 'front', start: string) => {
  const answer = await call(
    to,
    `/api/shops/${shop.slug}/availability?serviceId=${shop.serviceId}&barberId=${shop.barberId}&date=${day}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return (json(answer).slots as Array<{ start: string }>).some((slot) => slot.start === start);
};

/** Polls until `check` holds (the caches hear about writes by NOTIFY, a moment later); false after 15 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** Bookings made (201) in this file: each makes a confirmation and a notice to the owner. */
let bookings = 0;

async function book(to: number | 'front', start: string, n: number): Promise<HttpAnswer> {
  const answer = await call(to, `/api/shops/${shop.slug}/appointments`, {
    method: 'POST',
    body: {
      serviceId: shop.serviceId,
      barberId: shop.barberId,
      start,
      client: { name: `Client ${n}`, email: `replica-client-${n}@example.com`, phone: '+1 555 0100' },
    },
  });
  if (answer.status === 201) bookings++;
  return answer;
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(repoRoot, 'api/dist/worker.js'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build -w api failed');
  }
  const database = await createDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
  smtp = await startTestSmtpServer();
  apiPorts = [await freePort(), await freePort()];
  workerPorts = [await freePort(), await freePort()];
  nginxPort = await freePort();
  const shared = {
    APP_DOMAIN: DOMAIN,
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: `bb_ops_${crypto.randomBytes(4).toString('hex')}:`,
    INTERNAL_TOKEN: crypto.randomBytes(16).toString('hex'),
    PUBLIC_ORIGIN: `http://${DOMAIN}:${nginxPort}`,
    SMTP_URL: smtp.url,
    AUTH_KEY_ENCRYPTION_KEY: 'ops-test-auth-key-encryption-key',
    // Every process migrates on start (the default): on this empty database all four race for it.
    MIGRATE_ON_START: 'true',
  };
  // Started together: the apis (no jobs) and the workers (only jobs). Kept before they start, so afterAll stops
  // every one that did even when another failed.
  apis = apiPorts.map((port) => apiService(port, { ...shared, RUN_WORKERS: 'false' }));
  workers = workerPorts.map((port) => workerService(port, shared));
  await Promise.all([...apis, ...workers].map((service) => service.start()));

  adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-'));
  fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const door = nginxService({
    appDomain: DOMAIN,
    port: nginxPort,
    apiUpstreams: apiPorts.map((port) => `127.0.0.1:${port}`),
    // No storefront in this test: its routes are not asked.
    storefrontUpstreams: [`127.0.0.1:${await freePort()}`],
    adminRoot: adminDir,
  });
  nginxDir = door.dir;
  nginx = await door.service.start();

  // A shop set up through the front door, as its owner would: UTC, open every day 09:00-18:00, one barber.
  ownerEmail = `owner+${crypto.randomBytes(4).toString('hex')}@example.com`;
  const signup = await call('front', '/auth/v1/signup', {
    method: 'POST',
    body: { email: ownerEmail, password: 'Barberly-ops-Passw0rd!' },
  });
  expect(signup.status, signup.text).toBe(200);
  token = json(signup).access_token as string;
  const slug = `replicas-${crypto.randomBytes(3).toString('hex')}`;
  const created = await call('front', '/api/shops', {
    method: 'POST',
    auth: token,
    body: { name: 'Two Chairs', slug },
  });
  expect(created.status, created.text).toBe(201);
  const shopId = json(created).id as string;
  const open = { open: '09:00', close: '18:00', closed: false };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const patched = await call('front', `/api/shops/${shopId}`, {
    method: 'PATCH',
    auth: token,
    body: { timeZone: 'UTC', hours_json: Object.fromEntries(days.map((d) => [d, open])) },
  });
  expect(patched.status, patched.text).toBe(200);
  const service = await call('front', `/api/shops/${shopId}/services`, {
    method: 'POST',
    auth: token,
    body: { name: 'Haircut', durationMinutes: 60, price: 30 },
  });
  expect(service.status, service.text).toBe(201);
  const barber = await call('front', `/api/shops/${shopId}/barbers`, {
    method: 'POST',
    auth: token,
    body: { name: 'Sam' },
  });
  expect(barber.status, barber.text).toBe(201);
  shop = { id: shopId, slug, serviceId: json(service).id as string, barberId: json(barber).id as string };
}, 240_000);

afterAll(async () => {
  await nginx?.stop('SIGQUIT');
  await Promise.all([...apis, ...workers].map((service) => service.stop()));
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
  if (adminDir) fs.rmSync(adminDir, { recursive: true, force: true });
  await smtp?.close();
  await dropDatabase?.();
});

describe('two apis and two workers on one database and one Redis', () => {
  it('applied each migration once although all four started on an empty database together', async () => {
    const [counts] = await sql<{ all: number; distinct: number }>(
      'SELECT count(*)::int AS all, count(DISTINCT name)::int AS distinct FROM migrations',
    );
    expect(counts?.all).toBeGreaterThan(10);
    expect(counts?.distinct).toBe(counts?.all);
    // One process applied them; the others waited on the lock and found nothing pending.
    const appliers = [...apis, ...workers].filter((s) => s.output.includes('"msg":"migrations applied"'));
    expect(appliers).toHaveLength(1);
  });

  it('refuses through one api a slot booked through the other, and neither offers it any more', async () => {
    const start = `${day}T10:00:00.000Z`;
    // Both have answered (and kept) the day with the slot free.
    expect(await offered(0, start)).toBe(true);
    expect(await offered(1, start)).toBe(true);

    const first = await book(0, start, 1);
    expect(first.status, first.text).toBe(201);
    const second = await book(1, start, 2);
    expect(second.status, second.text).toBe(409);
    expect(json(second).error).toMatchObject({ code: 'slot_taken', message: BOOKING_MESSAGES.slotTaken });

    expect(await eventually(async () => !(await offered(1, start)))).toBe(true);
    expect(await eventually(async () => !(await offered(0, start)))).toBe(true);
    expect(await offered('front', start)).toBe(false);
  });

  it('shares the per-address rate limit: reached across both apis behind nginx', async () => {
    // POST /api/leads allows 10 an hour per address (LEADS_PER_IP_PER_HOUR), counted in Redis.
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const answer = await call('front', '/api/leads', {
        method: 'POST',
        body: { fullName: 'Pat Lead', email: `lead${n}@example.com`, phone: '+1 555 0100', barbershopName: 'Cuts' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    // nginx sent them to both apis: each alone would have allowed all eleven.
    for (const api of apis) expect(api.output).toMatch(/"method":"POST","path":"\/api\/leads","status":201/);
    // And the limit holds on either api asked directly.
    for (const to of [0, 1]) {
      const direct = await call(to, '/api/leads', {
        method: 'POST',
        body: { fullName: 'Pat Lead', email: 'again@example.com', phone: '+1 555 0100', barbershopName: 'Cuts' },
      });
      expect(direct.status).toBe(429);
    }
  });

  it('refuses through one api a token signed out through the other, at once', async () => {
    const email = `signout+${crypto.randomBytes(4).toString('hex')}@example.com`;
    const signup = await call(0, '/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'Barberly-ops-Passw0rd!' },
    });
    expect(signup.status, signup.text).toBe(200);
    const access = json(signup).access_token as string;
    expect((await call(1, '/api/my/shops', { auth: access })).status).toBe(200);
    expect((await call(0, '/auth/v1/logout', { method: 'POST', auth: access })).status).toBe(204);
    expect((await call(1, '/api/my/shops', { auth: access })).status).toBe(401);
  });

  it('sends each booking’s mails exactly once, from the workers and never from an api', async () => {
    // Six bookings through both apis and the front door; each makes a confirmation and an owner notice.
    const made: string[] = [];
    const doors: Array<number | 'front'> = [0, 1, 'front', 0, 1, 'front'];
    for (const [n, door] of doors.entries()) {
      const answer = await book(door, `${day}T${String(11 + n).padStart(2, '0')}:00:00.000Z`, 10 + n);
      expect(answer.status, answer.text).toBe(201);
      made.push(json(answer).id as string);
    }
    await smtp?.waitFor((mail) => mail.to.some((to) => /^replica-client-1\d@example\.com$/.test(to)), 6, 60_000);
    // Every job of these mails has run (pg-boss's state), so a second send would have happened by now. (Their
    // reminders wait for the day before.)
    const settled = await eventually(async () => {
      const [row] = await sql<{ done: number }>(
        `SELECT count(*)::int AS done FROM pgboss.job
          WHERE name = 'booking-mail' AND state = 'completed' AND data->>'appointmentId' = ANY($1)
            AND data->>'kind' IN ('confirmation', 'owner_notice')`,
        [made],
      );
      return row?.done === 12;
    });
    expect(settled).toBe(true);
    for (let n = 0; n < 6; n++) {
      const to = `replica-client-${10 + n}@example.com`;
      expect(
        smtp?.received.filter((mail) => mail.to.includes(to)),
        to,
      ).toHaveLength(1);
    }
    // One notice to the owner per booking made in this file (the double-booking test's too).
    await smtp?.waitFor((mail) => mail.to.includes(ownerEmail), bookings, 30_000);
    expect(smtp?.received.filter((mail) => mail.to.includes(ownerEmail))).toHaveLength(bookings);

    const sent = (service: Service) =>
      service.output.split('\n').filter((l) => l.includes('"msg":"booking mail sent"'));
    for (const api of apis) expect(sent(api)).toEqual([]);
    expect(workers.flatMap(sent)).toHaveLength(2 * bookings);
  });

  it('gives the worker probes of its own, and nothing else on its port', async () => {
    const port = workerPorts[0] as number;
    expect((await request(port, '/healthz')).status).toBe(200);
    const ready = await request(port, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    expect((await request(port, '/api/config')).status).toBe(404);
  });
});

describe('npm run db:migrate', () => {
  it('applies each migration once when run twice at once by hand', async () => {
    const database = await createDatabase();
    try {
      const run = () =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/migrate.js')], {
            cwd: repoRoot,
            env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
          });
          child.stderr.on('data', (chunk: Buffer) => {
            output += chunk.toString();
          });
          child.on('exit', (code) => resolve({ code, output }));
        });
      const results = await Promise.all([run(), run()]);
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      const applied = results.filter((r) => r.output.includes('Applied: '));
      const nothing = results.filter((r) => r.output.includes('No pending migrations'));
      expect([applied.length, nothing.length], results.map((r) => r.output).join('\n')).toEqual([1, 1]);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(
        'SELECT count(*)::int AS all, count(DISTINCT name)::int AS distinct FROM migrations',
      );
      await client.end();
      const names = (applied[0]?.output ?? '')
        .replace(/^[\s\S]*Applied: /, '')
        .trim()
        .split(', ');
      expect(rows[0]).toEqual({ all: names.length, distinct: names.length });
    } finally {
      await database.drop();
    }
  });
});
