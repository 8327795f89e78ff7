#!/usr/bin/env node
// The import rules of docs/architecture.md (issue 24, decision 0179): no import circle, and the api's layers depend
// one way (platform → shops and people → appointment lifecycle → listeners and features). The rules are in
// .dependency-cruiser.cjs; dependency-cruiser 17 checks them.
//
//   node scripts/check-architecture.mjs             fails (exit 1) on a violation not in the known list
//   node scripts/check-architecture.mjs --baseline  rewrites .dependency-cruiser-known-violations.json
//
// Why the detour through esbuild: TypeScript 7 (the repo's compiler) has no JS API, and dependency-cruiser 17 reads
// .ts/.tsx only through it. So each source file is first transpiled by esbuild to a .js file at the same relative
// path in a temporary folder, keeping every import (verbatimModuleSyntax; `import type` is kept as a bare import),
// and dependency-cruiser reads those.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { transform } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const config = require(path.join(root, '.dependency-cruiser.cjs'));
const KNOWN = path.join(root, '.dependency-cruiser-known-violations.json');
const SOURCES = ['api/src', 'common/src', 'admin/src', 'proxy/src', 'storefront'];
const SKIP = /(^|\/)(node_modules|dist|\.data|test-results|playwright-report)(\/|$)|\.d\.ts$/;
/** Our workspace packages, by import name: the file each resolves to. */
const PACKAGES = { '@barberly/common/server': 'common/src/server/index', '@barberly/common': 'common/src/index' };

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) yield* sourceFiles(rel);
    else if (/\.(ts|tsx|mts|js|mjs|jsx)$/.test(entry.name)) yield rel;
  }
}

/** esbuild's output for one file, with our packages' names turned into relative paths (no node_modules needed). */
async function transpile(rel) {
  // A type-only import is kept as a bare import: a circle through types is still a circle (madge counts them too),
  // and a layer may not lean on the types of a layer above it.
  const source = fs
    .readFileSync(path.join(root, rel), 'utf8')
    .replace(/^(import|export)\s+type\s+[^;]*?\s+from\s+(['"][^'"]+['"]);?/gms, 'import $2;');
  const ext = path.extname(rel).slice(1);
  const { code } = await transform(source, {
    loader: ext === 'tsx' ? 'tsx' : ext === 'jsx' ? 'jsx' : ext === 'js' || ext === 'mjs' ? 'js' : 'ts',
    format: 'esm',
    jsx: 'automatic',
    sourcefile: rel,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  return code.replace(/(from\s*|import\s*\(?\s*)(['"])(@barberly\/common(?:\/server)?)\2/g, (_m, lead, quote, name) => {
    let target = path.relative(path.dirname(rel), PACKAGES[name]);
    if (!target.startsWith('.')) target = `./${target}`;
    return `${lead}${quote}${target}.js${quote}`;
  });
}

export async function checkArchitecture({ baseline = false } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'barberly-architecture-'));
  try {
    const files = SOURCES.flatMap((dir) => [...sourceFiles(dir)]);
    await Promise.all(
      files.map(async (rel) => {
        const out = path.join(tmp, rel.replace(/\.(ts|tsx|mts|jsx)$/, '.js'));
        const code = await transpile(rel);
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, code);
      }),
    );
    const known = !baseline && fs.existsSync(KNOWN) ? JSON.parse(fs.readFileSync(KNOWN, 'utf8')) : undefined;
    const options = {
      ...config.options,
      baseDir: tmp,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      ...(known ? { knownViolations: known } : {}),
    };
    const result = await cruise(SOURCES, options, { extensions: ['.js', '.mjs', '.json'] });
    const output = result.output;
    const violations = output.summary.violations.filter((v) => v.rule.severity === 'error');
    if (baseline) {
      const list = output.summary.violations.map(({ type, from, to, rule, cycle }) => ({
        type,
        from,
        to,
        rule,
        ...(cycle ? { cycle } : {}),
      }));
      fs.writeFileSync(KNOWN, `${JSON.stringify(list, null, 2)}\n`);
    }
    return { modules: output.summary.totalCruised, violations, known: known?.length ?? 0 };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const describe = (v) =>
  v.rule.name === 'no-circular'
    ? `${v.rule.name}: ${[v.from, ...(v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name))].join(' → ')}`
    : `${v.rule.name}: ${v.from} → ${v.to}`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const baseline = process.argv.includes('--baseline');
  const { modules, violations, known } = await checkArchitecture({ baseline });
  const original = (s) => s.replace(/\.js$/, '');
  if (baseline) {
    console.log(`${modules} files read; known violations written to ${path.relative(root, KNOWN)}`);
  } else if (violations.length) {
    for (const v of violations) console.error(`✗ ${original(describe(v))}`);
    console.error(
      `${violations.length} new import violation(s) (${known} known ones are listed apart); see docs/architecture.md`,
    );
    process.exit(1);
  } else {
    console.log(`✓ ${modules} files: no new import circle or upward import (${known} known, listed to be paid off)`);
  }
}
