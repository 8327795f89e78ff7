// The load tools behind `npm run bench`: wrk when installed (C, cheaper per request, so more of the server is
// measured), autocannon (npm) otherwise. Both report the same shape:
//   { tool, requests, seconds, rps, p50Ms, p95Ms, p99Ms, errors, non2xx, bytesPerResponse }
// `errors` counts socket errors and timeouts; `non2xx` counts answers outside 2xx/3xx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function which(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** ['taskset', '-c', cpu, ...command] when pinning is possible, else the command. */
export function pinned(cpu, command) {
  return cpu === null ? command : ['taskset', '-c', String(cpu), ...command];
}

function runChild(argv, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${argv[0]} exited with ${code}: ${err.slice(-500) || out.slice(-500)}`));
    });
  });
}

const WRK_DONE = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_JSON {"requests":%d,"us":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** Zipf (s = 1) over N shop hosts: rank r is asked with probability proportional to 1/r. */
const WRK_ZIPF = `
local n = tonumber(os.getenv('BENCH_ZIPF_N'))
local prefix = os.getenv('BENCH_ZIPF_PREFIX')
local domain = os.getenv('BENCH_ZIPF_DOMAIN')
local cdf = {}
local sum = 0
for i = 1, n do sum = sum + 1 / i; cdf[i] = sum end
for i = 1, n do cdf[i] = cdf[i] / sum end
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 1000)
request = function()
  local r = math.random()
  local lo, hi = 1, n
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cdf[mid] < r then lo = mid + 1 else hi = mid end
  end
  wrk.headers['Host'] = prefix .. lo .. '.' .. domain
  return wrk.format('GET', '/')
end
`;

/**
 * One load run. target: { url, headers?, zipf?: { n, prefix, domain } }. opts: { tool, connections, seconds, cpu }.
 */
export async function load(target, opts) {
  if (opts.tool === 'wrk') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
    const script = path.join(dir, 'script.lua');
    fs.writeFileSync(script, (target.zipf ? WRK_ZIPF : '') + WRK_DONE);
    const args = ['wrk', '-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '5s', '-s', script];
    // wrk adds its own Host unless wrk.headers['Host'] (exactly that case) is set; a lowercase 'host' would go out as
    // a second Host header, and which one a server keeps depends on wrk's table order.
    const canonical = (name) => name.replace(/(^|-)([a-z])/g, (_m, dash, c) => dash + c.toUpperCase());
    for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${canonical(name)}: ${value}`);
    args.push(target.url);
    const env = target.zipf
      ? {
          BENCH_ZIPF_N: String(target.zipf.n),
          BENCH_ZIPF_PREFIX: target.zipf.prefix,
          BENCH_ZIPF_DOMAIN: target.zipf.domain,
        }
      : {};
    try {
      const out = await runChild(pinned(opts.cpu, args), env);
      const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (!line) throw new Error(`wrk printed no result: ${out.slice(-300)}`);
      const r = JSON.parse(line.slice('BENCH_JSON '.length));
      const seconds = r.us / 1e6;
      return {
        tool: 'wrk',
        requests: r.requests,
        seconds,
        rps: r.requests / seconds,
        p50Ms: r.p50 / 1000,
        p95Ms: r.p95 / 1000,
        p99Ms: r.p99 / 1000,
        errors: r.errors,
        non2xx: r.non2xx,
        bytesPerResponse: r.requests ? r.bytes / r.requests : 0,
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const spec = JSON.stringify({ ...target, connections: opts.connections, seconds: opts.seconds });
  const out = await runChild(pinned(opts.cpu, [process.execPath, path.join(here, 'autocannon-child.mjs'), spec]));
  return { tool: 'autocannon', ...JSON.parse(out.trim().split('\n').pop()) };
}
