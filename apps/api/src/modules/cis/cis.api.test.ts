import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  otpFrom,
  signedInCustomer,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { fieldErrors, type Headers } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Headers) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const cisPlans = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/orders/offer', headers });
  return body<{ plans: { code: string; companyCode: string | null }[] }>(res)
    .data.plans.filter((p) => p.companyCode)
    .map((p) => p.companyCode);
};
let n = 0;
const workEmail = (domain: string) => `staff-${process.pid}-${Date.now()}-${++n}@${domain}`;

describe('CIS eligibility for a customer who already has a line (/profile/checkCIS)', () => {
  it('checks by company email; the corporate plans then appear for a plan change', async () => {
    const me = await signedInCustomer(t, { status: 2, activated: true });
    const corporate = async () =>
      body<{ plans: { code: string; corporate: boolean }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/plan-changes', headers: me.headers }),
      ).data.plans.filter((p) => p.corporate);
    expect(await corporate()).toEqual([]);
    const email = workEmail('orchidhealth.sg');
    const sent = await post('/api/v1/cis/checkCIS', { email }, me.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = otpFrom((await waitForMessage(email)).text);
    const right = await post('/api/v1/cis/checkOTP', { email, otp: code }, me.headers);
    expect(right.statusCode, right.body).toBe(200);
    expect((await corporate()).length).toBeGreaterThan(0);
  });

  it('is not open to a sub-line login', async () => {
    const sub = await signedInCustomer(t, { status: 2, activated: true, isMainLine: false });
    const res = await post('/api/v1/cis/checkCIS', { email: workEmail('orchidhealth.sg') }, sub.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('CIS eligibility by company email', () => {
  it("refuses an address whose domain is no scheme company's, and sends nothing", async () => {
    const me = await signedInCustomer(t);
    const email = workEmail('gmail.com');
    const res = await post('/api/v1/cis/checkCIS', { email }, me.headers);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('Not eligible for CIS');
    expect(fieldErrors(res).email).toBe('Not eligible for CIS');
    expect(await cisPlans(me.headers)).toEqual([]);
  });

  it("sends a code to the company address; the right code unlocks that company's plans", async () => {
    const me = await signedInCustomer(t);
    expect(await cisPlans(me.headers)).toEqual([]);
    const email = workEmail('OrchidHealth.sg');
    const sent = await post('/api/v1/cis/checkCIS', { email }, me.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(body(sent).message).toBe(OrderMessages.cisCodeSent);
    const mail = await waitForMessage(email.toLowerCase());
    expect(mail.text).toContain('Orchid Health Group corporate plans');
    const code = otpFrom(mail.text);

    // Sooner than a minute, no second code.
    const again = await post('/api/v1/cis/checkCIS', { email }, me.headers);
    expect(again.statusCode).toBe(429);

    const wrong = await post(
      '/api/v1/cis/checkOTP',
      { email, otp: code === '000000' ? '111111' : '000000' },
      me.headers,
    );
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toBe('Invalid OTP');
    expect(await cisPlans(me.headers)).toEqual([]);

    const right = await post('/api/v1/cis/checkOTP', { email, otp: code }, me.headers);
    expect(right.statusCode, right.body).toBe(200);
    expect(body(right).message).toBe(OrderMessages.cisEligible('Orchid Health Group'));
    expect(body<{ company: { code: string } }>(right).data.company.code).toBe('ORCHID');
    // Seen at once, though sessions are cached.
    expect(await cisPlans(me.headers)).toEqual(['ORCHID']);

    // A code works once.
    const reused = await post('/api/v1/cis/checkOTP', { email, otp: code }, me.headers);
    expect(reused.statusCode).toBe(422);
  });

  it("does not accept another customer's code", async () => {
    const owner = await signedInCustomer(t);
    const other = await signedInCustomer(t);
    const email = workEmail('acme.com.sg');
    expect((await post('/api/v1/cis/checkCIS', { email }, owner.headers)).statusCode).toBe(200);
    const code = otpFrom((await waitForMessage(email)).text);
    const res = await post('/api/v1/cis/checkOTP', { email, otp: code }, other.headers);
    expect(res.statusCode).toBe(422);
    expect(await cisPlans(other.headers)).toEqual([]);
  });

  it('voids the code after five wrong tries', async () => {
    const me = await signedInCustomer(t);
    const email = workEmail('acme.com.sg');
    await post('/api/v1/cis/checkCIS', { email }, me.headers);
    const code = otpFrom((await waitForMessage(email)).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/v1/cis/checkOTP', { email, otp: wrongCode }, me.headers)).statusCode).toBe(
        422,
      );
    const right = await post('/api/v1/cis/checkOTP', { email, otp: code }, me.headers);
    expect(right.statusCode).toBe(422);
    expect(body(right).message).toBe('Invalid OTP');
    expect(await cisPlans(me.headers)).toEqual([]);
  });

  it('checks input with the shared schema', async () => {
    const me = await signedInCustomer(t);
    const res = await post('/api/v1/cis/checkOTP', { email: 'not-an-email', otp: '12' }, me.headers);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(res))).toEqual(expect.arrayContaining(['email', 'otp']));
  });
});
