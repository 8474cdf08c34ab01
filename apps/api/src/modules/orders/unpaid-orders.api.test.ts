import { formatMoney } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/fulfilment.ts';
import { gateway } from '../../test/gateway.ts';
import { body, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { type Headers, orderJourney, payOnGatewayPage, TEST_CARDS } from '../../test/order-journey.ts';

/**
 * 'Payment failed' and 'Unsuccessful payment' (ADR 0037): a declined card leaves the order open to
 * pay again; an order left unpaid past its payment window is closed, gives back what it held, and a
 * payment that still comes in for it is refunded, once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NUMBER_HOLD_MINUTES: '30' });
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.clock.reset();
});

const { get, put, post, readyForSummary } = orderJourney(() => t);
const { chargesFor, refundsOf, chargeAtGateway, deliver, chargeEvent } = gateway(() => t);

/** Just past the payment window (an hour after the last checkout or declined payment). */
const PAST_WINDOW_SECONDS = 61 * 60;

async function checkout(headers: Headers, promotionCode?: string) {
  const res = await post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return body<{ attemptId: string; redirectUrl: string }>(res).data;
}
const complete = (attemptId: string, headers: Headers) =>
  post(`/api/v1/orders/checkout/${attemptId}/complete`, {}, headers);

const query = async <T>(sql: string, params: unknown[] = []) =>
  (await t.ctx.database.pool.query(sql, params)).rows as T[];
const orderOf = async (attemptId: string) =>
  (
    await query<{ id: string; status: string }>(
      'SELECT o.id, o.status FROM orders o JOIN payment_attempts a ON a.order_id = o.id WHERE a.id = $1',
      [attemptId],
    )
  )[0] as { id: string; status: string };
const statusOf = async (orderId: string) =>
  (await query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]))[0]?.status;

/** The customer comes back later: their access token has run out with the hour, so they sign in again. */
async function signInAgain(email: string): Promise<Headers> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${body<{ token: string }>(res).data.token}` };
}

/** The hour passes: the reconciler gives up pages nothing was paid on, then the sweep closes orders. */
async function windowPasses() {
  t.ctx.clock.advance(PAST_WINDOW_SECONDS);
  await t.ctx.checkout.reconcile();
  await t.ctx.unpaidOrders.closeExpired();
}

interface OrderPage {
  status: string;
  timeline: { text: string }[];
  outcome: { reason: string | null; refund: { amountCents: number; status: string } | null } | null;
}
const orderPage = async (id: string, headers: Headers) => {
  const res = await get(`/api/v1/orders/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return body<OrderPage>(res).data;
};

const isFree = async (msisdn: string) => {
  const res = await fetch(
    `${inject('sandboxUrl')}/mvne/tmf-api/resourcePoolManagement/v4/availableResource?contains=${msisdn}`,
    { headers: { authorization: 'Bearer sandbox-mvne-key' } },
  );
  return ((await res.json()) as { resource: { id: string }[] }).resource.some((r) => r.id === msisdn);
};

async function cappedCode() {
  const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
  await query(
    `INSERT INTO promotion_codes (code, description, amount_off_cents, valid_from, max_redemptions, created_at)
     VALUES ($1, 'One use', 500, now() - interval '1 day', 1, now())`,
    [code],
  );
  return code;
}

describe('a declined card', () => {
  it("leaves the order 'Payment failed' within its window, and the same order is paid on the next try", async () => {
    const me = await readyForSummary();
    const first = await checkout(me.headers);
    await payOnGatewayPage(first.redirectUrl, TEST_CARDS.noFunds);
    const declined = await complete(first.attemptId, me.headers);
    expect(declined.statusCode).toBe(402);
    const order = await orderOf(first.attemptId);
    expect(order.status).toBe('Payment failed');

    // 59 minutes on, the window has not passed: the sweep leaves the order open.
    t.ctx.clock.advance(59 * 60);
    await t.ctx.unpaidOrders.closeExpired();
    expect(await statusOf(order.id)).toBe('Payment failed');

    const headers = await signInAgain(me.email);
    const second = await checkout(headers);
    expect((await orderOf(second.attemptId)).id).toBe(order.id);
    await payOnGatewayPage(second.redirectUrl, TEST_CARDS.approved);
    const paid = await complete(second.attemptId, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body<{ id: string; status: string }>(paid).data).toMatchObject({
      id: order.id,
      status: 'Payment success not in MVNE',
    });
  });
});

