import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const SANDBOX_PORT = PORT + 100;
// A known port, so that the tests can reach the server's database (tests/staff-members.ts); below the
// ephemeral range (32768 and up), so no socket another process opened can be holding it.
const DB_PORT = PORT + 20_000;
export const BASE_URL = `http://localhost:${PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const E2E_DATABASE_URL =
  process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${DB_PORT}/postgres?sslmode=disable`;
const dataDir = join(tmpdir(), `selfcare-e2e-${PORT}`);
const LIGHTHOUSE = /lighthouse\.spec\.ts$/;
/** Tests that move the sandbox clock, which every other test's MVNE and bank read. */
const CLOCK = /\.clock\.spec\.ts$/;

const chromium = {
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
};

export default defineConfig({
  testDir: './tests',
  // A journey that takes 20 s on a quiet machine took 50-60 s when the 2-core machine was loaded:
  // the limit leaves room for that, and the longest journeys set their own.
  timeout: 120_000,
  // A page that shows in 1-2 s on a quiet machine took over 10 s at a load average of 18: the wait
  // for what a customer would see leaves room for that (a pass costs no more for it).
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // Two, one a core: four put the load average at 20 on a 2-core machine and let a page's 10 s
  // expectation lapse, for 21 min against 27.
  workers: 2,
  // A retry would pass a test that fails now and then, and hide the flake it should show.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    // A trace records every step's page and screen, a third of what the browser spends on a journey;
    // CI keeps no files, so traces are asked for when wanted: E2E_TRACE=1 npm run test:e2e.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // As a reader who asked for less motion: a modal or a notice shows at once instead of over 200 ms
    // of frames the 2 cores would draw, and the journeys check that this reader's portal works.
    reducedMotion: 'reduce',
    // Without the portal's service worker (ADR 0057): a journey's routes and the pages' requests are
    // the network's, as Playwright routes them; installable.spec.ts runs with it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [LIGHTHOUSE, CLOCK],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // At a phone's width, the journeys tagged @phone: those whose pages change shape there (the bottom
    // navigation, tables as cards, the camera, the wizard), and one that opens every other page a
    // customer with lines has for its layout and axe. The rest go through the same pages and API as on
    // the desktop: twice cost 9 minutes of 19.
    {
      name: 'mobile',
      grep: /@phone/,
      testIgnore: [LIGHTHOUSE, CLOCK],
      // With the transitions most readers see: the journeys at a phone's width keep their motion.
      use: { ...devices['Pixel 7'], launchOptions: chromium, reducedMotion: 'no-preference' },
    },
    // A measurement, not a test: `npm run bench` runs it alone on a server that has just started
    // (scripts/bench-lighthouse.ts), since Lighthouse times the page's tasks, which other tests and
    // the jobs their customers leave running would slow.
    { name: 'lighthouse', testMatch: LIGHTHOUSE },
    // On a server of its own (one worker), away from the journeys: once the sandbox clock has moved to
    // the 1st, the MVNE would start what a journey buys on a day the portal has not reached.
    {
      name: 'clock',
      testMatch: CLOCK,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx scripts/start.ts`,
    cwd: '..',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      SANDBOX_PORT: String(SANDBOX_PORT),
      SANDBOX_SMTP_PORT: String(PORT - 700),
      MOCKPASS_PORT: String(PORT + 200),
      EMBEDDED_DB_PORT: String(DB_PORT),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '2000',
      RATE_LIMIT_MAX: '5000',
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
    },
  },
});
