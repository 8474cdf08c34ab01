import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { describe, expect, it } from 'vitest';
import { characteristics, SERVICE_PATH, useMvneSandbox } from './mvne-test-client.ts';
import { MvneConflict } from './records.ts';
import { MvneStore } from './store.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const sg = (local: string) => new Date(`${local}+08:00`);
const FROM = sg('2026-06-01T00:00');
const LOST = sg('2026-06-11T00:00');
const SWAPPED = sg('2026-06-21T00:00');
const UNTIL = sg('2026-06-30T23:00');
const iccid = (n: number) => withLuhnDigit(`896501261122${String(n).padStart(6, '0')}`);
const imsi = (n: number) => `52597${String(n).padStart(10, '0')}`;

/** A live physical line on SIM `sim`. */
function physicalLine(store: MvneStore, externalId: string, msisdn: string, sim: number) {
  const { subscription } = store.activate(
    { externalId, msisdn, simType: 'physical', iccid: iccid(sim), imsi: imsi(sim), planCode: 'LITE-10' },
    0,
  );
  store.complete(subscription.id);
  return subscription;
}

describe('a SIM reported lost', () => {
  it('is blocked for good: never activated or swapped onto again, even after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mvne-lost-sim-'));
    try {
      const file = join(dir, 'mvne.json');
      const store = new MvneStore(file, { demoServices: false });
      const line = physicalLine(store, 'l1', '81230101', 1);
      expect(store.blockSim(line.id, iccid(1))).toMatchObject({ simBlocked: true, iccid: iccid(1) });
      // Blocking again changes nothing.
      expect(store.blockSim(line.id, iccid(1))).toMatchObject({ simBlocked: true, iccid: iccid(1) });
      expect(store.isBlocked(iccid(1))).toBe(true);

      // The lost SIM cannot carry another line, nor this one again.
      expect(() =>
        store.activate(
          {
            externalId: 'l2',
            msisdn: '81230102',
            simType: 'physical',
            iccid: iccid(1),
            imsi: imsi(1),
            planCode: 'LITE-10',
          },
          0,
        ),
      ).toThrow(/SIM .* is blocked/);
      expect(() => store.swapSim(line.id, { iccid: iccid(1), imsi: imsi(1) })).toThrow(MvneConflict);

      // The replacement: the line keeps its number and plan on the new SIM, and works again.
      const swapped = store.swapSim(line.id, { iccid: iccid(2), imsi: imsi(2) });
      expect(swapped).toMatchObject({
        iccid: iccid(2),
        imsi: imsi(2),
        msisdn: '81230101',
        planCode: 'LITE-10',
        state: 'active',
        simBlocked: false,
      });
      // A late retry naming the lost SIM leaves the line on its new SIM alone.
      expect(store.blockSim(line.id, iccid(1))).toMatchObject({ simBlocked: false, iccid: iccid(2) });

      const again = new MvneStore(file, { demoServices: false });
      expect(again.isBlocked(iccid(1))).toBe(true);
      expect(again.isBlocked(iccid(2))).toBe(false);
      expect(() => again.swapSim(line.id, { iccid: iccid(1), imsi: imsi(1) })).toThrow(/blocked/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("disables an eSIM's profile with it: it cannot be installed again; a new profile takes the line", () => {
    const store = new MvneStore(undefined, { demoServices: false });
    const lost = store.issueProfile('p1', 'smdp.example').profile;
    const { subscription: line } = store.activate(
      { externalId: 'e1', msisdn: '81230201', simType: 'eSIM', iccid: lost.iccid, imsi: null },
      0,
    );
    store.complete(line.id);
    store.installProfile(lost.id, '89049032000001000000000000000001');

    store.blockSim(line.id, null);
    expect(store.subscription(line.id).simBlocked).toBe(true);
    expect(store.profile(lost.id).state).toBe('disabled');
    expect(() => store.installProfile(lost.id, '89049032000001000000000000000002')).toThrow(/disabled/);

    const next = store.issueProfile('p2', 'smdp.example').profile;
    expect(store.swapSim(line.id, { iccid: next.iccid, imsi: null })).toMatchObject({
      iccid: next.iccid,
      simBlocked: false,
    });
    expect(() => store.swapSim(line.id, { iccid: lost.iccid, imsi: null })).toThrow(MvneConflict);
  });

  it('stops all of the line’s traffic while blocked; other lines carry on, and it resumes on its new SIM', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    store.setTrafficProfile({ callsPerDay: 30, smsPerDay: 30 });
    store.provision(
      ['lost', 'kept'].map((id, i) => ({
        id,
        msisdn: String(83500000 + i),
        planCode: 'LITE-10',
        activatedAt: FROM,
      })),
    );
    store.generateUntil(LOST);
    store.blockSim('lost', null);
    store.generateUntil(SWAPPED);
    store.swapSim('lost', { iccid: iccid(3), imsi: imsi(3) });
    store.generateUntil(UNTIL);

    const records = store.usage.records(0, Number.MAX_SAFE_INTEGER);
    const of = (id: string, from: Date, to: Date) =>
      records.filter(
        (r: UsageRecordView) =>
          r.serviceId === id &&
          Date.parse(r.usageDate) >= from.getTime() &&
          Date.parse(r.usageDate) < to.getTime(),
      );
    expect(of('lost', LOST, SWAPPED)).toEqual([]);
    expect(of('kept', LOST, SWAPPED).length).toBeGreaterThan(100);
    expect(of('lost', FROM, LOST).length).toBeGreaterThan(100);
    expect(of('lost', SWAPPED, UNTIL).length).toBeGreaterThan(100);
  });
});

