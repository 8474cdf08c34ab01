import { createHmac } from 'node:crypto';
import { CustomerStatus } from '@selfcare/domain';
import { FulfilmentMessages as M, withLuhnDigit } from '@selfcare/domain/fulfilment';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import { body, createTestApp, type TestApp, withRoundTripCookie } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { jobWhen, settledJobs } from '../../test/jobs.ts';
import { consentAtMockPass } from '../../test/mockpass.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
});
afterAll(() => t.close());
afterEach(async () => {
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const {
  staffCall,
  delivered,
  orderStatus: readStatus,
} = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
const orderStatus = (id: string) => readStatus(id);

const customerStatus = async (me: { id: string; headers: Record<string, string> }) =>
  body<{ status: number }>(
    await t.app.inject({ method: 'GET', url: `/api/v1/users/${me.id}`, headers: me.headers }),
  ).data.status;

const lineState = async (orderId: string) => {
  const { rows } = await t.ctx.database.pool.query<{ state: string; activated_at: Date | null; id: string }>(
    'SELECT id, state, activated_at FROM subscriptions WHERE order_id = $1',
    [orderId],
  );
  return rows[0];
};

describe("staff 'Enter IMSI to activate'", () => {
  it("refuses an IMSI that is not the delivered SIM's, then activates: the order completes and the customer is active", async () => {
    const { me, order, sim, lineId } = await delivered();
    const wrong = await staffCall(`/orders/${order.id}/activate`, {
      lines: [{ lineId, imsi: '525010000000999' }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toBe(M.imsiMismatch);
    const res = await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(M.activationRequested);
    // Asked for: the console stops offering it, and looks again until the MVNE reports the line live.
    const waiting = body<{ status: string; actions: string[]; waitingOnMvne: boolean }>(
      await staffCall(`/orders/${order.id}`),
    ).data;
    expect(waiting.status).toBe('Delivery completed');
    expect(waiting.actions).not.toContain('activate');
    expect(waiting.waitingOnMvne).toBe(true);
    const twice = await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe(M.activationAlreadyRequested);
    // No webhook reaches app.inject: the check job reads the MVNE's state and completes the line.
    expect(
      await until(
        () => orderStatus(order.id),
        (s) => s === 'Completed',
      ),
    ).toBe('Completed');
    expect((await lineState(order.id))?.state).toBe('active');
    expect(await customerStatus(me)).toBe(CustomerStatus.Active);
    expect(body<{ waitingOnMvne: boolean }>(await staffCall(`/orders/${order.id}`)).data.waitingOnMvne).toBe(
      false,
    );
    const sims = body<{ items: { state: string }[] }>(await staffCall(`/sims?q=${sim.iccid}`)).data.items;
    expect(sims[0]?.state).toBe('active');
    const again = await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] });
    expect(again.statusCode).toBe(409);
  });

  it('completes an activation asked for while the MVNE was down, once it is back', async () => {
    const { me, order, sim, lineId } = await delivered();
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'mvne', mode: 'down', seconds: 60 }),
    });
    expect(
      (await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] })).statusCode,
    ).toBe(200);
    // The MVNE was asked and could not be reached: the request is waiting to be tried again.
    const lineRow = await lineState(order.id);
    const tried = await jobWhen(t, lineRow?.id as string, (jobs) =>
      jobs.some((j) => j.name === 'fulfilment.activate-line' && j.retryCount > 0),
    );
    expect(['retry', 'active']).toContain(tried.find((j) => j.name === 'fulfilment.activate-line')?.state);
    expect((await lineState(order.id))?.state).toBe('activating');
    expect(await customerStatus(me)).toBe(CustomerStatus.Ordered);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
    expect(
      await until(
        () => orderStatus(order.id),
        (s) => s === 'Completed',
        40_000,
      ),
    ).toBe('Completed');
    expect(await customerStatus(me)).toBe(CustomerStatus.Active);
    // The retry waits its backoff and the wait for completion allows 40 s: the test's own limit covers both.
  }, 90_000);
});

