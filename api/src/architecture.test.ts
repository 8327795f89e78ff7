import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * Issue 24: the import rules of docs/architecture.md (.dependency-cruiser.cjs) hold for the whole repository: no
 * import circle, and the api's layers depend one way. A new violation fails here, in `npm test`; the known ones
 * (.dependency-cruiser-known-violations.json) may only go.
 */
it('no new import circle or upward import (dependency-cruiser)', async () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const run = promisify(execFile);
  const result = await run(process.execPath, [path.join(root, 'scripts/check-architecture.mjs')], { cwd: root }).catch(
    (err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? 'failed' }),
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(/no new import circle or upward import/);
}, 120_000);
