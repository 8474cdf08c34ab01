import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleMonth } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';
import { signWebhook } from '../webhooks.ts';
import { DEMO_SERVICES } from './usage/demo-services.ts';
import type { UsageBucket } from './usage/network.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const KEY = 'sandbox-mvne-key';
const USAGE = '/mvne/tmf-api/usageManagement/v4/usage';
const CONSUMPTION = '/mvne/tmf-api/usageConsumption/v4/queryUsageConsumption';
const SERVICE = '/mvne/tmf-api/serviceActivationAndConfiguration/v4/service';
const DAY = 24 * 3600_000;
const DEMO_IDS = DEMO_SERVICES.map((s) => s.id);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, mvneActivationDelayMs: 0 });
});
afterAll(() => sandbox.stop());

async function call(path: string, init: { method?: string; body?: unknown } = {}, base = sandbox.url) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Every record, read page by page by sequence as the operator's import does. */
async function readAll(limit = 5000, base = sandbox.url) {
  const records: UsageRecordView[] = [];
  for (;;) {
    const after = records.at(-1)?.sequence ?? 0;
    const page = await call(`${USAGE}?afterSequence=${after}&limit=${limit}`, {}, base);
    expect(page.status).toBe(200);
    expect(page.body.length).toBeLessThanOrEqual(limit);
    if (!page.body.length) return { records, last: Number(page.headers.get('x-last-sequence')) };
    records.push(...page.body);
  }
}

const buckets = async (ids: string[]) =>
  (await call(CONSUMPTION, { body: { searchCriteria: { serviceId: ids } } })).body.bucket as UsageBucket[];

