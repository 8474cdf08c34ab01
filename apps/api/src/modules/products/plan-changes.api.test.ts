import { prorate } from '@selfcare/domain';
import { planChangeDate, sgDate } from '@selfcare/domain/calendar';
import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { ProductMessages, planChangeStartsAt } from '@selfcare/domain/products';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, lineProducts, subscriptions } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, signedInCustomer } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import {
  atMvne,
  call,
  lineId,
  lineSince,
  me,
  mine,
  other,
  ownerId,
  serviceId,
  t,
  useProductsFixture,
} from '../../test/products.ts';

/** /manage/planChange: scheduling a change for the next processing day, cancelling it, applying it. */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const planAtMvne = async () => {
  const res = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
    headers: { authorization: 'Bearer sandbox-mvne-key' },
  });
  const service = (await res.json()) as { serviceCharacteristic: { name: string; value: string }[] };
  return service.serviceCharacteristic.find((c) => c.name === 'planCode')?.value;
};
const PRICES: Record<string, number> = { 'PLUS-35': 3500, 'MAX-55': 5500, 'VALUE-20': 2000 };
/** Schedules a move with the price the page shows for the plan (the catalog's, unless told). */
const schedule = (planCode: string, headers = me, priceCents = PRICES[planCode]) =>
  call('POST', '/plan-changes', headers, { lineId, planCode, priceCents });

describe('a plan change', () => {
  it('is scheduled for the next processing day with the difference in price, one at a time, and cancelled', async () => {
    const view = body<PlanChangeView>(await call('GET', '/plan-changes', me)).data;
    // The order's plan: Value 20.
    expect(view.lines.find((l) => l.id === lineId)).toMatchObject({
      planCode: 'VALUE-20',
      monthlyCents: 2000,
    });
    expect(view.plans.map((p) => p.code)).toContain('VALUE-20');
    // CIS plans only for the company's staff.
    expect(view.plans.map((p) => p.code)).not.toContain('CIS-ACME-18');
    expect(view.effectiveOn).toBe(planChangeDate(t.ctx.clock.now()));

    const res = await schedule('PLUS-35');
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).message).toBe('Data updated successfully');
    const change = body<PlanChange>(res).data;
    expect(change).toMatchObject({
      fromPlan: 'VALUE-20',
      toPlan: 'PLUS-35',
      toName: 'Plus 35',
      state: 'scheduled',
      differenceCents: 1500,
      effectiveOn: view.effectiveOn,
    });
    const second = await schedule('MAX-55');
    expect(second.statusCode).toBe(409);
    expect(body(second).message).toBe(ProductMessages.planPending);
    expect((await call('DELETE', `/plan-changes/${change.id}`, other)).statusCode).toBe(404);

    const cancelled = await call('DELETE', `/plan-changes/${change.id}`, me);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body(cancelled).message).toBe('Data deleted successfully.');
    expect(body<PlanChange>(cancelled).data.state).toBe('cancelled');
    expect(body<PlanChangeView>(await call('GET', '/plan-changes', me)).data.changes).toEqual([]);
  });

  it('is refused for the plan the line has, a plan not offered to the customer, or another’s line', async () => {
    const same = await schedule('VALUE-20');
    expect(same.statusCode).toBe(422);
    expect(body(same).message).toBe(ProductMessages.samePlan);
    const cis = await schedule('CIS-ACME-18');
    expect(cis.statusCode).toBe(422);
    expect(body(cis).message).toBe(ProductMessages.planNotOffered);
    expect((await schedule('PLUS-35', other)).statusCode).toBe(404);
  });

  it('is refused when the price the customer confirmed is no longer the plan’s, and nothing is scheduled', async () => {
    const stale = await schedule('PLUS-35', me, 3000);
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe('The price has changed to $35.00. Please check it and confirm again.');
    expect(body(stale).extra_info).toMatchObject({ priceCents: 3500 });
    expect(body<PlanChangeView>(await call('GET', '/plan-changes', me)).data.changes).toEqual([]);
  });

  it('is applied on its day at the MVNE and on the line, and cannot be cancelled from then', async () => {
    const change = body<PlanChange>(await schedule('PLUS-35')).data;
    // Its day has come (the clock of the API moved on would end the test's session too).
    const today = sgDate(t.ctx.clock.now());
    await t.ctx.database.pool.query('UPDATE plan_changes SET effective_on = $2 WHERE id = $1', [
      change.id,
      today,
    ]);
    const late = await call('DELETE', `/plan-changes/${change.id}`, me);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(ProductMessages.planChangeApplied);
    expect(await t.ctx.planChanges.applyDue()).toBe(1);
    // Run again (a retried job): nothing more.
    expect(await t.ctx.planChanges.applyDue()).toBe(0);
    const [line] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
    expect(line?.planCode).toBe('PLUS-35');
    expect(await planAtMvne()).toBe('PLUS-35');
    const view = body<PlanChangeView>(await call('GET', '/plan-changes', me)).data;
    expect(view.changes.find((c) => c.id === change.id)?.state).toBe('applied');
  });
});

