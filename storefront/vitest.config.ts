import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['lib/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts', 'components/**/*.test.tsx'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
