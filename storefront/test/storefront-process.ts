import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const START = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'start.mjs');
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StorefrontProcess {
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

function randomPort(): number {
  return 20000 + Math.floor(Math.random() * 12000);
}

async function waitForHealth(url: string, child: ChildProcess): Promise<boolean> {
  // Up to 30 s: on two shared cores under load a cold Node start can take several seconds.
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** `node storefront/dist/start.mjs` from the repo root, as the launcher runs it, on a free port. */
export async function startStorefront(env: Record<string, string>): Promise<StorefrontProcess> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = randomPort();
    let log = '';
    const child = spawn(process.execPath, [START], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), APP_DOMAIN: 'localhost', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const url = `http://127.0.0.1:${port}`;
    if (await waitForHealth(url, child)) {
      return {
        url,
        port,
        output: () => log,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    child.kill('SIGKILL');
    if (!log.includes('EADDRINUSE')) throw new Error(`storefront did not start:\n${log}`);
  }
  throw new Error('storefront: no free port after 5 attempts');
}
