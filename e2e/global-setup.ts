// Starts the whole stack once for the e2e run, the way a person does: through `npm start`'s launcher
// (proxy/scripts/start.mjs), on a free port, against a fresh database on TEST_DATABASE_URL's server.
//
// Env: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), E2E_REBUILD=1 (rebuild every
// workspace first instead of only the missing ones), E2E_REDIS_URL (run the stack with Redis; default in-process),
// E2E_AUTH_RATE_LIMIT_MULTIPLIER (default 0: the api's auth rate limits are off for the shared stack).
// The stack's output goes to e2e/test-results/stack.log (and to the console with E2E_STACK_OUTPUT=1).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScriptedLlm } from '../api/src/modules/assistant/scripted-llm.test-helper';
import { startFakeTwilio } from '../api/src/modules/messaging/fake-twilio.test-helper';
import { BUILD_OUTPUTS } from '../proxy/scripts/lib/workspaces.mjs';
import { freePort, psql, repoRoot, STACK_ENV, testDatabaseUrl } from './support/stack';

const READY_TIMEOUT_MS = 240_000;
/** Set by the outer environment but not wanted in the stack under test: it must not depend on the shell. */
const NOT_INHERITED =
  /^(REDIS_URL|REDIS_KEY_PREFIX|SUPABASE_.*|GOOGLE_.*|GITHUB_.*|SMTP_URL|INTERNAL_TOKEN|PUBLIC_ORIGIN|HOST)$/;

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function buildMissing(): Promise<void> {
  const rebuild = process.env.E2E_REBUILD === '1';
  for (const { workspace, output } of BUILD_OUTPUTS) {
    if (!rebuild && fs.existsSync(path.join(repoRoot, output))) continue;
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8'));
    if (!manifest.scripts?.build) {
      console.warn(`[e2e] ${workspace} has no build script: ${output} stays missing`);
      continue;
    }
    console.log(`[e2e] npm run build -w ${workspace}`);
    if ((await run('npm', ['run', 'build', '-w', workspace])) !== 0) {
      throw new Error(`[e2e] npm run build -w ${workspace} failed; the stack cannot start`);
    }
  }
}

export default async function globalSetup(): Promise<void> {
  await buildMissing();

  const databaseName = `bb_e2e_${crypto.randomBytes(5).toString('hex')}`;
  await psql(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(testDatabaseUrl());
  databaseUrl.pathname = `/${databaseName}`;

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-e2e-'));
  const logFile = path.join(repoRoot, 'e2e', 'test-results', 'stack.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);

  // The assistant's model: a scripted OpenAI-compatible server the assistant journey tells what to answer.
  const llm = await startScriptedLlm();
  (globalThis as { __barberlyLlm?: typeof llm }).__barberlyLlm = llm;
  process.env[STACK_ENV.llmUrl] = llm.url;

  // Text reminders (issue 15): a local Twilio (signed webhooks and all) the stack sends through.
  const twilio = await startFakeTwilio();
  (globalThis as { __barberlyTwilio?: typeof twilio }).__barberlyTwilio = twilio;
  process.env[STACK_ENV.twilioUrl] = twilio.url;

  // Custom domains (issue 16): the api's checks ask a DNS server on this port, which the journey starts itself.
  const dnsPort = await freePort();
  process.env[STACK_ENV.dnsPort] = String(dnsPort);

  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!NOT_INHERITED.test(key)) env[key] = value;
  Object.assign(env, {
    PORT: String(port),
    APP_DOMAIN: 'localhost',
    DATABASE_URL: databaseUrl.toString(),
    BARBERLY_DATA_DIR: dataDir,
    NO_COLOR: '1',
    // Every journey signs up from 127.0.0.1: the per-address auth limits (10 sign-ups a minute) would fail the
    // suite, not test it. A spec about rate limits starts its own stack with them on.
    AUTH_RATE_LIMIT_MULTIPLIER: process.env.E2E_AUTH_RATE_LIMIT_MULTIPLIER ?? '0',
    LLM_BASE_URL: llm.url,
    DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_WHATSAPP_FROM: twilio.whatsappFrom,
    TWILIO_API_URL: twilio.url,
    LLM_MODEL: 'scripted-e2e',
    ...(process.env.E2E_REDIS_URL
      ? { REDIS_URL: process.env.E2E_REDIS_URL, REDIS_KEY_PREFIX: `${databaseName}:` }
      : {}),
  });

  const launcher = spawn(process.execPath, [path.join(repoRoot, 'proxy/scripts/start.mjs')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
    if (process.env.E2E_STACK_OUTPUT === '1') process.stdout.write(chunk);
  };
  launcher.stdout.on('data', collect);
  launcher.stderr.on('data', collect);

  process.env[STACK_ENV.baseUrl] = `http://localhost:${port}`;
  process.env[STACK_ENV.port] = String(port);
  process.env[STACK_ENV.launcherPid] = String(launcher.pid);
  process.env[STACK_ENV.databaseName] = databaseName;
  process.env[STACK_ENV.dataDir] = dataDir;
  process.env[STACK_ENV.logFile] = logFile;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      launcher.kill('SIGTERM');
      reject(new Error(`[e2e] the stack was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`));
    }, READY_TIMEOUT_MS);
    const onData = () => {
      if (/^Barberly is ready: /m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    launcher.stdout.on('data', onData);
    launcher.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] the launcher exited (code ${code}) before the stack was ready:\n${output.slice(-4000)}`));
    });
  });
  console.log(
    `[e2e] stack ready at http://localhost:${port} (database ${databaseName}, log ${path.relative(repoRoot, logFile)})`,
  );
}
