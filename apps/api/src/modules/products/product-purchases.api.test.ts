import { randomUUID } from 'node:crypto';
import { formatSg } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { LineProduct } from '@selfcare/domain/contracts/products';
import { ONE_TIME_VALIDITY_DAYS, ProductMessages, sgDayPlus } from '@selfcare/domain/products';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineProducts, paymentMethods, users } from '../../db/schema.ts';
import { chargesAt, tokenFor } from '../../test/bills.ts';
import { until } from '../../test/fulfilment.ts';
import { body, waitForMessage } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import {
  atMvne,
  call,
  lineId,
  me,
  mine,
  other,
  ownerId,
  secondLine,
  serviceId,
  t,
  useProductsFixture,
  view,
} from '../../test/products.ts';

/** One-time purchases (boosters, top-ups): paid at once by the saved card, set up only once paid. */
useProductsFixture();

const faults = (payload?: object) =>
  fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
    method: payload ? 'POST' : 'DELETE',
    headers: payload ? { 'content-type': 'application/json' } : {},
    body: payload ? JSON.stringify(payload) : undefined,
  });
const buy = (code: string, requestKey = randomUUID(), extra: object = {}) =>
  call('POST', '/products', me, { code, lineId, requestKey, ...extra });

beforeAll(async () => {
  // Boosters are for customers with the enable flag (spec §6).
  await t.ctx.database.db.update(users).set({ enable: true }).where(eq(users.id, ownerId));
});

describe('a one-time booster', () => {
  it('is charged once however many times the purchase is sent, then set up for 30 days', async () => {
    const requestKey = randomUUID();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => buy('BOOST-5', requestKey)));
    for (const res of clicks) expect(res.statusCode, res.body).toBe(201);
    const ids = new Set(clicks.map((r) => body<LineProduct>(r).data.id));
    expect(ids.size).toBe(1);
    const id = [...ids][0] as string;
    const charged = await chargesAt(`product:${id}`);
    expect(charged.map((c) => [c.status, c.amount])).toEqual([['succeeded', 400]]);
    const booster = await until(
      () => mine('booster', 'BOOST-5'),
      (p) => p?.state === 'active',
    );
    const [row] = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id));
    expect(row?.paymentState).toBe('paid');
    // Its 30 days count from when it serves.
    const days =
      (Date.parse(booster?.endsAt as string) - Date.parse(booster?.startsAt as string)) / 86_400_000;
    expect(days).toBeCloseTo(ONE_TIME_VALIDITY_DAYS, 3);
    expect((await atMvne()).find((p) => p.productOffering.id === 'BOOST-5')?.terminationDate).toBe(
      booster?.endsAt,
    );
    // A second one-time booster is a second purchase.
    expect((await buy('BOOST-5')).statusCode).toBe(201);
  });

  it('serves one line unless it is shareable', async () => {
    const res = await buy('BOOST-5', randomUUID(), { lineIds: [randomUUID()] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe(ProductMessages.notShareable);
  });
});

describe('a lite top-up', () => {
  it("with a declined card is not set up, and the customer reads the spec's card message", async () => {
    const [card] = await t.ctx.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, ownerId));
    const good = card?.gatewayToken as string;
    await t.ctx.database.db
      .update(paymentMethods)
      .set({ gatewayToken: await tokenFor('4000000000009995') })
      .where(eq(paymentMethods.userId, ownerId));
    try {
      const key = randomUUID();
      const res = await buy('TOPUP-1', key);
      expect(res.statusCode).toBe(402);
      expect(body(res).message).toBe(ProductMessages.cardDeclined);
      // The same purchase sent again is the same decline, and no second charge.
      expect((await buy('TOPUP-1', key)).statusCode).toBe(402);
      // This customer's: other files' customers buy top-ups in the same database.
      const rows = await t.ctx.database.db
        .select()
        .from(lineProducts)
        .where(and(eq(lineProducts.productCode, 'TOPUP-1'), eq(lineProducts.userId, ownerId)));
      expect(rows.map((r) => [r.state, r.paymentState, r.mvneProductId])).toEqual([
        ['failed', 'declined', null],
      ]);
      expect((await mine('top-up', 'TOPUP-1'))?.state).toBeUndefined();
      expect((await atMvne()).some((p) => p.productOffering.id === 'TOPUP-1')).toBe(false);
    } finally {
      await t.ctx.database.db
        .update(paymentMethods)
        .set({ gatewayToken: good })
        .where(eq(paymentMethods.userId, ownerId));
    }
  });

  it('bought while the gateway is down is pending, then charged once and set up when it answers', async () => {
    await faults({ system: 'payments', mode: 'down', seconds: 60 });
    let id: string;
    try {
      const res = await buy('TOPUP-3');
      expect(res.statusCode, res.body).toBe(201);
      expect(body<LineProduct>(res).data.state).toBe('pending');
      id = body<LineProduct>(res).data.id;
    } finally {
      await faults();
    }
    // Asked again only once the answer is overdue: then charged with the same key, once.
    expect(await t.ctx.products.purchases.reconcile()).toBe(0);
    t.ctx.clock.advance(60);
    try {
      // The worker's own run every minute may get there first: either way it is settled once.
      await t.ctx.products.purchases.reconcile();
      await t.ctx.products.purchases.reconcile();
    } finally {
      t.ctx.clock.advance(-60);
    }
    expect((await chargesAt(`product:${id}`)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    expect(
      await until(
        () => mine('top-up', 'TOPUP-3'),
        (p) => p?.state === 'active',
      ),
    ).toMatchObject({ id, state: 'active' });
  });
});

