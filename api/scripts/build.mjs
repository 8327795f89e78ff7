// Bundles the api into dist/main.js, dist/worker.js, dist/migrate.js and dist/rotate-auth-key.js: our workspace code
// (including @barberly/common, which is TS source) is bundled; every other package stays a runtime import from
// node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@barberly/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    // The durable queue's jobs apart from the HTTP processes (decision 0174).
    worker: 'src/worker.ts',
    migrate: 'src/platform/db/migrate.ts',
    'rotate-auth-key': 'src/modules/auth/rotate-key.ts',
    // npm run db:backup / db:restore, and the compose backup service (issue 30).
    backup: 'src/platform/backup/backup-cli.ts',
    restore: 'src/platform/backup/restore-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
