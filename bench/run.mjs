#!/usr/bin/env node
// `npm run bench`: what a shop's public page costs, every row measured in the same run on loopback.
//
// Starts Barberly the way `npm start` does (proxy/scripts/start.mjs, a fresh embedded PostgreSQL in a temporary
// data directory, no Redis), pinned to one core; the load tool (wrk when installed, else autocannon) runs on the
// other. Seeds one shop through the api as an owner would, then measures:
//   ceiling      bare node:http answering the same bytes from memory
//   nginx static nginx serving the same bytes as a file (when nginx is installed)
//   storefront   the storefront answering the cached page directly (/shop/{slug} and the subdomain)
//   front door   the same through `npm start`'s proxy
//   nginx        the same through nginx with the project's config (nginx/nginx.conf.template), when present
//   render       shop record cached, page rendered per request (a query parameter keeps it out of the page cache)
//   after edit   the first request after an owner's edit (edit, then one timed GET; repeated)
// and a scale run: BENCH_SHOPS (10,000) shops seeded in the database, asked at random by a Zipf law through the
// subdomain, after every shop was visited once, with the page cache's hit ratio and the storefront's memory; and
// analytics (issue 13, bench/analytics.mjs): the owner's analytics and client list over 100,000 appointments, at 1
// and 4 connections, with p95 (its own table).
// Every row also reports the server processes' CPU time per request (from /proc), which a busy machine does not skew.
//
// Environment: BENCH_SECONDS (5 per row), BENCH_CONNECTIONS (50), BENCH_SHOPS (10000), BENCH_TOOL (wrk|autocannon),
// BENCH_EDITS (20), BENCH_BOOKINGS_PER_SECOND (1, beside the availability rows), BENCH_ONLY (page,render,availability,edit,scale,analytics), BENCH_SWEEP_SECONDS (180), BENCH_WARMUP_ROUNDS (12), BENCH_KEEP=1 (keep logs),
// BENCH_SEPARATE_STOREFRONT=1 (the storefront as its own process behind the proxy's HTTP hop). The services get
// the caller's environment as `npm start` would (ACCESS_LOG=false, PAGE_CACHE_MB...), minus DATABASE_URL and
// REDIS_URL. Everything it starts is stopped at the end (or on Ctrl-C). Results: docs/benchmarks.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyticsRows, printAnalytics } from './analytics.mjs';
import { bookingRows, printBookings } from './bookings.mjs';
import { load, pinned, which } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
// BENCH_ONLY=availability,render (comma list of page, render, availability, edit, scale, analytics): only those;
// BENCH_ONLY=bookings (not in the default run) measures what one booking costs (bench/bookings.mjs).
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'page,render,availability,edit,scale,analytics').split(',').map((s) => s.trim()),
);
const TOOL = process.env.BENCH_TOOL ?? (which('wrk') ? 'wrk' : 'autocannon');
const canPin = which('taskset') && os.availableParallelism() >= 2;
const LOAD_CPU = canPin ? 0 : null;
const SERVER_CPU = canPin ? 1 : null;
const SLUG = 'bench-shop';
const SCALE_PREFIX = 'scale-';
const APP_DOMAIN = 'localhost';

const cleanups = [];
let cleaning = false;
async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup: ${err?.message ?? err}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

function note(message) {
  process.stderr.write(`bench: ${message}\n`);
}

function freePort(from = 20000, span = 12000) {
  return new Promise((resolve, reject) => {
    const port = from + Math.floor(Math.random() * span);
    const server = net.createServer();
    server.once('error', () => resolve(freePort(from, span)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    server.on('error', reject);
  });
}

/** A plain HTTP request on loopback: { status, headers, body (Buffer), ms }. */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.end(payload);
  });
}

