import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('requires real secrets in production and never allows clock control there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    // MyInfo in production signs its requests and encrypts what it answers: the keys are required.
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32), OTP_SECRET: 'b'.repeat(32) }),
    ).toThrow(/MYINFO_PRIVATE_KEY_FILE: required in production/);
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a'.repeat(32),
      OTP_SECRET: 'b'.repeat(32),
      MYINFO_PRIVATE_KEY_FILE: '/run/secrets/myinfo-key.pem',
      MYINFO_CERT_FILE: '/run/secrets/myinfo.crt',
      CLOCK_CONTROL: 'true',
    });
    expect(c.CLOCK_CONTROL).toBe(false);
    expect(c.COOKIE_SECURE).toBe(false);
  });

  it('uses Secure cookies except on plain localhost', () => {
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://selfcare.example.sg' }).COOKIE_SECURE).toBe(true);
  });
});
