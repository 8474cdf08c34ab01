import { randomInt } from 'node:crypto';
import { CustomerStatus } from '@selfcare/domain';
import { FulfilmentMessages as M, PortMessages } from '@selfcare/domain/fulfilment';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, sandbox, until } from '../../test/fulfilment.ts';
import { body, createTestApp, messagesFor, type TestApp } from '../../test/harness.ts';
import { finishedJob } from '../../test/jobs.ts';
import { signedInStaff } from '../../test/staff.ts';
import { checkPortJob } from './lines.jobs.ts';

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
let supervisor: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, admin, supervisor] = await Promise.all([
    signedInStaff(t, 'agent'),
    signedInStaff(t, 'admin'),
    signedInStaff(t, 'supervisor'),
  ]);
});
afterAll(() => t.close());
afterEach(async () => {
  await sandbox('/sandbox/api/clock', { reset: true });
});

const { verified, active, placeOrder, staffCall, orderStatus } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

interface Line {
  id: string;
  msisdn: string;
  temporaryMsisdn: string | null;
  typeSim: number;
  iccid: string | null;
  status: string;
  esimInstallsLeft: number | null;
  esim: {
    installsLeft: number;
    profile: { activationCode: string; qrSvg: string; deviceEid: string | null; matchingId: string } | null;
  } | null;
}
interface Port {
  id: string;
  msisdn: string;
  status: string;
  refusal: { reason: string; advice: string; fixable: boolean } | null;
  windowStart: string | null;
  windowEnd: string | null;
  temporaryMsisdn: string | null;
  canEdit: boolean;
  canSubmit: boolean;
}