describe('an order left unpaid past its window', () => {
  it("is 'Unsuccessful payment', gives back its number and promotion code, and the customer orders again", async () => {
    const code = await cappedCode();
    const me = await readyForSummary({}, { number: 'new' });
    const draft = body<{ numbers: { lines: { msisdn: string }[] } }>(
      await get('/api/v1/orders/draft', me.headers),
    ).data;
    const msisdn = draft.numbers.lines[0]?.msisdn as string;
    // The customer goes to the card page and leaves it there.
    const left = await checkout(me.headers, code);
    const order = await orderOf(left.attemptId);
    expect(order.status).toBe('Unpaid');
    const other = await readyForSummary();
    const refused = await post(
      '/api/v1/orders/checkout',
      { acceptTerms: true, promotionCode: code },
      other.headers,
    );
    expect(refused.statusCode).toBe(422);
    expect(await isFree(msisdn)).toBe(false);

    // Past the hour, but the page has not been given up yet: a payment may still be on its way.
    t.ctx.clock.advance(PAST_WINDOW_SECONDS);
    await t.ctx.unpaidOrders.closeExpired();
    expect(await statusOf(order.id)).toBe('Unpaid');
    await t.ctx.checkout.reconcile();
    await t.ctx.unpaidOrders.closeExpired();
    expect(await statusOf(order.id)).toBe('Unsuccessful payment');

    // What it held is free: the promotion code for the next customer, the number at the MVNE.
    const otherHeaders = await signInAgain(other.email);
    await checkout(otherHeaders, code);
    expect(await isFree(msisdn)).toBe(true);

    // The customer's order page says so.
    const headers = await signInAgain(me.email);
    const page = await orderPage(order.id, headers);
    expect(page.status).toBe('Unsuccessful payment');
    expect(page.outcome).toMatchObject({ reason: null, refund: null });
    expect(page.timeline.map((e) => e.text)).toContain('Not paid in time: order closed');

    // Back from the card page now, the order cannot be paid, and nothing is charged.
    const late = await complete(left.attemptId, headers);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(OrderMessages.orderClosed);
    expect(await chargesFor(left.attemptId)).toEqual([]);

    // Ordering again is the kept draft, with the number chosen again, and makes a new order.
    const chosen = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'NORMAL', msisdn }] },
      headers,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const again = await checkout(headers);
    const next = await orderOf(again.attemptId);
    expect(next.id).not.toBe(order.id);
    await payOnGatewayPage(again.redirectUrl, TEST_CARDS.approved);
    const placed = await complete(again.attemptId, headers);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await statusOf(order.id)).toBe('Unsuccessful payment');
  });
});

describe('a payment that comes in after the order closed', () => {
  it('is refunded to the card once, however often its event comes, and the order stays closed', async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    // The card is given on the gateway's page, but the customer never comes back from it.
    await payOnGatewayPage(redirectUrl, TEST_CARDS.approved);
    await windowPasses();
    const order = await orderOf(attemptId);
    expect(order.status).toBe('Unsuccessful payment');

    // A charge for the given-up page reaches the gateway anyway (a request that raced the closing),
    // and the gateway tells us, then tells us again.
    const charge = await chargeAtGateway(attemptId);
    const event = chargeEvent(charge);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(chargeEvent(charge))).statusCode).toBe(200);

    const refunds = await until(
      () =>
        query<{ reason: string; status: string; amount_cents: number }>(
          'SELECT reason, status, amount_cents FROM refunds WHERE order_id = $1',
          [order.id],
        ),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(refunds).toEqual([{ reason: 'late-payment', status: 'succeeded', amount_cents: charge.amount }]);
    expect((await refundsOf(charge.id as string)).map((r) => r.amount)).toEqual([charge.amount]);
    expect(await statusOf(order.id)).toBe('Unsuccessful payment');

    // The customer reads it on the order's page, and coming back from the card page changes nothing.
    const headers = await signInAgain(me.email);
    const page = await orderPage(order.id, headers);
    expect(page.status).toBe('Unsuccessful payment');
    expect(page.outcome?.refund).toEqual({ amountCents: charge.amount, status: 'succeeded' });
    const paidLate = formatMoney(charge.amount as number);
    expect(page.timeline.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        `Payment received after the order was closed: ${paidLate}`,
        `Refunded: ${paidLate}`,
      ]),
    );
    const back = await complete(attemptId, headers);
    expect(back.statusCode).toBe(409);
    expect(body(back).message).toBe(OrderMessages.orderClosed);
    expect(await chargesFor(attemptId)).toHaveLength(1);
    expect((await refundsOf(charge.id as string)).map((r) => r.amount)).toEqual([charge.amount]);
  });
});
