import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, feesOf, SANDBOX_SECRETS } from './config.ts';
import { loadConfig, MODULE_SETTINGS } from './load-config.ts';

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it("reads a module's own settings as the platform's, under the same names and defaults", () => {
    expect(loadConfig({}).BILLS_SHOWN).toBe(12);
    expect(loadConfig({ BILLS_SHOWN: '6' }).BILLS_SHOWN).toBe(6);
    expect(() => loadConfig({ BILLS_SHOWN: '0' })).toThrow(/BILLS_SHOWN/);
    expect(() => loadConfig({ ADMIN_FEE_CENTS: 'free' })).toThrow(/ADMIN_FEE_CENTS/);
  });

  it('answers the fees the modules declare, under their names, and refuses a fee the web names that none declares', () => {
    const config = loadConfig({ ADMIN_FEE_CENTS: '1500', GST_PERCENT: '8' });
    expect(feesOf(config, MODULE_SETTINGS)).toMatchObject({
      adminCents: 1500,
      overdueNoticeCents: 1000,
      gstPercent: 8,
    });
    const { ADMIN_FEE_CENTS: _, ...withoutAdmin } = MODULE_SETTINGS;
    expect(() => feesOf(config, withoutAdmin)).toThrow(/adminCents/);
  });

  const PRODUCTION = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a'.repeat(32),
    OTP_SECRET: 'b'.repeat(32),
    MYINFO_PRIVATE_KEY_FILE: '/run/secrets/myinfo-key.pem',
    MYINFO_CERT_FILE: '/run/secrets/myinfo.crt',
    PAYMENTS_WEBHOOK_SECRET: 'c'.repeat(40),
    MVNE_WEBHOOK_SECRET: 'd'.repeat(40),
    MVNE_API_KEY: 'mvne-production-key',
    PAYMENTS_API_KEY: 'payments-production-key',
    SMS_API_KEY: 'sms-production-key',
    MYINFO_CLIENT_SECRET: 'e'.repeat(40),
    BANK_API_KEY: 'bank-production-key',
    BANK_WEBHOOK_SECRET: 'f'.repeat(40),
  };

  it("starts in production only with every secret and key set, none of them the sandbox's", () => {
    expect(loadConfig(PRODUCTION).NODE_ENV).toBe('production');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    for (const key of Object.keys(PRODUCTION).filter((k) => k !== 'NODE_ENV')) {
      expect(() => loadConfig({ ...PRODUCTION, [key]: undefined }), key).toThrow(
        new RegExp(`${key}: required in production`),
      );
    }
    for (const [key, value] of Object.entries(SANDBOX_SECRETS)) {
      expect(() => loadConfig({ ...PRODUCTION, [key]: value }), key).toThrow(
        new RegExp(`${key}: is the sandbox's value`),
      );
    }
    expect(() => loadConfig({ ...PRODUCTION, MVNE_WEBHOOK_SECRET: 'short-but-not-sandbox' })).toThrow(
      /MVNE_WEBHOOK_SECRET: must be at least 32 characters/,
    );
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        MYINFO_PRIVATE_KEY_FILE: '/app/node_modules/@opengovsg/mockpass/static/certs/key.pem',
      }),
    ).toThrow(/MYINFO_PRIVATE_KEY_FILE: is MockPass's demo key/);
    expect(() => loadConfig({ ...PRODUCTION, CLOCK_CONTROL: 'true' })).toThrow(
      /CLOCK_CONTROL: cannot be on in production/,
    );
  });

  it('keeps clock control off unless it is asked for', () => {
    expect(loadConfig({}).CLOCK_CONTROL).toBe(false);
    expect(loadConfig({ CLOCK_CONTROL: 'true' }).CLOCK_CONTROL).toBe(true);
  });

  it('believes forwarded addresses only from the proxies it names, never from every hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must name/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start the portal in production with the sandbox secrets, naming each', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        ...PRODUCTION,
        MVNE_WEBHOOK_SECRET: 'sandbox-mvne-webhook-secret',
        PAYMENTS_WEBHOOK_SECRET: 'sandbox-webhook-secret',
        PORT: '0',
        DATA_DIR: '/nonexistent/selfcare',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MVNE_WEBHOOK_SECRET: is the sandbox's value");
    expect(run.stderr).toContain("PAYMENTS_WEBHOOK_SECRET: is the sandbox's value");
    // Starting tsx and the config takes 1-2 s alone and past 7 s with both cores busy: the child's
    // own 30 s limit is the test's, not the unit tests' 5 s.
  }, 30_000);

  it('links to the port the portal listens on unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3900' }).PUBLIC_URL).toBe('http://localhost:3900');
    expect(loadConfig({ PORT: '3900', PUBLIC_URL: 'https://selfcare.example.sg' }).PUBLIC_URL).toBe(
      'https://selfcare.example.sg',
    );
  });

  it('uses Secure cookies except on plain localhost', () => {
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://selfcare.example.sg' }).COOKIE_SECURE).toBe(true);
  });
});
