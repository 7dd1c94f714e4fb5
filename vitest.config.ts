import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Three projects: web (jsdom components), unit (node, pure logic), api (node, real database).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/web/**/*.test.{ts,tsx}'],
            setupFiles: ['test/setup-web.ts'],
            // testing-library waits up to 5 s (setup-web.ts): a test must outlast its own waits on a busy 2-core machine.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/contract/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            environment: 'node',
            include: ['src/server/**/*.test.ts', 'test/security/**/*.test.ts'],
            exclude: ['src/server/**/*.unit.test.ts'],
            globalSetup: ['test/api-global-setup.ts'],
            testTimeout: 20_000,
            hookTimeout: 60_000,
            maxWorkers: 2,
          },
        },
      ],
    },
  }),
);
