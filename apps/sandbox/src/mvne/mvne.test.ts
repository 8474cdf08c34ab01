import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';
import { MvneConflict } from './records.ts';
import { MvneStore } from './store.ts';

let sandbox: Sandbox;
const KEY = 'test-mvne-key';
const RPM = '/mvne/tmf-api/resourcePoolManagement/v4';
const POM = '/mvne/tmf-api/productOrderingManagement/v4';

beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, mvneApiKey: KEY });
});
afterAll(() => sandbox.stop());

async function call(
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
  base = sandbox.url,
) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      authorization: `Bearer ${init.key ?? KEY}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const reserve = (numbers: string[], customer = 'cust-1', endDateTime?: string, base?: string) =>
  call(
    `${RPM}/reservation`,
    {
      body: {
        relatedParty: [{ id: customer, role: 'customer' }],
        reservationItem: [{ resourceCapacity: { resource: numbers.map((id) => ({ id })) } }],
        ...(endDateTime ? { validFor: { endDateTime } } : {}),
      },
    },
    base,
  );

const item = (id: string, msisdn: string, extra: { name: string; value: string }[] = []) => ({
  id,
  action: 'add',
  product: {
    productSpecification: { id: 'PLAN-25' },
    productCharacteristic: [{ name: 'MSISDN', value: msisdn }, { name: 'simType', value: 'eSIM' }, ...extra],
  },
});

async function freeNumbers(n: number, contains = '') {
  const page = await call(`${RPM}/availableResource?limit=${n}&contains=${contains}`);
  return (page.body.resource as { id: string }[]).map((r) => r.id);
}

describe('MVNE number inventory (TMF685)', () => {
  it('refuses a caller without the key', async () => {
    expect((await call(`${RPM}/availableResource`, { key: 'wrong' })).status).toBe(401);
  });

  it('lists free Singapore mobile numbers a page at a time, searchable by digits', async () => {
    const first = await call(`${RPM}/availableResource?limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBeGreaterThan(1000);
    expect(first.body.resource).toHaveLength(5);
    for (const r of first.body.resource) expect(r.id).toMatch(/^[89]\d{7}$/);
    const second = await call(`${RPM}/availableResource?limit=5&offset=5`);
    expect(second.body.resource[0].id > first.body.resource[4].id).toBe(true);
    const found = await call(`${RPM}/availableResource?contains=123&limit=100`);
    expect(found.body.resource.length).toBeGreaterThan(0);
    for (const r of found.body.resource) expect(r.id).toContain('123');
    expect((await call(`${RPM}/availableResource?contains=abc`)).status).toBe(400);
  });

  it('holds reserved numbers for one customer and gives them back on cancel', async () => {
    const [a, b] = await freeNumbers(2, '7');
    const res = await reserve([a as string, b as string]);
    expect(res.status).toBe(201);
    expect(res.body.reservationState).toBe('completed');
    expect(res.body.reservationItem[0].resourceCapacity.resource.map((r: { id: string }) => r.id)).toEqual([
      a,
      b,
    ]);
    expect(await freeNumbers(100, a as string)).not.toContain(a);
    expect((await reserve([a as string], 'cust-2')).status).toBe(409);

    const cancelled = await call(`${RPM}/reservation/${res.body.id}`, {
      method: 'PATCH',
      body: { reservationState: 'cancelled' },
    });
    expect(cancelled.body.reservationState).toBe('cancelled');
    expect(await freeNumbers(100, a as string)).toContain(a);
    expect((await call(`${RPM}/reservation/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it('releases a reservation at its end time', async () => {
    const [a] = await freeNumbers(1, '8');
    const res = await reserve([a as string], 'cust-1', new Date(Date.now() + 200).toISOString());
    await new Promise((r) => setTimeout(r, 300));
    expect((await call(`${RPM}/reservation/${res.body.id}`)).body.reservationState).toBe('expired');
    expect(await freeNumbers(100, a as string)).toContain(a);
  });
});

describe('MVNE product orders (TMF622)', () => {
  it('creates an order once per externalId and assigns its reserved numbers', async () => {
    const [a] = await freeNumbers(1, '9');
    const reservation = await reserve([a as string]);
    const order = {
      externalId: `order-${Date.now()}`,
      relatedParty: [{ id: 'cust-1', role: 'customer' }],
      relatedEntity: [{ id: reservation.body.id, role: 'numberReservation' }],
      productOrderItem: [
        item('1', a as string),
        item('2', '91234567', [{ name: 'portInDonor', value: 'Singtel' }]),
      ],
    };
    const first = await call(`${POM}/productOrder`, { body: order });
    expect(first.status).toBe(201);
    expect(first.body.state).toBe('acknowledged');
    const again = await call(`${POM}/productOrder`, { body: order });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await call(`${POM}/productOrder/${first.body.id}`)).body.externalId).toBe(order.externalId);
    expect((await call(`${POM}/productOrder?externalId=${order.externalId}`)).body).toHaveLength(1);
    expect((await call(`${RPM}/reservation/${reservation.body.id}`)).body.reservationState).toBe('consumed');
    expect(await freeNumbers(100, a as string)).not.toContain(a);
  });

  it('refuses a new number someone else holds, and takes a free one whose hold ran out', async () => {
    const [a, b] = await freeNumbers(2, '5');
    await reserve([a as string], 'someone-else');
    const order = (externalId: string, msisdn: string) =>
      call(`${POM}/productOrder`, {
        body: { externalId, relatedParty: [{ id: 'c' }], productOrderItem: [item('1', msisdn)] },
      });
    const taken = await order(`order-x-${Date.now()}`, a as string);
    expect(taken.status).toBe(409);
    expect(taken.body.reason).toBe('Conflict');
    const late = await order(`order-y-${Date.now()}`, b as string);
    expect(late.status).toBe(201);
    expect(await freeNumbers(100, b as string)).not.toContain(b);
  });
});

describe('fault switch', () => {
  it('makes the MVNE unavailable for the given seconds, then it answers again', async () => {
    const set = await call('/sandbox/api/faults', { body: { system: 'mvne', mode: 'down', seconds: 0.3 } });
    expect(set.status).toBe(200);
    expect((await call(`${RPM}/availableResource`)).status).toBe(503);
    expect((await call('/sandbox/api/faults')).body).toEqual([
      expect.objectContaining({ system: 'mvne', mode: 'down' }),
    ]);
    await new Promise((r) => setTimeout(r, 400));
    expect((await call(`${RPM}/availableResource`)).status).toBe(200);
  });

  it('takes the MVNE down for requests about one thing only, and ends just that fault', async () => {
    const [one, two] = await freeNumbers(2);
    const set = await call('/sandbox/api/faults', {
      body: { system: 'mvne', mode: 'down', seconds: 60, match: one },
    });
    expect([set.status, set.body.match]).toEqual([200, one]);
    await call('/sandbox/api/faults', {
      body: { system: 'mvne', mode: 'down', seconds: 60, match: 'other-thing' },
    });
    expect((await call(`${RPM}/availableResource?contains=${one}`)).status).toBe(503);
    expect((await call(`${RPM}/availableResource?contains=${two}`)).status).toBe(200);
    expect((await call(`/sandbox/api/faults?system=mvne&match=${one}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await call(`${RPM}/availableResource?contains=${one}`)).status).toBe(200);
    expect((await call('/sandbox/api/faults')).body).toEqual([
      expect.objectContaining({ system: 'mvne', match: 'other-thing' }),
    ]);
    await call('/sandbox/api/faults?system=mvne', { method: 'DELETE' });
    expect((await call('/sandbox/api/faults')).body).toEqual([]);
  });

  it('breaks the SMS gateway with 500 until cleared', async () => {
    await call('/sandbox/api/faults', { body: { system: 'sms', mode: 'error', seconds: 60 } });
    const sms = await fetch(`${sandbox.url}/sms/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-sms-key', 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+6591234567', text: 'hi' }),
    });
    expect(sms.status).toBe(500);
    expect((await call('/sandbox/api/faults?system=sms', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/sandbox/api/faults')).body).toEqual([]);
  });

  it('refuses an unknown system', async () => {
    expect(
      (await call('/sandbox/api/faults', { body: { system: 'telco', mode: 'down', seconds: 5 } })).status,
    ).toBe(400);
  });
});

describe('sandbox', () => {
  it('keeps the MVNE records across a restart when given a data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mvne-'));
    try {
      const one = await startSandbox({ httpPort: 0, smtpPort: 0, mvneApiKey: KEY, dataDir: dir });
      const [a] = (await call(`${RPM}/availableResource?limit=1`, {}, one.url)).body.resource.map(
        (r: { id: string }) => r.id,
      );
      const held = await reserve([a], 'cust-1', undefined, one.url);
      await one.stop();
      const two = await startSandbox({ httpPort: 0, smtpPort: 0, mvneApiKey: KEY, dataDir: dir });
      expect((await call(`${RPM}/reservation/${held.body.id}`, {}, two.url)).body.reservationState).toBe(
        'completed',
      );
      await two.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents the MVNE in its OpenAPI document', async () => {
    const doc = (await (await fetch(`${sandbox.url}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        `${RPM}/reservation`,
        `${RPM}/availableResource`,
        `${POM}/productOrder`,
        '/sandbox/api/faults',
      ]),
    );
  });
});

