import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { characteristics, SERVICE_PATH, useMvneSandbox } from './mvne-test-client.ts';
import { MvneStore } from './store.ts';
import { IDD_COUNTRIES, type TrafficProfile } from './usage/traffic.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const sg = (local: string) => new Date(`${local}+08:00`);
const FROM = sg('2026-06-01T00:00');
/** The options change at these whole hours: barred from BAR, let through again from UNBAR. */
const BAR = sg('2026-06-11T00:00');
const UNBAR = sg('2026-06-21T00:00');
const UNTIL = sg('2026-06-30T23:00');
/** Many calls and SMS, a third of those made at home going abroad, and a few trips abroad. */
const BUSY: Partial<TrafficProfile> = {
  callsPerDay: 30,
  smsPerDay: 30,
  iddShare: 0.3,
  roamingTripsPerMonth: 2,
};
/** A line whose month (with BUSY's seed) has a trip abroad while barred, and calls in and out on it. */
const LINE = 'o';
const ORIGINS: string[] = IDD_COUNTRIES.map((c) => c.country);

const allRecords = (store: MvneStore) => store.usage.records(0, Number.MAX_SAFE_INTEGER);
/** A record without its place in the log: what the line did, wherever it was written. */
const event = ({ sequence: _sequence, id: _id, ...rest }: UsageRecordView) => rest;
const within = (r: UsageRecordView, from: Date, to: Date) =>
  Date.parse(r.usageDate) >= from.getTime() && Date.parse(r.usageDate) < to.getTime();
const barredWindow = (r: UsageRecordView) => within(r, BAR, UNBAR);
const idd = (r: UsageRecordView) => r.scope === 'idd';
const fromAbroad = (r: UsageRecordView) => r.originCountry !== undefined;

function network(profile: Partial<TrafficProfile>, ids: string[], file?: string) {
  const store = new MvneStore(file, { demoServices: false });
  store.setTrafficProfile(profile);
  store.provision(
    ids.map((id, i) => ({ id, msisdn: String(83400000 + i), planCode: 'LITE-10', activatedAt: FROM })),
  );
  return store;
}

/** The line's month with an option set from BAR and cleared at UNBAR, the traffic rated as it goes. */
function barredFor(id: string, option: 'barOutgoingInternational' | 'barIncomingInternational') {
  const store = network(BUSY, [id]);
  store.generateUntil(BAR);
  store.setUsageOptions(id, { [option]: true });
  expect(store.subscription(id)[option]).toBe(true);
  store.generateUntil(UNBAR);
  store.setUsageOptions(id, { [option]: false });
  store.generateUntil(UNTIL);
  return allRecords(store);
}

/** The same line's month with nothing barred. */
function unbarred(id: string) {
  const store = network(BUSY, [id]);
  store.generateUntil(UNTIL);
  return allRecords(store);
}

describe('barring outgoing international calls', () => {
  it('stops the IDD calls and SMS the line makes at home while set; the rest of its traffic is the same', () => {
    const open = unbarred(LINE);
    const barred = barredFor(LINE, 'barOutgoingInternational');

    // Unbarred, the line makes IDD calls and SMS throughout the month.
    for (const type of ['voice', 'sms'])
      expect(open.filter((r) => idd(r) && barredWindow(r) && r.usageType === type).length).toBeGreaterThan(
        10,
      );
    // Barred, none while set, and again once cleared.
    expect(barred.filter((r) => idd(r) && barredWindow(r))).toEqual([]);
    expect(barred.some((r) => idd(r) && within(r, FROM, BAR))).toBe(true);
    expect(barred.some((r) => idd(r) && within(r, UNBAR, UNTIL))).toBe(true);
    // Every other event is the one the unbarred line has: skipped, never drawn again.
    expect(barred.map(event)).toEqual(open.filter((r) => !(idd(r) && barredWindow(r))).map(event));
    const whileBarred = barred.filter(barredWindow);
    for (const [type, scope, direction] of [
      ['voice', 'local', 'outgoing'],
      ['sms', 'local', 'outgoing'],
      ['voice', 'local', 'incoming'],
      ['data', 'local', null],
      // Calls made while roaming are not barred (only roamingEnabled bars those).
      ['voice', 'roaming', 'outgoing'],
    ])
      expect(
        whileBarred.some((r) => r.usageType === type && r.scope === scope && r.direction === direction),
        `${type}/${scope}/${direction}`,
      ).toBe(true);
    // Calls from abroad still arrive.
    expect(whileBarred.some(fromAbroad)).toBe(true);
  });
});

