/**
 * docker compose and the images, checked without a Docker engine (none on CI machines): docker-compose.yml parsed
 * and held to what `docker compose up` needs, the Dockerfile's stages, and the nginx template's variables agreeing
 * between the template, the image's entrypoint script and the tests' renderer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderNginxConfig, repoRoot, TEMPLATE_VARIABLES, templatePath, templateValues } from './support/nginx-config';

interface ComposeService {
  image?: string;
  build?: { context: string; target: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
  restart?: string;
  deploy?: { replicas?: number };
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
  networks?: Record<string, { ipv4_address?: string }>;
  profiles?: string[];
}

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const dockerfile = read('Dockerfile');

/** FROM ... AS name -> the stage's lines. */
function stages(text: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of text.split('\n')) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      current = [line];
      if (from[1]) result.set(from[1], current);
    } else current.push(line);
  }
  return result;
}

describe('docker-compose.yml', () => {
  it('runs postgres, redis, migrate, two api and two storefront replicas, a worker, nginx and Caddy in front', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'backup',
      'caddy',
      'migrate',
      'minio',
      'nginx',
      'postgres',
      'redis',
      'storefront',
      'worker',
    ]);
    expect(services.storefront?.deploy?.replicas).toBe(2);
    expect(services.api?.deploy?.replicas).toBe(2);
    // Only Caddy is published: HTTP (redirects and ACME) and HTTPS.
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'caddy') expect(service.ports, name).toBeUndefined();
    }
    expect(services.caddy?.ports).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, not a JS template.
      '${HTTP_PORT:-80}:80',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, not a JS template.
      '${HTTPS_PORT:-443}:443',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, not a JS template.
      '${HTTPS_PORT:-443}:443/udp',
    ]);
  });

  it('gives Caddy the repository Caddyfile, on-demand certificates asked of the api, and nginx as upstream', () => {
    const caddy = services.caddy;
    expect(caddy?.volumes).toContain('./caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy?.volumes).toContain('caddy-data:/data');
    expect(caddy?.environment?.BARBERLY_UPSTREAM).toBe('nginx:8080');
    expect(caddy?.environment?.BARBERLY_ASK_URL).toBe('http://api:4000/api/domains/allowed');
    // nginx believes X-Forwarded-For from Caddy's fixed address only.
    expect(caddy?.networks).toEqual({ default: { ipv4_address: '172.30.0.11' } });
    expect(services.nginx?.environment?.TRUSTED_FRONT).toBe('172.30.0.11');
    const caddyfile = read('caddy/Caddyfile');
    expect(caddyfile).toMatch(/on_demand_tls \{\s+ask \{\$BARBERLY_ASK_URL/);
    expect(caddyfile).toMatch(/https:\/\/ \{\s+tls \{\s+on_demand/);
  });

  it('keeps PostgreSQL and Redis data in named volumes', () => {
    expect(services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(services.redis?.volumes).toContain('redis-data:/data');
    expect(Object.keys(compose.volumes).sort()).toEqual([
      'backups',
      'caddy-config',
      'caddy-data',
      'minio-data',
      'postgres-data',
      'redis-data',
    ]);
  });

  it('gives every service a health check and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      // migrate runs once and exits: what follows waits for it to have succeeded.
      if (name !== 'migrate') expect(service.healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    expect(services.api?.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(services.storefront?.healthcheck?.test.join(' ')).toContain('/readyz');
    const needs = (name: string) =>
      Object.entries(services[name]?.depends_on ?? {}).map(([dep, { condition }]) => `${dep}:${condition}`);
    const afterMigrations = [
      'migrate:service_completed_successfully',
      'postgres:service_healthy',
      'redis:service_healthy',
    ];
    expect(needs('api').sort()).toEqual(afterMigrations);
    expect(needs('worker').sort()).toEqual(afterMigrations);
    expect(needs('migrate')).toEqual(['postgres:service_healthy']);
    expect(services.worker?.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(needs('storefront').sort()).toEqual(['api:service_healthy', 'redis:service_healthy']);
    expect(needs('nginx').sort()).toEqual(['api:service_healthy', 'storefront:service_healthy']);
    expect(needs('caddy')).toEqual(['nginx:service_healthy']);
  });

  it('wires the services to each other by service name and port', () => {
    const api = services.api?.environment ?? {};
    const storefront = services.storefront?.environment ?? {};
    const nginx = services.nginx?.environment ?? {};
    expect(api.DATABASE_URL).toMatch(/^postgres:\/\/barberly:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/barberly$/);
    expect(api.REDIS_URL).toBe('redis://redis:6379');
    expect(api.PORT).toBe('4000');
    expect(api.HOST).toBe('0.0.0.0');
    // Migrations ran in `migrate`; the jobs run in `worker` (decision 0174).
    expect(api.MIGRATE_ON_START).toBe('false');
    expect(api.RUN_WORKERS).toBe('false');
    // nginx is not on the api's loopback: its X-Forwarded-For must be trusted, or every client shares one address;
    // but only nginx's, at its fixed address, or any peer could claim to be anyone.
    expect(api.TRUSTED_PROXIES).toBe('loopback, 172.30.0.10');
    expect(services.nginx?.networks).toEqual({ default: { ipv4_address: '172.30.0.10' } });
    expect(storefront.API_URL).toBe(`http://api:${api.PORT}`);
    expect(storefront.REDIS_URL).toBe(api.REDIS_URL);
    expect(storefront.REDIS_KEY_PREFIX).toBe(api.REDIS_KEY_PREFIX);
    expect(storefront.HOST).toBe('0.0.0.0');
    expect(nginx.API_UPSTREAMS).toBe(`api:${api.PORT}`);
    expect(nginx.STOREFRONT_UPSTREAMS).toBe(`storefront:${storefront.PORT}`);
    // The shared secret and the domain come from one place (.env) for every service that needs them.
    for (const name of ['APP_DOMAIN', 'INTERNAL_TOKEN'] as const) {
      expect(storefront[name], name).toBe(api[name]);
    }
    expect(nginx.APP_DOMAIN).toBe(api.APP_DOMAIN);
  });

  it('backs up nightly and keeps 14 days, with pg_dump of the server’s major version, to a volume or STORAGE_URL', () => {
    const backup = services.backup;
    expect(backup?.build).toEqual({ context: '.', target: 'backup' });
    expect(backup?.command).toEqual(['node', 'api/dist/backup.js', '--daily', '03:00', '--keep-days', '14']);
    expect(backup?.environment?.DATABASE_URL).toBe(services.api?.environment?.DATABASE_URL);
    expect(backup?.environment?.BACKUP_DIR).toBe('/backups');
    expect(backup?.volumes).toEqual(['backups:/backups']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, not a JS template.
    expect(backup?.environment?.STORAGE_URL).toBe('${STORAGE_URL:-}');
    expect(services.api?.environment?.STORAGE_URL).toBe(backup?.environment?.STORAGE_URL);
    expect(Object.keys(backup?.depends_on ?? {})).toEqual(['postgres']);
    expect(backup?.healthcheck?.test).toEqual(['CMD', 'node', 'api/dist/backup.js', '--health']);
    // pg_dump refuses a server newer than itself: the image starts from the same PostgreSQL major as the database.
    const stage = (stages(dockerfile).get('backup') ?? []).join('\n');
    const serverMajor = /^postgres:(\d+)-/.exec(services.postgres?.image ?? '')?.[1];
    expect(stage).toMatch(new RegExp(`^FROM postgres:${serverMajor}-bookworm AS backup$`, 'm'));
    expect(stage).toContain('COPY --from=build /app/api/dist api/dist');
    expect(stage).toMatch(/^USER postgres$/m);
    expect(stage).not.toMatch(/^COPY (?!--from)/m);
    // The script the service runs is one the api build makes.
    expect(read('api/scripts/build.mjs')).toContain("backup: 'src/platform/backup/backup-cli.ts'");
  });

  it('has MinIO ready as S3-compatible storage, started only on request and never published', () => {
    const minio = services.minio;
    expect(minio?.profiles).toEqual(['minio']);
    expect(minio?.ports).toBeUndefined();
    expect(minio?.volumes).toEqual(['minio-data:/data']);
    expect(minio?.image).toMatch(/^minio\/minio:RELEASE\./);
    // .env.example shows the STORAGE_URL that reaches it by service name.
    expect(read('.env.example')).toMatch(/^# STORAGE_URL=s3:\/\/barberly:.*@barberly\?endpoint=http:\/\/minio:9000$/m);
  });

  it('migrates once in migrate and runs the jobs in worker, both from the api image', () => {
    const { migrate, worker, api } = services;
    for (const service of [migrate, worker]) {
      expect(service?.build).toEqual({ context: '.', target: 'api' });
      expect(service?.image).toBe(api?.image);
    }
    expect(migrate?.command).toEqual(['node', 'api/dist/migrate.js']);
    expect(migrate?.restart).toBe('no');
    expect(migrate?.environment?.DATABASE_URL).toBe(api?.environment?.DATABASE_URL);
    expect(worker?.command).toEqual(['node', 'api/dist/worker.js']);
    // The worker sends the mails and texts and checks the domains: everything the api is told, it is told.
    expect(worker?.environment).toEqual(api?.environment);
    expect(worker?.deploy?.replicas ?? 1).toBe(1);
    // Both entry points are in the api's build (the image copies api/dist whole).
    expect(read('api/scripts/build.mjs')).toMatch(/worker: 'src\/worker\.ts'/);
    expect(read('api/scripts/build.mjs')).toMatch(/migrate: 'src\/platform\/db\/migrate\.ts'/);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/api\/dist api\/dist$/m);
  });

  it('documents in .env.example every variable it reads from the environment', () => {
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]));
    const documented = read('.env.example');
    for (const name of used) expect(documented, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('builds our three services from the Dockerfile’s targets, which run unprivileged', () => {
    const all = stages(dockerfile);
    for (const name of ['api', 'storefront', 'nginx']) {
      expect(services[name]?.build).toEqual({ context: '.', target: name });
      const lines = all.get(name);
      expect(lines, `stage ${name}`).toBeDefined();
      const users = (lines ?? []).filter((line) => /^USER\s/.test(line));
      expect(users.at(-1), `${name} ends as a non-root user`).toMatch(/^USER (node|nginx)$/);
    }
    for (const name of ['api', 'storefront']) {
      const lines = (all.get(name) ?? []).join('\n');
      expect(lines).toMatch(/^FROM \$\{NODE_IMAGE\} AS/m);
      expect(lines).toContain(`CMD ["node", "${name}/dist/`);
      // Built output and production dependencies only: no sources, no dev dependencies.
      expect(lines).not.toMatch(/^COPY (?!--from)/m);
      expect((all.get(`${name}-deps`) ?? []).join('\n')).toContain(`npm ci --omit=dev --no-audit --no-fund -w ${name}`);
    }
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
  });

  it('copies every workspace manifest before npm ci, so the lock file matches', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const manifests = (stages(dockerfile).get('manifests') ?? []).join('\n');
    const deps = (stages(dockerfile).get('deps') ?? []).join('\n');
    for (const workspace of workspaces) {
      expect(manifests).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      expect(deps).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });
});

describe('the nginx template', () => {
  const template = fs.readFileSync(templatePath, 'utf8');
  const script = path.join(repoRoot, 'nginx/15-barberly-env.envsh');

  it('uses exactly the variables the image’s script derives and the tests’ renderer fills', () => {
    const inTemplate = [...new Set([...template.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1]))].sort();
    const filter = /NGINX_ENVSUBST_FILTER='\^\(([^)]*)\)\$'/.exec(fs.readFileSync(script, 'utf8'))?.[1] ?? '';
    expect(filter.split('|').sort()).toEqual(inTemplate);
    const values = templateValues({
      appDomain: 'barberly.app',
      port: 8080,
      apiUpstreams: [],
      storefrontUpstreams: [],
      adminRoot: '/x',
      pidFile: '/x',
      tempDir: '/x',
      accessLog: '/x',
    });
    expect(Object.keys(values).sort()).toEqual(inTemplate);
  });

  it('gets the same values from the image’s script as from the tests’ renderer', () => {
    const env = {
      PATH: process.env.PATH,
      APP_DOMAIN: 'Shops.Barberly.app',
      API_UPSTREAMS: 'api:4000',
      STOREFRONT_UPSTREAMS: 'storefront:3001 storefront-b:3001',
      NGINX_PORT: '8080',
      NGINX_PID: '/tmp/nginx.pid',
      NGINX_TEMP_DIR: '/tmp',
      NGINX_ACCESS_LOG: '/dev/stdout',
      ADMIN_ROOT: '/usr/share/nginx/html',
      CSP_CONNECT_EXTRA: 'https://x.supabase.co',
    };
    const names: readonly string[] = TEMPLATE_VARIABLES;
    const out = execFileSync('sh', ['-c', `. "${script}" && env`], { env, encoding: 'utf8' });
    const fromScript = Object.fromEntries(
      out
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
        .filter(([name]) => names.includes(name as string)),
    );
    const fromRenderer = templateValues({
      appDomain: 'Shops.Barberly.app',
      port: 8080,
      apiUpstreams: ['api:4000'],
      storefrontUpstreams: ['storefront:3001', 'storefront-b:3001'],
      adminRoot: '/usr/share/nginx/html',
      pidFile: '/tmp/nginx.pid',
      tempDir: '/tmp',
      accessLog: '/dev/stdout',
      cspConnectExtra: 'https://x.supabase.co',
    });
    // The shell version leaves a trailing space after the last server line; nginx does not mind either.
    const trim = (values: Record<string, string>) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    expect(trim(fromScript)).toEqual(trim(fromRenderer));
    expect(fromScript.APP_DOMAIN_REGEX).toBe('shops\\.barberly\\.app');
  });

  it('refuses to start without a usable APP_DOMAIN', () => {
    for (const domain of ['', 'barberly.app/evil', 'bad domain']) {
      expect(() =>
        execFileSync('sh', ['-c', `. "${script}"`], {
          env: { PATH: process.env.PATH, APP_DOMAIN: domain },
          stdio: 'pipe',
        }),
      ).toThrow(/APP_DOMAIN/);
    }
  });

  it('renders a configuration nginx accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-nginx-t-'));
    try {
      const file = path.join(dir, 'nginx.conf');
      fs.writeFileSync(
        file,
        renderNginxConfig({
          appDomain: 'barberly.app',
          port: 28080,
          apiUpstreams: ['127.0.0.1:4000'],
          storefrontUpstreams: ['127.0.0.1:3001', '127.0.0.1:3002'],
          adminRoot: path.join(repoRoot, 'admin/dist'),
          pidFile: path.join(dir, 'nginx.pid'),
          tempDir: dir,
          accessLog: path.join(dir, 'access.log'),
        }),
      );
      const out = execFileSync(
        process.env.NGINX_BIN || '/usr/sbin/nginx',
        ['-t', '-p', dir, '-c', file, '-e', path.join(dir, 'error.log')],
        {
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
      expect(out).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
