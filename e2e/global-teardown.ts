// Stops the stack global-setup started (the launcher stops its services itself) and drops the test database.
import fs from 'node:fs';
import { psql, STACK_ENV } from './support/stack';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopLauncher(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  // The launcher gives its services 10 s before it kills them; allow a little more, then insist.
  for (let waited = 0; alive(pid); waited += 100) {
    if (waited >= 20_000) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env[STACK_ENV.launcherPid]);
  if (Number.isInteger(pid) && pid > 0) await stopLauncher(pid);
  await (globalThis as { __barberlyLlm?: { close(): Promise<void> } }).__barberlyLlm?.close();
  await (globalThis as { __barberlyTwilio?: { close(): Promise<void> } }).__barberlyTwilio?.close();

  const databaseName = process.env[STACK_ENV.databaseName];
  if (databaseName && /^bb_e2e_[0-9a-f]+$/.test(databaseName)) {
    await psql(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }
  const dataDir = process.env[STACK_ENV.dataDir];
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
