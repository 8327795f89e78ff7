import { execFile } from 'node:child_process';
import fs from 'node:fs';
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

/** Files that write appointment rows, found by what a write looks like (SQL, or TypeORM on the entity). */
function appointmentWriters(dir: string, root: string): string[] {
  const writes = [
    /(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"appointments"/i,
    /getRepository\(AppointmentEntity\)\s*\.\s*(save|insert|update|delete|remove|upsert)\(/,
  ];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...appointmentWriters(file, root));
    else if (/\.ts$/.test(entry.name) && !/\.test(-helper)?\.ts$/.test(entry.name)) {
      const text = fs.readFileSync(file, 'utf8');
      if (writes.some((w) => w.test(text))) found.push(path.relative(root, file));
    }
  }
  return found;
}

it('only the appointment lifecycle writes appointment rows (migrations aside)', () => {
  const src = path.dirname(fileURLToPath(import.meta.url));
  const writers = appointmentWriters(path.join(src, 'modules'), src);
  // book.ts saves through a repository it names `repo`: the lifecycle's files are listed by the folder.
  expect(writers.filter((file) => !file.startsWith('modules/appointments/lifecycle/'))).toEqual([]);
  expect(writers.length).toBeGreaterThan(0);
});
