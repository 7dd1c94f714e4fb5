import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { PRODUCTION } from './test/production/settings';

const PORT = PRODUCTION.port;

/**
 * The production journey (`npm run test:e2e:production`, in .ci/run's PostgreSQL run): Escale in
 * production mode on an empty PostgreSQL database, as an operator puts it live — no demo world, mail
 * through SMTP (test/production/mail-sink.ts), single sign-on through an outside provider
 * (test/production/identity-provider.ts). The operator tool runs beside the server on the same database.
 */
export default defineConfig({
  ...base,
  testDir: 'test/production',
  globalSetup: './test/production/global-setup.ts',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    command: 'node --import tsx test/production/reset-database.ts && node --import tsx src/server/main.ts',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: PRODUCTION.databaseUrl,
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${PRODUCTION.smtpPort}`,
      LOG_LEVEL: 'warn',
      SUPPLIER_LATENCY_MS: '0',
    },
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
