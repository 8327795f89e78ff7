// `npm test`'s preflight (scripts/preflight.mjs) against a made-up machine: a PATH of our own with fake programs,
// and servers that answer or not on loopback ports of our own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequirements } from './preflight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let bin;
let listeners = [];

function fakeProgram(name, executable = true) {
  const file = path.join(bin, name);
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n');
  fs.chmodSync(file, executable ? 0o755 : 0o644);
}

/** A port that answers TCP, as a running server would. */
async function listening() {
  const server = net.createServer((socket) => socket.end());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  listeners.push(server);
  return server.address().port;
}

/** A port nobody listens on. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(() => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-preflight-'));
});
afterAll(async () => {
  fs.rmSync(bin, { recursive: true, force: true });
  await Promise.all(listeners.map((s) => new Promise((resolve) => s.close(resolve))));
  listeners = [];
});

describe('npm test preflight', () => {
  it('passes when every program is on PATH and both servers answer, and says where each program is', async () => {
    for (const name of ['chromium', 'nginx', 'caddy', 'promtool', 'pg_dump', 'pg_restore']) fakeProgram(name);
    const env = {
      PATH: bin,
      TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${await listening()}/postgres`,
      TEST_REDIS_URL: `redis://127.0.0.1:${await listening()}`,
    };
    const result = await checkRequirements({ workspaces: ['api', 'proxy', 'e2e'], env, systemDirs: [] });
    expect(result.ok).toBe(true);
    expect(result.found).toEqual({
      CHROMIUM_BIN: path.join(bin, 'chromium'),
      NGINX_BIN: path.join(bin, 'nginx'),
      CADDY_BIN: path.join(bin, 'caddy'),
      PROMTOOL_BIN: path.join(bin, 'promtool'),
      PG_DUMP_BIN: path.join(bin, 'pg_dump'),
      PG_RESTORE_BIN: path.join(bin, 'pg_restore'),
    });
  });

  it('names a missing Caddy and the command that installs it, in one line', async () => {
    fs.rmSync(path.join(bin, 'caddy'), { force: true });
    fakeProgram('nginx');
    const env = {
      PATH: bin,
      TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${await listening()}/postgres`,
      TEST_REDIS_URL: `redis://127.0.0.1:${await listening()}`,
    };
    const result = await checkRequirements({ workspaces: ['proxy'], env, systemDirs: [] });
    expect(result.ok).toBe(false);
    expect(result.line).toBe('npm test needs caddy; install: sudo apt-get install -y caddy');
    expect(result.line).not.toContain('\n');
  });

  it('does not take a file that cannot be run, nor ask for programs the chosen workspaces do not use', async () => {
    fakeProgram('caddy', false);
    const env = { PATH: bin, TEST_REDIS_URL: `redis://127.0.0.1:${await listening()}` };
    const proxy = await checkRequirements({ workspaces: ['proxy'], env, systemDirs: [] });
    expect(proxy.line).toMatch(/^npm test needs caddy/);
    // The storefront's tests need Redis only: no programs, no PostgreSQL.
    const redisDown = { PATH: '', TEST_REDIS_URL: `redis://127.0.0.1:${await closedPort()}` };
    const storefront = await checkRequirements({ workspaces: ['storefront'], env: redisDown, systemDirs: [] });
    expect(storefront.line).toMatch(/^npm test needs Redis answering at 127\.0\.0\.1:\d+ \(TEST_REDIS_URL\)/);
    expect(storefront.line).not.toMatch(/chromium|nginx|caddy|pg_dump|PostgreSQL/);
    const common = await checkRequirements({ workspaces: ['common', 'admin'], env: { PATH: '' }, systemDirs: [] });
    expect(common.ok).toBe(true);
  });

  it('names servers that do not answer, with how to install and start them', async () => {
    fakeProgram('pg_dump');
    fakeProgram('pg_restore');
    const env = {
      PATH: bin,
      TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
      TEST_REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    };
    const result = await checkRequirements({ workspaces: ['api'], env, systemDirs: [], timeoutMs: 500 });
    expect(result.line).toMatch(
      /^npm test needs PostgreSQL answering at 127\.0\.0\.1:\d+ \(TEST_DATABASE_URL\), Redis answering at 127\.0\.0\.1:\d+ \(TEST_REDIS_URL\); install: sudo apt-get install -y postgresql redis-server && sudo service postgresql start && sudo service redis-server start$/,
    );
  });

  it('follows a variable pointing at another copy of a program, and refuses one that is not there', async () => {
    fakeProgram('my-nginx');
    const base = { PATH: '', TEST_REDIS_URL: `redis://127.0.0.1:${await listening()}` };
    const env = { ...base, TEST_DATABASE_URL: `postgres://127.0.0.1:${await listening()}/x`, CADDY_BIN: '/nope/caddy' };
    const result = await checkRequirements({
      workspaces: ['proxy'],
      env: { ...env, NGINX_BIN: path.join(bin, 'my-nginx'), PROMTOOL_BIN: path.join(bin, 'promtool') },
      systemDirs: [],
    });
    expect(result.found.NGINX_BIN).toBe(path.join(bin, 'my-nginx'));
    expect(result.line).toBe(
      'npm test needs caddy (CADDY_BIN=/nope/caddy is not executable); install: sudo apt-get install -y caddy',
    );
  });

  it('stops `npm test` before any workspace runs, with that line and exit code 1', async () => {
    let failure;
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts/test.mjs'), 'proxy'], {
        cwd: root,
        env: { PATH: bin, CADDY_BIN: '/nope/caddy', TEST_REDIS_URL: `redis://127.0.0.1:${await listening()}` },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (err) {
      failure = err;
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr.trim().split('\n')).toHaveLength(1);
    expect(failure?.stderr).toMatch(/^npm test needs caddy \(CADDY_BIN=\/nope\/caddy is not executable\)/);
  });
});
