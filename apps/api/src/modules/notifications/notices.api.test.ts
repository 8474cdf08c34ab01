import type { PayNowQr } from '@selfcare/domain/contracts/bills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill, deliverBankEvent, payByPayNow, settleBank } from '../../test/bills.ts';
import {
  body,
  createTestApp,
  type InboxMessage,
  messagesFor,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { payOnGatewayPage } from '../../test/order-journey.ts';

/**
 * Receipts for money and notices of changes (ADR 0038), read from the sandbox's inbox as the customer
 * gets them: each arrives once, however often the change is asked for or the bank says so.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Waits for the one message `match` accepts, lets any second copy arrive, and answers it. */
async function once(to: string, match: (m: InboxMessage) => boolean) {
  const found = await waitForMessage(to, match);
  await new Promise((r) => setTimeout(r, 1500));
  const all = (await messagesFor(to)).filter(match);
  expect(all).toHaveLength(1);
  expect(all[0]?.copies ?? 1).toBe(1);
  return found;
}

describe('receipts for bill payments', () => {
  it('a card payment is receipted once: amount, bill, month, card brand and last four, date', async () => {
    const { c, bill } = await customerWithBill(t, 4321);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bills/${bill.id}/pay`,
        headers: c.headers,
        payload: { method: 'card' },
      });
    expect((await pay()).statusCode).toBe(200);
    await pay();
    const receipt = await once(c.email, (m) => /^Receipt for your .* bill/.test(m.subject ?? ''));
    expect(receipt.subject).toContain('$43.21');
    expect(receipt.text).toContain(`Bill ${bill.number}`);
    expect(receipt.text).toContain('$43.21 paid with VISA •••• 4242');
    expect(receipt.text).toContain('Your bill is paid in full.');
    expect(receipt.text).toMatch(/Receipt [0-9A-F]{10}\./);
    expect(receipt.text).not.toMatch(/demo-card|gateway|token/i);
  });

  it('a PayNow credit is receipted once when the bank credits it, however often its event comes', async () => {
    const { c, bill } = await customerWithBill(t, 1250);
    const qr = body<PayNowQr>(
      await t.app.inject({ method: 'POST', url: `/api/v1/bills/${bill.id}/paynow`, headers: c.headers }),
    ).data;
    const transfer = await payByPayNow({ qr: qr.payload });
    await settleBank();
    await deliverBankEvent(t, transfer.id);
    await deliverBankEvent(t, transfer.id);
    const receipt = await once(c.email, (m) => /^Receipt for your .* bill/.test(m.subject ?? ''));
    expect(receipt.text).toContain(`Bill ${bill.number}`);
    expect(receipt.text).toContain('$12.50 paid with PayNow');
  });
});

describe('security alert of a card change', () => {
  it('is told once by email and SMS: the new card by brand and last four, and whom to call if not them', async () => {
    const { c } = await customerWithBill(t, 500);
    const post = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: c.headers, payload });
    const start = body<{ redirectUrl: string }>(await post('/bills/card')).data;
    const back = new URL(await payOnGatewayPage(start.redirectUrl, '5555555555554444'));
    const sessionId = back.searchParams.get('session_id') as string;
    expect((await post('/bills/card/complete', { sessionId })).statusCode).toBe(200);
    // The return page reloaded: the same card again, not a second change.
    expect((await post('/bills/card/complete', { sessionId })).statusCode).toBe(200);
    const alert = await once(c.email, (m) => /^Your payment card was changed/.test(m.subject ?? ''));
    expect(alert.text).toContain('changed to MASTERCARD •••• 4444 on');
    expect(alert.text).toMatch(/If this was not you, call us at once on .* or email /);
    expect(alert.text).not.toContain(sessionId);
    const sms = await once(
      `+65${c.phoneNumber}`,
      (m) => m.channel === 'sms' && /payment card|bills are paid with/.test(m.text),
    );
    // In GSM-7, one SMS of 2 parts: '••••' would send it as UCS-2 in 3.
    expect(sms.text).toContain('changed to MASTERCARD ending 4444 on');
  });
});
