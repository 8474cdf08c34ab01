import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  createTestApp,
  otpFrom,
  signedInCustomer,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';

/**
 * The corporate plan code's email, sent to a company address, is written in the language of the
 * customer who asked for it (ADR 0055); one who chose nothing reads today's English.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const workEmail = () => `staff-${process.pid}-${Date.now()}-${++n}@orchidhealth.sg`;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const check = (c: Customer, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cis/checkCIS', headers: c.headers, payload });

describe('the corporate plan code email', () => {
  it('is written in Malay to a customer who chose Malay, and its code works', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const chose = await chooseLanguage(t, c.headers, 'ms');
    expect(chose.statusCode).toBe(200);
    const email = workEmail();
    expect((await check(c, { email })).statusCode).toBe(200);
    const mail = await waitForMessage(email, (m) => m.subject === 'Kod pelan korporat Selfcare Mobile anda');
    expect(mail.text).toMatch(
      /^Hai Test,\n\nAnda meminta untuk menyemak kelayakan anda bagi pelan korporat .+ dengan alamat e-mel ini\. Kod anda ialah \d{6}\. Kod ini tamat tempoh dalam 5 minit\./,
    );
    expect(mail.html).toContain('<html lang="ms-SG">');
    expect(mail.text).toContain('Perlukan bantuan?');
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cis/checkOTP',
      headers: c.headers,
      payload: { email, otp: otpFrom(mail.text) },
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('stays in English for a customer who chose no language', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const email = workEmail();
    expect((await check(c, { email })).statusCode).toBe(200);
    const mail = await waitForMessage(email, (m) => m.subject === 'Your Selfcare Mobile corporate plan code');
    expect(mail.text).toMatch(
      /^Hi Test,\n\nYou asked to check your eligibility for the .+ corporate plans with this email address\. Your code is \d{6}\. It expires in 5 minutes\./,
    );
    expect(mail.html).toContain('<html lang="en-SG">');
  });
});