describe('SIM swap (TMF640 PATCH with a new ICCID)', () => {
  it('moves a live eSIM service onto a usable profile only, once, and not onto a SIM in use', () => {
    const store = new MvneStore();
    const first = store.issueProfile('p1', 'smdp.example').profile;
    const second = store.issueProfile('p2', 'smdp.example').profile;
    const line = store.activate(
      { externalId: 'l1', msisdn: '81230001', simType: 'eSIM', iccid: first.iccid, imsi: null },
      60_000,
    ).subscription;
    // Still activating: nothing to swap yet.
    expect(() => store.swapSim(line.id, { iccid: second.iccid, imsi: null })).toThrow(MvneConflict);
    store.complete(line.id);
    expect(store.swapSim(line.id, { iccid: second.iccid, imsi: null }).iccid).toBe(second.iccid);
    expect(store.swapSim(line.id, { iccid: second.iccid, imsi: null }).iccid).toBe(second.iccid);

    store.disableProfile(first.id);
    expect(() => store.swapSim(line.id, { iccid: first.iccid, imsi: null })).toThrow(MvneConflict);
    const third = store.issueProfile('p3', 'smdp.example').profile;
    const other = store.activate(
      { externalId: 'l2', msisdn: '81230002', simType: 'eSIM', iccid: third.iccid, imsi: null },
      0,
    ).subscription;
    store.complete(other.id);
    expect(() => store.swapSim(line.id, { iccid: third.iccid, imsi: null })).toThrow(/already in service/);
  });
});