describe('barring incoming international calls', () => {
  it('stops calls and SMS from numbers abroad reaching the line at home while set; other traffic is the same', () => {
    const open = unbarred(LINE);
    const barred = barredFor(LINE, 'barIncomingInternational');

    for (const type of ['voice', 'sms'])
      expect(
        open.filter((r) => fromAbroad(r) && barredWindow(r) && r.usageType === type).length,
      ).toBeGreaterThan(3);
    expect(barred.filter((r) => fromAbroad(r) && barredWindow(r))).toEqual([]);
    expect(barred.some((r) => fromAbroad(r) && within(r, FROM, BAR))).toBe(true);
    expect(barred.some((r) => fromAbroad(r) && within(r, UNBAR, UNTIL))).toBe(true);
    expect(barred.map(event)).toEqual(open.filter((r) => !(fromAbroad(r) && barredWindow(r))).map(event));
    const whileBarred = barred.filter(barredWindow);
    // Calls and SMS from numbers at home still arrive, abroad too, and IDD calls are still made.
    for (const type of ['voice', 'sms'])
      expect(
        whileBarred.some((r) => r.usageType === type && r.scope === 'local' && r.direction === 'incoming'),
      ).toBe(true);
    expect(whileBarred.some((r) => r.scope === 'roaming' && r.direction === 'incoming')).toBe(true);
    expect(whileBarred.some(idd)).toBe(true);
  });

  it('has a share of incoming calls and SMS at home come from abroad, decided by no draw', () => {
    const month = (share: number) => {
      const store = network({ ...BUSY, incomingFromAbroadShare: share }, ['p', 'q']);
      store.generateUntil(UNTIL);
      return allRecords(store);
    };
    const [none, some, all] = [month(0), month(0.1), month(1)];
    // The same events whatever the share: only the origin differs.
    const withoutOrigin = (records: UsageRecordView[]) =>
      records.map(({ originCountry: _origin, ...rest }) => rest);
    expect(withoutOrigin(some)).toEqual(withoutOrigin(none));
    expect(withoutOrigin(all)).toEqual(withoutOrigin(none));

    const incomingAtHome = (r: UsageRecordView) => r.scope === 'local' && r.direction === 'incoming';
    expect(none.some(fromAbroad)).toBe(false);
    expect(all.filter(incomingAtHome).every(fromAbroad)).toBe(true);
    // Only incoming calls and SMS at home come from abroad.
    for (const records of [some, all]) expect(records.filter(fromAbroad).every(incomingAtHome)).toBe(true);
    const atHome = some.filter(incomingAtHome);
    const abroad = atHome.filter(fromAbroad);
    expect(atHome.length).toBeGreaterThan(1000);
    expect(abroad.length / atHome.length).toBeGreaterThan(0.07);
    expect(abroad.length / atHome.length).toBeLessThan(0.13);
    // From the IDD countries; at home, so local, in Singapore and free.
    expect(new Set(abroad.map((r) => r.originCountry)).size).toBeGreaterThan(3);
    for (const r of abroad) {
      expect(ORIGINS).toContain(r.originCountry);
      expect(r).toMatchObject({ country: 'SG', chargeCents: 0, outOfBundle: 0, bucketId: null });
    }
  });
});

describe('a suspended service', () => {
  it('makes and takes nothing while suspended, and carries on when resumed', () => {
    const store = network(BUSY, ['s', 't']);
    store.generateUntil(BAR);
    store.setSubscriptionState('s', 'suspended');
    store.generateUntil(UNBAR);
    store.setSubscriptionState('s', 'active');
    store.generateUntil(UNTIL);
    const records = allRecords(store);
    const of = (id: string, from: Date, to: Date) =>
      records.filter((r) => r.serviceId === id && within(r, from, to));
    expect(of('s', BAR, UNBAR)).toEqual([]);
    expect(of('t', BAR, UNBAR).length).toBeGreaterThan(100);
    expect(of('s', FROM, BAR).length).toBeGreaterThan(100);
    expect(of('s', UNBAR, UNTIL).length).toBeGreaterThan(100);
  });
});