describe('TMF635 usage records', () => {
  it('has a month of the demo lines’ traffic from the start', async () => {
    const { records, last } = await readAll();
    expect(last).toBe(records.length);
    const now = sandbox.clock.now().getTime();
    for (const id of DEMO_IDS) {
      const times = records.filter((r) => r.serviceId === id).map((r) => Date.parse(r.usageDate));
      expect(times.length).toBeGreaterThan(300);
      // From the first whole hour after activation, 30 days before the sandbox started (a moment ago).
      expect(Math.min(...times)).toBeGreaterThanOrEqual(now - 30 * DAY - 60_000);
      expect(Math.min(...times)).toBeLessThan(now - 29 * DAY);
      expect(Math.max(...times)).toBeGreaterThan(now - DAY);
      expect(Math.max(...times)).toBeLessThan(now);
    }
    const kinds = new Set(records.map((r) => `${r.usageType}/${r.scope}`));
    for (const kind of ['data/local', 'voice/local', 'sms/local', 'voice/idd'])
      expect([...kinds]).toContain(kind);
    expect(records[0]).toEqual({
      sequence: 1,
      id: 'U-1',
      usageDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      usageType: expect.stringMatching(/^(data|voice|sms)$/),
      serviceId: expect.stringMatching(/^DEMO-/),
      direction: records[0]?.usageType === 'data' ? null : expect.stringMatching(/^(outgoing|incoming)$/),
      scope: expect.stringMatching(/^(local|idd|roaming)$/),
      country: expect.stringMatching(/^[A-Z]{2}$/),
      volume: expect.any(Number),
      units: expect.stringMatching(/^(BYTES|SECONDS|EVENTS)$/),
      bucketId: records[0]?.bucketId === null ? null : expect.stringMatching(/^DEMO-\d{8}:\d{4}-\d\d:\w+$/),
      outOfBundle: expect.any(Number),
      chargeCents: expect.any(Number),
    });
  });

  it('pages by afterSequence: each record once, in order', async () => {
    const whole = await readAll();
    const paged = await readAll(777);
    expect(paged.records.slice(0, whole.records.length)).toEqual(whole.records);
    expect(paged.records.map((r) => r.sequence)).toEqual(paged.records.map((_, i) => i + 1));
    const tail = await call(`${USAGE}?afterSequence=${paged.last - 3}`);
    expect(tail.body.map((r: UsageRecordView) => r.sequence)).toEqual([-2, -1, 0].map((d) => paged.last + d));
    expect((await call(`${USAGE}?afterSequence=${paged.last + 10}`)).body).toEqual([]);
    for (const bad of ['limit=0', 'limit=5001', 'afterSequence=-1', 'afterSequence=x']) {
      const res = await call(`${USAGE}?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: '400', reason: 'Bad Request' });
    }
    expect((await fetch(`${sandbox.url}${USAGE}`)).status).toBe(401);
  });
});

describe('TMF677 usage consumption', () => {
  it('gives each line its buckets for the bundle month; unlimited allowances and unknown lines have none', async () => {
    const res = await call(CONSUMPTION, { body: { searchCriteria: { serviceId: [...DEMO_IDS, 'nope'] } } });
    expect(res.status).toBe(200);
    expect(Math.abs(Date.parse(res.body.effectiveDate) - sandbox.clock.now().getTime())).toBeLessThan(5000);
    const month = bundleMonth(sandbox.clock.now());
    const all = res.body.bucket as UsageBucket[];
    const of = (id: string) => all.filter((b) => b.serviceId === id && b.origin === 'plan');
    expect(of('DEMO-81000001').map((b) => `${b.usageType}/${b.scope}/${b.units}`)).toEqual([
      'data/local/BYTES',
      'voice/local/SECONDS',
      'sms/local/EVENTS',
    ]);
    expect(of('DEMO-91000004').map((b) => `${b.usageType}/${b.scope}`)).toEqual([
      'data/local',
      'data/roaming',
    ]);
    expect(of('DEMO-91000006').map((b) => `${b.usageType}/${b.scope}`)).toEqual(['data/roaming']);
    expect(all.some((b) => b.serviceId === 'nope')).toBe(false);
    for (const b of all) {
      expect(b.validFor).toEqual({
        startDateTime: month.start.toISOString(),
        endDateTime: month.end.toISOString(),
      });
      expect(b.isShared).toBe(false);
      expect(b.remaining).toBeGreaterThanOrEqual(0);
      expect(b.remaining).toBeLessThanOrEqual(b.size);
      expect(b.id).toMatch(/^DEMO-\d{8}:\d{4}-\d\d:(data|rollover|voice|sms|roamingData)$/);
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => `s${i}`);
    expect((await call(CONSUMPTION, { body: { searchCriteria: { serviceId: tooMany } } })).status).toBe(400);
    expect((await call(CONSUMPTION, { body: { searchCriteria: { serviceId: [] } } })).status).toBe(400);
  });
});

describe('service usage options (TMF640)', () => {
  it('keeps the plan a service is rated against, and sets rollover and the stop at 100%', async () => {
    const created = await call(SERVICE, {
      body: {
        externalId: `line-${Date.now()}`,
        serviceCharacteristic: [
          { name: 'MSISDN', value: '83334444' },
          { name: 'simType', value: 'eSIM' },
          { name: 'planCode', value: 'VALUE-20' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const characteristic = (body: { serviceCharacteristic: { name: string; value: string }[] }) =>
      Object.fromEntries(body.serviceCharacteristic.map((c) => [c.name, c.value]));
    expect(characteristic(created.body)).toMatchObject({
      planCode: 'VALUE-20',
      dataRollover: 'false',
      dataStopAtLimit: 'false',
    });
    const patch = (value: string) =>
      call(`${SERVICE}/${created.body.id}`, {
        method: 'PATCH',
        body: { serviceCharacteristic: [{ name: 'dataRollover', value }] },
      });
    for (const _ of [1, 2]) {
      const res = await patch('true');
      expect(res.status).toBe(200);
      expect(characteristic(res.body)).toMatchObject({ dataRollover: 'true', dataStopAtLimit: 'false' });
    }
    expect((await patch('yes')).status).toBe(422);
    const stop = await call(`${SERVICE}/${created.body.id}`, {
      method: 'PATCH',
      body: { serviceCharacteristic: [{ name: 'dataStopAtLimit', value: 'true' }] },
    });
    expect(characteristic(stop.body)).toMatchObject({ dataRollover: 'true', dataStopAtLimit: 'true' });
    // Live at once (no activation delay here): it has its buckets.
    const mine = await buckets([created.body.id]);
    expect(mine.map((b) => b.usageType)).toEqual(['data', 'voice', 'sms', 'data']);
  });
});

describe('sandbox traffic profile', () => {
  it('is read and changed without the API key, and checked', async () => {
    const read = await fetch(`${sandbox.url}/sandbox/api/mvne/traffic`);
    expect(await read.json()).toMatchObject({ dataSessionsPerDay: 16, iddShare: 0.1 });
    const put = (body: unknown) =>
      fetch(`${sandbox.url}/sandbox/api/mvne/traffic`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const changed = await put({ iddShare: 0.2 });
    expect(await changed.json()).toMatchObject({ iddShare: 0.2, dataSessionsPerDay: 16 });
    for (const bad of [{}, { iddShare: 2 }, { colour: 'red' }]) expect((await put(bad)).status).toBe(400);
    await put({ iddShare: 0.1 });
  });

  it("is one line's own with its serviceId, the network's unchanged; an unknown service is not found", async () => {
    const url = (id: string) => `${sandbox.url}/sandbox/api/mvne/traffic?serviceId=${id}`;
    const put = (id: string, body: unknown) =>
      fetch(url(id), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const heavy = await put('DEMO-91000004', { dataSessionsPerDay: 100 });
    expect(heavy.status).toBe(200);
    expect(await heavy.json()).toMatchObject({ dataSessionsPerDay: 100, iddShare: 0.1 });
    expect(await (await fetch(url('DEMO-91000004'))).json()).toMatchObject({ dataSessionsPerDay: 100 });
    expect(await (await fetch(`${sandbox.url}/sandbox/api/mvne/traffic`)).json()).toMatchObject({
      dataSessionsPerDay: 16,
    });
    expect((await put('NO-SUCH-SERVICE', { dataSessionsPerDay: 100 })).status).toBe(404);
    expect((await fetch(url('NO-SUCH-SERVICE'))).status).toBe(404);
    await put('DEMO-91000004', { dataSessionsPerDay: 16 });
  });
});

describe('the reset on the 1st', () => {
  it('renews the buckets when the clock passes it, with rollover for a line that has it on', async () => {
    const before = await buckets(DEMO_IDS);
    const left = before.find((b) => b.serviceId === 'DEMO-91000004' && b.id.endsWith(':data'))?.remaining;
    const next = bundleMonth(sandbox.clock.now()).end;
    const moved = await fetch(`${sandbox.url}/sandbox/api/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(next.getTime() + 1000).toISOString() }),
    });
    expect(moved.status).toBe(200);
    const after = await buckets(DEMO_IDS);
    const start = next.toISOString();
    for (const b of after) expect(b.validFor.startDateTime).toBe(start);
    const data = after.find((b) => b.serviceId === 'DEMO-91000004' && b.id.endsWith(':data'));
    expect(data?.remaining).toBe(data?.size);
    const rollover = after.find((b) => b.serviceId === 'DEMO-91000004' && b.origin === 'rollover');
    expect(rollover?.size).toBeGreaterThan(0);
    expect(rollover?.size).toBeLessThanOrEqual(left ?? 0);
    expect(rollover?.size).toBeLessThanOrEqual(data?.size ?? 0);
    expect(after.some((b) => b.serviceId !== 'DEMO-91000004' && b.origin === 'rollover')).toBe(false);
  });
});