describe('MVNE events', () => {
  const sign = (raw: string, secret = 'sandbox-mvne-webhook-secret') => {
    const ts = Math.floor(Date.now() / 1000);
    return `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`;
  };
  const deliver = (event: object, secret?: string) => {
    const raw = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/mvne',
      headers: { 'content-type': 'application/json', 'selfcare-signature': sign(raw, secret) },
      payload: raw,
    });
  };

  const mvneServiceState = async (lineId: string) => {
    const { rows } = await t.ctx.database.pool.query<{ mvne_service_id: string | null }>(
      'SELECT mvne_service_id FROM subscriptions WHERE id = $1',
      [lineId],
    );
    const serviceId = rows[0]?.mvne_service_id;
    if (!serviceId) return null;
    const res = await fetch(
      `${inject('sandboxUrl')}/mvne/tmf-api/serviceActivationAndConfiguration/v4/service/${serviceId}`,
      { headers: { authorization: 'Bearer sandbox-mvne-key' } },
    );
    return ((await res.json()) as { state: string }).state;
  };

  it('does not activate a line on a signed event the MVNE did not back: its service is not live', async () => {
    const { me, order, sim, lineId } = await delivered();
    // The MVNE is unreachable: the activation request waits in the queue; the MVNE has no service.
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'mvne', mode: 'down', seconds: 60 }),
    });
    expect(
      (await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] })).statusCode,
    ).toBe(200);
    const line = await until(
      () => lineState(order.id),
      (l) => l?.state === 'activating',
    );
    // Someone holding the webhook secret (the README's, say) claims the line is live.
    const forged = {
      id: `evt_forged_${line?.id}`,
      type: 'service.activated',
      data: { service: { externalId: line?.id } },
    };
    expect((await deliver(forged)).statusCode).toBe(200);
    expect((await lineState(order.id))?.state).toBe('activating');
    expect(await customerStatus(me)).toBe(CustomerStatus.Ordered);
    expect(await orderStatus(order.id)).toBe('Delivery completed');
    // A port event is read from the MVNE too: while it cannot be asked, the MVNE is told to retry.
    const port = {
      id: `evt_port_${line?.id}`,
      type: 'port.updated',
      data: { port: { id: 'made-up', state: 'completed' } },
    };
    expect((await deliver(port)).statusCode).toBe(503);
  });

  it('answers malformed signed events with 400, never 500', async () => {
    for (const raw of ['null', '[]', '{}', '{"id":"e1","type":"service.activated","data":"x"}', '{x']) {
      const ts = Math.floor(Date.now() / 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/mvne',
        headers: {
          'content-type': 'application/json',
          'selfcare-signature': `t=${ts},v1=${createHmac('sha256', 'sandbox-mvne-webhook-secret').update(`${ts}.${raw}`).digest('hex')}`,
        },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }
  });

  it('completes a line on a signed event; a repeated or second event for it changes nothing', async () => {
    const { order, sim, lineId } = await delivered();
    expect(
      (await staffCall(`/orders/${order.id}/activate`, { lines: [{ lineId, imsi: sim.imsi }] })).statusCode,
    ).toBe(200);
    const line = await until(
      () => lineState(order.id),
      (l) => !!l,
    );
    // The MVNE's own record is what counts: the event is delivered once the MVNE has the service live.
    await until(
      () => mvneServiceState(line?.id as string),
      (state) => state === 'active',
    );
    const event = {
      id: `evt_${line?.id}`,
      type: 'service.activated',
      data: { service: { externalId: line?.id } },
    };
    expect((await deliver(event, 'not-the-mvne-secret-at-all')).statusCode).toBe(400);
    expect((await deliver(event)).statusCode).toBe(200);
    const first = await lineState(order.id);
    expect(first?.state).toBe('active');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver({ ...event, id: `${event.id}-again` })).statusCode).toBe(200);
    // The checks still scheduled for the line have run too, and found it done.
    await settledJobs(t, line?.id as string);
    const after = await lineState(order.id);
    expect(after?.activated_at?.toISOString()).toBe(first?.activated_at?.toISOString());
    const { rows } = await t.ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND type = 'line-activated'",
      [order.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await orderStatus(order.id)).toBe('Completed');
  });
});

