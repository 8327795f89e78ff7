// One autocannon run in its own process (so it can be pinned to the load tool's core), printing one JSON line
// in the shape of bench/load.mjs. Argument: JSON { url, headers?, zipf?: { n, prefix, domain }, connections, seconds }.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);

/** Zipf (s = 1): rank r with probability proportional to 1/r, by binary search in the cumulative weights. */
function zipfSampler(n) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1);
    cdf[i] = sum;
  }
  return () => {
    const r = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

const options = {
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  headers: spec.headers ?? {},
  timeout: 5,
};
if (spec.zipf) {
  const next = zipfSampler(spec.zipf.n);
  options.requests = [
    {
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, host: `${spec.zipf.prefix}${next()}.${spec.zipf.domain}` },
      }),
    },
  ];
}

// autocannon's summary has no p95 (its percentiles are 50, 75, 90, 97.5, 99...): every answer's latency is kept here
// and p95 read from them (nearest rank), with p50 and p99 from the same samples in samplesMs.
const latencies = [];
const instance = autocannon(options);
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
latencies.sort((a, b) => a - b);
const rank = (p) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] : 0;
const requests = result.requests.total;
const seconds = result.duration;
process.stdout.write(
  `${JSON.stringify({
    requests,
    seconds,
    rps: requests / seconds,
    p50Ms: result.latency.p50,
    p95Ms: rank(0.95),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: requests ? result.throughput.total / requests : 0,
    // The three from the same samples (autocannon's own p50 and p99 come from its histogram, in whole ms).
    samplesMs: { p50: rank(0.5), p95: rank(0.95), p99: rank(0.99) },
  })}\n`,
);
