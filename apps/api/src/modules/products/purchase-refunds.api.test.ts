import { randomUUID } from 'node:crypto';
import { formatSgDay, formatSgMobile } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillList } from '@selfcare/domain/contracts/bills';
import type { LineProduct } from '@selfcare/domain/contracts/products';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { sgDayPlus } from '@selfcare/domain/products';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineProducts, paymentMethods, subscriptions, users } from '../../db/schema.ts';
import { chargesAt, GATEWAY } from '../../test/bills.ts';
import { until } from '../../test/fulfilment.ts';
import { body, messagesFor, signedInCustomer, TEST_PASSWORD, waitForMessage } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { settledJobs } from '../../test/jobs.ts';
import { call, lineId, me, ownerId, secondLine, t, useProductsFixture, view } from '../../test/products.ts';
import { signedInStaff } from '../../test/staff.ts';
import { provisionProductJob } from './products.jobs.ts';

/** Paid one-time purchases that never serve are given back (ADR 0024), and every one has a receipt. */
useProductsFixture();

const sandbox = inject('sandboxUrl');
/** Product orders at the MVNE fail for a while (every other call to it goes on); answers what ends it. */
async function productOrdersDown(seconds = 60) {
  const faults = `${sandbox}/sandbox/api/faults`;
  const down = await fetch(faults, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'mvne', mode: 'down', seconds, match: 'productOrder' }),
  });
  expect(down.status).toBe(200);
  return () => fetch(`${faults}?system=mvne&match=productOrder`, { method: 'DELETE' });
}
const refundsOf = async (chargeId: string) =>
  (await (
    await fetch(`${sandbox}/payments/api/v1/charges/${chargeId}/refunds`, { headers: GATEWAY })
  ).json()) as { id: string; amount: number; status: string }[];
const rowOf = async (id: string) =>
  (await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id)))[0];
const buy = async (code: string, line = lineId) => {
  const res = await call('POST', '/products', me, { code, lineId: line, requestKey: randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return body<LineProduct>(res).data;
};
const about = (id: string, subject: RegExp) => (m: { subject: string | null; text: string }) =>
  subject.test(m.subject ?? '') && m.text.includes(id.slice(0, 8).toUpperCase());

let email: string;
let card: string;
beforeAll(async () => {
  await t.ctx.database.db.update(users).set({ enable: true }).where(eq(users.id, ownerId));
  const [user] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
  email = user?.email as string;
  const [saved] = await t.ctx.database.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, ownerId));
  card = `${saved?.brand.toUpperCase()} •••• ${saved?.last4}`;
});

describe('a roaming pack bought while the MVNE takes no product orders', () => {
  it('is refunded once its line ends before the pack reached the MVNE', async () => {
    const second = await secondLine();
    const back = await productOrdersDown();
    let id: string;
    try {
      const pack = await buy('RP-MY-3D', second.id);
      id = pack.id;
      expect(pack.state).toBe('pending');
      const ended = await call('POST', '/terminations', me, {
        scope: 'line',
        lineId: second.id,
        effectiveOn: sgDate(t.ctx.clock.now()),
        password: TEST_PASSWORD,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      const row = await rowOf(id);
      expect([row?.state, row?.paymentState, row?.mvneProductId]).toEqual(['ended', 'paid', null]);
    } finally {
      await back();
    }
    const [charge] = await chargesAt(`product:${id}`);
    expect([charge?.status, charge?.amount]).toEqual(['succeeded', 500]);
    // The minute's sweep, once the ended pack is left to it (or the provisioning job's next try,
    // whichever comes first) gives it back.
    t.ctx.clock.advance(60);
    try {
      await t.ctx.products.purchases.reconcile();
    } finally {
      t.ctx.clock.advance(-60);
    }
    const refunds = await until(
      () => refundsOf(charge?.id as string),
      (r) => r.length > 0,
    );
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[500, 'succeeded']]);
    const shown = (await view('roaming-pack')).products.find((p) => p.id === id);
    expect([shown?.state, shown?.payment]).toEqual(['ended', 'refunded']);
    const receipt = await waitForMessage(email, about(id, /^Refund/));
    expect(receipt.text).toContain('Malaysia 3GB, 3 days');
    expect(receipt.text).toContain(formatSgMobile(second.msisdn));
    expect(receipt.text).toContain('$5.00');
    expect(receipt.text).toContain(card);
  }, 60_000);
});

