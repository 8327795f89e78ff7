#!/usr/bin/env node
// `npm test`: every workspace's tests, then the end-to-end journeys. Keeps going past a failing workspace,
// prints a summary per workspace and, last, one plain line: `N passed, N failed` (tests, from the runners' JSON).
// Exits non-zero when anything failed.
//
//   npm test                       all of it
//   npm test -- api proxy          only these workspaces (e2e is one too)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRequirements } from './preflight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['common', 'api', 'proxy', 'storefront', 'admin', 'e2e'];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'barberly-test-'));

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !WORKSPACES.includes(name));
if (unknown.length) {
  console.error(`unknown workspace(s): ${unknown.join(', ')}; choose from ${WORKSPACES.join(', ')}`);
  process.exit(2);
}
const selected = requested.length ? WORKSPACES.filter((name) => requested.includes(name)) : WORKSPACES;

// Before anything starts: the programs and servers these workspaces' tests need (scripts/preflight.mjs).
const preflight = await checkRequirements({ workspaces: selected });
if (!preflight.ok) {
  console.error(preflight.line);
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.exit(1);
}
// The suite runs the very programs that were found (CADDY_BIN, NGINX_BIN, CHROMIUM_BIN, ...).
Object.assign(process.env, preflight.found);

function testScript(workspace) {
  const manifest = path.join(root, workspace, 'package.json');
  if (!fs.existsSync(manifest)) return undefined;
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.test;
}

function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** vitest's JSON reporter: numPassedTests / numFailedTests / numPendingTests + numTodoTests. */
function vitestCounts(report) {
  if (!report || typeof report.numTotalTests !== 'number') return undefined;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON reporter: stats.expected (passed), unexpected (failed), flaky, skipped. */
function playwrightCounts(report) {
  const stats = report?.stats;
  if (!stats || typeof stats.expected !== 'number') return undefined;
  return {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
  };
}

const results = [];
for (const workspace of selected) {
  const script = testScript(workspace);
  if (!script) {
    results.push({ workspace, status: 'no test script', passed: 0, failed: 0, skipped: 0, ms: 0 });
    continue;
  }
  const reportFile = path.join(reportDir, `${workspace}.json`);
  const started = Date.now();
  console.log(`\n━━━ ${workspace}: npm run test ━━━`);
  let code;
  let counts;
  if (workspace === 'e2e' || script.includes('playwright')) {
    code = await run(['run', 'test', '-w', workspace], { PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile });
    counts = playwrightCounts(readJson(reportFile));
  } else if (script.includes('vitest')) {
    code = await run(
      [
        'run',
        'test',
        '-w',
        workspace,
        '--',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      {},
    );
    counts = vitestCounts(readJson(reportFile));
  } else {
    code = await run(['run', 'test', '-w', workspace], {});
  }
  const ms = Date.now() - started;
  if (!counts) {
    // No report (the runner crashed, found no tests, or is not one we parse): the workspace counts as one result.
    counts = code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  } else if (code !== 0 && counts.failed === 0) {
    // Every test passed but the run failed anyway (an unhandled error, a failing hook): that is a failure too.
    counts = { ...counts, failed: 1 };
  }
  results.push({ workspace, status: code === 0 ? 'ok' : `FAILED (exit ${code})`, ...counts, ms });
}

fs.rmSync(reportDir, { recursive: true, force: true });

console.log('\n━━━ summary ━━━');
for (const r of results) {
  const seconds = `${(r.ms / 1000).toFixed(1)} s`;
  console.log(
    `${r.workspace.padEnd(11)} ${r.status.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${seconds}${r.flaky ? `  (${r.flaky} passed only on retry: flaky)` : ''}`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
