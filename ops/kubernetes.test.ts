/**
 * deploy/kubernetes (issue 30, decision 0175), checked without a cluster: every overlay rendered (ops/support/
 * kustomize.ts) and each object validated against the Kubernetes API's own schemas (kubernetes-models); the
 * workloads held to what an operator relies on (probes, resources, disruption budgets, autoscaling, graceful stops,
 * migrations first, the repository's nginx and Caddyfile); and each workload's environment checked against what its
 * process really reads (the process.env reads and environment schemas of the source files its entry point bundles).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/src/config';
import { parseEnv } from '../storefront/server/env';
import { type K8sObject, podSpecs, readManifests, renderKustomization } from './support/kustomize';
import { repoRoot } from './support/nginx-config';

const k8s = path.join(repoRoot, 'deploy/kubernetes');
const OVERLAYS = ['production', 'staging'];
const rendered = Object.fromEntries(
  OVERLAYS.map((name) => [name, renderKustomization(path.join(k8s, 'overlays', name))]),
) as Record<string, K8sObject[]>;
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** KEY=value lines of an env file (what `kubectl create secret generic --from-env-file` reads). */
function envFile(file: string): Record<string, string> {
  const entries = read(file)
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries);
}
const secretKeys = envFile('deploy/kubernetes/secrets.example.env');

const find = (objects: K8sObject[], kind: string, name: string) => {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) throw new Error(`no ${kind} ${name}`);
  return object;
};
const container = (object: K8sObject, name = object.metadata.name) => {
  const c = podSpecs(object)[0]?.containers?.find((x: { name: string }) => x.name === name);
  if (!c) throw new Error(`no container ${name} in ${object.kind} ${object.metadata.name}`);
  return c;
};

/** The kubernetes-models class for an object's apiVersion and kind (core 'v1' lives at kubernetes-models/v1). */
async function modelFor(object: K8sObject) {
  try {
    return require_(object.apiVersion, object.kind);
  } catch {
    throw new Error(`no Kubernetes schema for ${object.apiVersion} ${object.kind}`);
  }
}

describe('deploy/kubernetes against the Kubernetes API schemas', () => {
  for (const overlay of OVERLAYS) {
    it(`renders overlays/${overlay} into objects the API schemas accept`, async () => {
      const objects = rendered[overlay] ?? [];
      expect(objects.length).toBeGreaterThan(20);
      for (const object of objects) {
        const Model = await modelFor(object);
        expect(() => new Model(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
        if (object.kind !== 'Namespace')
          expect(object.metadata.namespace).toBe(`barberly${overlay === 'production' ? '' : '-staging'}`);
      }
      expect(objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name)).toEqual([
        objects.find((o) => o.kind === 'Deployment')?.metadata.namespace,
      ]);
    });
  }

  it('catches a manifest the API would refuse (the validator is not a formality)', async () => {
    const api = structuredClone(find(rendered.production ?? [], 'Deployment', 'api'));
    api.spec.template.spec.containers[0].ports[0].containerPort = 'four thousand';
    const Model = await modelFor(api);
    expect(() => new Model(api).validate()).toThrow(/containerPort/);
    const hpa = structuredClone(find(rendered.production ?? [], 'HorizontalPodAutoscaler', 'api'));
    delete hpa.spec.scaleTargetRef;
    expect(() => new (require_('autoscaling/v2', 'HorizontalPodAutoscaler'))(hpa).validate()).toThrow(/scaleTargetRef/);
  });

  it('validates the examples and the Secret made from secrets.example.env', async () => {
    for (const object of readManifests(path.join(k8s, 'examples/redis.yaml'))) {
      expect(() => new (require_(object.apiVersion, object.kind))(object).validate()).not.toThrow();
    }
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'barberly-secrets' },
      type: 'Opaque',
      stringData: secretKeys,
    } as K8sObject;
    expect(() => new (require_('v1', 'Secret'))(secret).validate()).not.toThrow();
    // CloudNativePG's Cluster is the operator's own API (no schema in kubernetes-models): its metadata against the
    // API's ObjectMeta, and the fields Barberly relies on.
    const [cluster, scheduled] = readManifests(path.join(k8s, 'examples/cloudnative-pg.yaml'));
    expect(cluster?.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster?.kind).toBe('Cluster');
    const ObjectMeta = require_('meta/v1', 'ObjectMeta');
    expect(() => new ObjectMeta(cluster?.metadata).validate()).not.toThrow();
    expect(cluster?.spec.instances).toBeGreaterThanOrEqual(2);
    expect(cluster?.spec.bootstrap.initdb).toMatchObject({ database: 'barberly', owner: 'barberly' });
    expect(cluster?.spec.backup.barmanObjectStore.wal).toBeDefined();
    expect(scheduled).toMatchObject({ kind: 'ScheduledBackup', spec: { cluster: { name: cluster?.metadata.name } } });
  });
});