describe('a roaming pack bought to start on a later day', () => {
  it('is refunded once its line ends before that day, though the MVNE had it', async () => {
    const second = await secondLine();
    const today = sgDate(t.ctx.clock.now());
    const res = await call('POST', '/products', me, {
      code: 'RP-MY-3D',
      lineId: second.id,
      requestKey: randomUUID(),
      startDate: sgDayPlus(today, 3),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<LineProduct>(res).data.id;
    await t.ctx.products.purchases.provision(id);
    expect((await rowOf(id))?.mvneProductId).toBeTruthy();
    const ended = await call('POST', '/terminations', me, {
      scope: 'line',
      lineId: second.id,
      effectiveOn: today,
      password: TEST_PASSWORD,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    t.ctx.clock.advance(60);
    try {
      await t.ctx.products.purchases.reconcile();
      await t.ctx.products.purchases.reconcile();
    } finally {
      t.ctx.clock.advance(-60);
    }
    const [charge] = await chargesAt(`product:${id}`);
    expect((await refundsOf(charge?.id as string)).map((r) => [r.amount, r.status])).toEqual([
      [500, 'succeeded'],
    ]);
    const shown = (await view('roaming-pack')).products.find((p) => p.id === id);
    expect([shown?.state, shown?.payment]).toEqual(['ended', 'refunded']);
    await waitForMessage(email, about(id, /^Refund/));
  }, 60_000);
});

describe('a purchase whose provisioning used all its retries', () => {
  let refundedId: string;

  it('is failed and refunded once', async () => {
    const back = await productOrdersDown();
    let id: string;
    try {
      id = (await buy('TOPUP-1')).id;
      // A try with no retries left fails as the last of the job's thirty would.
      await t.ctx.queue.send(provisionProductJob, { id }, undefined, { retryLimit: 0 });
      const row = await until(
        () => rowOf(id),
        (r) => r?.paymentState === 'refunded',
      );
      expect([row?.state, row?.paymentState, row?.mvneProductId]).toEqual(['failed', 'refunded', null]);
    } finally {
      await back();
    }
    // The job and the sweep again: nothing more is given back, nor told.
    await t.ctx.products.purchases.provision(id);
    await t.ctx.products.purchases.reconcile();
    const [charge] = await chargesAt(`product:${id}`);
    expect((await refundsOf(charge?.id as string)).map((r) => r.amount)).toEqual([200]);
    await settledJobs(t, id);
    expect((await messagesFor(email)).filter(about(id, /^Refund/))).toHaveLength(1);
    const shown = (await view('top-up')).products.find((p) => p.id === id);
    expect([shown?.state, shown?.payment]).toEqual(['failed', 'refunded']);
    refundedId = id;
  }, 60_000);

  it('is refunded by the sweep when the gateway was down as it gave up', async () => {
    const back = await productOrdersDown();
    const payments = `${sandbox}/sandbox/api/faults`;
    let id: string;
    try {
      id = (await buy('TOPUP-3')).id;
      await fetch(payments, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ system: 'payments', mode: 'down', seconds: 60 }),
      });
      await t.ctx.queue.send(provisionProductJob, { id }, undefined, { retryLimit: 0 });
      const row = await until(
        () => rowOf(id),
        (r) => r?.state === 'failed',
      );
      expect([row?.state, row?.paymentState]).toEqual(['failed', 'paid']);
    } finally {
      await fetch(`${payments}?system=payments`, { method: 'DELETE' });
      await back();
    }
    t.ctx.clock.advance(60);
    try {
      await t.ctx.products.purchases.reconcile();
    } finally {
      t.ctx.clock.advance(-60);
    }
    expect((await rowOf(id))?.paymentState).toBe('refunded');
    const [charge] = await chargesAt(`product:${id}`);
    expect((await refundsOf(charge?.id as string)).map((r) => r.amount)).toEqual([500]);
  }, 60_000);

  it('is on /bills among the payments: the purchase and its refund', async () => {
    const list = body<BillList>(await call('GET', '/bills', me)).data;
    const ours = list.payments.filter((p) => p.id.startsWith(refundedId));
    expect(ours.map((p) => [p.kind, p.description, p.amountCents, p.status])).toEqual([
      ['refund', 'Lite Top-up 1GB (refund)', -200, 'refunded'],
      ['purchase', 'Lite Top-up 1GB', 200, 'refunded'],
    ]);
    expect(ours.every((p) => p.card === card)).toBe(true);
  });

  it('is on the staff billing page of this customer only, for an agent: the purchase and its refund', async () => {
    const agent = await signedInStaff(t, 'agent');
    const staffBilling = async (userId: string, headers: { authorization: string } = agent.headers) =>
      t.app.inject({ method: 'GET', url: `/api/v1/staff/customers/${userId}/billing`, headers });
    const theirs = body<StaffBilling>(await staffBilling(ownerId)).data.cardPurchases;
    expect(
      theirs.filter((p) => p.id.startsWith(refundedId)).map((p) => [p.kind, p.amountCents, p.status, p.card]),
    ).toEqual([
      ['refund', -200, 'refunded', card],
      ['purchase', 200, 'refunded', card],
    ]);
    const someoneElse = await signedInCustomer(t, { status: 2, activated: true });
    expect(body<StaffBilling>(await staffBilling(someoneElse.id)).data.cardPurchases).toEqual([]);
    // The customer's own token does not open the staff page.
    expect((await staffBilling(ownerId, me)).statusCode).toBe(403);
  });
});

describe('a one-time purchase', () => {
  it('is receipted by email: what, the line, the amount with its GST, the card and the day', async () => {
    const booster = await buy('BOOST-5');
    const receipt = await waitForMessage(email, about(booster.id, /^Receipt/));
    const [line] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
    expect(receipt.text).toContain('Data Booster 5GB');
    expect(receipt.text).toContain(formatSgMobile(line?.msisdn as string));
    expect(receipt.text).toContain('$4.00');
    expect(receipt.text).toContain('includes GST 9%: $0.33');
    expect(receipt.text).toContain(card);
    expect(receipt.text).toContain(formatSgDay(sgDate(t.ctx.clock.now())));
    // Paid and not refunded: on /bills once, as paid.
    const list = body<BillList>(await call('GET', '/bills', me)).data;
    expect(list.payments.filter((p) => p.id.startsWith(booster.id)).map((p) => [p.kind, p.status])).toEqual([
      ['purchase', 'paid'],
    ]);
  });
});
