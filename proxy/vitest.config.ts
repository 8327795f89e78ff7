import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // ../ops: the production topology tests (nginx, docker compose, rolling restart), which have no workspace.
    // ../scripts: npm test's own preflight (scripts/preflight.mjs).
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', '../ops/**/*.test.ts', '../scripts/**/*.test.mjs'],
    // The launcher tests start real PostgreSQL and child processes: one file at a time on these 2 cores.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
