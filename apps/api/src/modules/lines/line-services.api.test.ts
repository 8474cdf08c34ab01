import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import { ProductMessages } from '@selfcare/domain/products';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { staffAuditLog, subscriptions } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, signedInCustomer } from '../../test/harness.ts';
import { call, lineId, me, other, ownerId, serviceId, t, useProductsFixture } from '../../test/products.ts';
import { signedInStaff } from '../../test/staff.ts';

/** Suspension and international barring per line (ADR 0025), as the customer and support use them. */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const atMvne = async (): Promise<Record<string, string>> => {
  const res = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
    headers: { authorization: 'Bearer sandbox-mvne-key' },
  });
  const service = (await res.json()) as {
    state: string;
    serviceCharacteristic: { name: string; value: string }[];
  };
  return {
    state: service.state,
    ...Object.fromEntries(service.serviceCharacteristic.map((c) => [c.name, c.value])),
  };
};
const mine = async (headers = me) =>
  body<LineServices[]>(await call('GET', '/line-services', headers)).data.find((l) => l.lineId === lineId);
const lineState = async () =>
  (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId)))[0]?.state;

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
beforeAll(async () => {
  agent = await signedInStaff(t, 'agent');
});

describe('international calls and SMS', () => {
  it('are allowed until barred; barring each way reaches the MVNE', async () => {
    expect(await mine()).toMatchObject({
      status: 'Active',
      barring: { incomingInternational: false, outgoingInternational: false },
    });
    const res = await call('PUT', `/line-services/${lineId}/barring`, me, {
      incomingInternational: true,
      outgoingInternational: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Data updated successfully');
    expect(body<LineServices>(res).data.barring).toEqual({
      incomingInternational: true,
      outgoingInternational: true,
    });
    await until(
      atMvne,
      (s) => s.barIncomingInternational === 'true' && s.barOutgoingInternational === 'true',
    );
    expect(await until(mine, (l) => l?.pending === false)).toMatchObject({ pending: false });

    await call('PUT', `/line-services/${lineId}/barring`, me, {
      incomingInternational: false,
      outgoingInternational: true,
    });
    expect(
      await until(
        atMvne,
        (s) => s.barIncomingInternational === 'false' && s.barOutgoingInternational === 'true',
      ),
    ).toMatchObject({ barIncomingInternational: 'false', barOutgoingInternational: 'true' });
  });

  it("refuses bad input, another customer's line and a sub-line login, changing nothing", async () => {
    const before = (await mine())?.barring;
    const bad = await call('PUT', `/line-services/${lineId}/barring`, me, { incomingInternational: 'yes' });
    expect(bad.statusCode).toBe(422);
    const foreign = await call('PUT', `/line-services/${lineId}/barring`, other, {
      incomingInternational: true,
      outgoingInternational: false,
    });
    expect(foreign.statusCode).toBe(404);
    expect(body<LineServices[]>(await call('GET', '/line-services', other)).data).toEqual([]);
    const sub = await signedInCustomer(t, {
      isMainLine: false,
      mainUserId: ownerId,
      status: 2,
      activated: true,
    });
    expect((await call('GET', '/line-services', sub.headers)).statusCode).toBe(403);
    expect((await mine())?.barring).toEqual(before);
  });
});

describe('suspension', () => {
  it('suspends at once with a reason; the MVNE stops the line; only support resumes it', async () => {
    const noReason = await call('POST', `/line-services/${lineId}/suspension`, me, {});
    expect(noReason.statusCode).toBe(422);
    expect(body(noReason).message).toBe(LineServiceMessages.chooseReason);
    expect(await lineState()).toBe('active');

    const res = await call('POST', `/line-services/${lineId}/suspension`, me, { reason: 'travel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Suspend service successfully');
    expect(body<LineServices>(res).data).toMatchObject({
      status: 'Suspension',
      suspension: { reason: 'travel' },
    });
    expect(await lineState()).toBe('suspended');
    await until(atMvne, (s) => s.state === 'suspended');

    // A second suspension, a barring change and a purchase on the suspended line are refused.
    const again = await call('POST', `/line-services/${lineId}/suspension`, me, { reason: 'other' });
    expect([again.statusCode, body(again).message]).toEqual([409, LineServiceMessages.alreadySuspended]);
    const bar = await call('PUT', `/line-services/${lineId}/barring`, me, {
      incomingInternational: true,
      outgoingInternational: true,
    });
    expect([bar.statusCode, body(bar).message]).toEqual([409, LineServiceMessages.suspendedLine]);
    const buy = await call('POST', '/products', me, {
      code: 'GLOBAL-SMS-100',
      lineId,
      requestKey: crypto.randomUUID(),
    });
    expect([buy.statusCode, body(buy).message]).toEqual([409, ProductMessages.lineNotActive]);

    // Another customer cannot suspend it; an agent resumes it with a reason, and it is logged.
    const noReasonStaff = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      headers: agent.headers,
      payload: {},
    });
    expect(noReasonStaff.statusCode).toBe(422);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      headers: agent.headers,
      payload: { reason: 'Customer back from travel, called support' },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(body(resumed).message).toBe('Unsuspend service successfully');
    expect(body<LineServices>(resumed).data).toMatchObject({ status: 'Unsuspension', suspension: null });
    expect(await lineState()).toBe('active');
    await until(atMvne, (s) => s.state === 'active');
    const [logged] = await t.ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'unsuspend-line'));
    expect(logged).toMatchObject({ staffId: agent.id, reason: 'Customer back from travel, called support' });

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      headers: agent.headers,
      payload: { reason: 'again' },
    });
    expect([twice.statusCode, body(twice).message]).toEqual([409, LineServiceMessages.notSuspended]);
  });

  it("refuses another customer's line and a customer calling the staff action", async () => {
    const foreign = await call('POST', `/line-services/${lineId}/suspension`, other, { reason: 'travel' });
    expect(foreign.statusCode).toBe(404);
    const customerAsStaff = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      headers: me,
      payload: { reason: 'x' },
    });
    expect(customerAsStaff.statusCode).toBe(403);
    expect(await lineState()).toBe('active');
  });
});
