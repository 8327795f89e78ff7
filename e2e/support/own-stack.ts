// A second Barberly for journeys that need settings the shared stack does not have (provider sign-in, billing on):
// the launcher with --no-build --services=api on its own database, data directory and port. `output()` is
// everything it printed (mails are logged there); `stop()` ends it and drops its database.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, psql, repoRoot, testDatabaseUrl } from './stack';

export interface OwnStack {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Variables of the outer environment the stack must not inherit (it would depend on the shell). */
const NOT_INHERITED =
  /^(REDIS_URL|SUPABASE_.*|GOOGLE_.*|GITHUB_.*|PUBLIC_ORIGIN|HOST|E2E_.*|LLM_.*|STRIPE_.*|BILLING)$/;

export async function startOwnStack(
  label: string,
  env: Record<string, string>,
  /** The launcher's --services (the shops' pages need 'api,storefront'). */
  services = 'api',
): Promise<OwnStack> {
  const databaseName = `bb_e2e_${crypto.randomBytes(5).toString('hex')}`;
  await psql(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(testDatabaseUrl());
  databaseUrl.pathname = `/${databaseName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bb-e2e-${label}-`));
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!NOT_INHERITED.test(key)) childEnv[key] = value;
  Object.assign(childEnv, {
    ...env,
    PORT: String(port),
    APP_DOMAIN: 'localhost',
    DATABASE_URL: databaseUrl.toString(),
    BARBERLY_DATA_DIR: dataDir,
    NO_COLOR: '1',
  });
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'proxy/scripts/start.mjs'), '--no-build', `--services=${services}`],
    { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await psql(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label} stack not ready:\n${output.slice(-3000)}`)), 180_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/^Barberly is ready: /m.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${label} stack exited (${code}) before it was ready:\n${output.slice(-3000)}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://localhost:${port}`, output: () => output, stop };
}