describe('number change (TMF640 PATCH with a new MSISDN)', () => {
  it('moves a live service onto a held number once, frees the old one, and refuses a number not its to take', () => {
    const store = new MvneStore();
    const [mine, wanted, other] = store.available('', 0, 3).items as [string, string, string];
    const ordered = store.createOrder({
      externalId: 'o1',
      customerRef: 'c1',
      reservationId: store.reserve('c1', [mine], null).id,
      items: [{ id: '1', planCode: 'P1', msisdn: mine, simType: 'eSIM', portIn: null }],
    });
    expect(ordered.created).toBe(true);
    const line = store.activate(
      { externalId: 'l1', msisdn: mine, simType: 'eSIM', iccid: null, imsi: null },
      60_000,
    ).subscription;
    // Still activating: no number change yet.
    const hold = store.reserve('c1', [wanted], null);
    expect(() => store.changeNumber(line.id, wanted, hold.id)).toThrow(MvneConflict);
    store.complete(line.id);

    // A number someone else holds cannot be taken.
    const theirs = store.reserve('c2', [other], null);
    expect(() => store.changeNumber(line.id, other, hold.id)).toThrow(/not available/);

    expect(store.changeNumber(line.id, wanted, hold.id).msisdn).toBe(wanted);
    expect(store.reservation(hold.id).state).toBe('consumed');
    // Asked again (an answer lost on the way): the same, nothing else changes.
    expect(store.changeNumber(line.id, wanted, hold.id).msisdn).toBe(wanted);
    // The old number is free for anyone again; the new one is not.
    expect(store.available(mine, 0, 1).items).toEqual([mine]);
    expect(store.available(wanted, 0, 1).items).toEqual([]);

    // A suspended line's number changes too (a change confirmed before it was suspended); an ended one's not.
    store.cancel(theirs.id);
    store.setSubscriptionState(line.id, 'suspended');
    expect(store.changeNumber(line.id, other, null).msisdn).toBe(other);
    store.setSubscriptionState(line.id, 'terminated');
    expect(() => store.changeNumber(line.id, mine, null)).toThrow(MvneConflict);
  });
});