describe('the record log across a restart', () => {
  it('keeps every record once, and drops a torn write at the end of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mvne-usage-'));
    try {
      const one = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir });
      const first = await readAll(5000, one.url);
      expect(first.records.length).toBeGreaterThan(1000);
      await one.stop();
      // A record and a half written after the last state the log accounts for.
      appendFileSync(join(dir, 'usage.bin'), Buffer.alloc(36, 7));

      const two = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir });
      expect(two.mvne.recordCount()).toBe(first.last);
      const again = await readAll(5000, two.url);
      expect(again.records.slice(0, first.records.length)).toEqual(first.records);
      // Demo lines are provisioned once: no second history after the restart.
      const stopped = Math.floor(Date.now() / 3600_000) * 3600_000;
      for (const r of again.records.slice(first.records.length))
        expect(Date.parse(r.usageDate)).toBeGreaterThanOrEqual(stopped - 3600_000);
      await two.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OpenAPI document', () => {
  it('documents usage consumption, usage records and the traffic profile', async () => {
    const doc = (await (await fetch(`${sandbox.url}/docs/json`)).json()) as {
      info: { description: string };
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([USAGE, CONSUMPTION, '/sandbox/api/mvne/traffic']),
    );
    expect(doc.info.description).toContain('TMF677 usage consumption and TMF635 usage records');
  });
});

describe('usage events', () => {
  it('tells the operator, with a signed event, that new records are there to read', async () => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['selfcare-signature']) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const network = await startSandbox({
      httpPort: 0,
      smtpPort: 0,
      mvneWebhookUrl: `http://127.0.0.1:${port}/mvne`,
      mvneWebhookSecret: 'usage-secret',
    });
    try {
      const { last } = await readAll(5000, network.url);
      for (let i = 0; i < 50 && !received.length; i++) await new Promise((r) => setTimeout(r, 50));
      const [event] = received;
      const parsed = JSON.parse(event?.body ?? '{}');
      expect(parsed).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        eventType: 'UsageCreateBatchEvent',
        eventTime: expect.any(String),
        event: { lastSequence: last },
      });
      const t = Number(/t=(\d+)/.exec(event?.signature ?? '')?.[1]);
      expect(event?.signature).toBe(signWebhook('usage-secret', event?.body ?? '', t));
    } finally {
      await network.stop();
      receiver.close();
    }
  });
});
