// Where the stack under test lives. global-setup starts it and publishes these through the environment, which
// Playwright's workers inherit; tests and helpers read them here.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The variables global-setup sets for everyone else. */
export const STACK_ENV = {
  baseUrl: 'E2E_BASE_URL',
  port: 'E2E_PORT',
  launcherPid: 'E2E_LAUNCHER_PID',
  databaseName: 'E2E_DATABASE_NAME',
  dataDir: 'E2E_DATA_DIR',
  logFile: 'E2E_STACK_LOG',
  /** The scripted model's base URL (…/v1); POST …/__script with the answers a journey wants. */
  llmUrl: 'E2E_LLM_URL',
  /** The UDP port the api's DNS_RESOLVER points at; the custom-domain journey answers there (issue 16). */
  dnsPort: 'E2E_DNS_PORT',
  /** The fake Twilio the stack texts through (issue 15); GET …/__test/messages, POST …/__test/inbound. */
  twilioUrl: 'E2E_TWILIO_URL',
} as const;

/** http://localhost:PORT: the address a person would open. */
export function baseURL(): string {
  const url = process.env[STACK_ENV.baseUrl];
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run the tests through Playwright (global-setup starts the stack)');
  return url;
}

export function stackPort(): number {
  return Number(new URL(baseURL()).port);
}

/** The Host header (and browser host) of a shop's subdomain site: 'joes.localhost:PORT'. */
export function shopHost(slug: string): string {
  return `${slug}.localhost:${stackPort()}`;
}

/** http://{slug}.localhost:PORT: Chromium resolves *.localhost to loopback (Node's fetch does not). */
export function shopSubdomainUrl(slug: string): string {
  return `http://${shopHost(slug)}`;
}

/** TEST_DATABASE_URL: the local server the project's machines and CI provide (trust auth). */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Runs psql against TEST_DATABASE_URL's server (database `postgres`). */
export function psql(sql: string, database = 'postgres'): Promise<string> {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url.toString(), '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`psql failed: ${err.trim()}`))));
  });
}

/** A free port in 20000-32000 (below the machine's client port range). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}
