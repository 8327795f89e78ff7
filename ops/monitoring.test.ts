/**
 * deploy/monitoring/ (issue 30, item 4; decision 0178): the alert rules are valid Prometheus rules that fire when
 * they should (promtool's own checker and unit tests, Debian's `prometheus` package), and the Grafana dashboard is
 * valid JSON whose queries parse. Every metric either names is one the api, worker or storefront registers, with
 * labels it has: a renamed metric cannot leave a panel blank or an alert silent.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { registry as apiRegistry } from '../api/src/platform/metrics/metrics';
import { repoRoot } from './support/nginx-config';

const dir = path.join(repoRoot, 'deploy/monitoring');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

/** Metrics from exporters beside Barberly, never its own: node_exporter on the database host. */
const EXTERNAL = new Set(['node_filesystem_avail_bytes', 'node_filesystem_size_bytes']);
/** Labels Prometheus adds to every scraped series, or prom-client to every metric of a process. */
const EVERYWHERE = new Set(['job', 'instance', 'component']);

/** PROMTOOL_BIN, else promtool on PATH or where Debian puts it (scripts/preflight.mjs checks the same). */
const promtool = [
  process.env.PROMTOOL_BIN,
  ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'promtool')),
  '/usr/bin/promtool',
].find((file): file is string => {
  if (!file) return false;
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
});

let known: Promise<Map<string, Set<string>>> | undefined;
/** Every metric's labels, as the code registers them (read once: reading empties the process's registry). */
const registered = () => {
  known ??= readRegistered();
  return known;
};

/** The api's and worker's metrics, then the storefront's, then Node's own. */
async function readRegistered(): Promise<Map<string, Set<string>>> {
  const names = new Map<string, Set<string>>();
  const take = async (registry: client.Registry) => {
    for (const metric of await registry.getMetricsAsJSON()) {
      const labels = new Set((registry.getSingleMetric(metric.name) as unknown as { labelNames: string[] }).labelNames);
      names.set(metric.name, new Set([...(names.get(metric.name) ?? []), ...labels]));
    }
  };
  await take(apiRegistry);
  // The storefront registers the same names on the same (process-wide) registry: read it on its own.
  client.register.clear();
  await import('../storefront/server/metrics');
  await take(client.register);
  client.register.clear();
  client.collectDefaultMetrics();
  await take(client.register);
  client.register.clear();
  return names;
}

const FUNCTIONS_AND_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'predict_linear',
  'absent',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'label_values',
]);

interface Selector {
  metric: string;
  labels: string[];
}

