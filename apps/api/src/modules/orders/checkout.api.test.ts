import { createHmac } from 'node:crypto';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, waitForMessage } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { type Headers, ION, orderJourney, payOnGatewayPage, TEST_CARDS } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  // A short hold, so that the test of a lapsed hold stays within the access token's 15 minutes.
  t = await createTestApp({ NUMBER_HOLD_MINUTES: '10' });
});
afterAll(() => t.close());
afterEach(async () => {
  t.ctx.clock.reset();
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const { get, post, readyForSummary } = orderJourney(() => t);
const sandbox = () => inject('sandboxUrl');
const CARDS = TEST_CARDS;

interface Summary {
  lines: { label: string; numberType: string }[];
  quote: {
    items: { kind: string; amountCents: number }[];
    totalCents: number;
    gstPercent: number;
    gstCents: number;
    dueNowCents: number;
    discountCents: number;
  };
}
interface Placed {
  id: string;
  orderNumber: string;
  status: string;
}

async function checkout(headers: Headers, promotionCode?: string) {
  const res = await post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode }, headers);
  expect(res.statusCode).toBe(201);
  return body<{ attemptId: string; redirectUrl: string }>(res).data;
}
const complete = (attemptId: string, headers: Headers) =>
  post(`/api/v1/orders/checkout/${attemptId}/complete`, {}, headers);

async function chargesFor(attemptId: string) {
  const res = await fetch(`${sandbox()}/payments/api/v1/charges?key=attemptId&value=${attemptId}`, {
    headers: { authorization: 'Bearer sandbox-payments-key' },
  });
  return (await res.json()) as { id: string; status: string }[];
}

