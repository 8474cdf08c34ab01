import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The web app's tests need a DOM: they are the web project's.
          exclude: ['**/*.api.test.ts', 'apps/web/**', '**/node_modules/**'],
          // A limit catches a hang, not slowness: on a machine whose cores are busy with other work a
          // property test of 0.7 s took 7.7 s. Speed is the bench's to measure.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // happy-dom, not jsdom: jsdom's current releases need Node 22, and the project runs on 20.19.
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: {
              url: 'http://localhost:3000/',
              // A click the app leaves to the browser (another tab, a modifier key) must not load a page.
              settings: {
                navigation: {
                  disableMainFrameNavigation: true,
                  disableChildFrameNavigation: true,
                  disableChildPageNavigation: true,
                  disableFallbackToSetURL: true,
                },
              },
            },
          },
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/*/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Each worker runs its files one after another against a database, sandbox and MockPass of
          // its own (test/global-setup.ts), so that no file meets another's clock, faults or
          // throttling windows. One by default: with three (3 min against 6 quiet) the account
          // erasure test once found its number on another account of its worker's database, a
          // number the sandbox's pool had handed out again; API_TEST_WORKERS=3 runs them side by side.
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 1),
          // The files share one process and its loaded modules: importing the whole API afresh for each
          // of 70 files cost more than the tests themselves. Each file still builds its own app.
          isolate: false,
        },
      },
    ],
  },
});