describe('barring across a restart', () => {
  it('keeps both bars and the records’ origins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mvne-barring-'));
    try {
      const file = join(dir, 'mvne.json');
      const one = network(BUSY, ['r'], file);
      one.generateUntil(BAR);
      one.setUsageOptions('r', { barOutgoingInternational: true, barIncomingInternational: true });
      const before = allRecords(one);
      expect(before.some(fromAbroad)).toBe(true);

      const two = new MvneStore(file);
      expect(two.subscription('r')).toMatchObject({
        barOutgoingInternational: true,
        barIncomingInternational: true,
      });
      expect(allRecords(two)).toEqual(before);
      two.generateUntil(UNBAR);
      const after = allRecords(two).slice(before.length);
      expect(after.length).toBeGreaterThan(100);
      expect(after.some((r) => idd(r) || fromAbroad(r))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('barring on the service (TMF640)', () => {
  const SERVICE = SERVICE_PATH;
  const { call } = useMvneSandbox();
  const bars = (body: { serviceCharacteristic: { name: string; value: string }[] }) => {
    const c = characteristics(body);
    return [c.barOutgoingInternational, c.barIncomingInternational];
  };

  it('shows both bars off by default, sets them, and refuses anything but true or false', async () => {
    const created = await call(SERVICE, {
      body: {
        externalId: `barring-${Date.now()}`,
        serviceCharacteristic: [
          { name: 'MSISDN', value: '83335555' },
          { name: 'simType', value: 'eSIM' },
          { name: 'planCode', value: 'LITE-10' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const path = `${SERVICE}/${created.body.id}`;
    expect(bars(created.body)).toEqual(['false', 'false']);
    const patch = (values: Record<string, string>) =>
      call(path, {
        method: 'PATCH',
        body: { serviceCharacteristic: Object.entries(values).map(([name, value]) => ({ name, value })) },
      });

    const set = await patch({ barOutgoingInternational: 'true' });
    expect(set.status).toBe(200);
    expect(bars(set.body)).toEqual(['true', 'false']);
    expect(bars((await patch({ barIncomingInternational: 'true' })).body)).toEqual(['true', 'true']);
    // The same again changes nothing; the other options are left alone.
    const again = await patch({ barIncomingInternational: 'true', barOutgoingInternational: 'true' });
    expect(bars(again.body)).toEqual(['true', 'true']);
    expect(characteristics(again.body)).toMatchObject({ roamingEnabled: 'true', dataRollover: 'false' });
    expect(bars((await call(path)).body)).toEqual(['true', 'true']);

    // As roamingEnabled and the other flags: 422, naming the characteristic; nothing is changed.
    for (const [name, bad] of [
      ['barOutgoingInternational', 'yes'],
      ['barOutgoingInternational', 'TRUE'],
      ['barIncomingInternational', '1'],
      ['barIncomingInternational', ''],
    ] as const) {
      const refused = await patch({ barOutgoingInternational: 'false', [name]: bad });
      expect(refused.status, `${name}=${bad}`).toBe(422);
      expect(refused.body).toMatchObject({
        code: '422',
        reason: 'Unprocessable',
        message: `${name} must be 'true' or 'false'`,
      });
    }
    expect(bars((await call(path)).body)).toEqual(['true', 'true']);

    expect(
      bars((await patch({ barOutgoingInternational: 'false', barIncomingInternational: 'false' })).body),
    ).toEqual(['false', 'false']);
    // Suspended and resumed (the client's setServiceState), the bars stay as they were.
    await patch({ barIncomingInternational: 'true' });
    const suspended = await call(path, { method: 'PATCH', body: { state: 'suspended' } });
    expect(suspended.body.state).toBe('suspended');
    const resumed = await call(path, { method: 'PATCH', body: { state: 'active' } });
    expect(resumed.body.state).toBe('active');
    expect(bars(resumed.body)).toEqual(['false', 'true']);
  });
});