describe('online activation (/activeSimOnline)', () => {
  /** A signed-out browser signs in to Singpass as `nric`; `headers` carry its round-trip cookie. */
  const singpass = async (nric: string) => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/kyc/authoriseUrl' });
    expect(start.statusCode).toBe(200);
    const back = await consentAtMockPass(body<{ url: string }>(start).data.url, nric);
    expect(back.pathname).toBe('/callback');
    return {
      payload: {
        code: back.searchParams.get('code') as string,
        state: back.searchParams.get('state') as string,
      },
      headers: withRoundTripCookie({}, start),
    };
  };
  const loginByKyc = async (nric: string, orderNumber: string) => {
    const { payload, headers } = await singpass(nric);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/loginByKyc',
      headers,
      payload: { ...payload, orderNumber },
    });
  };

  it('signs in only the person on the order, then activates the SIM whose barcode is scanned', async () => {
    const { order, sim } = await delivered({ idNumber: 'S9812382B', markDelivered: false });
    const stranger = await loginByKyc('S9812381D', order.orderNumber);
    expect(stranger.statusCode).toBe(403);
    expect(body(stranger).message).toBe(M.orderNotEligible);
    const unknownOrder = await loginByKyc('S9812382B', 'SC999999');
    expect(body(unknownOrder).message).toBe(M.orderNotEligible);
    const replay = await singpass('S9812382B');
    // The code and state carried off to another browser (none of its cookie) sign no one in.
    const carried = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/loginByKyc',
      headers: (await singpass('S9812382B')).headers,
      payload: { ...replay.payload, orderNumber: order.orderNumber },
    });
    expect(carried.statusCode).toBe(400);
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/loginByKyc',
      payload: { ...replay.payload, orderNumber: order.orderNumber },
    });
    expect(noCookie.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/loginByKyc',
      headers: replay.headers,
      payload: { ...replay.payload, orderNumber: order.orderNumber.toLowerCase() },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['set-cookie']).toContain('sc_refresh=');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/loginByKyc',
      headers: replay.headers,
      payload: { ...replay.payload, orderNumber: order.orderNumber },
    });
    expect(again.statusCode).toBe(400);
    const session = body<{ token: string; authUser: { id: string; status: number } }>(ok).data;
    expect(session.authUser.status).toBe(CustomerStatus.Ordered);
    const headers = { authorization: `Bearer ${session.token}` };
    const activate = (iccid: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/activation/activate', headers, payload: { iccid } });

    const pending = await t.app.inject({ method: 'GET', url: '/api/v1/activation/order', headers });
    expect(body(pending).data).toMatchObject({
      orderNumber: order.orderNumber,
      lines: [{ label: 'Me', state: null }],
    });
    const none = await activate('');
    expect(none.statusCode).toBe(422);
    expect(body(none).message).toBe(M.notScanned);
    const other = await activate(withLuhnDigit('896501261122999999'));
    expect(body(other).message).toBe(M.barcodeInvalid);
    const done = await activate(sim.iccid);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).message).toBe('Active SIM successfully');
    const twice = await activate(sim.iccid);
    expect(body(twice).message).toBe(M.barcodeInvalid);
    expect(
      await until(
        () => orderStatus(order.id),
        (s) => s === 'Completed',
      ),
    ).toBe('Completed');
    expect(await customerStatus({ id: session.authUser.id, headers })).toBe(CustomerStatus.Active);
    const timeline = body<{ timeline: { type: string }[] }>(await staffCall(`/orders/${order.id}`)).data
      .timeline;
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['mark-delivered', 'activate-online', 'line-activated', 'activated']),
    );
  });
});

describe('a check that runs twice', () => {
  it('queues its next job once: the same job run again (its worker died) queues nothing more', async () => {
    // A line waiting for its activation, not yet at the MVNE: its check queues the activation.
    const at = new Date();
    const { rows } = await t.ctx.database.pool.query<{ id: string }>(
      `WITH u AS (
         INSERT INTO users (email, first_name, last_name, status, activated, created_at, updated_at)
         VALUES ($1, 'Twice', 'Checked', 1, true, $2, $2) RETURNING id),
       o AS (
         INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
           profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
         SELECT $3, u.id, 'Activating', false, 0, 0, '{}', '{}', '{}', 0, 0, $2, $2, $2 FROM u RETURNING id, user_id),
       l AS (
         INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
         SELECT o.id, 0, 'LITE-10', '{}', 'NORMAL', $4 FROM o RETURNING id, order_id)
       INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, requested_at, created_at, updated_at)
       SELECT o.user_id, o.id, l.id, $4, 0, 'LITE-10', true, 'activating', $2, $2, $2 FROM o, l RETURNING id`,
      [`twice-${Date.now()}@example.com`, at, `TW${Date.now()}`, `8${String(Date.now()).slice(-7)}`],
    );
    const id = rows[0]?.id as string;
    await t.ctx.activation.checkLine(id, 0, 'a-check-job');
    await t.ctx.activation.checkLine(id, 0, 'a-check-job');
    const queued = await t.ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fulfilment.activate-line' AND data->>'subscriptionId' = $1`,
      [id],
    );
    expect(queued.rows[0]?.n).toBe(1);
  });
});
