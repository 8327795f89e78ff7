/**
 * Real processes for the ops tests: the built api and storefront (`node api/dist/main.js`,
 * `node storefront/dist/start.mjs`), nginx with the rendered production config, a fresh database on
 * TEST_DATABASE_URL's server and a unique Redis key prefix on TEST_REDIS_URL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BUILD_OUTPUTS } from '../../proxy/scripts/lib/workspaces.mjs';
import { type NginxSettings, renderNginxConfig, repoRoot } from './nginx-config';

export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl = () => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A free port in 20000-32000 (below the machine's client port range). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

/** Builds the workspaces whose output is missing (a fresh clone in CI). */
export function buildMissing(): void {
  for (const { workspace, output } of BUILD_OUTPUTS) {
    if (fs.existsSync(path.join(repoRoot, output))) continue;
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
  }
}

export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bb_test_ops_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One request to 127.0.0.1:port with any Host header (Node cannot resolve *.barberly.test). */
export function request(
  port: number,
  pathname: string,
  options: {
    host?: string;
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
    agent?: http.Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { host: options.host ?? `127.0.0.1:${port}`, ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`${pathname} timed out`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited before it was ready:\n${output().slice(-3000)}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready within 90 s:\n${output().slice(-3000)}`);
}

export class Service {
  child!: ChildProcess;
  output = '';

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    /** Resolves true once the process answers. */
    private readonly ready: () => Promise<boolean>,
  ) {}

  async start(): Promise<this> {
    this.child = spawn(this.command, this.args, { cwd: repoRoot, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > 2_000_000) this.output = this.output.slice(-1_000_000);
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    await waitFor(this.ready, this.name, this.child, () => this.output);
    return this;
  }

  /** Sends the signal and waits for the exit; SIGKILL after the timeout. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      child.kill(signal);
    });
  }
}

const answers200 =
  (port: number, pathname = '/healthz') =>
  async () =>
    (await request(port, pathname, { timeoutMs: 2000 })).status === 200;

export function apiService(port: number, env: Record<string, string>): Service {
  return new Service(
    'api',
    process.execPath,
    [path.join(repoRoot, 'api/dist/main.js')],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      AUTH_KEY_ENCRYPTION_KEY: 'ops-test-auth-key-encryption-key',
      // One api that also runs the jobs, as `npm start` does; the replicas test runs them apart (RUN_WORKERS=false).
      RUN_WORKERS: 'true',
      ...env,
    },
    answers200(port),
  );
}

/** The built worker (`node api/dist/worker.js`): the durable queue's jobs; /healthz on HOST:PORT (decision 0174). */
export function workerService(port: number, env: Record<string, string>): Service {
  return new Service(
    `worker:${port}`,
    process.execPath,
    [path.join(repoRoot, 'api/dist/worker.js')],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    answers200(port),
  );
}

export function storefrontService(port: number, env: Record<string, string>): Service {
  return new Service(
    `storefront:${port}`,
    process.execPath,
    [path.join(repoRoot, 'storefront/dist/start.mjs')],
    { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    answers200(port),
  );
}

/** nginx with the rendered template, unprivileged-style: its own prefix, pid and temp paths in a temp directory. */
export function nginxService(settings: Omit<NginxSettings, 'pidFile' | 'tempDir' | 'accessLog'>): {
  service: Service;
  dir: string;
  config: string;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nginx-'));
  fs.chmodSync(dir, 0o755);
  const config = renderNginxConfig({
    ...settings,
    pidFile: path.join(dir, 'nginx.pid'),
    tempDir: dir,
    accessLog: path.join(dir, 'access.log'),
  });
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config);
  // As root (CI), workers would run as nobody: keep them as the invoking user so they can read the admin build.
  const global = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}${process.env.OPS_NGINX_DEBUG ? ` error_log ${path.join(dir, 'info.log')} info;` : ''}`;
  const service = new Service(
    'nginx',
    process.env.NGINX_BIN || '/usr/sbin/nginx',
    ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log'), '-g', global],
    process.env,
    answers200(settings.port),
  );
  return { service, dir, config };
}