async function orderStatus(orderId: string, want: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.ctx.database.pool.query<{ status: string }>(
      'SELECT status FROM orders WHERE id = $1',
      [orderId],
    );
    if (rows[0]?.status === want || Date.now() > deadline) return rows[0]?.status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('step 5, Order Summary', () => {
  it('lists every line, fee, the GST as a percentage and amount, and the total', async () => {
    const me = await readyForSummary({}, { number: 'new' });
    const summary = body<Summary>(await get('/api/v1/orders/draft/summary', me.headers)).data;
    expect(summary.lines).toEqual([expect.objectContaining({ label: 'Me', numberType: 'NORMAL' })]);
    expect(summary.quote.items.map((i) => [i.kind, i.amountCents])).toEqual([
      ['plan', 2000],
      ['addon', 500],
      ['numberFee', 2200],
      ['delivery', 550],
    ]);
    expect(summary.quote).toMatchObject({
      totalCents: 5250,
      gstPercent: 9,
      gstCents: 433,
      dueNowCents: 5250,
    });
    const promo = body<Summary>(
      await get('/api/v1/orders/draft/summary?promotionCode=WELCOME10', me.headers),
    ).data;
    expect(promo.quote.discountCents).toBe(250);
    expect(promo.quote.totalCents).toBe(5000);
  });

  it('wants the terms accepted and every step done', async () => {
    const me = await readyForSummary();
    const terms = await post('/api/v1/orders/checkout', { acceptTerms: false }, me.headers);
    expect(terms.statusCode).toBe(422);
    expect(body(terms).message).toBe(OrderMessages.acceptTerms);
    const early = await orderJourney(() => t).throughNumbers();
    expect((await post('/api/v1/orders/checkout', { acceptTerms: true }, early.headers)).statusCode).toBe(
      409,
    );
  });

  it('refuses an order whose numbers are no longer held, with the spec message', async () => {
    const me = await readyForSummary({}, { number: 'new' });
    t.ctx.clock.advance(11 * 60);
    const res = await post('/api/v1/orders/checkout', { acceptTerms: true }, me.headers);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(OrderMessages.orderTimeLimit);
    const draft = body<{ numbers: { lines: { msisdn: string }[] } }>(
      await get('/api/v1/orders/draft', me.headers),
    ).data;
    expect(draft.numbers.lines[0]?.msisdn).toBe('');
  });
});

describe('paying by card', () => {
  it('charges the card, places the order, hands it to the MVNE and emails the customer', async () => {
    const me = await readyForSummary({}, { number: 'new' });
    const { attemptId, redirectUrl } = await checkout(me.headers);
    expect(redirectUrl.startsWith(`${sandbox()}/payments/checkout/`)).toBe(true);
    const back = await payOnGatewayPage(redirectUrl, CARDS.approved);
    expect(back).toContain(`/getStarted?checkout=${attemptId}`);

    const res = await complete(attemptId, me.headers);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(OrderMessages.orderPaid);
    const order = body<Placed>(res).data;
    expect(order.orderNumber).toMatch(/^SC\d{6,}$/);
    expect(await orderStatus(order.id, 'Payment success created in MVNE')).toBe(
      'Payment success created in MVNE',
    );

    // The customer is now status 1 at once, on the token they already hold.
    const user = body<{ status: number }>(await get(`/api/v1/users/${me.id}`, me.headers)).data;
    expect(user.status).toBe(1);
    const mvneOrders = (await (
      await fetch(
        `${sandbox()}/mvne/tmf-api/productOrderingManagement/v4/productOrder?externalId=${order.id}`,
        {
          headers: { authorization: 'Bearer sandbox-mvne-key' },
        },
      )
    ).json()) as {
      productOrderItem: { product: { productCharacteristic: { name: string; value: string }[] } }[];
    }[];
    expect(mvneOrders).toHaveLength(1);
    expect(mvneOrders[0]?.productOrderItem[0]?.product.productCharacteristic).toContainEqual({
      name: 'MSISDN',
      value: me.msisdn,
    });
    const mail = await waitForMessage(me.email, (m) => m.subject?.includes(order.orderNumber) ?? false);
    expect(mail.text).toContain('Total: $52.50');
    expect((await chargesFor(attemptId)).map((c) => c.status)).toEqual(['succeeded']);
  });

  it('charges once when the same payment is completed 50 times at once', async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, CARDS.approved);
    const answers = await Promise.all(Array.from({ length: 50 }, () => complete(attemptId, me.headers)));
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(
      answers.map(() => '200 '),
    );
    expect(new Set(answers.map((a) => body<Placed>(a).data.id)).size).toBe(1);
    expect(await chargesFor(attemptId)).toHaveLength(1);
    const { rows } = await t.ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM order_events WHERE type = 'paid' AND order_id = $1",
      [body<Placed>(answers[0] as never).data.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('says why a card failed, and lets the customer pay the same order with another', async () => {
    const me = await readyForSummary();
    const first = await checkout(me.headers);
    await payOnGatewayPage(first.redirectUrl, CARDS.noFunds);
    const declined = await complete(first.attemptId, me.headers);
    expect(declined.statusCode).toBe(402);
    expect(body(declined).message).toBe(OrderMessages.paymentFailed);
    expect(body(declined).extra_info).toMatchObject({ advice: OrderMessages.paymentFailedAdvice });

    const second = await checkout(me.headers);
    await payOnGatewayPage(second.redirectUrl, CARDS.wrongDetails);
    const wrong = await complete(second.attemptId, me.headers);
    expect(body(wrong).message).toBe(OrderMessages.cardWrong);

    const third = await checkout(me.headers);
    await payOnGatewayPage(third.redirectUrl, CARDS.approved);
    const paid = body<Placed>(await complete(third.attemptId, me.headers)).data;
    const { rows } = await t.ctx.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [me.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect(paid.status).toBe('Payment success not in MVNE');
  });

  it("keeps a customer's payment to themselves", async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, CARDS.approved);
    const stranger = await readyForSummary();
    expect((await complete(attemptId, stranger.headers)).statusCode).toBe(404);
    expect(await chargesFor(attemptId)).toHaveLength(0);
  });

  it('waits while the MVNE is down and hands the order over once it is back', async () => {
    const me = await readyForSummary({}, { number: 'new' });
    await fetch(`${sandbox()}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'mvne', mode: 'down', seconds: 3 }),
    });
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, CARDS.approved);
    const order = body<Placed>(await complete(attemptId, me.headers)).data;
    expect(await orderStatus(order.id, 'Payment success created in MVNE', 1500)).toBe(
      'Payment success not in MVNE',
    );
    expect(await orderStatus(order.id, 'Payment success created in MVNE', 30_000)).toBe(
      'Payment success created in MVNE',
    );
  });

  it('keeps a roadshow customer’s card without charging it', async () => {
    const me = await readyForSummary({ roadshow: true });
    const summary = body<Summary>(await get('/api/v1/orders/draft/summary', me.headers)).data;
    expect(summary.quote.dueNowCents).toBe(0);
    const { attemptId, redirectUrl } = await checkout(me.headers);
    expect(await payOnGatewayPage(redirectUrl, CARDS.approved)).toContain(
      `/getStartedNoBill?checkout=${attemptId}`,
    );
    const order = body<Placed>(await complete(attemptId, me.headers)).data;
    expect(order.status).toBe('Not verified');
    expect(await chargesFor(attemptId)).toHaveLength(0);
    const { rows } = await t.ctx.database.pool.query('SELECT last4 FROM payment_methods WHERE user_id = $1', [
      me.id,
    ]);
    expect(rows).toEqual([{ last4: '4242' }]);
  });
});

describe('payment webhooks', () => {
  const secret = 'sandbox-webhook-secret';
  const deliver = (event: object, signature?: string, at = Math.floor(Date.now() / 1000)) => {
    const raw = JSON.stringify(event);
    const sig =
      signature ?? `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${raw}`).digest('hex')}`;
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments',
      payload: raw,
      headers: { 'content-type': 'application/json', 'selfcare-signature': sig },
    });
  };

  it('places the order when the charge went through but the customer never came back', async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, CARDS.approved);
    // Our charge call reached the gateway, then the process died before it recorded the answer.
    const { rows } = await t.ctx.database.pool.query(
      'SELECT gateway_session_id, amount_cents FROM payment_attempts WHERE id = $1',
      [attemptId],
    );
    const session = (await (
      await fetch(`${sandbox()}/payments/api/v1/setup-sessions/${rows[0].gateway_session_id}`, {
        headers: { authorization: 'Bearer sandbox-payments-key' },
      })
    ).json()) as { payment_method: { id: string } };
    const charge = (await (
      await fetch(`${sandbox()}/payments/api/v1/charges`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sandbox-payments-key',
          'content-type': 'application/json',
          'idempotency-key': attemptId,
        },
        body: JSON.stringify({
          amount: rows[0].amount_cents,
          currency: 'SGD',
          payment_method: session.payment_method.id,
          metadata: { attemptId },
        }),
      })
    ).json()) as Record<string, unknown>;
    const event = { id: `evt_test_${attemptId}`, type: 'charge.succeeded', data: { object: charge } };
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const { rows: orders } = await t.ctx.database.pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM orders WHERE user_id = $1',
      [me.id],
    );
    expect(orders[0]?.status).toMatch(/^Payment success/);
    const { rows: paid } = await t.ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM order_events WHERE type = 'paid' AND order_id = $1",
      [orders[0]?.id],
    );
    expect(paid[0].n).toBe(1);
    // The customer's late return finds the order placed, and is not charged again.
    expect((await complete(attemptId, me.headers)).statusCode).toBe(200);
    expect(await chargesFor(attemptId)).toHaveLength(1);
  });

  it('refuses a bad signature and a replay of an old delivery', async () => {
    const event = {
      id: 'evt_x',
      type: 'charge.succeeded',
      data: { object: { id: 'ch_x', status: 'succeeded', metadata: {} } },
    };
    expect((await deliver(event, 't=1,v1=00')).statusCode).toBe(400);
    expect((await deliver(event, undefined, Math.floor(Date.now() / 1000) - 3600)).statusCode).toBe(400);
  });
});

