/**
 * Bundles server/*.ts (and @barberly/common, which is TypeScript source) into dist/storefront-server.mjs and
 * writes dist/start.mjs, which runs it as its own process (the proxy may instead import the bundle and call
 * startStorefront in its own process). Everything else stays an import from node_modules, so vike/server is the same module
 * instance that Vike's own build (dist/server/entry.mjs) registers the pages with.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [join(root, 'server/main.ts')],
  outfile: join(root, 'dist/storefront-server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { __STOREFRONT_BUNDLE__: 'true' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@barberly/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// React and Vike pick their production builds from NODE_ENV when first imported: set it before any import runs.
await writeFile(
  join(root, 'dist/start.mjs'),
  `process.env.NODE_ENV ??= 'production';\nconst { runStorefrontProcess } = await import('./storefront-server.mjs');\nawait runStorefrontProcess();\n`,
);
