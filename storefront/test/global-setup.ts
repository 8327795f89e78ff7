import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The render and cache tests run the production server (dist/start.mjs), as `npm start` does: build it once
 * per test run. STOREFRONT_SKIP_BUILD=1 reuses an existing build.
 */
export default function setup() {
  if (process.env.STOREFRONT_SKIP_BUILD === '1') return;
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  // The build script itself clears VITEST and forces a production build, so a test run gets the real thing.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
