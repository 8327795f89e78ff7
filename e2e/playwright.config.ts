import { defineConfig, devices } from '@playwright/test';

// global-setup starts the stack on a free port and publishes its address in E2E_BASE_URL before any worker starts;
// workers load this file again with that variable set.
const baseURL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // 2 shared cores: the stack (api, storefront, proxy, Postgres) needs one of them.
  workers: process.env.CI ? 1 : 2,
  fullyParallel: false,
  // One retry on CI: a red run costs the whole submission. scripts/test.mjs prints how many needed it ("flaky"),
  // so a test that only passes the second time is visible, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/report.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    navigationTimeout: 45_000,
    actionTimeout: 20_000,
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      // The apt package; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
