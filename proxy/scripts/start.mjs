#!/usr/bin/env node
// `npm start`: one command from a fresh `npm install` to Barberly on http://localhost:PORT.
//
//   1. refuse at once when PORT is taken (before anything starts),
//   2. build the workspaces whose output is missing,
//   3. start embedded PostgreSQL (data in .data/pg) unless DATABASE_URL is set,
//   4. run api, storefront and proxy on 127.0.0.1 / PORT, wait for their /healthz, print the address.
// Ctrl-C or SIGTERM stops the services, then the database. If any of them dies, everything stops.
//
// Flags (for diagnostics and tests): --no-build (never build; missing services are skipped),
// --services=api,storefront,proxy (which to run; the proxy is always needed), --separate-storefront (run the
// storefront as its own process behind an HTTP hop instead of inside the proxy process, docs/decisions/0041).
// BARBERLY_DATA_DIR moves .data/ (the embedded database, the internal token).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, logError, pipeOutput } from './lib/log.mjs';
import { canListen, freeInternalPort, reservePort } from './lib/ports.mjs';
import { BUILD_OUTPUTS } from './lib/workspaces.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const ALL_SERVICES = ['api', 'storefront', 'proxy'];
// The proxy may load the storefront in its own process first (--separate-storefront not given): as long as it.
const HEALTH_TIMEOUT_MS = { api: 180_000, storefront: 90_000, proxy: 90_000 };
const STOP_GRACE_MS = 10_000;

function fail(message) {
  logError('launcher', message);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const options = { build: true, services: ALL_SERVICES, separateStorefront: false };
  for (const arg of argv) {
    if (arg === '--no-build') options.build = false;
    else if (arg === '--separate-storefront') options.separateStorefront = true;
    else if (arg.startsWith('--services=')) {
      const services = arg.slice('--services='.length).split(',').filter(Boolean);
      const unknown = services.filter((s) => !ALL_SERVICES.includes(s));
      if (unknown.length) fail(`unknown service(s) ${unknown.join(', ')}; choose from ${ALL_SERVICES.join(', ')}`);
      options.services = [...new Set([...services, 'proxy'])];
    } else
      fail(
        `unknown argument ${arg}; usage: npm start [-- --no-build] [-- --services=api,storefront,proxy] [-- --separate-storefront]`,
      );
  }
  return options;
}

function parsePort(raw) {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number (1-65535), got "${raw}"`);
  return port;
}

const options = parseArgs(process.argv.slice(2));
const PORT = parsePort(process.env.PORT);
const HOST = process.env.HOST || undefined;
const APP_DOMAIN = (process.env.APP_DOMAIN || 'localhost').toLowerCase();
const PUBLIC_ORIGIN = (process.env.PUBLIC_ORIGIN || `http://localhost:${PORT}`).replace(/\/+$/, '');
const DATA_DIR = path.resolve(root, process.env.BARBERLY_DATA_DIR || '.data');

// 1. The port check comes first: a second `npm start` must not build, touch the database or spawn anything.
if (!(await canListen(PORT, HOST))) {
  fail(`Port ${PORT} is already in use. Stop whatever is using it, or choose another: PORT=${PORT + 1} npm start`);
}
reservePort(PORT);

// ---------------------------------------------------------------------------------------------------------------
// State and shutdown

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let database; // { url, stop, process } when embedded
let shuttingDown = false;
let lockFile;

function sendSignal(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
}

function waitForExit(child, timeoutMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sendSignal(child, 'SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function shutdown(code, reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (reason) (code === 0 ? log : logError)('launcher', reason);
  // Every service (and a build in progress) gets SIGTERM and STOP_GRACE_MS to finish; the database they use goes last.
  const running = [...children.values()];
  for (const child of running) sendSignal(child, 'SIGTERM');
  await Promise.all(running.map((child) => waitForExit(child, STOP_GRACE_MS)));
  if (database) {
    try {
      await database.stop();
      log('db', 'PostgreSQL stopped');
    } catch (err) {
      logError('db', `could not stop PostgreSQL cleanly: ${err?.message ?? err}`);
    }
  }
  if (lockFile) fs.rmSync(lockFile, { force: true });
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (shuttingDown) return;
    void shutdown(0, `${signal} received: stopping Barberly`);
  });
}
// Last resort when the launcher itself crashes: leave no orphans holding ports or the data directory.
process.on('exit', () => {
  for (const child of children.values()) sendSignal(child, 'SIGKILL');
  if (database?.process?.exitCode === null) database.process.kill('SIGINT');
});
process.on('uncaughtException', (err) => {
  logError('launcher', err?.stack ?? String(err));
  void shutdown(1, 'the launcher crashed: stopping Barberly');
});
process.on('unhandledRejection', (err) => {
  logError('launcher', err?.stack ?? String(err));
  void shutdown(1, 'the launcher crashed: stopping Barberly');
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function displayPath(file) {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function run(name, command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.set(`build:${name}`, child);
    pipeOutput(name, child);
    child.on('exit', (code, signal) => {
      children.delete(`build:${name}`);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      logError(name, err.message);
      resolve(1);
    });
  });
}

function get(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

async function waitForHealth(name, child, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shuttingDown || child.exitCode !== null || child.signalCode !== null) return false;
    if ((await get(url)) === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await shutdown(1, `${name} did not answer ${url} within ${timeoutMs / 1000} s: stopping Barberly`);
  return false;
}

/** One launcher per data directory: a second one would stop the first one's database as "stale". */
function takeLock() {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, 'launcher.pid');
  if (fs.existsSync(file)) {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    let commandLine = '';
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // no such process (or no /proc): the lock is stale
    }
    // A pid reused by an unrelated process after a crash does not hold the lock.
    if (pid !== process.pid && commandLine.includes('start.mjs')) {
      fail(`Another Barberly launcher (pid ${pid}) is using ${DATA_DIR}. Stop it first, or set BARBERLY_DATA_DIR.`);
    }
  }
  fs.writeFileSync(file, `${process.pid}\n`);
  lockFile = file;
}