describe('a plan change to a plan that does not take an add-on of the line', () => {
  it('names the add-on before it is confirmed and ends it with the change, at the MVNE and on the bill', async () => {
    // The order's Extra 20GB, which Max 55 (unlimited data) does not take.
    const data20 = await until(
      () => mine('addon', 'DATA-20'),
      (p) => p?.state === 'active',
    );
    const before = body<PlanChangeView>(await call('GET', '/plan-changes', me)).data;
    const addons = before.lines.find((l) => l.id === lineId)?.addons;
    expect(addons?.map((a) => [a.code, a.name])).toEqual([['DATA-20', 'Extra 20GB']]);
    expect(addons?.[0]?.planCodes).not.toContain('MAX-55');

    const change = body<PlanChange>(await schedule('MAX-55')).data;
    const today = sgDate(t.ctx.clock.now());
    await t.ctx.database.pool.query('UPDATE plan_changes SET effective_on = $2 WHERE id = $1', [
      change.id,
      today,
    ]);
    expect(await t.ctx.planChanges.applyDue()).toBe(1);

    // Ended as the change's day started: off the pages, and the MVNE told by the provisioning job.
    expect(await mine('addon', 'DATA-20')).toBeUndefined();
    const [row] = await t.ctx.database.db
      .select()
      .from(lineProducts)
      .where(eq(lineProducts.id, data20?.id as string));
    expect(row?.endsAt).toEqual(planChangeStartsAt(today));
    const told = await until(
      async () => (await atMvne()).find((p) => p.productOffering.id === 'DATA-20'),
      (p) => p?.status !== 'active',
    );
    // Its day has begun: the MVNE ends it at once (it takes no end in the past).
    expect(told?.status).toBe('terminated');
    expect(Date.parse(told?.terminationDate as string)).toBeLessThanOrEqual(Date.now());
    const exported = JSON.parse((await call('GET', '/profile/export', me)).body) as {
      products: { product_code: string; state: string }[];
    };
    expect(exported.products.find((p) => p.product_code === 'DATA-20')?.state).toBe('ended');

    // The months after it charge it no more (the order paid its first month).
    const [y, m] = today.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    await t.ctx.billRun.run(next, Number.POSITIVE_INFINITY, [ownerId]);
    const made = await t.ctx.database.db.select().from(charges).where(eq(charges.userId, ownerId));
    expect(made.filter((c) => c.kind === 'product' && c.reason.startsWith('Extra 20GB'))).toEqual([]);
  }, 90_000);
});

describe('the bill of a month with a plan change', () => {
  it('charges the old plan to the day before the change and the new one from it', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const at = new Date('2024-12-10T10:00:00+08:00');
    const line = await lineSince(c.id, at, { orderPlan: 'LITE-10', plan: 'VALUE-20' });
    await t.ctx.database.pool.query(
      `INSERT INTO plan_changes (user_id, line_id, from_plan, to_plan, effective_on, state, created_at, applied_at)
       VALUES ($1, $2, 'LITE-10', 'VALUE-20', '2025-03-15', 'applied', $3, $3)`,
      [c.id, line, at],
    );
    await t.ctx.billRun.run('2025-02', Number.POSITIVE_INFINITY, [c.id]);
    await t.ctx.billRun.run('2025-03', Number.POSITIVE_INFINITY, [c.id]);
    const made = await t.ctx.database.db.select().from(charges).where(eq(charges.lineId, line));
    const plan = (period: string) =>
      made
        .filter((x) => x.kind === 'plan' && x.period === period)
        .map((x) => [x.reason, x.amountCents])
        .sort();
    // February: the plan in force then, whole.
    expect(plan('2025-02')).toEqual([['Lite 10', 1000]]);
    expect(plan('2025-03')).toEqual(
      [
        ['Lite 10 from 1 March 2025 (14 of 31 days)', prorate(1000, '2025-03', '2025-03-01', '2025-03-14')],
        ['Value 20 from 15 March 2025 (17 of 31 days)', prorate(2000, '2025-03', '2025-03-15')],
      ].sort(),
    );
  });
});