/** The series selectors of a PromQL expression: each metric name with the labels it matches on. */
function selectors(expr: string): Selector[] {
  const found: Selector[] = [];
  // Strings never hold a metric name; aggregation clauses hold label names only; ranges and numbers are neither.
  const plain = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const token = /([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?\s*(\()?/g;
  for (let m = token.exec(plain); m; m = token.exec(plain)) {
    const [, name, braces, call] = m;
    if (!name || call || FUNCTIONS_AND_WORDS.has(name) || /^\d/.test(name)) continue;
    const labels = [...(braces ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (l) => l[1] as string,
    );
    found.push({ metric: name, labels });
  }
  return found;
}

/** A histogram's series (_bucket, _sum, _count) belong to the metric registered without the suffix. */
function baseOf(metric: string, known: Map<string, Set<string>>): string | null {
  if (known.has(metric) || EXTERNAL.has(metric)) return metric;
  const base = metric.replace(/_(bucket|sum|count)$/, '');
  return known.has(base) ? base : null;
}

function expectKnown(expr: string, where: string, known: Map<string, Set<string>>) {
  const found = selectors(expr);
  expect(found.length, `${where}: no metric found in ${expr}`).toBeGreaterThan(0);
  for (const { metric, labels } of found) {
    const base = baseOf(metric, known);
    expect(base, `${where}: ${metric} is not a metric the code registers`).not.toBeNull();
    if (!base || EXTERNAL.has(base)) continue;
    const allowed = new Set([...(known.get(base) ?? []), ...EVERYWHERE, ...(metric.endsWith('_bucket') ? ['le'] : [])]);
    for (const label of labels) expect(allowed.has(label), `${where}: ${metric} has no label ${label}`).toBe(true);
  }
}

interface RuleFile {
  groups: Array<{ name: string; rules: Array<{ alert?: string; record?: string; expr: string }> }>;
}

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: Array<{ expr: string; refId: string }>;
  panels?: Panel[];
}

const dashboard = () => JSON.parse(read('grafana-dashboard.json')) as { panels: Panel[]; uid: string; title: string };
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
/** A dashboard query as Prometheus receives it: Grafana's variables replaced by what they stand for. */
const asSent = (expr: string) => expr.replace(/\$__rate_interval/g, '5m').replace(/\$component/g, '.*');

describe('deploy/monitoring', () => {
  it('has the alerts the issue asks for, each on metrics and labels the code registers', async () => {
    const rules = parse(read('alerts.yml')) as RuleFile;
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'BarberlyHigh5xxRate',
        'BarberlyQueueBacklog',
        'BarberlyCertificateAsksFailing',
        'BarberlyWorkerNotRunning',
        'BarberlyDatabaseDiskLow',
      ]),
    );
    const known = await registered();
    for (const rule of alerts) expectKnown(rule.expr, `alert ${rule.alert}`, known);
    // The certificate alert watches the route Caddy really asks (caddy/Caddyfile's ask URL).
    const caddyfile = fs.readFileSync(path.join(repoRoot, 'caddy/Caddyfile'), 'utf8');
    expect(caddyfile).toContain('/api/domains/allowed');
    expect(alerts.find((r) => r.alert === 'BarberlyCertificateAsksFailing')?.expr).toContain(
      'route="/api/domains/allowed"',
    );
  });

  it('has a Grafana dashboard whose every query names metrics and labels the code registers', async () => {
    const board = dashboard();
    expect(board.uid).toBe('barberly-overview');
    const panels = allPanels(board.panels).filter((p) => p.type !== 'row');
    expect(panels.length).toBeGreaterThan(10);
    const known = await registered();
    const titles = new Set<string>();
    for (const panel of panels) {
      expect(titles.has(panel.title), `two panels named ${panel.title}`).toBe(false);
      titles.add(panel.title);
      expect(panel.datasource?.uid, panel.title).toBe(`\${DS_PROMETHEUS}`);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expectKnown(asSent(target.expr), `panel "${panel.title}"`, known);
    }
    // What the issue asks an operator to see, each on some panel.
    const queried = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)).join('\n');
    for (const metric of [
      'barberly_http_requests_total',
      'barberly_http_request_duration_seconds_bucket',
      'barberly_queue_depth',
      'barberly_queue_oldest_job_age_seconds',
      'barberly_cache_requests_total',
      'barberly_availability_invalidation_lag_seconds',
      'barberly_event_streams_open',
      'barberly_outbound_requests_total',
      'barberly_outbound_request_duration_seconds_bucket',
      'barberly_pg_pool_connections',
      'barberly_redis_connection_up',
    ]) {
      expect(queried, metric).toContain(metric);
    }
  });

  it('passes promtool: the rules check, their unit tests, and every dashboard query as a rule', () => {
    expect(promtool, 'promtool (Debian: apt-get install prometheus) is needed; npm test says so first').toBeTruthy();
    const bin = promtool as string;
    const run = (args: string[], cwd = dir) => {
      const result = spawnSync(bin, args, { cwd, encoding: 'utf8' });
      expect(result.status, `promtool ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`).toBe(0);
      return result.stdout;
    };
    expect(run(['check', 'rules', 'alerts.yml'])).toContain('SUCCESS');
    expect(run(['test', 'rules', 'alerts.test.yml'])).toContain('SUCCESS');
    // promtool parses PromQL only inside rule files: each dashboard query becomes a recording rule.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-dashboard-rules-'));
    try {
      const queries = allPanels(dashboard().panels).flatMap((p) => (p.targets ?? []).map((t) => asSent(t.expr)));
      const file = path.join(scratch, 'dashboard.rules.yml');
      fs.writeFileSync(
        file,
        stringify({
          groups: [{ name: 'dashboard', rules: queries.map((expr, i) => ({ record: `dashboard:query_${i}`, expr })) }],
        }),
      );
      expect(run(['check', 'rules', file], scratch)).toContain(`SUCCESS: ${queries.length} rules found`);
      // And the example scrape configuration is one Prometheus accepts, with these rules.
      expect(execFileSync(bin, ['check', 'config', 'prometheus.yml'], { cwd: dir, encoding: 'utf8' })).toContain(
        'SUCCESS',
      );
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