/** A secret from the environment, else one made once and kept in the data directory (mode 600). */
function keptSecret(name, fileName) {
  if (process.env[name]) return process.env[name];
  const file = path.join(DATA_DIR, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const internalToken = () => keptSecret('INTERNAL_TOKEN', 'internal-token');

/**
 * The VAPID key pair of web push (issue 26): from the environment, else made once (P-256, base64url, as the
 * web-push package reads them) and kept in the data directory; a new pair would drop every subscription.
 */
function keptVapidKeys() {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) {
    return { VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY };
  }
  const file = path.join(DATA_DIR, 'vapid-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Build what is missing

async function buildMissing() {
  for (const { workspace: name, output } of BUILD_OUTPUTS) {
    if (fs.existsSync(path.join(root, output))) continue;
    const manifest = path.join(root, name, 'package.json');
    const scripts = fs.existsSync(manifest) ? (readJson(manifest).scripts ?? {}) : {};
    if (!options.build) {
      log('launcher', `warning: ${output} is missing and --no-build was given`);
      continue;
    }
    if (!scripts.build) {
      log('launcher', `warning: ${name} has no build script yet, so ${output} cannot be built; skipping it`);
      continue;
    }
    log('launcher', `building ${name} (${output} is missing)`);
    const code = await run(name, 'npm', ['run', 'build', '-w', name]);
    if (shuttingDown) return;
    if (code !== 0 || !fs.existsSync(path.join(root, output))) {
      await shutdown(
        1,
        `building ${name} failed (npm run build -w ${name}); fix the error above and run npm start again`,
      );
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3 + 4. Database and services

/** METRICS_PORT is the api's; the storefront (in the proxy or apart) serves its metrics on the next port. */
function storefrontMetricsPort() {
  const port = Number(process.env.METRICS_PORT);
  return Number.isInteger(port) && port > 0 && port < 65535 ? { METRICS_PORT: String(port + 1) } : {};
}

function spawnService(name, script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  pipeOutput(name, child);
  child.on('error', (err) => void shutdown(1, `${name} could not be started: ${err.message}`));
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    void shutdown(1, `${name} exited unexpectedly (${signal ?? `code ${code}`}): stopping Barberly`);
  });
  return child;
}

async function main() {
  await buildMissing();
  if (shuttingDown) return;

  const proxyScript = path.join(root, 'proxy/dist/main.js');
  if (!fs.existsSync(proxyScript)) return shutdown(1, 'proxy/dist/main.js is missing: run npm run build -w proxy');

  takeLock();
  const token = internalToken();

  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    let where;
    try {
      const url = new URL(databaseUrl);
      where = `${url.host}${url.pathname}`;
    } catch {
      return shutdown(1, 'DATABASE_URL is not a URL (postgres://user:password@host:5432/database)');
    }
    log('db', `using DATABASE_URL (${where})`);
  } else {
    const { startEmbeddedPostgres } = await import('./lib/embedded-db.mjs');
    const port = await freeInternalPort();
    try {
      database = await startEmbeddedPostgres({ dataDir: DATA_DIR, port });
    } catch (err) {
      return shutdown(1, `could not start the embedded PostgreSQL: ${err?.message ?? err}`);
    }
    if (shuttingDown) return;
    const { initialiseMs, startMs } = database.timings;
    log(
      'db',
      `embedded PostgreSQL on 127.0.0.1:${port} (${initialiseMs === undefined ? '' : `initialised in ${initialiseMs} ms, `}started in ${startMs} ms), data in ${displayPath(path.join(DATA_DIR, 'pg'))}`,
    );
    log('db', `DATABASE_URL=${database.url}`);
    databaseUrl = database.url;
    database.process?.on('exit', (code, signal) => {
      if (!shuttingDown)
        void shutdown(1, `PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}): stopping Barberly`);
    });
  }

  const apiPort = await freeInternalPort();
  const storefrontPort = await freeInternalPort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;
  // REDIS_URL, REDIS_KEY_PREFIX, SUPABASE_*, GOOGLE_*, GITHUB_*, SMTP_URL... reach the services as they are set.
  const shared = { APP_DOMAIN, INTERNAL_TOKEN: token };

  const plan = [];
  const skipped = [];
  const want = (name, script) => {
    if (!options.services.includes(name)) return false;
    if (fs.existsSync(path.join(root, script))) return true;
    skipped.push(name);
    log('launcher', `warning: ${script} is missing, so ${name} is not started (its routes answer 502)`);
    return false;
  };

  if (want('api', 'api/dist/main.js')) {
    plan.push({
      name: 'api',
      health: `${apiUrl}/healthz`,
      child: spawnService('api', path.join(root, 'api/dist/main.js'), {
        ...shared,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        // Seals the auth signing keys in the database (decision 0050); kept beside the embedded database.
        AUTH_KEY_ENCRYPTION_KEY: keptSecret('AUTH_KEY_ENCRYPTION_KEY', 'auth-key-encryption-key'),
        PUBLIC_ORIGIN,
        STOREFRONT_NOTIFY_URLS: storefrontUrl,
        AUTH_EMAIL_CONFIRM: process.env.AUTH_EMAIL_CONFIRM || 'false',
        // One command runs everything: this api also runs the durable queue's jobs (decision 0174).
        RUN_WORKERS: process.env.RUN_WORKERS || 'true',
        // Barbers' photos when STORAGE_URL is unset (issue 26), beside the embedded database.
        UPLOADS_DIR: process.env.UPLOADS_DIR || path.join(DATA_DIR, 'uploads'),
        // Web push's VAPID key pair (issue 26), made once beside the embedded database.
        ...keptVapidKeys(),
      }),
    });
  }
  const storefrontEnv = { ...shared, API_URL: apiUrl, ...storefrontMetricsPort() };
  // By default the storefront runs inside the proxy process (shop pages skip the HTTP hop, which cost 8-10 times
  // the page itself); it still listens on storefrontUrl for the api's notifications and its own health check.
  const storefrontInProxy =
    want('storefront', 'storefront/dist/start.mjs') && !options.separateStorefront
      ? path.join(root, 'storefront/dist/storefront-server.mjs')
      : undefined;
  if (options.separateStorefront && want('storefront', 'storefront/dist/start.mjs')) {
    plan.push({
      name: 'storefront',
      health: `${storefrontUrl}/healthz`,
      child: spawnService('storefront', path.join(root, 'storefront/dist/start.mjs'), {
        ...storefrontEnv,
        PORT: String(storefrontPort),
        HOST: '127.0.0.1',
      }),
    });
  }
  if (!fs.existsSync(path.join(root, 'admin/dist/index.html'))) {
    log('launcher', 'warning: admin/dist is missing, so the admin app answers 503 until it is built');
  }
  const proxy = spawnService('proxy', proxyScript, {
    ...(storefrontInProxy ? storefrontEnv : {}),
    PORT: String(PORT),
    ...(HOST ? { HOST } : {}),
    API_URL: apiUrl,
    STOREFRONT_URL: storefrontUrl,
    ADMIN_DIR: path.join(root, 'admin/dist'),
    APP_DOMAIN,
    ...(storefrontInProxy ? { STOREFRONT_MODULE: storefrontInProxy } : {}),
  });
  plan.push({ name: 'proxy', health: `http://127.0.0.1:${PORT}/healthz`, child: proxy });
  if (storefrontInProxy) {
    log('launcher', `storefront runs inside the proxy process on ${storefrontUrl}`);
    plan.push({ name: 'storefront', health: `${storefrontUrl}/healthz`, child: proxy });
  }

  const healthy = await Promise.all(
    plan.map(({ name, child, health }) => waitForHealth(name, child, health, HEALTH_TIMEOUT_MS[name])),
  );
  if (shuttingDown || healthy.includes(false)) return;

  if (skipped.length) log('launcher', `warning: running without ${skipped.join(', ')}`);
  // A plain line (no prefix): people look for it, and e2e/global-setup waits for it.
  process.stdout.write(`Barberly is ready: http://localhost:${PORT}\n`);
  const sameDatabase = ['DATABASE_URL', 'BARBERLY_DATA_DIR'].filter((name) => process.env[name]);
  log(
    'launcher',
    `Demo data: run \`npm run seed:demo\` in another terminal for a shop with a year of history (it prints the owner's login)${sameDatabase.length ? `, with the same ${sameDatabase.join(' and ')}` : ''}`,
  );
}

await main();