async function json(url, options) {
  const res = await request(url, options);
  const text = res.body.toString();
  if (res.status >= 400) throw new Error(`${options?.method ?? 'GET'} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function waitFor(url, headers = {}, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await request(url, { headers });
      if (res.status < 500) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Spawn, collect output into a log file, stop with SIGTERM (then SIGKILL) at cleanup. */
function start(name, argv, { env = {}, cwd = root, logFile } = {}) {
  const child = spawn(argv[0], argv.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serverRoots.add(child.pid);
  const out = fs.createWriteStream(logFile);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  child.on('exit', (code, signal) => {
    if (!cleaning) note(`${name} exited (${signal ?? code}); its output: ${logFile}`);
  });
  return child;
}

function children(pid) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

/** Processes whose CPU time counts as the server's: those the bench started and all their descendants. */
const serverRoots = new Set();
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function descendants(roots) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const found = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** CPU milliseconds (user + system) used so far by the server processes, by pid. */
function serverCpu() {
  const byPid = new Map();
  for (const pid of descendants([...serverRoots])) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone
    }
  }
  return byPid;
}

/** CPU ms since `before`, per kind of server process (proxy, api, storefront, postgres, launcher, nginx...). */
function cpuByKind(before) {
  const kinds = {};
  for (const [pid, ms] of serverCpu()) {
    let kind = 'other';
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      kind = cmd.includes('proxy/dist/main')
        ? 'proxy'
        : cmd.includes('api/dist/main')
          ? 'api'
          : cmd.includes('storefront/dist')
            ? 'storefront'
            : cmd.includes('postgres')
              ? 'postgres'
              : cmd.includes('start.mjs')
                ? 'launcher'
                : cmd.includes('nginx')
                  ? 'nginx'
                  : cmd.includes('ceiling')
                    ? 'ceiling'
                    : 'other';
    } catch {
      // gone
    }
    kinds[kind] = (kinds[kind] ?? 0) + ms - (before.get(pid) ?? 0);
  }
  return kinds;
}

function cpuSince(before) {
  let total = 0;
  for (const [pid, ms] of serverCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

// ---------------------------------------------------------------------------------------------------------------

const results = [];
function record(row) {
  results.push(row);
  const r = row.result;
  note(
    r
      ? `${row.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, errors ${r.errors + r.non2xx}`
      : `${row.name}: ${row.skipped}`,
  );
}

/** One load run of BENCH_SECONDS with the server processes' CPU time per request (by process in the notes). */
async function loadWithCpu(name, target, connections = CONNECTIONS, seconds = SECONDS) {
  const cpuBefore = serverCpu();
  const result = await load(target, { tool: TOOL, connections, seconds, cpu: LOAD_CPU });
  result.cpuUsPerRequest = result.requests ? (cpuSince(cpuBefore) * 1000) / result.requests : null;
  if (result.requests) {
    // µs of CPU per request by kind of process (proxy, storefront, ceiling, launcher...), for the aims read by CPU.
    result.cpuUsByKind = Object.fromEntries(
      Object.entries(cpuByKind(cpuBefore))
        .filter(([, ms]) => ms > 0)
        .map(([kind, ms]) => [kind, (ms * 1000) / result.requests]),
    );
    const parts = Object.entries(result.cpuUsByKind).map(([kind, us]) => `${kind} ${us.toFixed(0)}`);
    note(`${name}: server CPU µs/req by process: ${parts.join(', ')}`);
  }
  return result;
}

async function measure(name, target, extra = {}) {
  try {
    const result = await loadWithCpu(name, target);
    record({ name, result, ...extra });
    return result;
  } catch (err) {
    record({ name, skipped: `failed: ${err.message.split('\n')[0]}`, ...extra });
    return null;
  }
}

/** The ceiling: bench/ceiling-server.mjs answering one file's bytes from memory, on the servers' core. */
async function startCeiling(name, file, work) {
  const port = await freePort();
  start(name, pinned(SERVER_CPU, [process.execPath, path.join(root, 'bench/ceiling-server.mjs'), file, String(port)]), {
    logFile: path.join(work, `${name}.log`),
  });
  await waitFor(`http://127.0.0.1:${port}/`);
  return port;
}

/** A runnable nginx.conf around `serverBlocks` (default: the static page on `port`). */
function nginxConfig(dir, port, serverBlocks) {
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const servers =
    serverBlocks ??
    `server { listen 127.0.0.1:${port}; root ${dir}/www; location / { default_type text/html; try_files /page.html =404; } }`;
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx-${port}.pid;
error_log ${dir}/nginx-${port}-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
  ${servers}
}
`;
}

/**
 * The project's nginx config (nginx/nginx.conf.template), rendered with ${VAR} taken from `vars`. Returns null
 * with a reason when it is absent or needs a variable the bench cannot give.
 */
function projectNginxConfig(vars) {
  const candidates = [
    'nginx/nginx.conf.template',
    'nginx/templates/default.conf.template',
    'nginx/default.conf.template',
  ];
  const file = candidates.map((c) => path.join(root, c)).find((c) => fs.existsSync(c));
  if (!file) return { reason: 'no nginx/ config in this checkout' };
  const template = fs.readFileSync(file, 'utf8');
  // Defaults the image's env script gives (NAME=${NAME:-default}) for anything the bench does not set itself.
  const envScript = path.join(root, 'nginx/15-barberly-env.envsh');
  if (fs.existsSync(envScript)) {
    for (const [, name, value] of fs
      .readFileSync(envScript, 'utf8')
      .matchAll(/^([A-Z0-9_]+)=\$\{\1:-([^}]*)\}\s*$/gm)) {
      if (!(name in vars)) vars[name] = value;
    }
  }
  const missing = new Set();
  const rendered = template.replace(/\$\{([A-Z0-9_]+)\}/g, (_m, name) => {
    if (name in vars) return vars[name];
    missing.add(name);
    return '';
  });
  if (missing.size) return { reason: `${path.relative(root, file)} needs ${[...missing].join(', ')}` };
  return { file, rendered };
}

async function main() {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'barberly-bench-'));
  fs.chmodSync(work, 0o755);
  // BENCH_KEEP=1 keeps the logs and configs (the path is printed) for a look afterwards.
  cleanups.push(() =>
    process.env.BENCH_KEEP === '1' ? note(`kept ${work}`) : fs.rmSync(work, { recursive: true, force: true }),
  );
  note(
    `tool ${TOOL}, ${CONNECTIONS} connections, ${SECONDS} s per row, ${canPin ? 'load tool on CPU 0, servers on CPU 1' : 'no CPU pinning (taskset missing or one core)'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // 1. The stack, as `npm start` runs it, with its own database. Its PORT comes from 32100-32700, outside the
  // 20000-32000 range the launcher picks internal ports from (it does not exclude PORT).
  const port = await freePort(32100, 600);
  const stackLog = path.join(work, 'stack.log');
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'HOST', 'PUBLIC_ORIGIN']) delete env[name];
  const launcher = spawn(
    ...(() => {
      const argv = pinned(SERVER_CPU, [
        process.execPath,
        path.join(root, 'proxy/scripts/start.mjs'),
        // BENCH_SEPARATE_STOREFRONT=1: the storefront as its own process behind the proxy's HTTP hop (decision 0041).
        ...(process.env.BENCH_SEPARATE_STOREFRONT === '1' ? ['--separate-storefront'] : []),
      ]);
      return [argv[0], argv.slice(1)];
    })(),
    {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        APP_DOMAIN,
        BARBERLY_DATA_DIR: path.join(work, 'data'),
        AUTH_RATE_LIMIT_MULTIPLIER: '0',
        LOG_LEVEL: 'warn',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  serverRoots.add(launcher.pid);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (launcher.exitCode !== null || launcher.signalCode !== null) return resolve();
        const timer = setTimeout(() => launcher.kill('SIGKILL'), 20_000);
        launcher.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        launcher.kill('SIGTERM');
      }),
  );
  const logStream = fs.createWriteStream(stackLog);
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      logStream.write(chunk);
      output += chunk;
      if (output.includes('Barberly is ready')) resolve();
    };
    launcher.stdout.on('data', onData);
    launcher.stderr.on('data', onData);
    launcher.once('exit', (code) =>
      reject(new Error(`npm start exited (${code}); last output:\n${output.slice(-2000)}`)),
    );
  });
  note(`starting the stack on 127.0.0.1:${port} (builds what is missing first; log ${stackLog})`);
  await ready;
  // The proxy's start line names both upstreams: '(api http://127.0.0.1:N, storefront http://127.0.0.1:M, ...'.
  const storefrontUrl = /storefront (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  const apiUrl = /\(api (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  const databaseUrl = /DATABASE_URL=(\S+)/.exec(output)?.[1];
  if (!storefrontUrl || !apiUrl || !databaseUrl)
    throw new Error('could not find the storefront address or DATABASE_URL in the output');
  const token = fs.readFileSync(path.join(work, 'data', 'internal-token'), 'utf8').trim();
  const front = `http://127.0.0.1:${port}`;
  // The storefront's own process, or the proxy's when the storefront runs inside it (npm start's default).
  const processRunning = (script) =>
    children(launcher.pid)
      .flatMap((pid) => [pid, ...children(pid)])
      .find((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
        } catch {
          return false;
        }
      });
  const storefrontPid = processRunning('storefront/dist/start.mjs') ?? processRunning('proxy/dist/main.js');
  // An older storefront build has no stats endpoint: the counters then read as unknown (NaN).
  const stats = () =>
    json(`${storefrontUrl}/_internal/stats`, { headers: { 'x-internal-token': token } }).catch(() => ({
      renders: Number.NaN,
      apiCalls: Number.NaN,
      shopsHeld: Number.NaN,
      pagesHeld: Number.NaN,
      rssBytes: null,
      heapUsedBytes: null,
    }));

  // 2. One shop, created as an owner creates it.
  const session = await json(`${front}/auth/v1/signup`, {
    method: 'POST',
    body: { email: 'bench-owner@example.com', password: 'Barberly-bench-1!' },
  });
  const auth = { authorization: `Bearer ${session.access_token}` };
  await json(`${front}/api/users/me`, {
    method: 'PATCH',
    headers: auth,
    body: { role: 'owner', onboardingCompleted: true },
  });
  const created = await json(`${front}/api/shops`, {
    method: 'POST',
    headers: auth,
    body: {
      name: 'Benchmark Barbers',
      slug: SLUG,
      theme: 'classic',
      bio: 'Classic cuts and hot towel shaves on Main Street.',
      address: '12 Main Street, Springfield',
      phoneNumber: '(555) 010-2030',
      primaryColor: '#7C2D12',
      branding_json: { font: 'Inter', features: ['Hot towel shaves', 'Walk-ins welcome', 'Gift cards'] },
      services: [
        { name: 'Classic Haircut', description: 'Scissor or clipper cut.', price: 35, durationMinutes: 30 },
        { name: 'Hot Towel Shave', description: 'Straight razor shave.', price: 40, durationMinutes: 45 },
        { name: 'Beard Trim', description: 'Shape and line-up.', price: 20, durationMinutes: 20 },
        { name: 'The Full Service', description: 'Cut, shave and massage.', price: 75, durationMinutes: 90 },
      ],
    },
  });
  const shopId = created.shop?.id ?? created.id;
  const pagePath = `/shop/${SLUG}`;
  const page = await waitFor(`${storefrontUrl}${pagePath}`);
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
  const html = page.body;
  note(`seeded ${SLUG} (${html.length} bytes of HTML)`);

  // 3. References serving the same bytes: bare node:http and nginx (static file).
  fs.mkdirSync(path.join(work, 'www'), { recursive: true });
  fs.mkdirSync(path.join(work, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(work, 'www', 'page.html'), html);
  fs.chmodSync(path.join(work, 'www'), 0o755);
  fs.chmodSync(path.join(work, 'www', 'page.html'), 0o644);
  const ceilingPort = await startCeiling('ceiling', path.join(work, 'www', 'page.html'), work);

  const hasNginx = which('nginx');
  let nginxStaticPort = null;
  if (hasNginx) {
    nginxStaticPort = await freePort();
    const conf = path.join(work, 'nginx-static.conf');
    fs.writeFileSync(conf, nginxConfig(work, nginxStaticPort));
    start('nginx (static)', pinned(SERVER_CPU, ['nginx', '-p', work, '-c', conf]), {
      logFile: path.join(work, 'nginx-static.log'),
    });
    await waitFor(`http://127.0.0.1:${nginxStaticPort}/`);
  }

  let projectNginxPort = null;
  let projectNginxSkip = hasNginx ? null : 'nginx is not installed';
  if (hasNginx) {
    projectNginxPort = await freePort();
    const sf = new URL(storefrontUrl);
    const api = new URL(apiUrl);
    // The variables nginx/15-barberly-env.envsh derives in the image, for this machine's upstreams.
    const vars = {
      APP_DOMAIN_REGEX: APP_DOMAIN.replace(/\./g, '\\.'),
      API_SERVERS: `server ${api.host} max_fails=1 fail_timeout=5s;`,
      STOREFRONT_SERVERS: `server ${sf.host} max_fails=1 fail_timeout=5s;`,
      NGINX_PORT: `127.0.0.1:${projectNginxPort}`,
      NGINX_PID: path.join(work, 'nginx-project.pid'),
      NGINX_TEMP_DIR: path.join(work, 'tmp'),
      ADMIN_ROOT: path.join(root, 'admin/dist'),
      CSP_CONNECT_EXTRA: '',
      // The image logs to /dev/stdout; a file here (a pipe from Node cannot be reopened by path). Same cost per line.
      NGINX_ACCESS_LOG: path.join(work, 'nginx-access.log'),
    };
    const project = projectNginxConfig(vars);
    if (project.reason) {
      projectNginxSkip = project.reason;
      projectNginxPort = null;
    } else {
      // The project's template is a full nginx.conf or a server block; wrap a server block into a runnable config.
      const isFull = /^\s*http\s*\{/m.test(project.rendered);
      const conf = path.join(work, 'nginx-project.conf');
      fs.writeFileSync(
        conf,
        isFull
          ? `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\n${project.rendered}`
          : nginxConfig(work, projectNginxPort, project.rendered),
      );
      start('nginx (project)', pinned(SERVER_CPU, ['nginx', '-p', work, '-c', conf]), {
        logFile: path.join(work, 'nginx-project.log'),
      });
      try {
        await waitFor(`http://127.0.0.1:${projectNginxPort}${pagePath}`, {}, 10_000);
      } catch (err) {
        const said = fs.readFileSync(path.join(work, 'nginx-project.log'), 'utf8').trim().split('\n').pop();
        projectNginxSkip = `the project's nginx config did not start here: ${said || err.message}`;
        projectNginxPort = null;
      }
    }
  }

  // 4. The table.
  if (ONLY.has('page')) {
    const subdomainHost = `${SLUG}.${APP_DOMAIN}`;
    const ceiling = await measure(
      'bare node:http, same bytes from memory',
      { url: `http://127.0.0.1:${ceilingPort}/` },
      { ref: 'ceiling' },
    );
    let nginxStatic = null;
    if (nginxStaticPort) {
      nginxStatic = await measure('nginx, same bytes as a static file', {
        url: `http://127.0.0.1:${nginxStaticPort}/`,
      });
    } else {
      record({ name: 'nginx, same bytes as a static file', skipped: 'skipped: nginx is not installed' });
    }
    await measure(
      'storefront, cached page (/shop/{slug})',
      { url: `${storefrontUrl}${pagePath}` },
      {
        aim: ceiling ? { of: ceiling, ratio: 0.5, label: 'ceiling' } : null,
      },
    );
    await measure(
      'storefront, cached page (subdomain)',
      { url: `${storefrontUrl}/`, headers: { host: subdomainHost } },
      {
        aim: ceiling ? { of: ceiling, ratio: 0.5, label: 'ceiling' } : null,
      },
    );
    await measure('storefront, cached page, brotli', {
      url: `${storefrontUrl}${pagePath}`,
      headers: { 'accept-encoding': 'br' },
    });
    // Issue 29, item 4: the front door as a share of the bare node:http ceiling measured in this run, p99 < 15 ms;
    // met or not by req/s, with the same ratio by CPU per request beside it (the front door's processes against the
    // ceiling's), which a machine shared with other work does not skew.
    await measure(
      'npm start front door (proxy), cached page',
      { url: `${front}${pagePath}` },
      {
        aim: ceiling
          ? { of: ceiling, ratio: 0.5, label: 'ceiling', p99Ms: 15, byCpu: ['proxy', 'storefront'], times: true }
          : null,
      },
    );
    if (projectNginxPort) {
      await measure(
        "nginx with the project's config, cached page",
        { url: `http://127.0.0.1:${projectNginxPort}${pagePath}` },
        {
          aim: nginxStatic ? { of: nginxStatic, ratio: 0.4, label: 'nginx static' } : null,
        },
      );
    } else {
      record({ name: "nginx with the project's config, cached page", skipped: `skipped: ${projectNginxSkip}` });
    }
  }

  if (ONLY.has('render')) {
    // Issue 29, item 1: every theme, the classic page at 1,000+ renders/s and none below 800. The urban and minimalist
    // shops are the seeded one copied in SQL with another theme.
    await copyShop(databaseUrl, SLUG, [
      ['bench-urban', 'urban'],
      ['bench-minimalist', 'minimalist'],
    ]);
    for (const [theme, slug, aim] of [
      ['classic', SLUG, 1000],
      ['urban', 'bench-urban', 800],
      ['minimalist', 'bench-minimalist', 800],
    ]) {
      const url = `${storefrontUrl}/shop/${slug}?bench=render`;
      // The first render of a theme is Vike's: it gives the direct path the theme's shell (server/direct-render.ts).
      await request(url);
      const before = await stats();
      const cpu = ownCpu(storefrontPid);
      const render = await measure(
        `render path, ${theme} (shop record cached, page rendered)`,
        { url },
        { aim: { absolute: aim } },
      );
      if (render) {
        const after = await stats();
        const renders = after.renders - before.renders;
        const direct = after.directRenders - before.directRenders;
        const perRender = renders ? (ownCpu(storefrontPid) - cpu) / renders : Number.NaN;
        render.cpuPerRenderUs = perRender;
        note(
          `render path, ${theme}: ${renders} renders (${direct} direct) for ${render.requests} requests; the storefront's process: ${perRender.toFixed(0)} µs of CPU per render (${Number.isFinite(perRender) ? Math.round(1e6 / perRender) : '?'} renders/s on one idle core)`,
        );
      }
    }
  }

  if (ONLY.has('edit')) {
    // First request after an edit: the api tells the storefront before it answers the owner, so the next GET
    // fetches the shop from the api and renders it.
    const latencies = [];
    let editErrors = 0;
    for (let i = 0; i < EDITS; i++) {
      await json(`${front}/api/shops/${shopId}`, {
        method: 'PATCH',
        headers: auth,
        body: { bio: `Classic cuts and hot towel shaves on Main Street. Edit ${i + 1}.` },
      });
      const res = await request(`${storefrontUrl}${pagePath}`);
      if (res.status !== 200 || !res.body.includes(`Edit ${i + 1}.`)) editErrors++;
      latencies.push(res.ms);
    }
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    record({
      name: `first request after an edit (${EDITS} edits, one client)`,
      result: {
        rps: null,
        p50Ms: pct(50),
        p99Ms: pct(99),
        errors: editErrors,
        non2xx: 0,
        bytesPerResponse: html.length,
        requests: EDITS,
      },
    });
  }

  if (ONLY.has('availability')) await availabilityRows({ front, apiUrl, databaseUrl, shopId, auth, work });

  // What one booking costs (issue 30, docs/capacity.md): only with BENCH_ONLY=bookings.
  const bookings = ONLY.has('bookings')
    ? await bookingRows({ front, slug: SLUG, shopId, auth, json, request, note, serverCpu, cpuByKind })
    : null;

  // 5. Scale: many shops, Zipf-distributed, through the subdomain.
  const scale = ONLY.has('scale') ? await scaleRun({ databaseUrl, apiUrl, token, work }) : null;

  // 6. Analytics (issue 13): its own shop with 100,000 appointments, its own table (with p95).
  const analytics = ONLY.has('analytics')
    ? await analyticsRows({ front, databaseUrl, json, request, note, measureLoad: loadWithCpu })
    : null;

  printTable(scale, { html, started });
  if (analytics) printAnalytics(analytics, { tool: TOOL });
  if (bookings) printBookings(bookings);
}

/**
 * Availability (issue 12): a shop with 8 barbers and a full day of appointments, asked `barberId=any` for that day
 * through the front door while a client books and another cancels on the same day (each write invalidates the
 * day). The ceiling is bare node:http answering the same JSON from memory. Also: the api's own port (no proxy
 * hop), and the invalidation window (a booking's 201 until the next answer no longer offers its slot).
 */
async function availabilityRows({ front, apiUrl, shopId, auth, work }) {
  const barbers = [];
  for (const name of ['Marco', 'Sam', 'Alex', 'Jo', 'Kim', 'Lee', 'Ray', 'Tess']) {
    barbers.push(await json(`${front}/api/shops/${shopId}/barbers`, { method: 'POST', headers: auth, body: { name } }));
  }
  const services = await json(`${front}/api/shops/${shopId}/services`, { headers: auth });
  const cut = (Array.isArray(services) ? services : services.services).find((s) => s.durationMinutes === 30);
  const ask = (date, barberId = 'any') =>
    `/api/shops/${SLUG}/availability?serviceId=${cut.id}&barberId=${barberId}&date=${date}`;
  // The first open day at least two days out.
  let date = null;
  let open = null;
  for (let d = 2; d < 10 && !date; d++) {
    const candidate = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const answer = await json(`${front}${ask(candidate)}`);
    if (answer.slots.length > 10) {
      date = candidate;
      open = answer;
    }
  }
  if (!date) throw new Error('no open day in the next ten days');
  // A full day: every barber booked at three of every four half hours, so few starts stay free.
  const starts = [...new Set(open.slots.map((s) => s.start))];
  let booked = 0;
  for (const [b, barber] of barbers.entries()) {
    for (const [i, start] of starts.entries()) {
      if ((i + b) % 4 === 0 || i % 2 === 1) continue;
      const res = await request(`${front}/api/shops/${SLUG}/appointments`, {
        method: 'POST',
        body: {
          serviceId: cut.id,
          barberId: barber.id,
          start,
          client: { name: `Client ${b}-${i}`, email: `client-${b}-${i}@example.com`, phone: '+1 555 0100' },
        },
      });
      if (res.status === 201) booked++;
    }
  }
  const day = await json(`${front}${ask(date)}`);
  const body = JSON.stringify(day);
  note(`availability: ${barbers.length} barbers, ${booked} appointments on ${date}, ${day.slots.length} free starts`);

  fs.writeFileSync(path.join(work, 'www', 'availability.json'), body);
  const ceilingPort = await startCeiling('ceiling-availability', path.join(work, 'www', 'availability.json'), work);

  // Bookings alongside: a client books a free start 'any' and cancels it again, BENCH_BOOKINGS_PER_SECOND times a
  // second (1: a booking and a cancellation each second, on this one shop: a busy Saturday across a whole city's
  // worth of its clients), on the measured day. Every write drops the day's cached answers.
  const perSecond = Number(process.env.BENCH_BOOKINGS_PER_SECOND ?? 1);
  let running = true;
  let writes = 0;
  const churn = (async () => {
    while (running) {
      const cycle = Date.now();
      const free = await json(`${front}${ask(date)}`).catch(() => null);
      const slot = free?.slots[Math.floor(Math.random() * Math.max(1, free.slots.length))];
      if (!slot) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const res = await request(`${front}/api/shops/${SLUG}/appointments`, {
        method: 'POST',
        body: {
          serviceId: cut.id,
          barberId: 'any',
          start: slot.start,
          client: { name: 'Churn Client', email: 'churn@example.com', phone: '+1 555 0101' },
        },
      });
      if (res.status === 201) {
        writes++;
        const token = JSON.parse(res.body.toString()).manageToken;
        const cancel = await request(`${front}/api/appointments/manage/${token}/cancel`, { method: 'POST', body: {} });
        if (cancel.status < 300) writes++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / perSecond - (Date.now() - cycle))));
    }
  })();
  const t0 = Date.now();
  const ceiling = await measure(
    'availability ceiling: bare node:http, same JSON from memory',
    { url: `http://127.0.0.1:${ceilingPort}/` },
    { ref: 'ceiling' },
  );
  const during = () => `${(writes / ((Date.now() - t0) / 1000)).toFixed(1)} writes/s alongside`;
  const viaFront = await measure(
    `availability, front door (8 barbers, full day, any; bookings and cancellations alongside)`,
    { url: `${front}${ask(date)}` },
    { aim: { absolute: 2000, p99Ms: 50, ceiling } },
  );
  await measure(
    `availability, the api's own port (no proxy hop)`,
    { url: `${apiUrl}${ask(date)}` },
    {
      aim: ceiling ? { of: ceiling, ratio: 0.25, label: 'ceiling' } : null,
    },
  );
  note(`availability load: ${during()}`);
  running = false;
  await churn;
  if (viaFront) results.at(-2).name += ` (${during()})`;
  await measure(
    `availability, front door, no writes alongside`,
    { url: `${front}${ask(date)}` },
    {
      aim: { absolute: 2000, p99Ms: 50, ceiling },
    },
  );
  // Issue 25: the date picker's days answer, 62 days from the measured day for 'any', kept and dropped like the
  // one-day answer (decision 0180); the aim is the one-day answer's throughput.
  const lastDay = new Date(Date.parse(`${date}T00:00:00Z`) + 61 * 86_400_000).toISOString().slice(0, 10);
  const days = `/api/shops/${SLUG}/availability/days?serviceIds=${cut.id}&barberId=any&from=${date}&to=${lastDay}`;
  const daysAnswer = await json(`${front}${days}`);
  note(`availability days: ${daysAnswer.days.filter((d) => d.free).length} of ${daysAnswer.days.length} days free`);
  await measure(
    `availability days (62 days, any), front door, no writes alongside`,
    { url: `${front}${days}` },
    {
      aim: { absolute: 2000, p99Ms: 50, ceiling },
    },
  );

  // The invalidation window: from a booking's 201 until the api stops offering that start.
  const windows = [];
  for (let n = 0; n < 20; n++) {
    const free = await json(`${apiUrl}${ask(date)}`);
    const slot = free.slots[n % Math.max(1, free.slots.length)];
    if (!slot) break;
    const res = await request(`${front}/api/shops/${SLUG}/appointments`, {
      method: 'POST',
      body: {
        serviceId: cut.id,
        barberId: slot.barberIds[0],
        start: slot.start,
        client: { name: 'Window Client', email: 'window@example.com', phone: '+1 555 0102' },
      },
    });
    if (res.status !== 201) {
      note(`invalidation window: booking answered ${res.status} ${res.body.toString().slice(0, 200)}`);
      continue;
    }
    const booked = process.hrtime.bigint();
    for (;;) {
      const again = await json(`${apiUrl}${ask(date)}`);
      if (!again.slots.some((s) => s.start === slot.start && s.barberIds.includes(slot.barberIds[0]))) break;
    }
    windows.push(Number(process.hrtime.bigint() - booked) / 1e6);
    const token = JSON.parse(res.body.toString()).manageToken;
    await request(`${front}/api/appointments/manage/${token}/cancel`, { method: 'POST', body: {} });
  }
  windows.sort((a, b) => a - b);
  record({
    name: `availability invalidation window: booking's 201 until its start is gone (${windows.length} bookings, one client)`,
    result: {
      rps: null,
      p50Ms: windows[Math.floor(windows.length / 2)] ?? 0,
      p99Ms: windows.at(-1) ?? 0,
      errors: 20 - windows.length,
      non2xx: 0,
      bytesPerResponse: body.length,
      requests: windows.length,
    },
  });
}

/**
 * Redis for the scale run's shared page tier (issue 29, item 2): BENCH_REDIS_URL, else the local default when it
 * answers; BENCH_REDIS_URL=none runs without (each process then holds every page itself).
 */
async function scaleRedisUrl() {
  const wanted = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (wanted === 'none' || wanted === '') return null;
  const { Redis } = await import('ioredis');
  const probe = new Redis(wanted, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return wanted;
  } catch (err) {
    if (process.env.BENCH_REDIS_URL) throw new Error(`BENCH_REDIS_URL ${wanted} does not answer: ${err.message}`);
    note(`scale: no Redis at ${wanted}; the storefront holds every page in its own memory`);
    return null;
  } finally {
    probe.disconnect();
  }
}

/**
 * The scale run's own storefront process (`node storefront/dist/start.mjs`, as in production: its RSS is the
 * storefront's alone), on the servers' core, reading the stack's api, with Redis when there is one (its keys under a
 * prefix of their own, deleted at the end). BENCH_SCALE_NODE_FLAGS: node flags for it (e.g. --max-semi-space-size=8).
 */
async function scaleStorefront({ apiUrl, token, work }) {
  const redisUrl = await scaleRedisUrl();
  const prefix = `bench_scale_${process.pid}_${Date.now()}:`;
  if (redisUrl) {
    // Registered before the process, so it runs after the process stopped (cleanups run last first).
    cleanups.push(async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      let cursor = '0';
      let deleted = 0;
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 2000);
        cursor = next;
        if (keys.length) deleted += await redis.unlink(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      note(`scale: deleted ${deleted} Redis keys under ${prefix}`);
    });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags = (process.env.BENCH_SCALE_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = start(
    'storefront (scale)',
    pinned(SERVER_CPU, [process.execPath, ...flags, path.join(root, 'storefront/dist/start.mjs')]),
    {
      env: {
        NODE_ENV: 'production',
        API_URL: apiUrl,
        INTERNAL_TOKEN: token,
        APP_DOMAIN,
        HOST: '127.0.0.1',
        PORT: String(port),
        ACCESS_LOG: 'false',
        REDIS_URL: redisUrl ?? '',
        REDIS_KEY_PREFIX: prefix,
        METRICS_PORT: '',
      },
      logFile: path.join(work, 'storefront-scale.log'),
    },
  );
  await waitFor(`${url}/healthz`);
  const stats = () => json(`${url}/_internal/stats`, { headers: { 'x-internal-token': token } });
  note(
    `scale: its own storefront process on ${url}${flags.length ? ` (${flags.join(' ')})` : ''}, ${redisUrl ? `pages shared in Redis (${redisUrl}, prefix ${prefix})` : 'no Redis'}`,
  );
  return { url, pid: child.pid, stats, redisUrl, flags };
}

async function scaleRun({ databaseUrl, apiUrl, token, work }) {
  const scaleSf = await scaleStorefront({ apiUrl, token, work });
  const { stats, url: storefrontUrl, pid: storefrontPid } = scaleSf;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = Date.now();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO shops (owner_id, name, slug, bio, address, phone_number, theme, primary_color, hours_json, branding_json)
       SELECT s.owner_id, 'Scale Barbers ' || g, '${SCALE_PREFIX}' || g, s.bio, s.address, s.phone_number,
              (ARRAY['classic','urban','minimalist'])[1 + g % 3], s.primary_color, s.hours_json, s.branding_json
       FROM shops s, generate_series(1, $1::int) g WHERE s.slug = $2`,
      [SHOPS, SLUG],
    );
    await client.query(
      `INSERT INTO services (shop_id, name, description, price, duration_minutes, sort_order)
       SELECT t.id, v.name, v.description, v.price, v.duration_minutes, v.sort_order
       FROM shops t, services v JOIN shops s ON s.id = v.shop_id AND s.slug = $1
       WHERE t.slug LIKE '${SCALE_PREFIX}%'`,
      [SLUG],
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  note(`seeded ${SHOPS} shops in ${Date.now() - t0} ms`);
  const zipf = { n: SHOPS, prefix: SCALE_PREFIX, domain: APP_DOMAIN };
  // Visitors' browsers accept brotli: the page goes out as held (a client without it costs a decompression per
  // request past the small plain LRU, html-cache.ts), in the sweep, the Zipf rounds and the one-shop reference alike.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const target = { url: `${storefrontUrl}/`, headers: browser, zipf };
  const opts = { tool: TOOL, connections: CONNECTIONS, seconds: SECONDS, cpu: LOAD_CPU };
  // Steady state: every shop visited once (as a site that has been up a while), then Zipf rounds of BENCH_SECONDS
  // (at most BENCH_WARMUP_ROUNDS) until a round renders fewer than 1% of its requests. The sweep is bounded by
  // BENCH_SWEEP_SECONDS (default: 20 shops a second at least, so 5,000 s for 100,000; a quiet machine visits about
  // 150 a second, and the sweep ends when every shop was visited).
  const sweepStarted = Date.now();
  const sweepCpu = serverCpu();
  const sweepSeconds = Number(process.env.BENCH_SWEEP_SECONDS ?? Math.max(180, Math.ceil(SHOPS / 20)));
  const sweepDeadline = sweepStarted + sweepSeconds * 1000;
  const sweepNotes = setInterval(() => {
    const seconds = (Date.now() - sweepStarted) / 1000;
    note(
      `scale sweep: ${nextShop - 1} of ${SHOPS} shops in ${seconds.toFixed(0)} s (${((nextShop - 1) / seconds).toFixed(0)}/s)`,
    );
  }, 60_000);
  let nextShop = 1;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const visit = (i) =>
    new Promise((resolve) => {
      const req = http.get(
        `${storefrontUrl}/`,
        { agent, headers: { ...browser, host: `${SCALE_PREFIX}${i}.${APP_DOMAIN}` } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', resolve);
    });
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextShop <= SHOPS && Date.now() < sweepDeadline) await visit(nextShop++);
    }),
  );
  agent.destroy();
  clearInterval(sweepNotes);
  const swept = { shops: nextShop - 1, seconds: (Date.now() - sweepStarted) / 1000 };
  // What one shop's first visit costs, by process (the api's shop read and PostgreSQL, the storefront's render).
  swept.cpuUsPerShop = Object.fromEntries(
    Object.entries(cpuByKind(sweepCpu))
      .filter(([, ms]) => ms > 0)
      .map(([kind, ms]) => [kind, Math.round((ms * 1000) / Math.max(1, swept.shops))]),
  );
  note(
    `scale sweep: ${swept.shops} of ${SHOPS} shops visited in ${swept.seconds.toFixed(0)} s; server CPU µs per shop: ${Object.entries(
      swept.cpuUsPerShop,
    )
      .map(([kind, us]) => `${kind} ${us}`)
      .join(', ')}`,
  );
  const s0 = await stats();
  const rounds = Number(process.env.BENCH_WARMUP_ROUNDS ?? 12);
  let warm = null;
  for (let round = 1; round <= rounds; round++) {
    const before = await stats();
    const r = await load(target, opts);
    const after = await stats();
    warm = warm
      ? {
          ...r,
          requests: warm.requests + r.requests,
          seconds: warm.seconds + r.seconds,
          errors: warm.errors + r.errors,
          non2xx: warm.non2xx + r.non2xx,
        }
      : r;
    warm.rps = warm.requests / warm.seconds;
    const renders = after.renders - before.renders;
    note(`scale warm-up round ${round}: ${Math.round(r.rps)} req/s, ${renders} renders, ${after.pagesHeld} pages held`);
    if (renders < r.requests * 0.01) break;
  }
  // The one-shop reference right before the measured run, so both see the same machine.
  const cpu0 = serverCpu();
  const oneShop = await load(
    { url: `${storefrontUrl}/`, headers: { ...browser, host: `${SCALE_PREFIX}1.${APP_DOMAIN}` } },
    opts,
  ).catch(() => null);
  if (oneShop) oneShop.cpuUsPerRequest = (cpuSince(cpu0) * 1000) / Math.max(1, oneShop.requests);
  const s1 = await stats();
  const cpu1 = serverCpu();
  const measured = await load(target, opts);
  measured.cpuUsPerRequest = (cpuSince(cpu1) * 1000) / Math.max(1, measured.requests);
  const s2 = await stats();
  const rss = storefrontPid ? readRss(storefrontPid) : s2.rssBytes;
  const tierHits = (s, tier) => s.tiers?.[tier]?.hits ?? 0;
  return {
    oneShop,
    warm,
    measured,
    swept,
    redisUrl: scaleSf.redisUrl,
    flags: scaleSf.flags,
    // Where the measured round's pages came from (GET /_internal/stats' tiers).
    measuredTiers: {
      memory: tierHits(s2, 'memory') - tierHits(s1, 'memory'),
      redis: tierHits(s2, 'redis') - tierHits(s1, 'redis'),
      render: s2.renders - s1.renders,
    },
    pageBytes: s2.pageBytes,
    pageCacheMaxBytes: s2.tiers?.memory?.maxBytes ?? null,
    warmRenders: s1.renders - s0.renders,
    renders: s2.renders - s1.renders,
    apiCalls: s2.apiCalls - s1.apiCalls,
    warmApiCalls: s1.apiCalls - s0.apiCalls,
    pagesHeld: s2.pagesHeld,
    shopsHeld: s2.shopsHeld,
    rssBytes: rss,
    heapUsedBytes: s2.heapUsedBytes,
    heapTotalBytes: s2.heapTotalBytes ?? null,
    externalBytes: s2.externalBytes ?? null,
    arrayBuffersBytes: s2.arrayBuffersBytes ?? null,
    directRenders: (s2.directRenders ?? 0) - (s0.directRenders ?? 0),
  };
}

/** Copies a shop (and its services) in SQL under other slugs and themes. */
async function copyShop(databaseUrl, from, copies) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [slug, theme] of copies) {
      await client.query(
        `INSERT INTO shops (owner_id, name, slug, bio, address, phone_number, theme, primary_color, hours_json, branding_json)
         SELECT owner_id, name, $2, bio, address, phone_number, $3, primary_color, hours_json, branding_json
         FROM shops WHERE slug = $1 ON CONFLICT (slug) DO NOTHING`,
        [from, slug, theme],
      );
      await client.query(
        `INSERT INTO services (shop_id, name, description, price, duration_minutes, sort_order)
         SELECT t.id, v.name, v.description, v.price, v.duration_minutes, v.sort_order
         FROM shops t, services v JOIN shops s ON s.id = v.shop_id AND s.slug = $1
         WHERE t.slug = $2 AND NOT EXISTS (SELECT 1 FROM services x WHERE x.shop_id = t.id)`,
        [from, slug],
      );
    }
  } finally {
    await client.end();
  }
}

/** User + system CPU time of one process, in µs (from /proc; the clock tick is 100 Hz here). */
function ownCpu(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

function readRss(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

const fmt = {
  rps: (r) => (r.rps === null ? '-' : Math.round(r.rps).toLocaleString('en-US')),
  ms: (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(2)),
  bytes: (v) => Math.round(v).toLocaleString('en-US'),
  mb: (v) => (v === null ? '?' : `${(v / 1024 / 1024).toFixed(0)} MB`),
};

function aimText(row) {
  const r = row.result;
  if (!r || !row.aim) return '';
  if (row.aim.absolute) {
    const p99 = row.aim.p99Ms ? r.p99Ms < row.aim.p99Ms : true;
    const ofCeiling = row.aim.ceiling ? `${((r.rps / row.aim.ceiling.rps) * 100).toFixed(0)}% of ceiling; ` : '';
    // Render rows: what the storefront's own CPU per render would give on an idle core (load-independent).
    const byCpu = r.cpuPerRenderUs
      ? `; ${Math.round(r.cpuPerRenderUs)} µs CPU/render = ${Math.round(1e6 / r.cpuPerRenderUs).toLocaleString('en-US')}/s per idle core`
      : '';
    return `${ofCeiling}${r.rps >= row.aim.absolute && p99 ? 'met' : 'NOT met'} (aim ${row.aim.absolute.toLocaleString('en-US')}+ req/s${row.aim.p99Ms ? `, p99 < ${row.aim.p99Ms} ms` : ''})${byCpu}`;
  }
  const ratio = r.rps / row.aim.of.rps;
  const p99Limit = row.aim.p99Ms ?? (row.aim.label === 'ceiling' && row.name.includes('/shop/') ? 25 : null);
  const p99 = p99Limit ? `, p99 ${r.p99Ms < p99Limit ? '<' : '>='} ${p99Limit} ms` : '';
  const ok = ratio >= row.aim.ratio && (!p99Limit || r.p99Ms < p99Limit);
  if (row.aim.times) {
    // The front door: req/s as a multiple of the ceiling's (the aim), and the same by CPU per request: the
    // ceiling process's µs against the front door's processes' (what the two would serve on one idle core).
    const own = (row.aim.byCpu ?? []).reduce((sum, kind) => sum + (r.cpuUsByKind?.[kind] ?? 0), 0);
    const theirs = row.aim.of.cpuUsByKind?.ceiling;
    const byCpu =
      own && theirs
        ? `; by CPU ${(theirs / own).toFixed(2)}x (${row.aim.byCpu.join('+')} ${own.toFixed(0)} µs/req, ceiling ${theirs.toFixed(0)})`
        : '';
    return `${ratio.toFixed(2)}x ${row.aim.label} (aim ${row.aim.ratio}x)${p99}: ${ok ? 'met' : 'NOT met'}${byCpu}`;
  }
  return `${(ratio * 100).toFixed(0)}% of ${row.aim.label}${p99}: ${ok ? 'met' : 'NOT met'} (aim ${row.aim.ratio * 100}%)`;
}

function printTable(scale, { html, started }) {
  const header = ['row', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'bytes/resp', 'server CPU µs/req', 'aim'];
  const lines = results.map((row) => {
    const r = row.result;
    if (!r) return [row.name, row.skipped, '', '', '', '', '', ''];
    return [
      row.name,
      fmt.rps(r),
      fmt.ms(r.p50Ms),
      fmt.ms(r.p99Ms),
      String(r.errors + r.non2xx),
      fmt.bytes(r.bytesPerResponse),
      r.cpuUsPerRequest == null ? '-' : r.cpuUsPerRequest.toFixed(0),
      aimText(row),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) =>
    `| ${cells.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const storefrontMode =
    process.env.BENCH_SEPARATE_STOREFRONT === '1' ? 'in its own process' : 'inside the proxy process';
  console.log('');
  console.log(
    `Barberly bench ${new Date().toISOString()}: ${TOOL}, ${CONNECTIONS} connections, ${SECONDS} s per row, ${canPin ? 'load tool CPU 0 / servers CPU 1' : 'unpinned'}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; page ${html.length} bytes; storefront ${storefrontMode}`,
  );
  console.log('');
  console.log(row(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 || i === 7 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const l of lines) console.log(row(l));
  console.log('');
  if (!scale) {
    console.log(`(bench took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return;
  }
  const m = scale.measured;
  const one = scale.oneShop;
  const ratio = one ? m.rps / one.rps : null;
  console.log(
    `Scale: ${SHOPS.toLocaleString('en-US')} shops, Zipf (s=1) through the subdomain, after visiting every shop once (sweep) and ${scale.warm.seconds.toFixed(0)} s of Zipf warm-up`,
  );
  console.log('');
  console.log(
    '| run | req/s | p50 ms | p99 ms | errors | server CPU µs/req | renders | api calls | page cache hit ratio |',
  );
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|');
  if (one)
    console.log(
      `| one shop (subdomain) | ${fmt.rps(one)} | ${fmt.ms(one.p50Ms)} | ${fmt.ms(one.p99Ms)} | ${one.errors + one.non2xx} | ${one.cpuUsPerRequest.toFixed(0)} | | | |`,
    );
  const hit = (requests, renders) => `${((1 - renders / Math.max(1, requests)) * 100).toFixed(2)}%`;
  const w = scale.warm;
  console.log(
    `| warm-up | ${fmt.rps(w)} | ${fmt.ms(w.p50Ms)} | ${fmt.ms(w.p99Ms)} | ${w.errors + w.non2xx} | | ${scale.warmRenders} | ${scale.warmApiCalls} | ${hit(w.requests, scale.warmRenders)} |`,
  );
  console.log(
    `| measured | ${fmt.rps(m)} | ${fmt.ms(m.p50Ms)} | ${fmt.ms(m.p99Ms)} | ${m.errors + m.non2xx} | ${m.cpuUsPerRequest.toFixed(0)} | ${scale.renders} | ${scale.apiCalls} | ${hit(m.requests, scale.renders)} |`,
  );
  console.log('');
  console.log(
    `Scale vs one shop: ${ratio === null ? '?' : `${(ratio * 100).toFixed(0)}%`} (aim 80%: ${ratio !== null && ratio >= 0.8 ? 'met' : 'NOT met'}); storefront memory after: RSS ${fmt.mb(scale.rssBytes)}, heap ${fmt.mb(scale.heapUsedBytes)} used of ${fmt.mb(scale.heapTotalBytes)}, external ${fmt.mb(scale.externalBytes)} (array buffers ${fmt.mb(scale.arrayBuffersBytes)}), ${scale.pagesHeld} pages and ${scale.shopsHeld} shop records held`,
  );
  // Issue 29, item 2: under 1 GB of RSS per storefront process with a 99%+ hit ratio in the measured Zipf round.
  const hitRatio = 1 - scale.renders / Math.max(1, m.requests);
  const rssOk = scale.rssBytes !== null && scale.rssBytes < 1024 ** 3;
  const t = scale.measuredTiers;
  console.log(
    `Memory and hit ratio: RSS ${fmt.mb(scale.rssBytes)} (aim < 1 GB: ${rssOk ? 'met' : 'NOT met'}), hit ratio ${(hitRatio * 100).toFixed(2)}% (aim 99%: ${hitRatio >= 0.99 ? 'met' : 'NOT met'}); measured round's pages from memory ${t.memory}, Redis ${t.redis}, rendered ${t.render}; ${scale.directRenders} of the renders after the sweep were direct`,
  );
  // Per 1,000 pages held in the process, so a larger run can be told from this one.
  const perThousand = (bytes) =>
    bytes === null ? '?' : `${(((bytes / Math.max(1, scale.pagesHeld)) * 1000) / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `Storefront: its own process${scale.flags.length ? ` (${scale.flags.join(' ')})` : ''}, ${scale.redisUrl ? 'pages shared in Redis' : 'no Redis'}, page cache ${fmt.mb(scale.pageCacheMaxBytes)} in memory; sweep ${scale.swept.shops.toLocaleString('en-US')} of ${SHOPS.toLocaleString('en-US')} shops in ${scale.swept.seconds.toFixed(0)} s (${(scale.swept.shops / scale.swept.seconds).toFixed(0)}/s; server CPU µs per shop: ${Object.entries(
      scale.swept.cpuUsPerShop,
    )
      .map(([kind, us]) => `${kind} ${us}`)
      .join(
        ', ',
      )}); per 1,000 pages held: ${perThousand(scale.pageBytes)} of pages, ${perThousand(scale.arrayBuffersBytes)} array buffers, ${perThousand(scale.heapUsedBytes)} heap used, ${perThousand(scale.rssBytes)} RSS`,
  );
  console.log(`(bench took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (err) {
  console.error(`bench failed: ${err?.stack ?? err}`);
  await cleanup();
  process.exit(1);
}
