// What `npm test` needs on the machine, checked before anything starts (issue 30): the programs the suite runs
// (Chromium for the journeys, nginx and Caddy for the front-door tests, pg_dump and pg_restore for the backup test)
// and the PostgreSQL and Redis servers the integration tests use. A missing one stops the run at once with one line
// naming it and the command that installs it, instead of a failure twenty minutes in ("spawn /usr/bin/caddy ENOENT").
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The programs, by the workspaces whose tests run them. `env` names the variable that points the suite at another
 * copy; `pkg` is the Debian package that installs it.
 */
export const TOOLS = [
  { name: 'chromium', pkg: 'chromium', env: 'CHROMIUM_BIN', workspaces: ['e2e'] },
  { name: 'nginx', pkg: 'nginx', env: 'NGINX_BIN', workspaces: ['proxy'] },
  { name: 'caddy', pkg: 'caddy', env: 'CADDY_BIN', workspaces: ['proxy'] },
  // Checks and unit-tests deploy/monitoring's alert rules (ops/monitoring.test.ts).
  { name: 'promtool', pkg: 'prometheus', env: 'PROMTOOL_BIN', workspaces: ['proxy'] },
  { name: 'pg_dump', pkg: 'postgresql-client', env: 'PG_DUMP_BIN', workspaces: ['api'] },
  { name: 'pg_restore', pkg: 'postgresql-client', env: 'PG_RESTORE_BIN', workspaces: ['api'] },
];

/** The servers, by the workspaces whose tests connect to them. */
export const SERVICES = [
  {
    name: 'PostgreSQL',
    pkg: 'postgresql',
    start: 'service postgresql start',
    env: 'TEST_DATABASE_URL',
    fallback: 'postgres://postgres@127.0.0.1:5432/postgres',
    defaultPort: 5432,
    workspaces: ['api', 'proxy', 'e2e'],
  },
  {
    name: 'Redis',
    pkg: 'redis-server',
    start: 'service redis-server start',
    env: 'TEST_REDIS_URL',
    fallback: 'redis://127.0.0.1:6379',
    defaultPort: 6379,
    workspaces: ['api', 'proxy', 'storefront', 'e2e'],
  },
];

// Where Debian puts them, searched after PATH: a non-root shell's PATH often lacks /usr/sbin (nginx).
const SYSTEM_DIRS = ['/usr/bin', '/usr/sbin'];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The program's path: its variable when set (and executable), else the first match on PATH, else Debian's dirs. */
export function findTool(tool, env = process.env, systemDirs = SYSTEM_DIRS) {
  const override = env[tool.env];
  if (override) return isExecutable(override) ? override : undefined;
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), ...systemDirs];
  for (const dir of dirs) {
    const file = path.join(dir, tool.name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

function answers(host, port, timeoutMs) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Checks what the chosen workspaces need. Resolves to `{ ok, line, found }`: `found` maps each program's variable to
 * the path found (the runner passes them on, so the suite runs what was checked); `line` is the one line to print
 * when something is missing.
 */
export async function checkRequirements({ workspaces, env = process.env, systemDirs = SYSTEM_DIRS, timeoutMs = 2000 }) {
  const wanted = (item) => item.workspaces.some((w) => workspaces.includes(w));
  const missing = [];
  const packages = new Set();
  const starts = [];
  const found = {};
  for (const tool of TOOLS.filter(wanted)) {
    const file = findTool(tool, env, systemDirs);
    if (file) found[tool.env] = file;
    else {
      missing.push(env[tool.env] ? `${tool.name} (${tool.env}=${env[tool.env]} is not executable)` : tool.name);
      packages.add(tool.pkg);
    }
  }
  for (const service of SERVICES.filter(wanted)) {
    const url = new URL(env[service.env] || service.fallback);
    const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    const port = Number(url.port) || service.defaultPort;
    if (!(await answers(host, port, timeoutMs))) {
      missing.push(`${service.name} answering at ${host}:${port} (${service.env})`);
      packages.add(service.pkg);
      starts.push(service.start);
    }
  }
  if (!missing.length) return { ok: true, line: '', found };
  const install = [`sudo apt-get install -y ${[...packages].join(' ')}`, ...starts.map((s) => `sudo ${s}`)].join(
    ' && ',
  );
  return { ok: false, line: `npm test needs ${missing.join(', ')}; install: ${install}`, found };
}
