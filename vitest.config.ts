import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/*/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // One embedded database serves every API test file; files run one after another so that
          // throttling windows and the shared clock are not disturbed by another file.
          fileParallelism: false,
        },
      },
    ],
  },
});