/** Synchronous lookup for tests that already know the module exists. */
function require_(apiVersion: string, kind: string) {
  const base =
    apiVersion === 'meta/v1' ? '@kubernetes-models/apimachinery/apis/meta/v1' : `kubernetes-models/${apiVersion}`;
  // biome-ignore lint/suspicious/noExplicitAny: the models' classes, looked up by name.
  const mod = createRequire(import.meta.url)(`${base}/${kind}`) as Record<string, any>;
  return mod[kind] as new (
    data: unknown,
  ) => { validate(): void };
}

describe('the workloads', () => {
  const objects = rendered.production ?? [];
  const deployments = objects.filter((o) => o.kind === 'Deployment');

  it('runs api, worker, storefront, nginx and one Caddy, and the built processes of each', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['api', 'caddy', 'nginx', 'storefront', 'worker']);
    const build = read('api/scripts/build.mjs');
    expect(container(find(objects, 'Deployment', 'api')).command).toEqual(['node', 'api/dist/main.js']);
    expect(container(find(objects, 'Deployment', 'worker')).command).toEqual(['node', 'api/dist/worker.js']);
    expect(build).toContain("worker: 'src/worker.ts'");
    expect(container(find(objects, 'Deployment', 'storefront')).command).toEqual(['node', 'storefront/dist/start.mjs']);
    expect(read('Dockerfile')).toContain('CMD ["node", "storefront/dist/start.mjs"]');
    expect(container(find(objects, 'Deployment', 'nginx')).image).toMatch(/\/barberly\/nginx:/);
    // The images are the Dockerfile's targets.
    for (const target of ['api', 'storefront', 'nginx', 'backup'])
      expect(read('Dockerfile')).toContain(`AS ${target}\n`);
  });

  it('probes api, worker, storefront and nginx on /healthz, with requests and limits on every container', () => {
    for (const deployment of deployments) {
      for (const c of podSpecs(deployment)[0]?.containers ?? []) {
        expect(c.resources?.requests?.cpu, deployment.metadata.name).toBeDefined();
        expect(c.resources?.requests?.memory, deployment.metadata.name).toBeDefined();
        expect(c.resources?.limits?.memory, deployment.metadata.name).toBeDefined();
        if (deployment.metadata.name === 'caddy') continue;
        for (const probe of ['readinessProbe', 'livenessProbe']) {
          expect(c[probe]?.httpGet?.path, `${deployment.metadata.name} ${probe}`).toBe('/healthz');
          const port = c[probe].httpGet.port;
          expect(
            c.ports.some((p: { name: string }) => p.name === port),
            `${deployment.metadata.name} ${probe} port`,
          ).toBe(true);
        }
      }
    }
  });

  it('keeps a disruption budget for every Deployment, and scales api and storefront on CPU', () => {
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    for (const deployment of deployments.filter((d) => d.metadata.name !== 'caddy')) {
      const labels = deployment.spec.template.metadata.labels;
      const budget = budgets.find((b) =>
        Object.entries(b.spec.selector.matchLabels).every(([k, v]) => labels[k] === v),
      );
      expect(budget, deployment.metadata.name).toBeDefined();
      expect(deployment.spec.selector.matchLabels).toEqual(budget?.spec.selector.matchLabels);
    }
    const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['api', 'storefront']);
    for (const hpa of hpas) {
      expect(hpa.spec.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      ]);
      // The autoscaler owns the count: a replicas field would be reset by every apply.
      expect(find(objects, 'Deployment', hpa.spec.scaleTargetRef.name).spec.replicas).toBeUndefined();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      // CPU utilisation is measured against requests: the container must have one.
      expect(container(find(objects, 'Deployment', hpa.spec.scaleTargetRef.name)).resources.requests.cpu).toBeDefined();
    }
  });

  it('stops gracefully within the termination grace period', () => {
    // Each process stops on SIGTERM: refuses new work, finishes what is in flight, closes its pools.
    expect(read('api/src/main.ts')).toMatch(/process\.on\('SIGTERM'/);
    expect(read('api/src/worker.ts')).toMatch(/process\.on\('SIGTERM'/);
    expect(read('storefront/server/main.ts')).toMatch(/process\.on\('SIGTERM'/);
    // The api forces what is left after 10 s; the storefront waits SHUTDOWN_GRACE_MS.
    expect(read('api/src/main.ts')).toMatch(/setTimeout\(\(\) => server\.closeAllConnections\(\), 10_000\)/);
    const config = find(objects, 'ConfigMap', 'barberly-config').data;
    const drain = { api: 10, worker: 30, storefront: Number(config.SHUTDOWN_GRACE_MS) / 1000, nginx: 10, caddy: 10 };
    for (const deployment of deployments) {
      const spec = podSpecs(deployment)[0] ?? {};
      const c = spec.containers[0];
      const preStop = c.lifecycle?.preStop?.exec?.command?.join(' ') ?? '';
      const pause = Number(/sleep (\d+)/.exec(preStop)?.[1] ?? 0);
      const grace = spec.terminationGracePeriodSeconds;
      expect(grace, deployment.metadata.name).toBeGreaterThanOrEqual(
        pause + drain[deployment.metadata.name as keyof typeof drain] + 5,
      );
      // Those behind a Service pause first, so endpoints drop them before SIGTERM arrives.
      if (['api', 'storefront', 'nginx'].includes(deployment.metadata.name)) expect(pause).toBeGreaterThanOrEqual(5);
    }
    // Kubernetes sends SIGTERM, nginx's fast stop: its preStop asks for the graceful one.
    expect(container(find(objects, 'Deployment', 'nginx')).lifecycle.preStop.exec.command.join(' ')).toContain(
      'nginx -s quit',
    );
  });

  it('migrates once, in a Job, before any api or worker serves; the api runs no queue jobs', () => {
    const job = find(objects, 'Job', 'migrate');
    expect(container(job).command).toEqual(['node', 'api/dist/migrate.js']);
    expect(read('api/scripts/build.mjs')).toContain("migrate: 'src/platform/db/migrate.ts'");
    // Migrations take PostgreSQL's advisory lock, so the Job and the init containers apply each one once.
    expect(read('api/src/platform/db/migrate.ts')).toContain('runMigrationsLocked');
    for (const name of ['api', 'worker']) {
      const spec = podSpecs(find(objects, 'Deployment', name))[0] ?? {};
      expect(spec.initContainers?.[0]?.command, name).toEqual(['node', 'api/dist/migrate.js']);
      const env = Object.fromEntries(
        spec.containers[0].env.map((e: { name: string; value: string }) => [e.name, e.value]),
      );
      expect(env.MIGRATE_ON_START, name).toBe('false');
    }
    const apiEnv = container(find(objects, 'Deployment', 'api')).env;
    expect(apiEnv).toContainEqual({ name: 'RUN_WORKERS', value: 'false' });
  });

  it('puts the repository’s nginx in front, and one Caddy with its Caddyfile, a volume, and its ask at the api', () => {
    const service = (name: string) => find(objects, 'Service', name);
    const port = (name: string) => service(name).spec.ports[0].port;
    const env = (deployment: string) =>
      Object.fromEntries(
        container(find(objects, 'Deployment', deployment)).env.map((e: { name: string; value?: string }) => [
          e.name,
          e.value,
        ]),
      );
    expect(env('nginx').API_UPSTREAMS).toBe(`api:${port('api')}`);
    expect(env('nginx').STOREFRONT_UPSTREAMS).toBe(`storefront:${port('storefront')}`);
    expect(env('storefront').API_URL).toBe(`http://api:${port('api')}`);
    const caddy = find(objects, 'Deployment', 'caddy');
    expect(caddy.spec.replicas).toBe(1);
    expect(caddy.spec.strategy).toEqual({ type: 'Recreate' });
    expect(env('caddy').BARBERLY_ASK_URL).toBe(`http://api:${port('api')}/api/domains/allowed`);
    expect(env('caddy').BARBERLY_UPSTREAM).toBe(`nginx:${port('nginx')}`);
    expect(find(objects, 'ConfigMap', 'caddy-config').data.Caddyfile).toBe(read('caddy/Caddyfile'));
    const data = podSpecs(caddy)[0]?.volumes.find((v: { name: string }) => v.name === 'data');
    expect(data.persistentVolumeClaim.claimName).toBe('caddy-data');
    expect(container(caddy).volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    expect(find(objects, 'PersistentVolumeClaim', 'caddy-data').spec.accessModes).toEqual(['ReadWriteOnce']);
    expect(service('caddy').spec.type).toBe('LoadBalancer');
    // Only Caddy is exposed; the rest are reached inside the cluster.
    for (const s of objects.filter((o) => o.kind === 'Service' && o.metadata.name !== 'caddy')) {
      expect(s.spec.type ?? 'ClusterIP', s.metadata.name).toBe('ClusterIP');
    }
  });

  it('takes from the overlay what differs, merged by name into the base', () => {
    const envOf = (o: K8sObject) => container(o).env.filter((e: { name: string }) => e.name === 'TRUSTED_FRONT');
    expect(envOf(find(objects, 'Deployment', 'nginx'))).toEqual([{ name: 'TRUSTED_FRONT', value: '10.244.0.0/16' }]);
    expect(container(find(objects, 'Deployment', 'caddy')).env).toContainEqual({
      name: 'ACME_EMAIL',
      value: 'ops@barberly.app',
    });
    const config = find(objects, 'ConfigMap', 'barberly-config').data;
    expect(config.APP_DOMAIN).toBe('barberly.app');
    expect(config.PAGE_CACHE_MB).toBe('128');
    // The rest of the base's ConfigMap stays.
    expect(config.LLM_MODEL).toBe('gpt-4o-mini');
    expect(find(objects, 'HorizontalPodAutoscaler', 'api').spec).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
    expect(container(find(objects, 'Deployment', 'api')).image).toBe('registry.example.com/barberly/api:2026.11.27');
    expect(podSpecs(find(objects, 'Deployment', 'api'))[0]?.initContainers[0].image).toBe(
      'registry.example.com/barberly/api:2026.11.27',
    );
    const staging = rendered.staging ?? [];
    expect(find(staging, 'ConfigMap', 'barberly-config').data.APP_DOMAIN).toBe('staging.barberly.app');
    expect(find(staging, 'Deployment', 'worker').spec.replicas).toBe(1);
  });

  it('backs up nightly with the backup image, keeping 14 days', () => {
    const cron = find(objects, 'CronJob', 'backup');
    expect(cron.spec.schedule).toBe('0 3 * * *');
    expect(container(cron).command).toEqual(['node', 'api/dist/backup.js', '--keep-days', '14']);
    expect(container(cron).image).toMatch(/\/barberly\/backup:/);
  });
});

/** The first-party source files an entry point bundles (esbuild's own resolution, packages left out). */
async function sourcesOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(repoRoot, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    loader: { '.tsx': 'tsx' },
    external: ['virtual:*', '*.css'],
  });
  return Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules') && /\.(m?[jt]sx?)$/.test(file))
    .map((file) => path.resolve(process.cwd(), file));
}

