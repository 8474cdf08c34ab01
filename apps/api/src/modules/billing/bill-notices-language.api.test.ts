import { formatBillMonth, formatSgDay, type Locale } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill, tokenFor } from '../../test/bills.ts';
import { createTestApp, type TestApp, waitForMessage } from '../../test/harness.ts';
import { startJobsDone } from '../../test/jobs.ts';

/**
 * A customer who chose their language (ADR 0055) is told of their bill in it, by email and by SMS:
 * a failed card deduction in Tamil, the overdue notice in Malay, a payment's receipt in Chinese; the
 * months and days as each language writes them, the amounts as they are.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof customerWithBill>>['c'];
const NO_FUNDS = '4000000000009995';

const choose = async (c: Customer, language: Locale) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/language',
    headers: c.headers,
    payload: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  // The worker's start-time card deduction would try this file's past bills if it ran after them.
  await startJobsDone(t, 'billing.deduct');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("billing's notices in the customer's language", () => {
  it('a failed card deduction, by email and SMS, in Tamil', async () => {
    const { c, bill } = await customerWithBill(t, 3130, { token: await tokenFor(NO_FUNDS) });
    await choose(c, 'ta');
    await t.ctx.deductions.run();
    const month = formatBillMonth(bill.month, 'ta');
    const retryOn = formatSgDay(sgDate(t.ctx.clock.now()), 'day', 'ta');
    const sms = await waitForMessage(`+65${c.phoneNumber}`, (m) => m.text.includes('கட்டண வசூல்'));
    expect(sms.text).toBe(
      `Selfcare Mobile: கட்டண வசூல் தோல்வியடைந்தது. ${month} பில் ${bill.number}: $31.30 தொகை 4242 இல் முடியும் VISA அட்டை மூலம் வசூலாகவில்லை. அட்டை விவரங்கள், இருப்பைச் சரிபார்க்கவும் அல்லது வேறு அட்டையை உபயோகிக்கவும். ${retryOn} அன்று மறுபடி முயல்வோம்; இப்போதே போர்ட்டலில் அட்டை அல்லது PayNow மூலமும் செலுத்தலாம்.`,
    );
    const mail = await waitForMessage(c.email, (m) => m.subject?.startsWith('கட்டண வசூல்') === true);
    expect(mail.subject).toBe(`கட்டண வசூல் தோல்வியடைந்தது: உங்கள் ${month} பில்`);
    expect(mail.text).toContain(
      `${month} மாதத்துக்கான உங்கள் பில் ${bill.number}: $31.30 தொகையை VISA •••• 4242 மூலம் வசூலிக்க முடியவில்லை.`,
    );
    expect(mail.text).toContain(`${retryOn} அன்று உங்கள் அட்டையில் மீண்டும் வசூலிக்க முயல்வோம்.`);
    expect(mail.text).toContain(`/bills?bill=${bill.id}`);
    expect(mail.text).not.toContain('Payment deduction failed');
    expect(mail.html).toContain('<html lang="ta-SG">');
  });

  it('the overdue notice, by email and SMS, in Malay', async () => {
    const { c, bill } = await customerWithBill(t, 5547, { token: await tokenFor(NO_FUNDS) });
    await choose(c, 'ms');
    for (let i = 0; i < 3; i++) await t.ctx.deductions.run();
    const month = formatBillMonth(bill.month, 'ms');
    const dueOn = formatSgDay(bill.dueOn, 'day', 'ms');
    const sms = await waitForMessage(`+65${c.phoneNumber}`, (m) => m.text.includes('Notis tunggakan'));
    expect(sms.text).toBe(
      `Selfcare Mobile: Notis tunggakan. Bil ${month} anda (${bill.number}) sebanyak $55.47, dengan tarikh akhir bayaran ${dueOn}, masih belum dibayar. Fi notis tunggakan sebanyak $10.00 dikenakan pada bil anda yang seterusnya. Sila bayar sekarang di portal dengan kad atau PayNow.`,
    );
    const mail = await waitForMessage(c.email, (m) => m.subject?.startsWith('Notis tunggakan') === true);
    expect(mail.subject).toBe(`Notis tunggakan: bil ${month} anda`);
    expect(mail.text).toContain(sms.text);
    expect(mail.text).toContain('Hai ');
    expect(mail.text).toContain(`Bayar bil anda: `);
    // Its failed deductions were told in Malay too.
    const failed = await waitForMessage(
      c.email,
      (m) => m.subject?.startsWith('Potongan bayaran gagal') === true,
    );
    expect(failed.subject).toBe(`Potongan bayaran gagal: bil ${month} anda`);
  });

  it("a payment's receipt in Chinese: queued through the account's notices, which write it in the account's language", async () => {
    const { c, bill } = await customerWithBill(t, 2690);
    await choose(c, 'zh');
    await t.ctx.deductions.run();
    const month = formatBillMonth(bill.month, 'zh');
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes('收据') === true);
    expect(mail.subject).toBe(`您${month}账单的收据：$26.90`);
    expect(mail.text).toContain(
      `${month}的账单 ${bill.number}：已于${formatSgDay(sgDate(t.ctx.clock.now()), 'day', 'zh')}用 VISA •••• 4242 支付 $26.90。`,
    );
    expect(mail.text).toContain('您的账单已全部付清。');
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
  });
});
