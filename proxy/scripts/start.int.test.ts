// The launcher (`npm start`) as an operator sees it: real embedded PostgreSQL, real processes, real ports.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listenOnFreePort } from '../src/testing/http';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const startScript = path.join(root, 'proxy/scripts/start.mjs');

interface Launcher {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const launched: Launcher[] = [];
const dataDirs: string[] = [];
const strayPids: number[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-launcher-'));
  dataDirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  const port = await listenOnFreePort(server);
  await closeServer(server);
  return port;
}

/** Runs the launcher without building and with only the proxy beside the database (the data part needs no api). */
function launch(
  env: Record<string, string>,
  args = ['--no-build', '--services=proxy'],
  { ownProcessGroup = false } = {},
): Launcher {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
  delete childEnv.DATABASE_URL;
  // ownProcessGroup: like a terminal session, so a signal to the group reaches the launcher and all it started.
  const child = spawn(process.execPath, [startScript, ...args], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownProcessGroup,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const launcher = { child, output: () => output, exited };
  launched.push(launcher);
  return launcher;
}

async function waitForOutput(launcher: Launcher, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = launcher.output().match(pattern);
    if (match) return match;
    if (launcher.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`launcher output never matched ${pattern}:\n${launcher.output()}`);
}

async function ready(launcher: Launcher): Promise<string> {
  await waitForOutput(launcher, /^Barberly is ready: http:\/\/localhost:\d+$/m);
  const match = launcher.output().match(/DATABASE_URL=(\S+)/);
  if (!match?.[1]) throw new Error(`no DATABASE_URL in launcher output:\n${launcher.output()}`);
  return match[1];
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'proxy/scripts/build.mjs')], { cwd: root, stdio: 'ignore' });
});

afterEach(async () => {
  for (const launcher of launched.splice(0)) {
    if (launcher.child.exitCode === null) {
      launcher.child.kill('SIGTERM');
      await launcher.exited;
    }
  }
});

afterAll(() => {
  for (const pid of strayPids) if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs) {
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
      if (pidAlive(pid)) process.kill(pid, 'SIGQUIT');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  it('refuses a taken PORT with one clear line and exit code 1, before starting anything', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => {
      blocker.listen(0, () => resolve((blocker.address() as net.AddressInfo).port));
    });
    const dataDir = path.join(tempDataDir(), 'never-created');
    try {
      const launcher = launch({ PORT: String(port), BARBERLY_DATA_DIR: dataDir }, []);
      expect(await launcher.exited).toBe(1);
      const lines = launcher.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${port} is already in use.`);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('keeps the embedded database across a restart', async () => {
    const dataDir = tempDataDir();
    const first = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    const firstUrl = await ready(first);
    expect(first.output()).toMatch(/initialising a new PostgreSQL cluster/);
    await query(firstUrl, 'CREATE TABLE visits (id serial PRIMARY KEY, note text NOT NULL)');
    await query(firstUrl, 'INSERT INTO visits (note) VALUES ($1)', ['fade and beard trim']);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/PostgreSQL stopped/);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    const secondUrl = await ready(second);
    expect(second.output()).not.toMatch(/initialising a new PostgreSQL cluster/);
    const rows = await query<{ note: string }>(secondUrl, 'SELECT note FROM visits');
    expect(rows).toEqual([{ note: 'fade and beard trim' }]);
    // The internal token survives too, so the api and storefront agree across restarts.
    expect(fs.readFileSync(path.join(dataDir, 'internal-token'), 'utf8').trim()).toMatch(/^[\w-]{40,}$/);
  });

  it('stops cleanly on Ctrl-C, which reaches every process of the terminal at once', async () => {
    const dataDir = tempDataDir();
    const launcher = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir }, undefined, {
      ownProcessGroup: true,
    });
    await ready(launcher);
    const postgresPid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);

    process.kill(-(launcher.child.pid ?? 0), 'SIGINT');

    expect(await launcher.exited).toBe(0);
    expect(launcher.output()).toMatch(/SIGINT received: stopping Barberly/);
    expect(launcher.output()).not.toMatch(/exited unexpectedly/);
    expect(pidAlive(postgresPid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'launcher.pid'))).toBe(false);
  });

  it('recovers the database from a launcher that was killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const first = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    const url = await ready(first);
    await query(url, 'CREATE TABLE shops (slug text PRIMARY KEY)');
    await query(url, "INSERT INTO shops VALUES ('joes')");
    strayPids.push(...childPids(first.child.pid ?? 0));
    const stalePid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(pidAlive(stalePid)).toBe(true); // the orphan still holds the data directory

    const second = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    const secondUrl = await ready(second);
    expect(second.output()).toContain(`stopping a PostgreSQL left running by an earlier launcher (pid ${stalePid})`);
    expect(await query(secondUrl, 'SELECT slug FROM shops')).toEqual([{ slug: 'joes' }]);
  });

  it('refuses a second launcher on the same data directory and leaves the first one running', async () => {
    const dataDir = tempDataDir();
    const first = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    const url = await ready(first);

    const second = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another Barberly launcher (pid ${first.child.pid}) is using ${dataDir}.`);
    expect(await query(url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('stops everything with a clear message when a service dies', async () => {
    const dataDir = tempDataDir();
    const launcher = launch({ PORT: String(await freePort()), BARBERLY_DATA_DIR: dataDir });
    await ready(launcher);
    const proxyPid = childPids(launcher.child.pid ?? 0).find((pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('proxy/dist/main.js'),
    );
    expect(proxyPid).toBeDefined();
    process.kill(proxyPid ?? 0, 'SIGKILL');

    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toMatch(/proxy exited unexpectedly \(SIGKILL\): stopping Barberly/);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