/** What the process reads: process.env.X, process.env['X'], and the keys of its zod environment schema. */
function variablesRead(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[['"]([A-Z_][A-Z0-9_]*)['"]\])/g)) {
      names.add((m[1] ?? m[2]) as string);
    }
    const schema = /const EnvSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(text);
    for (const m of schema?.[1]?.matchAll(/^ {2}([A-Z_][A-Z0-9_]*):/gm) ?? []) names.add(m[1] as string);
  }
  return names;
}

/** Read by the code but never set in a cluster, with the reason. */
const NOT_FOR_A_CLUSTER: Record<string, string> = {
  INIT_CWD: "npm's own: where an npm script was typed, for relative paths",
  PG_DUMP_BIN: 'the backup image has pg_dump on PATH',
  PG_RESTORE_BIN: 'restores are run by hand (README)',
};

/** The environment a container gets: its env, and every key of what it takes envFrom. */
function environmentOf(
  objects: K8sObject[],
  c: { env?: Array<{ name: string }>; envFrom?: Array<Record<string, { name: string }>> },
) {
  const names = new Set((c.env ?? []).map((e) => e.name));
  for (const source of c.envFrom ?? []) {
    if (source.configMapRef)
      for (const key of Object.keys(find(objects, 'ConfigMap', source.configMapRef.name).data)) names.add(key);
    if (source.secretRef) {
      expect(source.secretRef.name).toBe('barberly-secrets');
      for (const key of Object.keys(secretKeys)) names.add(key);
    }
  }
  return names;
}