describe('a shareable booster', () => {
  it('serves the lines chosen, and its lines change; a monthly one only once a month', async () => {
    const second = await secondLine();
    const res = await buy('BOOST-20-SHARE', randomUUID(), { lineIds: [lineId, second.id] });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<LineProduct>(res).data.id;
    const served = async () => {
      const [row] = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id));
      const p = (await atMvne()).find((x) => x.id === row?.mvneProductId) as {
        realizingService?: { id: string }[];
      };
      return p?.realizingService?.map((s) => s.id).sort() ?? [];
    };
    expect(await until(served, (s) => s.length === 2)).toEqual([serviceId, second.serviceId].sort());
    const changed = await call('PUT', `/products/${id}/lines`, me, { lineIds: [lineId] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<LineProduct>(changed).data.lineIds).toEqual([lineId]);
    expect(await until(served, (s) => s.length === 1)).toEqual([serviceId]);
    // Another customer's product, or a line not theirs: not found.
    expect((await call('PUT', `/products/${id}/lines`, other, { lineIds: [lineId] })).statusCode).toBe(404);

    const monthly = await buy('BOOST-30-MONTHLY-SHARE', randomUUID(), { lineIds: [lineId, second.id] });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const monthlyId = body<LineProduct>(monthly).data.id;
    await until(
      () => mine('booster', 'BOOST-30-MONTHLY-SHARE'),
      (p) => p?.state === 'active',
    );
    // Bought this month: that was its change for the month.
    const again = await call('PUT', `/products/${monthlyId}/lines`, me, { lineIds: [second.id] });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(ProductMessages.oneChangeAMonth);
  });
});

