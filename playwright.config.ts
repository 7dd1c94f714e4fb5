import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Journeys run in Debian's Chromium against the real server on a throw-away PGlite database.
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test.only left in a commit would skip every other journey on CI.
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    serviceWorkers: 'block',
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .test-data/e2e-${PORT} && node --import tsx src/server/main.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.test-data/e2e-${PORT}`,
      LOG_LEVEL: 'warn',
      SUPPLIER_LATENCY_MS: '0',
      TICKETING_START_MS: '2000',
      TICKETING_ISSUE_MS: '3000',
      TEST_CLOCK: '1',
    },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