describe('each workload’s environment', () => {
  const WORKLOADS = [
    { kind: 'Deployment', name: 'api', entry: 'api/src/main.ts' },
    { kind: 'Deployment', name: 'worker', entry: 'api/src/worker.ts' },
    { kind: 'Deployment', name: 'storefront', entry: 'storefront/server/main.ts' },
    { kind: 'Job', name: 'migrate', entry: 'api/src/platform/db/migrate.ts' },
    { kind: 'CronJob', name: 'backup', entry: 'api/src/platform/backup/backup-cli.ts' },
  ];
  const reads = new Map<string, Set<string>>();
  beforeAll(async () => {
    for (const w of WORKLOADS) reads.set(w.name, variablesRead(await sourcesOf(w.entry)));
  }, 60_000);

  for (const overlay of OVERLAYS) {
    it(`covers every variable each process reads (overlays/${overlay})`, () => {
      const objects = rendered[overlay] ?? [];
      for (const w of WORKLOADS) {
        const read = reads.get(w.name) ?? new Set();
        expect(read.size, w.name).toBeGreaterThan(0);
        const given = environmentOf(objects, container(find(objects, w.kind, w.name)));
        const missing = [...read].filter((name) => !given.has(name) && !(name in NOT_FOR_A_CLUSTER));
        expect(missing, `${w.kind} ${w.name} reads these but is not given them`).toEqual([]);
      }
      // The scan finds what it should: the api's schema and the backup's direct reads.
      expect(reads.get('api')).toContain('AUTH_KEY_ENCRYPTION_KEY');
      expect(reads.get('backup')).toContain('STORAGE_URL');
      expect(reads.get('storefront')).toContain('PAGE_CACHE_MB');
    });
  }

  it('gives values the api and the storefront accept at start (their own parsers)', () => {
    const objects = rendered.production ?? [];
    const config = find(objects, 'ConfigMap', 'barberly-config').data as Record<string, string>;
    // The Secret as an operator fills it in.
    const secrets = {
      ...secretKeys,
      INTERNAL_TOKEN: 'a'.repeat(64),
      AUTH_KEY_ENCRYPTION_KEY: 'b'.repeat(44),
    };
    const values = (c: {
      env?: Array<{ name: string; value?: string; valueFrom?: Record<string, { key: string }> }>;
    }) =>
      Object.fromEntries(
        (c.env ?? []).map((e) => {
          const from = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
          return [
            e.name,
            from ? (e.valueFrom?.secretKeyRef ? secrets : config)[from.key as keyof typeof secrets] : e.value,
          ];
        }),
      );
    for (const name of ['api', 'worker']) {
      const c = container(find(objects, 'Deployment', name));
      const parsed = loadConfig({ ...config, ...secrets, ...values(c) });
      expect(parsed.NODE_ENV).toBe('production');
      expect(parsed.APP_DOMAIN).toBe('barberly.app');
      expect(parsed.MIGRATE_ON_START).toBe(false);
      expect(parsed.GOOGLE_AUTH_URL).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    }
    const storefront = parseEnv({ ...config, ...values(container(find(objects, 'Deployment', 'storefront'))) });
    expect(storefront.API_URL).toBe('http://api:4000');
    expect(storefront.REDIS_URL).toBe(secretKeys.REDIS_URL);
  });

  it('has every variable of .env.example in the ConfigMap, the Secret, or a container of its own', () => {
    // Set by the launcher or the Node proxy (`npm start`), by docker compose, by npm (INIT_CWD) or by tests: not a
    // cluster's.
    const notHere = [
      /^(TEST_|E2E_)/,
      /^INIT_CWD$/,
      /_BIN$/,
      /^(BARBERLY_DATA_DIR|STOREFRONT_URL|ADMIN_DIR|MAX_BODY_BYTES|PROXY_TIMEOUT_MS|TRUST_PROXY)$/,
      /^(POSTGRES_PASSWORD|HTTP_PORT|HTTPS_PORT|MINIO_ROOT_PASSWORD)$/,
    ];
    const objects = rendered.production ?? [];
    const everywhere = new Set(Object.keys(secretKeys));
    for (const object of objects) {
      if (object.kind === 'ConfigMap' && object.metadata.name === 'barberly-config') {
        for (const key of Object.keys(object.data)) everywhere.add(key);
      }
      for (const spec of podSpecs(object)) {
        for (const c of [...(spec.initContainers ?? []), ...spec.containers])
          for (const e of c.env ?? []) everywhere.add(e.name);
      }
    }
    const documented = [...read('.env.example').matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string);
    const missing = [...new Set(documented)].filter(
      (name) => !notHere.some((re) => re.test(name)) && !everywhere.has(name),
    );
    expect(missing, 'in .env.example but in no ConfigMap, Secret or container of deploy/kubernetes').toEqual([]);
    // No secret sits in a ConfigMap.
    const config = find(objects, 'ConfigMap', 'barberly-config').data;
    for (const key of Object.keys(secretKeys)) expect(config, key).not.toHaveProperty(key);
  });
});