describe('running one port-in now (sandbox control)', () => {
  const window = { start: new Date(Date.now() + 86_400_000), end: new Date(Date.now() + 90_000_000) };

  it('runs the waiting port of a number before its window, once its service is live; the clock is left alone', async () => {
    const store = new MvneStore();
    const line = store.activate(
      { externalId: 'l1', msisdn: '', simType: 'eSIM', iccid: null, imsi: null, portInMsisdn: '91110001' },
      60_000,
    ).subscription;
    const temporary = line.msisdn;
    store.requestPort(
      { externalId: 'p1', msisdn: '91110001', donor: 'Singtel', idNumber: 'S1', serviceId: line.id },
      window,
    );
    expect(() => store.runPortNow('91119999', new Date())).toThrow(/no port-in waiting/);
    // Still activating: the port waits, as it would in its window.
    expect(() => store.runPortNow('91110001', new Date())).toThrow(/not live yet/);
    store.complete(line.id);
    // Its window has not opened: the porting run leaves it.
    expect(store.runPorts(new Date(), () => window)).toEqual([]);
    expect(store.runPortNow('91110001', new Date())).toMatchObject({ state: 'completed', refusal: null });
    expect(store.subscription(line.id).msisdn).toBe('91110001');
    expect(store.available(temporary, 0, 1).items).toEqual([temporary]);
    expect(() => store.runPortNow('91110001', new Date())).toThrow(/no port-in waiting/);
  });

  it('the donor refuses as it would in the window, and the line keeps its temporary number', async () => {
    const store = new MvneStore();
    const line = store.activate(
      { externalId: 'l2', msisdn: '', simType: 'eSIM', iccid: null, imsi: null, portInMsisdn: '91110002' },
      0,
    ).subscription;
    store.complete(line.id);
    store.setDonorAnswer('91110002', 'not-active');
    store.requestPort(
      { externalId: 'p2', msisdn: '91110002', donor: 'M1', idNumber: 'S1', serviceId: line.id },
      window,
    );
    expect(store.runPortNow('91110002', new Date())).toMatchObject({
      state: 'rejected',
      refusal: 'not-active',
    });
    expect(store.subscription(line.id).msisdn).toBe(line.msisdn);
    expect(store.subscription(line.id).msisdn).not.toBe('91110002');
  });
});

describe('POST portingRuns', () => {
  it('answers 404 for a number with no port-in waiting, and needs the MVNE key', async () => {
    const path = '/mvne/tmf-api/numberPortability/v1/portingRuns';
    expect((await call(path, { body: { msisdn: '91110003' } })).status).toBe(404);
    expect((await call(path, { body: { msisdn: '91110003' }, key: 'wrong' })).status).toBe(401);
    expect((await call(path, { body: { msisdn: '123' } })).status).toBe(400);
  });
});