describe('blocking a lost SIM on the service (TMF640)', () => {
  const SERVICE = SERVICE_PATH;
  const { call } = useMvneSandbox();
  const activate = (externalId: string, msisdn: string, sim: number) =>
    call(SERVICE, {
      body: {
        externalId,
        serviceCharacteristic: [
          { name: 'MSISDN', value: msisdn },
          { name: 'simType', value: 'physical' },
          { name: 'planCode', value: 'LITE-10' },
          { name: 'ICCID', value: iccid(sim) },
          { name: 'IMSI', value: imsi(sim) },
        ],
      },
    });
  const patch = (path: string, values: Record<string, string>) =>
    call(path, {
      method: 'PATCH',
      body: { serviceCharacteristic: Object.entries(values).map(([name, value]) => ({ name, value })) },
    });

  it('blocks the SIM named, refuses it for any activation or swap, and swaps the line onto a new SIM', async () => {
    const sims = { lost: 900_001 + (Date.now() % 1000) * 3, next: 900_002 + (Date.now() % 1000) * 3 };
    const created = await activate(`lost-${Date.now()}`, '83336666', sims.lost);
    expect(created.status).toBe(201);
    const path = `${SERVICE}/${created.body.id}`;
    expect(characteristics(created.body).simBlocked).toBe('false');

    const bad = await patch(path, { blockSIM: '1234' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/blockSIM/);
    expect(characteristics((await call(path)).body).simBlocked).toBe('false');

    const blocked = await patch(path, { blockSIM: iccid(sims.lost) });
    expect(blocked.status).toBe(200);
    expect(characteristics(blocked.body)).toMatchObject({ simBlocked: 'true', ICCID: iccid(sims.lost) });
    expect(blocked.body.state).toBe('active');

    const reuse = await activate(`reuse-${Date.now()}`, '83336667', sims.lost);
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toMatch(/blocked/);
    expect((await patch(path, { ICCID: iccid(sims.lost), IMSI: imsi(sims.lost) })).status).toBe(409);

    const swapped = await patch(path, { ICCID: iccid(sims.next), IMSI: imsi(sims.next) });
    expect(swapped.status).toBe(200);
    expect(characteristics(swapped.body)).toMatchObject({
      simBlocked: 'false',
      ICCID: iccid(sims.next),
      IMSI: imsi(sims.next),
      MSISDN: '83336666',
    });
  });
});
