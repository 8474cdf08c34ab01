import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const SANDBOX_PORT = PORT + 100;
export const BASE_URL = `http://localhost:${PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const dataDir = join(tmpdir(), `selfcare-e2e-${PORT}`);

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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium } },
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
      EMBEDDED_DB_PORT: '0',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '2000',
      RATE_LIMIT_MAX: '5000',
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
    },
  },
});
