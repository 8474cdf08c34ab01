import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogs } from './apps/web/catalog-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const webTests = readdirSync(`${root}apps/web/src`, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `apps/web/src/${f}`);
/** What makes a test file need modules of its own: it replaces one, resets them, or says so. */
const OWN_MODULES = /\bvi\.(?:do)?[mM]ock\b|\bvi\.(?:resetModules|stubEnv)\b|@own-modules/;
const needsOwnModules = (f: string) => OWN_MODULES.test(readFileSync(`${root}${f}`, 'utf8'));
/** The web test files that need modules of their own. */
const ownModules = webTests.filter(needsOwnModules);
// The unit project shares its modules with no exception: a file there that needs its own stops the run.
const unitOwn = ['packages', 'apps/api/src', 'apps/sandbox/src', 'scripts']
  .flatMap((dir) =>
    readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.ts$/.test(f) && !f.endsWith('.api.test.ts') && !f.includes('node_modules'))
      .map((f) => `${dir}/${f}`),
  )
  .filter(needsOwnModules);
if (unitOwn.length > 0)
  throw new Error(
    `These unit tests replace or reset modules, which the unit project shares: ${unitOwn.join(', ')}`,
  );

/** The web app's tests: a DOM (happy-dom) and the setup file. */
const webTest = {
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
  // Both cores (Vitest's default leaves one free).
  maxWorkers: '100%',
} as const;

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
          maxWorkers: '100%',
          // Pure functions and the sandbox's parts: no file replaces a module, so they share them (10 s
          // against 24 isolated).
          isolate: false,
        },
      },
      // Files that share their modules run one after another in one process a worker; importing React,
      // Mantine and the app afresh for each file cost more than their tests.
      {
        plugins: [catalogs()],
        test: { ...webTest, name: 'web', exclude: [...ownModules, '**/node_modules/**'], isolate: false },
      },
      // Files that replace a module (vi.mock) or read the texts before a feature adds its own need a
      // module registry of their own: shared, a mock would miss a module already loaded.
      { plugins: [catalogs()], test: { ...webTest, name: 'web-own-modules', include: ownModules } },
      {
        test: {
          name: 'api',
          include: ['apps/*/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Each worker runs its files one after another against a database, sandbox and MockPass of
          // its own (test/global-setup.ts), so that no file meets another's clock, faults or
          // throttling windows. Three, for 2.3 min against 6 on one: a third process keeps both cores busy
          // while the others wait on their databases; API_TEST_WORKERS sets another number.
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 3),
          // The files share one process and its loaded modules: importing the whole API afresh for each
          // of 70 files cost more than the tests themselves. Each file still builds its own app.
          isolate: false,
        },
      },
    ],
  },
});
