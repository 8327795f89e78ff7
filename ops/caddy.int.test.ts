/**
 * Automatic HTTPS for custom domains (issue 16), for real: Debian's Caddy with the repository's caddy/Caddyfile
 * (its local CA instead of Let's Encrypt, and free ports) in front of nginx with the rendered template, the built api
 * and a storefront, and a DNS server on loopback that the api's checks ask. A certificate is issued at the first
 * handshake only for a domain a shop has proven; any other name gets none.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDns } from '../api/src/modules/domains/test-dns.test-helper';
import { repoRoot } from './support/nginx-config';
import {
  apiService,
  buildMissing,
  createDatabase,
  freePort,
  nginxService,
  request,
  type Service,
  storefrontService,
  testRedisUrl,
} from './support/processes';

const DOMAIN = 'barberly.test';
const CADDY = process.env.CADDY_BIN || '/usr/bin/caddy';

let dns: TestDns;
let api: Service;
let storefront: Service;
let nginx: Service;
let nginxDir: string;
let caddy: ChildProcess | undefined;
let caddyOutput = '';
let caddyDir: string;
let httpsPort: number;
let apiPort: number;
let nginxPort: number;
let dropDatabase: (() => Promise<void>) | undefined;

/** The production Caddyfile with the test's global options: its local CA, free ports, no admin endpoint. */
function testCaddyfile(dir: string, httpPort: number): string {
  const production = fs.readFileSync(path.join(repoRoot, 'caddy/Caddyfile'), 'utf8');
  const extra = [
    'local_certs',
    'skip_install_trust',
    'admin off',
    `http_port ${httpPort}`,
    `https_port ${httpsPort}`,
    `storage file_system ${path.join(dir, 'data')}`,
  ].join('\n\t');
  // The first line that is a lone '{' opens the global options block.
  return production.replace(/^\{\n/m, `{\n\t${extra}\n`);
}

/** GET over TLS as curl --resolve {host}:{port}:127.0.0.1 --cacert {Caddy's root} would. */
function httpsGet(host: string, ca: string | undefined): Promise<{ status: number; text: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: host,
        path: '/',
        headers: { host: `${host}:${httpsPort}` },
        ca,
        agent: false,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            issuer: String(cert?.issuer?.CN ?? ''),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

const rootCa = () => {
  const file = path.join(caddyDir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};

beforeAll(async () => {
  buildMissing();
  const database = await createDatabase();
  dropDatabase = database.drop;
  dns = await startTestDns();
  const token = crypto.randomBytes(16).toString('hex');
  apiPort = await freePort();
  const sfPort = await freePort();
  nginxPort = await freePort();
  httpsPort = await freePort();
  const httpPort = await freePort();
  const shared = {
    APP_DOMAIN: DOMAIN,
    INTERNAL_TOKEN: token,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: `bb_caddy_${crypto.randomBytes(4).toString('hex')}:`,
  };
  api = await apiService(apiPort, {
    ...shared,
    DATABASE_URL: database.url,
    PUBLIC_ORIGIN: `https://${DOMAIN}:${httpsPort}`,
    STOREFRONT_NOTIFY_URLS: `http://127.0.0.1:${sfPort}`,
    AUTH_RATE_LIMIT_MULTIPLIER: '0',
    DNS_RESOLVER: dns.address,
  }).start();
  storefront = await storefrontService(sfPort, { ...shared, API_URL: `http://127.0.0.1:${apiPort}` }).start();
  const front = nginxService({
    appDomain: DOMAIN,
    port: nginxPort,
    apiUpstreams: [`127.0.0.1:${apiPort}`],
    storefrontUpstreams: [`127.0.0.1:${sfPort}`],
    adminRoot: path.join(repoRoot, 'admin/dist'),
    trustedFront: ['127.0.0.1'],
  });
  nginxDir = front.dir;
  nginx = await front.service.start();

  caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-caddy-'));
  const caddyfile = path.join(caddyDir, 'Caddyfile');
  fs.writeFileSync(caddyfile, testCaddyfile(caddyDir, httpPort));
  caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: caddyDir,
      XDG_DATA_HOME: path.join(caddyDir, 'xdg-data'),
      XDG_CONFIG_HOME: path.join(caddyDir, 'xdg-config'),
      APP_DOMAIN: DOMAIN,
      ACME_EMAIL: 'ops@barberly.test',
      BARBERLY_UPSTREAM: `127.0.0.1:${nginxPort}`,
      BARBERLY_ASK_URL: `http://127.0.0.1:${apiPort}/api/domains/allowed`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (c: Buffer) => {
    caddyOutput += c.toString();
  });
  caddy.stderr?.on('data', (c: Buffer) => {
    caddyOutput += c.toString();
  });
  // Ready once its HTTP port redirects.
  for (let i = 0; ; i++) {
    const answer = await request(httpPort, '/', { host: `x.${DOMAIN}`, timeoutMs: 1000 }).catch(() => null);
    if (answer?.status === 308) break;
    if (i > 150 || caddy.exitCode !== null) throw new Error(`caddy did not start:\n${caddyOutput.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 240_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy?.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  await nginx?.stop('SIGQUIT');
  await storefront?.stop();
  await api?.stop();
  await dns?.close();
  await dropDatabase?.();
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
  if (caddyDir) fs.rmSync(caddyDir, { recursive: true, force: true });
});

describe('Caddy with on-demand TLS in front of nginx', () => {
  it('issues a certificate for a proven domain and serves its shop over HTTPS; an unproven one gets none', async () => {
    const email = `caddy+${crypto.randomBytes(4).toString('hex')}@example.com`;
    const signup = await request(apiPort, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Barberly-caddy-Passw0rd!' }),
    });
    expect(signup.status, signup.text).toBe(200);
    const auth = { authorization: `Bearer ${(JSON.parse(signup.text) as { access_token: string }).access_token}` };
    const slug = `caddy-${crypto.randomBytes(3).toString('hex')}`;
    const created = await request(apiPort, '/api/shops', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Secure Fades', slug }),
    });
    expect(created.status, created.text).toBe(201);
    const shopId = (JSON.parse(created.text) as { id: string }).id;

    const proven = `www.secure-${crypto.randomBytes(3).toString('hex')}.com`;
    const unproven = `www.unproven-${crypto.randomBytes(3).toString('hex')}.com`;
    for (const hostname of [proven, unproven]) {
      const added = await request(apiPort, `/api/shops/${shopId}/domains`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ hostname }),
      });
      expect(added.status, added.text).toBe(201);
      if (hostname !== proven) continue;
      const domain = JSON.parse(added.text) as {
        id: string;
        records: Array<{ type: string; name: string; value: string }>;
      };
      for (const record of domain.records) {
        if (record.type === 'TXT') dns.set(record.name, [{ type: 'TXT', data: record.value }]);
        if (record.type === 'CNAME') dns.set(record.name, [{ type: 'CNAME', domain: record.value }]);
      }
      const verified = await request(apiPort, `/api/shops/${shopId}/domains/${domain.id}/verify`, {
        method: 'POST',
        headers: auth,
      });
      expect(JSON.parse(verified.text)).toMatchObject({ status: 'active' });
    }

    const page = await httpsGet(proven, rootCa());
    expect(page.status).toBe(200);
    expect(page.text).toContain('Secure Fades');
    // Issued by Caddy's own CA, trusted through its root file: nobody issued it by hand.
    expect(page.issuer).toMatch(/Caddy Local Authority/);
    expect(page.text).toContain(`<link rel="canonical" href="https://${proven}:${httpsPort}/"`);
    expect(rootCa()).toBeDefined();

    // The unproven name: Caddy asks the api, hears 404, and completes no handshake, with the CA trusted or not.
    await expect(httpsGet(unproven, rootCa())).rejects.toThrow();
    await expect(httpsGet(unproven, undefined)).rejects.toThrow();
    // A name under nobody at all, the same.
    await expect(httpsGet('www.nobody-at-all.com', rootCa())).rejects.toThrow();
    // The shop's own subdomain is allowed: an existing shop's name.
    const sub = await httpsGet(`${slug}.${DOMAIN}`, rootCa());
    expect(sub.status).toBe(301);
  });
});
