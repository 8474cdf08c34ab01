import { createHmac, randomInt } from 'node:crypto';
import { BillMessages, payNowQrExpiresOn } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillDetail, BillList, BillPayment, PayNowQr } from '@selfcare/domain/contracts/bills';
import { readQrFields } from '@selfcare/domain/paynow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargesAt, customerWithBill as fixtureBill, tokenFor } from '../../test/bills.ts';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { payOnGatewayPage } from '../../test/order-journey.ts';

/**
 * Paying bills against the sandbox's card gateway and bank, as an attacker and an unlucky customer
 * would: fifty clicks at once, a card without funds, the gateway down, PayNow events forged and
 * replayed, and another customer's bill.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const sandbox = () => inject('sandboxUrl');

const get = (url: string, c: Customer) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: c.headers });
const post = (url: string, c: Customer, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: c.headers, payload });

const customerWithBill = (cents: number, token?: string) => fixtureBill(t, cents, { token });
const detail = async (c: Customer, id: string) => body<BillDetail>(await get(`/bills/${id}`, c)).data;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterEach(async () => {
  await fetch(`${sandbox()}/sandbox/api/faults`, { method: 'DELETE' });
});
afterAll(async () => {
  await t?.close();
});

describe('paying a bill by the saved card', () => {
  it('fifty clicks at once make one charge and one payment; the bill is paid and cannot be paid again', async () => {
    const { c, bill } = await customerWithBill(4815);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(`/bills/${bill.id}/pay`, c, { method: 'card' })),
    );
    // Each click joins the payment in flight, or, arriving once it is settled, is told the bill is paid.
    const joined = answers.filter((a) => a.statusCode === 200);
    const late = answers.filter((a) => a.statusCode !== 200);
    expect(joined.length).toBeGreaterThan(0);
    for (const a of late)
      expect([a.statusCode, body(a).message]).toEqual([409, 'This bill is already paid.']);
    const ids = new Set(joined.map((a) => body<BillPayment>(a).data.id));
    expect(ids.size).toBe(1);
    const [paymentId] = [...ids] as [string];
    expect(body<BillPayment>(await get(`/bills/payments/${paymentId}`, c)).data).toMatchObject({
      status: 'succeeded',
      amountCents: 4815,
    });
    const payments = await t.ctx.database.pool.query('SELECT id FROM bill_payments WHERE bill_id = $1', [
      bill.id,
    ]);
    expect(payments.rows).toEqual([{ id: paymentId }]);
    const charges = await chargesAt(paymentId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amount: 4815 });
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 4815, outstandingCents: 0 });
    const again = await post(`/bills/${bill.id}/pay`, c, { method: 'card' });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This bill is already paid.');
  });

  it("a card without funds: 'Payment deduction failed.' with advice, and the bill is still due", async () => {
    const { c, bill } = await customerWithBill(2000, await tokenFor('4000000000009995'));
    const res = await post(`/bills/${bill.id}/pay`, c, { method: 'card' });
    expect(body<BillPayment>(res).data).toMatchObject({
      status: 'failed',
      message: 'Payment deduction failed.',
      advice: 'Please check your card details or balance, or use another card.',
    });
    expect((await detail(c, bill.id)).status).toBe('due');
  });

  it('with the gateway down the bill is Unknown, the payment says it is being confirmed and not to pay again, then settled once when it answers', async () => {
    const { c, bill } = await customerWithBill(3300);
    await fetch(`${sandbox()}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'payments', mode: 'down', seconds: 60 }),
    });
    const res = await post(`/bills/${bill.id}/pay`, c, { method: 'card' });
    const payment = body<BillPayment>(res).data;
    expect(payment).toMatchObject({
      status: 'pending',
      message: BillMessages.paymentNotConfirmed,
    });
    expect(payment.message).toMatch(/card company.*do not pay again/i);
    expect(payment.message).not.toMatch(/try again/i);
    expect((await detail(c, bill.id)).status).toBe('unknown');
    await fetch(`${sandbox()}/sandbox/api/faults`, { method: 'DELETE' });
    t.ctx.clock.advance(120);
    await t.ctx.billPayments.reconcile();
    await t.ctx.billPayments.reconcile();
    expect(body<BillPayment>(await get(`/bills/payments/${payment.id}`, c)).data.status).toBe('succeeded');
    expect(await chargesAt(payment.id)).toHaveLength(1);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 3300 });
  });

  it("another customer's bill and payment are not found, and nothing is charged", async () => {
    const { c, bill } = await customerWithBill(1000);
    const other = await signedInCustomer(t, { status: 2, activated: true });
    expect((await post(`/bills/${bill.id}/pay`, other, { method: 'card' })).statusCode).toBe(404);
    expect((await post(`/bills/${bill.id}/paynow`, other)).statusCode).toBe(404);
    expect((await post(`/bills/${bill.id}/paynow/sent`, other)).statusCode).toBe(404);
    expect((await detail(c, bill.id)).status).toBe('due');
    const mine = body<BillPayment>(await post(`/bills/${bill.id}/pay`, c, { method: 'card' })).data;
    expect((await get(`/bills/payments/${mine.id}`, other)).statusCode).toBe(404);
  });
});

describe('changing the card bills are paid with', () => {
  it("keeps the card of the customer's own completed card page, and no one else's", async () => {
    const { c } = await customerWithBill(500);
    const start = body<{ redirectUrl: string }>(await post('/bills/card', c)).data;
    const back = new URL(await payOnGatewayPage(start.redirectUrl, '5555555555554444'));
    expect(back.pathname).toBe('/bills');
    const sessionId = back.searchParams.get('session_id') as string;
    const other = await signedInCustomer(t, { status: 2, activated: true });
    expect((await post('/bills/card/complete', other, { sessionId })).statusCode).toBe(404);
    // A session the gateway never opened is not found either: no outage to tell of.
    const unknown = await post('/bills/card/complete', c, { sessionId: 'cs_does_not_exist' });
    expect([unknown.statusCode, body(unknown).message]).toEqual([404, 'The record was not found.']);
    const done = await post('/bills/card/complete', c, { sessionId });
    expect(done.statusCode).toBe(200);
    expect(body(done).message).toBe('Change credit card successfully');
    const list = body<BillList>(await get('/bills', c)).data;
    expect(list.card).toMatchObject({ brand: 'mastercard', last4: '4444', holderName: 'Lim Wei Jie' });
  });
});

describe('a card the gateway declines', () => {
  it("is refused with the spec's message when it is to be the card bills are paid with, and the old one stays", async () => {
    const { c } = await customerWithBill(500);
    const before = body<BillList>(await get('/bills', c)).data.card;
    const start = body<{ redirectUrl: string }>(await post('/bills/card', c)).data;
    // The sandbox's wrong-details card: the hosted page takes it, the issuer's $0 check does not.
    const back = new URL(await payOnGatewayPage(start.redirectUrl, '4000000000000127'));
    const sessionId = back.searchParams.get('session_id') as string;
    const done = await post('/bills/card/complete', c, { sessionId });
    expect([done.statusCode, body(done).message]).toEqual([
      422,
      'You entered the wrong information of the card. Please re-enter.',
    ]);
    expect(body<BillList>(await get('/bills', c)).data.card).toEqual(before);
    // Re-entered with the right details, it is kept.
    const again = body<{ redirectUrl: string }>(await post('/bills/card', c)).data;
    const ok = new URL(await payOnGatewayPage(again.redirectUrl, '4242424242424242'));
    const kept = await post('/bills/card/complete', c, { sessionId: ok.searchParams.get('session_id') });
    expect(body(kept).message).toBe('Change credit card successfully');
  });
});

describe('paying a bill by PayNow', () => {
  const sign = (raw: string, secret = 'sandbox-bank-webhook-secret') => {
    const ts = Math.floor(Date.now() / 1000);
    return `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`;
  };
  const deliver = (event: object, secret?: string) => {
    const raw = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/bank',
      headers: { 'content-type': 'application/json', 'selfcare-signature': sign(raw, secret) },
      payload: raw,
    });
  };
  const creditEvent = (creditId: string) => ({
    id: `evt_${randomInt(1e9)}`,
    type: 'paynow.credit',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: creditId } },
  });

  it('a QR for the bill; Payment pending once paid; paid when the bank credits it, once however often it says so', async () => {
    const { c, bill } = await customerWithBill(2750);
    const qr = body<PayNowQr>(await post(`/bills/${bill.id}/paynow`, c)).data;
    const fields = readQrFields(qr.payload);
    expect(fields.get('54')).toBe('27.50');
    expect(readQrFields(fields.get('62') as string).get('01')).toBe(bill.number);
    // Payable until the bill is overdue, the day its PDF's QR gives too.
    expect(qr).toMatchObject({
      uen: '201912345K',
      reference: bill.number,
      amountCents: 2750,
      expiresOn: payNowQrExpiresOn(sgDate(new Date()), bill.dueOn),
    });
    expect(qr.notices).toContain('PayNow takes up to 2 working days.');
    expect(qr.svg).toMatch(/^<svg/);

    const paid = await fetch(`${sandbox()}/sandbox/api/bank/paynow/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qr: qr.payload }),
    });
    expect(paid.status).toBe(201);
    const transfer = (await paid.json()) as { id: string };
    const sent = body<BillPayment>(await post(`/bills/${bill.id}/paynow/sent`, c)).data;
    expect(sent).toMatchObject({ method: 'paynow', status: 'pending' });
    expect((await detail(c, bill.id)).status).toBe('pending');
    // A card payment now would pay twice: refused.
    expect(body(await post(`/bills/${bill.id}/pay`, c, { method: 'card' })).message).toBe(
      'A payment for this bill is on its way. Please wait for it before paying again.',
    );

    // Before the bank credits it, an event naming it is not believed.
    expect((await deliver(creditEvent(transfer.id))).statusCode).toBe(200);
    expect((await detail(c, bill.id)).status).toBe('pending');

    await fetch(`${sandbox()}/sandbox/api/bank/settle`, { method: 'POST' });
    const event = creditEvent(transfer.id);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 2750 });
    // Replayed, and the same credit in a new event: counted once.
    await deliver(event);
    await deliver(creditEvent(transfer.id));
    expect((await detail(c, bill.id)).paidCents).toBe(2750);
    expect(body<BillPayment>(await get(`/bills/payments/${sent.id}`, c)).data.status).toBe('succeeded');
  });

  it('"I have paid by PayNow" can be taken back until the bank credits it, by the bill\'s owner only', async () => {
    const { c, bill } = await customerWithBill(3131);
    const other = await signedInCustomer(t, { status: 2, activated: true });
    const sent = body<BillPayment>(await post(`/bills/${bill.id}/paynow/sent`, c)).data;
    expect((await detail(c, bill.id)).status).toBe('pending');

    // Another customer cannot take it back, nor learn the bill exists.
    expect((await post(`/bills/${bill.id}/paynow/withdraw`, other)).statusCode).toBe(404);
    expect((await detail(c, bill.id)).status).toBe('pending');

    const back = await post(`/bills/${bill.id}/paynow/withdraw`, c);
    expect(back.statusCode).toBe(200);
    expect(body<BillPayment>(back).data).toMatchObject({ id: sent.id, status: 'void' });
    expect((await detail(c, bill.id)).status).toBe('due');
    // The QR and the card are offered again.
    expect((await post(`/bills/${bill.id}/paynow`, c)).statusCode).toBe(200);
    const again = await post(`/bills/${bill.id}/paynow/withdraw`, c);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('There is no PayNow payment waiting for the bank on this bill.');
    const paid = body<BillPayment>(await post(`/bills/${bill.id}/pay`, c, { method: 'card' })).data;
    expect(paid.status).toBe('succeeded');
    // Once paid, there is nothing to take back.
    expect(body(await post(`/bills/${bill.id}/paynow/withdraw`, c)).message).toBe(
      'This bill is already paid.',
    );
  });

  it('a card charge left in flight when PayNow pays the bill is refunded at once: the bill is paid once', async () => {
    const { c, bill } = await customerWithBill(1999);
    await fetch(`${sandbox()}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'payments', mode: 'down', seconds: 60 }),
    });
    const card = body<BillPayment>(await post(`/bills/${bill.id}/pay`, c, { method: 'card' })).data;
    expect(card.status).toBe('pending');
    const qr = body<PayNowQr>(await post(`/bills/${bill.id}/paynow`, c)).data;
    const transfer = (await (
      await fetch(`${sandbox()}/sandbox/api/bank/paynow/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qr: qr.payload }),
      })
    ).json()) as { id: string };
    await fetch(`${sandbox()}/sandbox/api/bank/settle`, { method: 'POST' });
    expect((await deliver(creditEvent(transfer.id))).statusCode).toBe(200);
    expect(await detail(c, bill.id)).toMatchObject({ paidCents: 1999 });

    // The gateway answers again: the charge in flight is made (same key) and given back at once.
    await fetch(`${sandbox()}/sandbox/api/faults`, { method: 'DELETE' });
    t.ctx.clock.advance(120);
    await t.ctx.billPayments.reconcile();
    expect(body<BillPayment>(await get(`/bills/payments/${card.id}`, c)).data.status).toBe('refunded');
    const [charge] = await chargesAt(card.id);
    const refunds = (await (
      await fetch(`${sandbox()}/payments/api/v1/charges/${charge?.id}/refunds`, {
        headers: { authorization: 'Bearer sandbox-payments-key' },
      })
    ).json()) as { amount: number }[];
    expect(refunds.map((r) => r.amount)).toEqual([1999]);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 1999 });
  });

  it('a credit whose reference names no bill is kept once for staff; one keyed in lower case still pays its bill', async () => {
    const { c, bill } = await customerWithBill(1313);
    const pay = async (reference: string) =>
      (await (
        await fetch(`${sandbox()}/sandbox/api/bank/paynow/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ uen: '201912345K', reference, amountCents: 1313 }),
        })
      ).json()) as { id: string };
    const typo = await pay('B999999NOSUCHBILL');
    const lower = await pay(` ${bill.number.toLowerCase()}`);
    await fetch(`${sandbox()}/sandbox/api/bank/settle`, { method: 'POST' });
    for (const event of [creditEvent(typo.id), creditEvent(typo.id), creditEvent(lower.id)])
      expect((await deliver(event)).statusCode).toBe(200);
    const kept = await t.ctx.database.pool.query(
      'SELECT reference, amount_cents FROM unmatched_credits WHERE bank_credit_id = $1',
      [typo.id],
    );
    expect(kept.rows).toEqual([{ reference: 'B999999NOSUCHBILL', amount_cents: 1313 }]);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 1313 });
  });

  it('a forged event (wrong secret, or a credit the bank never made) changes nothing', async () => {
    const { c, bill } = await customerWithBill(1200);
    expect((await deliver(creditEvent('PN0000000000000000'), 'not-the-bank-secret')).statusCode).toBe(400);
    expect((await deliver(creditEvent('PN0000000000000000'))).statusCode).toBe(200);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'due', paidCents: 0 });
  });
});