describe('a roaming pack starting on a later day', () => {
  it('is set up at the network to start on that Singapore day, and is not active until then', async () => {
    const today = sgDate(t.ctx.clock.now());
    const startDate = sgDayPlus(today, 3);
    const res = await buy('RP-JP-7D', randomUUID(), { startDate, priceCents: 1800 });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<LineProduct>(res).data.id;
    const from = new Date(`${startDate}T00:00:00+08:00`).toISOString();
    const to = new Date(`${sgDayPlus(startDate, 7)}T00:00:00+08:00`).toISOString();
    // Paid now, at the network now, serving from its day: scheduled, not active.
    const pack = await until(
      async () => (await view('roaming-pack')).products.find((p) => p.id === id),
      (p) => p?.state !== 'pending',
    );
    expect(pack).toMatchObject({ state: 'scheduled', payment: 'paid', startsAt: from, endsAt: to });
    const [row] = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id));
    const atNetwork = (await atMvne()).find((p) => p.id === row?.mvneProductId) as
      | { startDate: string; terminationDate: string }
      | undefined;
    expect(atNetwork?.startDate).toBe(from);
    expect(atNetwork?.terminationDate).toBe(to);
    expect((await chargesAt(`product:${id}`)).map((c) => [c.status, c.amount])).toEqual([
      ['succeeded', 1800],
    ]);
    // On its day it serves (read from the service: the login's token has expired by then).
    t.ctx.clock.advance(3 * 86_400);
    try {
      const then = await t.ctx.products.view(ownerId, { kind: 'roaming-pack' });
      expect(then.products.find((p) => p.id === id)?.state).toBe('active');
    } finally {
      t.ctx.clock.advance(-3 * 86_400);
    }
  });

  it('is receipted with the days it serves, its first and its last', async () => {
    const startDate = sgDayPlus(sgDate(t.ctx.clock.now()), 5);
    const res = await buy('RP-JP-7D', randomUUID(), { startDate, priceCents: 1800 });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<LineProduct>(res).data.id;
    const [owner] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const receipt = await waitForMessage(
      owner?.email as string,
      (m) => m.subject?.startsWith('Receipt for') === true && m.text.includes(id.slice(0, 8).toUpperCase()),
    );
    const first = formatSg(startDate, 'day');
    const last = formatSg(sgDayPlus(startDate, 6), 'day');
    expect(receipt.text).toContain(`Valid from ${first} to ${last}.`);
  });

  it('is refused, with the reason on the field and nothing kept, for a past day or one too far ahead', async () => {
    const today = sgDate(t.ctx.clock.now());
    const before = await t.ctx.database.db
      .select()
      .from(lineProducts)
      .where(eq(lineProducts.userId, ownerId));
    for (const [startDate, message] of [
      [sgDayPlus(today, -1), ProductMessages.startInPast],
      [sgDayPlus(today, 31), ProductMessages.startTooFar],
    ] as const) {
      const res = await buy('RP-JP-7D', randomUUID(), { startDate });
      expect(res.statusCode, res.body).toBe(422);
      expect(body(res).extra_info).toEqual({ fields: { startDate: message } });
    }
    // 30 days ahead is the last day it may start.
    const res = await buy('RP-MY-3D', randomUUID(), { startDate: sgDayPlus(today, 30) });
    expect(res.statusCode, res.body).toBe(201);
    // Not a day at all, or on what is not a roaming pack.
    expect((await buy('RP-JP-7D', randomUUID(), { startDate: 'next week' })).statusCode).toBe(422);
    const booster = await buy('BOOST-5', randomUUID(), { startDate: sgDayPlus(today, 2) });
    expect(booster.statusCode).toBe(422);
    expect(body(booster).extra_info).toEqual({ fields: { startDate: ProductMessages.startOnlyRoaming } });
    const after = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.userId, ownerId));
    expect(after.length).toBe(before.length + 1);
  });
});

describe('a purchase the network refuses', () => {
  it('is refunded, also when the gateway was down at the first try of the refund', async () => {
    const second = await secondLine();
    // The MVNE has the line suspended (our records do not know yet): it refuses to add to it.
    const suspended = await fetch(
      `${inject('sandboxUrl')}/mvne/tmf-api/serviceActivationAndConfiguration/v4/service/${second.serviceId}`,
      {
        method: 'PATCH',
        headers: { authorization: 'Bearer sandbox-mvne-key', 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'suspended' }),
      },
    );
    expect(suspended.status).toBe(200);
    await faults({ system: 'mvne', mode: 'down', seconds: 60 });
    let id: string;
    try {
      const res = await call('POST', '/products', me, {
        code: 'TOPUP-1',
        lineId: second.id,
        requestKey: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(201);
      id = body<LineProduct>(res).data.id;
      await faults({ system: 'payments', mode: 'down', seconds: 60 });
    } finally {
      await fetch(`${inject('sandboxUrl')}/sandbox/api/faults?system=mvne`, { method: 'DELETE' });
    }
    try {
      // The job's next try: refused by the MVNE, the refund cannot reach the gateway.
      await expect(t.ctx.products.purchases.provision(id)).rejects.toThrow();
      const [failed] = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id));
      expect([failed?.state, failed?.paymentState]).toEqual(['failed', 'paid']);
    } finally {
      await faults();
    }
    // A later try gives the money back, once.
    await t.ctx.products.purchases.provision(id);
    await t.ctx.products.purchases.provision(id);
    const [row] = await t.ctx.database.db.select().from(lineProducts).where(eq(lineProducts.id, id));
    expect([row?.state, row?.paymentState]).toEqual(['failed', 'refunded']);
  });
});