describe('after ordering', () => {
  it('shows the order in the list and in detail with its timeline, only to its customer', async () => {
    const me = await readyForSummary({}, { number: 'new' });
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, CARDS.approved);
    const placed = body<Placed>(await complete(attemptId, me.headers)).data;
    await orderStatus(placed.id, 'Payment success created in MVNE');

    const list = body<{ orderNumber: string; status: string; totalCents: number }[]>(
      await get('/api/v1/orders', me.headers),
    ).data;
    expect(list).toEqual([
      expect.objectContaining({
        orderNumber: placed.orderNumber,
        status: 'Payment success created in MVNE',
        totalCents: 5250,
      }),
    ]);
    const detail = body<{ lines: { label: string; msisdn: string }[]; timeline: { text: string }[] }>(
      await get(`/api/v1/orders/${placed.id}`, me.headers),
    ).data;
    expect(detail.lines).toEqual([
      expect.objectContaining({ label: 'Me', msisdn: me.msisdn, planName: 'Value 20' }),
    ]);
    // Where the SIM goes, and on what SIM.
    expect(detail).toMatchObject({
      typeSim: 0,
      deliveryMethod: 0,
      deliveryAddress: ION,
      billingAddress: ION,
    });
    expect(detail.timeline.map((e) => e.text)).toEqual([
      'Order placed',
      'Payment received',
      'Sent to the network for set-up',
    ]);
    const account = body<{ orders: { status: string }[]; latestTimeline: { text: string }[] }>(
      await get('/api/v1/account', me.headers),
    ).data;
    expect(account.orders.map((o) => o.status)).toEqual(['Payment success created in MVNE']);
    expect(account.latestTimeline.map((e) => e.text)).toEqual([
      'Order placed',
      'Payment received',
      'Sent to the network for set-up',
    ]);

    const other = await readyForSummary();
    // A customer still ordering may open their own past orders, and never another's.
    expect((await get(`/api/v1/orders/${placed.id}`, other.headers)).statusCode).toBe(404);
    const otherPaid = await checkout(other.headers);
    await payOnGatewayPage(otherPaid.redirectUrl, CARDS.approved);
    await complete(otherPaid.attemptId, other.headers);
    expect((await get(`/api/v1/orders/${placed.id}`, other.headers)).statusCode).toBe(404);
    expect(body<unknown[]>(await get('/api/v1/orders', other.headers)).data).toHaveLength(1);
  });
});