describe('eSIM profiles', () => {
  it('releases the profile of an eSIM order whose identity MyInfo verified without staff review', async () => {
    const { me, order } = await placeOrder({}, { typeSim: 1, number: 'new', myinfo: 'S9812390C' });
    // No one verifies it: the order completes on its own once the MVNE has it.
    expect(
      await until(
        () => orderStatus(order.id),
        (s) => s === 'Completed',
      ),
    ).toBe('Completed');
    const detail = body<{ timeline: { type: string; detail: string; staff: string | null }[] }>(
      await staffCall(`/orders/${order.id}`),
    ).data;
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({ type: 'verify', detail: 'Identity verified with MyInfo', staff: null }),
    );
    const [line] = body<Line[]>(await call('GET', '/lines', me.headers)).data;
    expect(line).toMatchObject({ typeSim: 1, status: 'Active' });

    // An eSIM order with ID copies still waits for a person to look at them. Verifying without
    // review happens in the same transaction that records the MVNE's order, so this status is final.
    const typed = await placeOrder({}, { typeSim: 1, number: 'new' });
    expect(
      await until(
        () => orderStatus(typed.order.id),
        (s) => s !== 'Payment success not in MVNE',
      ),
    ).toBe('Payment success created in MVNE');
  });

  it('releases a profile when an eSIM order is verified, activates the line on it and emails the code', async () => {
    const { me, order } = await verified({ typeSim: 1, number: 'new' });
    expect(
      await until(
        () => orderStatus(order.id),
        (s) => s === 'Completed',
      ),
    ).toBe('Completed');
    const me2 = await call('GET', `/users/${me.id}`, me.headers);
    expect(body<{ status: number }>(me2).data.status).toBe(CustomerStatus.Active);

    const list = body<Line[]>(await call('GET', '/lines', me.headers)).data;
    expect(list).toHaveLength(1);
    const [line] = list as [Line];
    expect(line).toMatchObject({ typeSim: 1, status: 'Active', esimInstallsLeft: 2 });
    expect(line.iccid).toMatch(/^•••• \d{4}$/);

    const detail = body<Line>(await call('GET', `/lines/${line.id}`, me.headers)).data;
    const profile = detail.esim?.profile;
    expect(profile?.activationCode).toMatch(
      /^LPA:1\$smdp\.sandbox\.selfcare\.test\$[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/,
    );
    expect(profile?.qrSvg).toContain('<svg');
    // No device has installed it yet: the page says 'Device is not found'.
    expect(profile?.deviceEid).toBeNull();

    const mail = await until(
      () => messagesFor(me.email),
      (m) => m.some((x) => x.subject?.startsWith('Your eSIM')),
    );
    const esimMail = mail.find((x) => x.subject?.startsWith('Your eSIM'));
    expect(esimMail?.text).toContain(profile?.activationCode);
    expect(esimMail?.text).toContain('2 more free eSIM profiles');
  });

  it('shows the device once one installs the profile, re-issues up to 3 installations, one live at a time', async () => {
    const { me, order } = await verified({ typeSim: 1, number: 'new' });
    await until(
      () => orderStatus(order.id),
      (s) => s === 'Completed',
    );
    const [line] = body<Line[]>(await call('GET', '/lines', me.headers)).data as [Line];
    const profileRow = async () => {
      const { rows } = await t.ctx.database.pool.query<{ mvne_profile_id: string | null }>(
        'SELECT mvne_profile_id FROM esim_profiles WHERE subscription_id = $1 AND disabled_at IS NULL',
        [line.id],
      );
      return rows[0]?.mvne_profile_id ?? null;
    };
    const first = (await profileRow()) as string;
    const eid = `8904903200${String(randomInt(1e9, 9e9))}${String(randomInt(1e9, 9e9))}00`.slice(0, 32);
    // A phone downloads and installs it (the sandbox stand-in for the SM-DP+ download).
    const withKey = await fetch(`${t.ctx.config.MVNE_URL}/esimProfile/v1/profile/${first}/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eid }),
    });
    expect(withKey.status).toBe(200);
    const detail = body<Line>(await call('GET', `/lines/${line.id}`, me.headers)).data;
    expect(detail.esim?.profile?.deviceEid).toBe(eid);

    for (const left of [1, 0]) {
      const res = await call('POST', `/lines/${line.id}/esimProfile`, me.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).message).toBe(M.esimReissued);
      expect(body<{ installsLeft: number }>(res).data.installsLeft).toBe(left);
    }
    const refused = await call('POST', `/lines/${line.id}/esimProfile`, me.headers);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(M.esimLimit(3));
    // The first profile was disabled in the MVNE; the newest is the one shown.
    const disabled = await until(
      async () => {
        const { rows } = await t.ctx.database.pool.query<{ state: string }>(
          'SELECT state FROM esim_profiles WHERE mvne_profile_id = $1',
          [first],
        );
        return rows[0]?.state;
      },
      (s) => s === 'disabled',
    );
    expect(disabled).toBe('disabled');
    const latest = await until(
      async () => body<Line>(await call('GET', `/lines/${line.id}`, me.headers)).data,
      (l) => l.esim?.profile !== null && l.esim?.profile?.deviceEid === null,
    );
    expect(latest.esim?.installsLeft).toBe(0);
    expect(latest.esim?.profile?.matchingId).not.toBe(detail.esim?.profile?.matchingId);
    // The MVNE moved the service onto the newest profile's ICCID (a SIM swap).
    const { rows: live } = await t.ctx.database.pool.query<{ iccid: string; mvne_service_id: string }>(
      'SELECT iccid, mvne_service_id FROM subscriptions WHERE id = $1',
      [line.id],
    );
    const newest = live[0] as { iccid: string; mvne_service_id: string };
    const serviceIccid = await until(
      async () => {
        const res = await fetch(
          `${t.ctx.config.MVNE_URL}/serviceActivationAndConfiguration/v4/service/${newest.mvne_service_id}`,
          { headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}` } },
        );
        const service = (await res.json()) as { serviceCharacteristic: { name: string; value: string }[] };
        return service.serviceCharacteristic.find((c) => c.name === 'ICCID')?.value;
      },
      (iccid) => iccid === newest.iccid,
    );
    expect(serviceIccid).toBe(newest.iccid);
    const { rows: firstRows } = await t.ctx.database.pool.query<{ iccid: string }>(
      'SELECT iccid FROM esim_profiles WHERE mvne_profile_id = $1',
      [first],
    );
    expect(newest.iccid).not.toBe(firstRows[0]?.iccid);

    // Another customer can see none of it: one still ordering (who may open their own lines' pages,
    // ADR 0019) or an active one finds no such line.
    const ordering = await placeOrder({}, { number: 'new' });
    expect((await call('GET', `/lines/${line.id}`, ordering.me.headers)).statusCode).toBe(404);
    const activeOther = await verified({ typeSim: 1, number: 'new' });
    await until(
      () => orderStatus(activeOther.order.id),
      (s) => s === 'Completed',
    );
    expect((await call('GET', `/lines/${line.id}`, activeOther.me.headers)).statusCode).toBe(404);
    expect((await call('POST', `/lines/${line.id}/esimProfile`, activeOther.me.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('number porting', () => {
  const portNumber = () => `9${randomInt(1_000_000, 9_999_999)}`;
  const ports = async (headers: Headers) => body<Port[]>(await call('GET', '/numberPorts', headers)).data;
  const runCheck = async (portId: string) =>
    t.ctx.queue.send(checkPortJob, { portRequestId: portId, attempt: 0 });
  /** Waits until the MVNE has the port, so that the window it runs in is known. */
  const withNetwork = (portId: string) =>
    until(
      async () => {
        const { rows } = await t.ctx.database.pool.query(
          'SELECT mvne_port_id FROM port_requests WHERE id = $1',
          [portId],
        );
        return rows[0]?.mvne_port_id as string | null;
      },
      (id) => Boolean(id),
    );
  /** Moves the sandbox clock into the port's window and reads the outcome once the MVNE has run it. */
  async function runWindow(headers: Headers, portId: string, outcome: string) {
    const window = (await ports(headers))[0] as Port;
    await sandbox('/sandbox/api/clock', {
      at: new Date(Date.parse(window.windowStart as string) + 60_000).toISOString(),
    });
    // The check reads the MVNE's answer: ask only once the MVNE's porting run has given one.
    const mvnePortId = await withNetwork(portId);
    await until(
      async () => {
        const res = await fetch(`${t.ctx.config.MVNE_URL}/numberPortability/v1/portIn/${mvnePortId}`, {
          headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}` },
        });
        return ((await res.json()) as { state: string }).state;
      },
      (state) => state === 'completed' || state === 'rejected',
    );
    await runCheck(portId);
    return until(
      async () => (await ports(headers))[0] as Port,
      (p) => p.status === outcome,
    );
  }

  it('ports a number in the window: submitted, moved by the sandbox clock, the temporary number released', async () => {
    const msisdn = portNumber();
    const { me, order } = await active({ number: 'port-in', portMsisdn: msisdn });
    const [port] = (await ports(me.headers)) as [Port];
    expect(port).toMatchObject({ msisdn, status: 'pending', canSubmit: true, canEdit: true });
    const [line] = body<Line[]>(await call('GET', '/lines', me.headers)).data as [Line];
    expect(line.msisdn).toBe(msisdn);
    expect(line.temporaryMsisdn).toMatch(/^[89]\d{7}$/);

    const submitted = await call('POST', `/numberPorts/${port.id}/submit`, me.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(body(submitted).message).toBe(PortMessages.submitted);
    const view = body<Port>(submitted).data;
    expect(view.status).toBe('submitted');
    // 11pm Singapore time, 5 hours long.
    const start = new Date(view.windowStart as string);
    expect((start.getUTCHours() + 8) % 24).toBe(23);
    expect(Date.parse(view.windowEnd as string) - start.getTime()).toBe(5 * 3600_000);
    expect((await call('POST', `/numberPorts/${port.id}/submit`, me.headers)).statusCode).toBe(409);

    await withNetwork(port.id);
    // The MVNE has it: the page says so, with the window the MVNE will run it in.
    const handed = (await ports(me.headers))[0] as Port & { withNetwork: boolean };
    expect(handed.withNetwork).toBe(true);
    expect(handed.windowStart).toBeTruthy();
    // Nothing happens before the window: the check has run, and the port is as it was.
    expect(await finishedJob(t, (await runCheck(port.id)) as string)).toBe('completed');
    expect((await ports(me.headers))[0]?.status).toBe('submitted');

    const done = await runWindow(me.headers, port.id, 'success');
    expect(done.status).toBe('success');
    const after = body<Line[]>(await call('GET', '/lines', me.headers)).data[0] as Line;
    expect(after.msisdn).toBe(msisdn);
    expect(after.temporaryMsisdn).toBeNull();
    const timeline = body<{ timeline: { text: string }[] }>(
      await call('GET', `/orders/${order.id}`, me.headers),
    ).data.timeline.map((e) => e.text);
    expect(
      timeline.some((x) =>
        x.startsWith(`Number ported in: ${msisdn} (temporary number ${line.temporaryMsisdn} released)`),
      ),
    ).toBe(true);
  });

  it('shows the donor’s refusal and its advice; the customer corrects the ID number and submits again', async () => {
    const msisdn = portNumber();
    const { me } = await active({ number: 'port-in', portMsisdn: msisdn });
    const mvne = (path: string, init: RequestInit) =>
      fetch(`${t.ctx.config.MVNE_URL}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}`, 'content-type': 'application/json' },
      });
    expect(
      (
        await mvne(`/numberPortability/v1/donorRecords/${msisdn}`, {
          method: 'PUT',
          body: JSON.stringify({ refusal: 'id-mismatch' }),
        })
      ).status,
    ).toBe(204);
    const [port] = (await ports(me.headers)) as [Port];
    expect((await call('POST', `/numberPorts/${port.id}/submit`, me.headers)).statusCode).toBe(200);
    await withNetwork(port.id);
    const refused = await runWindow(me.headers, port.id, 'unsuccess');
    expect(refused.status).toBe('unsuccess');
    expect(refused.refusal).toMatchObject({ fixable: true });
    expect(refused.refusal?.reason).toContain('ID number');
    expect(refused.canEdit).toBe(true);

    const bad = await call('PUT', `/numberPorts/${port.id}`, me.headers, {
      donorNetwork: 1,
      donorIdNumber: 'S1234567A',
    });
    expect(bad.statusCode).toBe(422);
    const fixed = await call('PUT', `/numberPorts/${port.id}`, me.headers, {
      donorNetwork: 1,
      donorIdNumber: 'S9812381D',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(body<Port>(fixed).data).toMatchObject({ status: 'pending', refusal: null, canSubmit: true });
    // Resubmitted with the donor now accepting, it is a new port that completes in its window.
    await mvne(`/numberPortability/v1/donorRecords/${msisdn}`, {
      method: 'PUT',
      body: JSON.stringify({ refusal: null }),
    });
    expect((await call('POST', `/numberPorts/${port.id}/submit`, me.headers)).statusCode).toBe(200);
    await withNetwork(port.id);
    expect((await runWindow(me.headers, port.id, 'success')).status).toBe('success');
    // Another customer cannot read or touch it.
    const other = await placeOrder({}, { number: 'new' });
    expect((await call('POST', `/numberPorts/${port.id}/submit`, other.me.headers)).statusCode).toBe(404);
  });
});

describe('the admin fee', () => {
  it('accrues once for an order not activated within 14 days, and on a cancelled order; /myAccount shows the deadline first, once staff verified it', async () => {
    const late = await placeOrder({}, { number: 'new' });
    await until(
      () => orderStatus(late.order.id),
      (s) => s === 'Payment success created in MVNE',
    );
    type Progress = { progress: { adminFee: { deadline: string | null; charged: boolean } } };
    const progress = async () => body<Progress>(await call('GET', '/account', late.me.headers)).data.progress;
    expect((await progress()).adminFee.deadline).toBeNull();
    expect((await staffCall(`/orders/${late.order.id}/verify`, {})).statusCode).toBe(200);
    const before = await progress();
    expect([before.adminFee.charged, before.adminFee.deadline === null]).toEqual([false, false]);
    const fees = async (orderId: string) => {
      const { rows } = await t.ctx.database.pool.query<{ amount_cents: number }>(
        "SELECT amount_cents FROM charges WHERE order_id = $1 AND kind = 'admin-fee'",
        [orderId],
      );
      return rows.map((r) => r.amount_cents);
    };
    await t.ctx.database.pool.query(
      `UPDATE orders SET created_at = now() - interval '15 days' WHERE id = $1`,
      [late.order.id],
    );
    expect(await t.ctx.lines.accrueAdminFees()).toBeGreaterThanOrEqual(1);
    await t.ctx.lines.accrueAdminFees();
    expect(await fees(late.order.id)).toEqual([1300]);
    const after = body<{ progress: { adminFee: { deadline: string | null; charged: boolean } } }>(
      await call('GET', '/account', late.me.headers),
    ).data.progress;
    expect(after.adminFee).toMatchObject({ charged: true, deadline: null });

    const cancelled = await placeOrder({}, { number: 'new' });
    await until(
      () => orderStatus(cancelled.order.id),
      (s) => s === 'Payment success created in MVNE',
    );
    const res = await staffCall(
      `/orders/${cancelled.order.id}/cancel`,
      { reason: 'Customer asked to cancel' },
      supervisor.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await fees(cancelled.order.id)).toEqual([1300]);
  });
});
