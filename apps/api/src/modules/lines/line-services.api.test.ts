import type { LineServices, StaffCustomerLines } from '@selfcare/domain/contracts/line-services';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import { ProductMessages } from '@selfcare/domain/products';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog, subscriptions } from '../../db/schema.ts';
import { mvneDownFor } from '../../test/faults.ts';
import { until } from '../../test/fulfilment.ts';
import { body, signedInCustomer } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import {
  call,
  lineId,
  me,
  other,
  ownerId,
  secondLine,
  serviceId,
  t,
  useProductsFixture,
} from '../../test/products.ts';
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
    // This agent's entry: other tests on a shared database unsuspend lines too.
    const [logged] = await t.ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'unsuspend-line'), eq(staffAuditLog.staffId, agent.id)));
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
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await lineState()).toBe('active');

    // The console's view of a customer's lines: staff only.
    const lines = (headers?: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: `/api/v1/staff/customers/${ownerId}/lines`, headers });
    expect((await lines()).statusCode).toBe(401);
    expect((await lines(me)).statusCode).toBe(403);
    const seen = await lines(agent.headers);
    expect(seen.statusCode, seen.body).toBe(200);
    // Whose lines they are, and the line as its customer sees it.
    const view = body<StaffCustomerLines>(seen).data;
    expect(view.customer.id).toBe(ownerId);
    expect(view.customer.name).toMatch(/\S/);
    expect(view.lines.find((l) => l.lineId === lineId)).toEqual(await mine());
    const nobody = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/customers/00000000-0000-4000-8000-000000000000/lines',
      headers: agent.headers,
    });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('the MVNE down', () => {
  it('keeps a barring and a suspension pending, hands them on hourly, and the MVNE takes them once back', async () => {
    const extra = await secondLine();
    const theLine = async () =>
      body<LineServices[]>(await call('GET', '/line-services', me)).data.find((l) => l.lineId === extra.id);
    // Down for this line's service only: the other tests' lines go on.
    const back = await mvneDownFor(extra.serviceId);
    try {
      const bar = await call('PUT', `/line-services/${extra.id}/barring`, me, {
        incomingInternational: true,
        outgoingInternational: true,
      });
      expect(bar.statusCode, bar.body).toBe(200);
      const sus = await call('POST', `/line-services/${extra.id}/suspension`, me, { reason: 'travel' });
      expect(sus.statusCode, sus.body).toBe(200);
      expect(body(sus).message).toBe('Suspend service successfully');
      expect(body<LineServices>(sus).data).toMatchObject({ status: 'Suspension', pending: true });
      // Its job has tried and failed: still pending, as the page says.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await theLine()).toMatchObject({ status: 'Suspension', pending: true });

      // Ten minutes on and still not taken: the hourly job hands the line to its job again.
      await t.ctx.database.pool.query(
        `UPDATE line_suspensions SET suspended_at = suspended_at - interval '20 minutes' WHERE line_id = $1`,
        [extra.id],
      );
      await t.ctx.database.pool.query(
        `UPDATE line_barring SET updated_at = updated_at - interval '20 minutes' WHERE line_id = $1`,
        [extra.id],
      );
      // While the line's own jobs still wait for their retries, the sweep queues none beside them.
      const waiting = async () =>
        (
          await t.ctx.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'lines.send-services'
               AND data->>'lineId' = $1 AND state < 'completed'`,
            [extra.id],
          )
        ).rows[0]?.n;
      const before = await waiting();
      expect(before).toBeGreaterThanOrEqual(1);
      expect(await t.ctx.lineServices.retryStale()).toBeGreaterThanOrEqual(1);
      expect(await waiting()).toBe(before);
      await expect(t.ctx.lineServices.send(extra.id)).rejects.toThrow();
      expect((await theLine())?.pending).toBe(true);
    } finally {
      await back();
    }
    await t.ctx.lineServices.send(extra.id);
    expect((await theLine())?.pending).toBe(false);
    const service = (await (
      await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${extra.serviceId}`, {
        headers: { authorization: 'Bearer sandbox-mvne-key' },
      })
    ).json()) as { state: string; serviceCharacteristic: { name: string; value: string }[] };
    expect(service.state).toBe('suspended');
    expect(Object.fromEntries(service.serviceCharacteristic.map((c) => [c.name, c.value]))).toMatchObject({
      barIncomingInternational: 'true',
      barOutgoingInternational: 'true',
    });
  });
});
