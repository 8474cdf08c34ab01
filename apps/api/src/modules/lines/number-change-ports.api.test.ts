import { randomInt } from 'node:crypto';
import type { NumberChangeView, NumberChoices } from '@selfcare/domain/contracts/line-services';
import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { PortMessages } from '@selfcare/domain/fulfilment';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, sandbox, until } from '../../test/fulfilment.ts';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';
import { checkPortJob } from './lines.jobs.ts';

/** A port-in that failed, re-initiated via Number Change as the porting page advises (ADR 0028). */
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
  await sandbox('/sandbox/api/clock', { reset: true });
});

const { active } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
type Headers = { authorization: string };
type Port = PortRequest;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

describe('a port that failed, re-initiated via Number Change', () => {
  const portNumber = () => `9${randomInt(1_000_000, 9_999_999)}`;
  const ports = async (headers: Headers) => body<Port[]>(await call('GET', '/numberPorts', headers)).data;
  const donor = (msisdn: string, refusal: string | null) =>
    fetch(`${t.ctx.config.MVNE_URL}/numberPortability/v1/donorRecords/${msisdn}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refusal }),
    });
  /** Once the MVNE has the port: the sandbox clock into its window, then checks until it has `outcome`. */
  async function runWindow(headers: Headers, portId: string, outcome: string) {
    await until(
      async () => (await ports(headers))[0] as Port,
      (p) => p.withNetwork,
    );
    const window = (await ports(headers))[0] as Port;
    await sandbox('/sandbox/api/clock', {
      at: new Date(Date.parse(window.windowStart as string) + 60_000).toISOString(),
    });
    await until(
      async () => {
        await t.ctx.queue.send(checkPortJob, { portRequestId: portId, attempt: 0 });
        return (await ports(headers))[0] as Port;
      },
      (p) => p.status === outcome,
    );
  }

  /** A live port-in line whose number cannot come over: its port 'failed'. */
  async function failedPort() {
    const msisdn = portNumber();
    const { me } = await active({ number: 'port-in', portMsisdn: msisdn });
    await donor(msisdn, 'not-active');
    const [port] = (await ports(me.headers)) as [Port];
    expect((await call('POST', `/numberPorts/${port.id}/submit`, me.headers)).statusCode).toBe(200);
    await runWindow(me.headers, port.id, 'failed');
    const view = body<NumberChangeView>(await call('GET', '/number-changes', me.headers)).data;
    return { me, port, msisdn, line: view.lines[0] as NumberChangeView['lines'][number] };
  }

  it('ports a number in again with the donor details given there; the line takes it in its window', async () => {
    const { me, port, line } = await failedPort();
    expect(line.failedPort).toMatchObject({ id: port.id });
    expect(line.feeCents).toBe(0);
    expect(line.temporaryMsisdn).toMatch(/^[89]\d{7}$/);

    const bad = await call('POST', `/number-changes/ports/${port.id}`, me.headers, {
      msisdn: '1234',
      donorNetwork: 1,
      donorIdNumber: 'S9812381D',
      confirmPostpaid: false,
    });
    expect(bad.statusCode).toBe(422);
    const again = portNumber();
    const res = await call('POST', `/number-changes/ports/${port.id}`, me.headers, {
      msisdn: again,
      donorNetwork: 2,
      donorIdNumber: 'S9812381D',
      confirmPostpaid: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(PortMessages.submitted);
    expect(body<Port>(res).data).toMatchObject({ msisdn: again, status: 'submitted', refusal: null });
    // Only a failed port is put in again.
    expect(
      (
        await call('POST', `/number-changes/ports/${port.id}`, me.headers, {
          msisdn: again,
          donorNetwork: 2,
          donorIdNumber: 'S9812381D',
          confirmPostpaid: true,
        })
      ).statusCode,
    ).toBe(409);
    await runWindow(me.headers, port.id, 'success');
    const after = body<NumberChangeView>(await call('GET', '/number-changes', me.headers)).data.lines[0];
    expect(after).toMatchObject({ msisdn: again, temporaryMsisdn: null, failedPort: null });
  });

  it('or gives the line a new number of its choice, free of the fee', async () => {
    const { me, line } = await failedPort();
    const [free] = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=8', me.headers))
      .data.numbers as [string];
    expect(
      (await call('PUT', `/number-changes/${line.lineId}/hold`, me.headers, { msisdn: free })).statusCode,
    ).toBe(200);
    const res = await call('POST', `/number-changes/${line.lineId}`, me.headers, { msisdn: free });
    expect(res.statusCode, res.body).toBe(200);
    const done = await until(
      async () => body<NumberChangeView>(await call('GET', '/number-changes', me.headers)).data.lines[0],
      (l) => l?.change?.state === 'completed',
    );
    expect(done).toMatchObject({
      msisdn: free,
      temporaryMsisdn: null,
      failedPort: null,
      change: { feeCents: 0 },
    });
    const { rows } = await t.ctx.database.pool.query(
      "SELECT 1 FROM charges WHERE line_id = $1 AND kind = 'number-change'",
      [line.lineId],
    );
    expect(rows).toEqual([]);
  });
});
