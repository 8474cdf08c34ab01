import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gateway } from '../../test/gateway.ts';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { type Headers, orderJourney, payOnGatewayPage, TEST_CARDS } from '../../test/order-journey.ts';

/**
 * Payments as an attacker (or an unlucky network) would try them: many pages for one order, a stale
 * page at an old price, a second card, forged and malformed webhooks, a webhook whose handling
 * fails, and a promotion code with a cap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  t.ctx.clock.reset();
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const { post, readyForSummary } = orderJourney(() => t);
const { chargesFor, refundsOf, chargeAtGateway, deliver, deliverRaw, chargeEvent } = gateway(() => t);

async function checkout(headers: Headers, promotionCode?: string) {
  const res = await post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return body<{ attemptId: string; redirectUrl: string }>(res).data;
}
const complete = (attemptId: string, headers: Headers) =>
  post(`/api/v1/orders/checkout/${attemptId}/complete`, {}, headers);

async function query<T>(sql: string, params: unknown[] = []) {
  return (await t.ctx.database.pool.query(sql, params)).rows as T[];
}
const attemptRow = async (id: string) =>
  (
    await query<{ status: string; amount_cents: number; order_id: string }>(
      'SELECT status, amount_cents, order_id FROM payment_attempts WHERE id = $1',
      [id],
    )
  )[0];
const orderRow = async (id: string) =>
  (
    await query<{ status: string; due_now_cents: number }>(
      'SELECT status, due_now_cents FROM orders WHERE id = $1',
      [id],
    )
  )[0];

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('one live payment per order', () => {
  it('20 checkouts at once leave one page that can pay; an older page charges nothing', async () => {
    const me = await readyForSummary();
    const pages = await Promise.all(Array.from({ length: 20 }, () => checkout(me.headers)));
    const [orderId] = new Set(
      await Promise.all(pages.map(async (p) => (await attemptRow(p.attemptId))?.order_id)),
    );
    const states = await query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM payment_attempts WHERE order_id = $1 GROUP BY status',
      [orderId],
    );
    expect(Object.fromEntries(states.map((r) => [r.status, r.n]))).toEqual({ pending: 1, void: 19 });
    const live = (
      await query<{ id: string }>(
        "SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'pending'",
        [orderId],
      )
    )[0]?.id as string;
    const stale = pages.find((p) => p.attemptId !== live) as (typeof pages)[number];

    // The customer (or an attacker with their session) pays on two pages.
    await payOnGatewayPage(stale.redirectUrl, TEST_CARDS.approved);
    await payOnGatewayPage(
      pages.find((p) => p.attemptId === live)?.redirectUrl as string,
      TEST_CARDS.approved,
    );
    const refused = await complete(stale.attemptId, me.headers);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(OrderMessages.paymentReplaced);
    const paid = await complete(live, me.headers);
    expect(paid.statusCode, paid.body).toBe(200);

    const charged = (await Promise.all(pages.map((p) => chargesFor(p.attemptId)))).flat();
    expect(charged.map((c) => c.status)).toEqual(['succeeded']);
    const paidEvents = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND type = 'paid'",
      [orderId],
    );
    expect(paidEvents[0]?.n).toBe(1);
  });

  it('a stale page at the old price cannot place the order at the new one', async () => {
    const me = await readyForSummary();
    // $X with a promotion, then the customer goes back and pays without it.
    const cheap = await checkout(me.headers, 'WELCOME10');
    await payOnGatewayPage(cheap.redirectUrl, TEST_CARDS.approved);
    const full = await checkout(me.headers);
    const cheapRow = await attemptRow(cheap.attemptId);
    const fullRow = await attemptRow(full.attemptId);
    expect(cheapRow?.amount_cents).toBeLessThan(fullRow?.amount_cents as number);
    expect(cheapRow?.status).toBe('void');

    const stale = await complete(cheap.attemptId, me.headers);
    expect(stale.statusCode).toBe(409);
    expect(await chargesFor(cheap.attemptId)).toEqual([]);
    expect((await orderRow(fullRow?.order_id as string))?.status).toBe('Unpaid');
  });

  it('money taken on a replaced page is refunded at once, and the order is placed once', async () => {
    const me = await readyForSummary();
    const replaced = await checkout(me.headers);
    await payOnGatewayPage(replaced.redirectUrl, TEST_CARDS.approved);
    const live = await checkout(me.headers);
    await payOnGatewayPage(live.redirectUrl, TEST_CARDS.approved);
    expect((await complete(live.attemptId, me.headers)).statusCode).toBe(200);

    // A charge for the replaced page reaches the gateway anyway (a request that raced the new page).
    const charge = await chargeAtGateway(replaced.attemptId);
    expect((await deliver(chargeEvent(charge))).statusCode).toBe(200);

    const orderId = (await attemptRow(live.attemptId))?.order_id as string;
    const refunds = await waitFor(
      () =>
        query<{ reason: string; status: string; amount_cents: number }>(
          'SELECT reason, status, amount_cents FROM refunds WHERE attempt_id = $1',
          [replaced.attemptId],
        ),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(refunds).toEqual([
      { reason: 'duplicate-payment', status: 'succeeded', amount_cents: charge.amount as number },
    ]);
    const atGateway = await refundsOf(charge.id as string);
    expect(atGateway.map((r) => r.amount)).toEqual([charge.amount]);
    const paidEvents = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND type = 'paid'",
      [orderId],
    );
    expect(paidEvents[0]?.n).toBe(1);
    // The customer coming back to the replaced page is told, not shown a second order.
    const back = await complete(replaced.attemptId, me.headers);
    expect(back.statusCode).toBe(409);
    expect(body(back).message).toBe(OrderMessages.paymentReplaced);
  });
});

describe('gateway events', () => {
  it('a "charge succeeded" event signed with the secret places nothing the gateway did not charge', async () => {
    const me = await readyForSummary();
    const { attemptId } = await checkout(me.headers);
    const attempt = await attemptRow(attemptId);
    const forged = chargeEvent({
      id: 'ch_forged',
      object: 'charge',
      status: 'succeeded',
      amount: attempt?.amount_cents,
      currency: 'SGD',
      metadata: { attemptId },
    });
    expect((await deliver(forged)).statusCode).toBe(200);
    expect((await attemptRow(attemptId))?.status).toBe('pending');
    expect((await orderRow(attempt?.order_id as string))?.status).toBe('Unpaid');
    // Not marked handled: it can still be told truthfully later.
    expect(await query('SELECT id FROM webhook_events WHERE id = $1', [forged.id])).toEqual([]);
  });

  it('an attempt whose amount is not what the order is due is not charged', async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, TEST_CARDS.approved);
    await t.ctx.database.pool.query(
      'UPDATE payment_attempts SET amount_cents = amount_cents + 100 WHERE id = $1',
      [attemptId],
    );
    const res = await complete(attemptId, me.headers);
    expect(res.statusCode).toBe(409);
    expect(await chargesFor(attemptId)).toEqual([]);
  });

  it('answers a malformed but signed event with 400, never 500', async () => {
    for (const raw of [
      'null',
      '[]',
      '"text"',
      '{}',
      '{"id":"evt_1","type":"charge.succeeded","data":null}',
      '{"id":"evt_2","type":"charge.succeeded","data":{"object":{"metadata":{"attemptId":"not-a-uuid"}}}}',
      '{"id":"evt_3","type":"charge.succeeded","data":{"object":{"metadata":{"attemptId":42}}}}',
      '{not json',
    ]) {
      const res = await deliverRaw(raw);
      expect(res.statusCode, raw).toBe(400);
    }
  });

  it('an event whose handling fails is left for the redelivery, which settles it', async () => {
    const me = await readyForSummary();
    const { attemptId, redirectUrl } = await checkout(me.headers);
    await payOnGatewayPage(redirectUrl, TEST_CARDS.approved);
    const charge = await chargeAtGateway(attemptId);
    const event = chargeEvent(charge);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'payments', mode: 'down', seconds: 30 }),
    });
    const failed = await deliver(event);
    expect(failed.statusCode).toBe(503);
    expect(await query('SELECT id FROM webhook_events WHERE id = $1', [event.id])).toEqual([]);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await attemptRow(attemptId))?.status).toBe('succeeded');
    expect(await query('SELECT id FROM webhook_events WHERE id = $1', [event.id])).toHaveLength(1);
  });

  it('the reconciler settles a payment whose webhook never came, and voids a page left for an hour', async () => {
    const paidMe = await readyForSummary();
    const paid = await checkout(paidMe.headers);
    await payOnGatewayPage(paid.redirectUrl, TEST_CARDS.approved);
    await chargeAtGateway(paid.attemptId);
    const leftMe = await readyForSummary();
    const left = await checkout(leftMe.headers);

    t.ctx.clock.advance(3 * 60);
    await t.ctx.checkout.reconcile();
    const placed = await attemptRow(paid.attemptId);
    expect(placed?.status).toBe('succeeded');
    expect((await orderRow(placed?.order_id as string))?.status).toMatch(/^Payment success/);
    expect((await attemptRow(left.attemptId))?.status).toBe('pending');

    t.ctx.clock.advance(60 * 60);
    await t.ctx.checkout.reconcile();
    expect((await attemptRow(left.attemptId))?.status).toBe('void');
  });
});

describe('promotion codes with a cap', () => {
  it('a one-use code is taken by one order however many customers try it at once', async () => {
    const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
    await t.ctx.database.pool.query(
      `INSERT INTO promotion_codes (code, description, amount_off_cents, valid_from, max_redemptions, created_at)
       VALUES ($1, 'One use', 500, now() - interval '1 day', 1, now())`,
      [code],
    );
    const customers = await Promise.all([readyForSummary(), readyForSummary(), readyForSummary()]);
    const answers = await Promise.all(
      customers.map((c) =>
        post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode: code }, c.headers),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const refused = answers.find((a) => a.statusCode === 422);
    expect(body(refused as never).message).toBe(OrderMessages.promotionInvalid);
    const holder = customers[answers.findIndex((a) => a.statusCode === 201)] as (typeof customers)[number];
    // The customer who holds it may go through the payment page again with it.
    expect(
      (await post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode: code }, holder.headers))
        .statusCode,
    ).toBe(201);
    // Dropping it gives it back to the next customer.
    await checkout(holder.headers);
    const other = customers.find((c) => c !== holder) as (typeof customers)[number];
    expect(
      (await post('/api/v1/orders/checkout', { acceptTerms: true, promotionCode: code }, other.headers))
        .statusCode,
    ).toBe(201);
    const [row] = await query<{ redemptions: number }>(
      'SELECT redemptions FROM promotion_codes WHERE code = $1',
      [code],
    );
    expect(row?.redemptions).toBe(1);
  });
});
