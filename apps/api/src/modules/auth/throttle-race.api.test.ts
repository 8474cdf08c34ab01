import { Messages, OTP_MAX_ATTEMPTS } from '@selfcare/domain';
import { FulfilmentMessages } from '@selfcare/domain/fulfilment';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  type InboxMessage,
  messagesFor,
  otpFrom,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  uniqueCustomer,
  waitForMessage,
} from '../../test/harness.ts';
import { settledJobs } from '../../test/jobs.ts';
import { createStaff, STAFF_PASSWORD, type TestStaff, totp } from '../../test/staff.ts';

/**
 * The attacks of the security test, as an attacker sends them: bursts of concurrent guesses, and
 * guesses from one address meant to lock the owner out everywhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Each test signs in from addresses of its own, so the per-address limits of one
// test (and of the other test files, which use 127.0.0.1) never meet another's.
let net = 0;
const addresses = () => {
  net += 1;
  return (host: number) => `10.${net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
};

const signIn = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress });
const staffSignIn = (staff: TestStaff, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/auth/login',
    payload: { email: staff.email, password: STAFF_PASSWORD, code },
    remoteAddress,
  });

const statuses = (answers: LightMyRequestResponse[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
};
const isAlert = (m: InboxMessage) => /tried to sign in/i.test(m.text);
/**
 * The alerts `to` received, once every message the sign-ins queued for it has gone out: a second
 * alert, had one been queued, is in the inbox by then.
 */
async function alertsFor(to: string): Promise<InboxMessage[]> {
  await waitForMessage(to, isAlert);
  await settledJobs(t, to);
  return (await messagesFor(to)).filter(isAlert);
}

describe('password guessing in concurrent bursts', () => {
  it('checks at most 5 of 30 simultaneous guesses from one client, and that client stays locked', async () => {
    const customer = await signedInCustomer(t);
    const from = addresses()(1);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn({ email: customer.email, password: `Wrong#Pass${i}` }, from),
      ),
    );
    // Exactly five are checked: the limit is taken before the password is looked at.
    expect(statuses(answers)).toEqual({ 401: 5, 429: 25 });
    for (const a of answers.filter((x) => x.statusCode === 401))
      expect(body(a).message).toBe(Messages.invalidLogin);
    const right = await signIn({ email: customer.email, password: TEST_PASSWORD }, from);
    expect(right.statusCode).toBe(429);
    expect(body(right).message).toMatch(/Too many attempts/);
  });

  it('bounds guessing spread over many addresses at 50 for the account', async () => {
    const customer = await signedInCustomer(t);
    const at = addresses();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn({ email: customer.email, password: `Wrong#Pass${i}` }, at(i)),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 50, 429: 10 });
    // The owner hears of it once, however many tried.
    expect(await alertsFor(customer.email)).toHaveLength(1);
  });
});

describe('OTP guessing in a concurrent burst', () => {
  it('checks at most 5 guesses of one code, however many arrive at once; the right code then fails', async () => {
    const customer = await signedInCustomer(t);
    const at = addresses();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/getOTPLogin',
      payload: { phoneNumber: customer.phoneNumber, method: 1 },
      remoteAddress: at(0),
    });
    expect(sent.statusCode).toBe(200);
    const code = otpFrom((await waitForMessage(`+65${customer.phoneNumber}`)).text);
    // Thirty different wrong codes, each from its own address so that only the code's own limit
    // stands between the attacker and the code.
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn({ phoneNumber: customer.phoneNumber, otp: wrong(i) }, at(i + 1)),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 30 });
    const { rows } = await t.ctx.database.pool.query<{ attempts: number; consumed: boolean }>(
      `SELECT attempts, consumed_at IS NOT NULL AS consumed FROM otp_codes
        WHERE phone_number = $1 ORDER BY created_at DESC LIMIT 1`,
      [customer.phoneNumber],
    );
    expect(rows[0]?.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(rows[0]?.consumed).toBe(true);
    const right = await signIn({ phoneNumber: customer.phoneNumber, otp: code }, at(40));
    expect(right.statusCode).toBe(401);
    expect(body(right).message).toBe(Messages.otpIncorrect);
  });
});

describe('lockout from another client', () => {
  it("does not lock the owner out: the right password from the owner's address works, and the owner is told once", async () => {
    const customer = await signedInCustomer(t);
    const at = addresses();
    const attacker = at(1);
    for (let i = 0; i < 5; i++) {
      const res = await signIn({ email: customer.email, password: `Wrong#Pass${i}` }, attacker);
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn({ email: customer.email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(429);
    const owner = await signIn({ email: customer.email, password: TEST_PASSWORD }, at(2));
    expect(owner.statusCode, owner.body).toBe(200);
    // A second attacker within the same quarter of an hour adds no second alert.
    for (let i = 0; i < 5; i++) await signIn({ email: customer.email, password: `Other#Pass${i}` }, at(3));

    const alerts = await alertsFor(customer.email);
    expect(alerts).toHaveLength(1);
    const [alert] = alerts as [InboxMessage];
    expect(alert.text).toContain(attacker);
    expect(alert.text).toMatch(/\d{1,2}:\d{2}/);
    expect(alert.text).toContain('/forgotPassword');
  });

  it('tells a customer without email by SMS', async () => {
    const c = uniqueCustomer();
    const now = new Date();
    await t.ctx.database.db.insert(users).values({
      phoneNumber: c.phoneNumber,
      firstName: 'Sub',
      lastName: 'Line',
      isMainLine: false,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const attacker = addresses()(1);
    for (let i = 0; i < 5; i++)
      expect(
        (await signIn({ phoneNumber: c.phoneNumber, otp: String(100000 + i) }, attacker)).statusCode,
      ).toBe(401);
    const alerts = await alertsFor(`+65${c.phoneNumber}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(attacker);
  });

  it('does not lock a staff member out from another address, and emails them', async () => {
    const staff = await createStaff(t, 'agent');
    const at = addresses();
    const attacker = at(1);
    for (let i = 0; i < 5; i++) {
      const res = await staffSignIn(staff, '000000', attacker);
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(FulfilmentMessages.staffLoginInvalid);
    }
    expect((await staffSignIn(staff, await totp(staff.secret), attacker)).statusCode).toBe(429);
    const owner = await staffSignIn(staff, await totp(staff.secret), at(2));
    expect(owner.statusCode, owner.body).toBe(200);
    const alerts = await alertsFor(staff.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(attacker);
  });

  it('checks at most 5 of 30 simultaneous staff guesses from one client', async () => {
    const staff = await createStaff(t, 'agent');
    const from = addresses()(1);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => staffSignIn(staff, String(100000 + i), from)),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 25 });
  });
});
