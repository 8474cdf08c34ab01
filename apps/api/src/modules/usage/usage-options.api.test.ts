import { bundleMonth } from '@selfcare/domain';
import type { Balances, UsageLine } from '@selfcare/domain/contracts/usage';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import { sandbox, until } from '../../test/fulfilment.ts';
import { body, messagesFor } from '../../test/harness.ts';
import {
  allRecords,
  balances,
  get,
  type Headers,
  importAll,
  MVNE,
  MVNE_AUTH,
  main,
  mainLine,
  other,
  ownerId,
  ratedFromNow,
  sgDay,
  subLine,
  t,
  US_NUMBER,
  useUsageFixture,
  usLine,
} from '../../test/usage.ts';
import { usageRepository } from './usage.repository.ts';

/** Use by country (IDD, roaming), a bucket's records, the line's options, the alerts, the MVNE down. */
useUsageFixture();

describe('IDD and roaming, by country', () => {
  it('sums each country from the same records the list shows, with their charges', async () => {
    const from = sgDay(new Date(Date.now() - 2 * 86_400_000));
    const to = sgDay(new Date(t.ctx.clock.now().getTime() + 20 * 86_400_000));
    for (const scope of ['idd', 'roaming'] as const) {
      const res = await get(`/usage/summary?scope=${scope}&from=${from}&to=${to}`, main);
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = body<UsageSummary>(res).data;
      // The fixture's main line calls abroad often, and stays at home: the roaming summary with rows in
      // it is the walk-through journey's (walkthrough-usage-tables.spec.ts writes a day abroad).
      if (scope === 'idd') expect(rows.length).toBeGreaterThan(0);
      const records = await allRecords(main, `scope=${scope}&from=${from}&to=${to}`);
      const byCountry = (xs: { country: string; chargeCents: number; volume: number }[]) => {
        const m = new Map<string, [number, number]>();
        for (const x of xs) {
          const [charge, volume] = m.get(x.country) ?? [0, 0];
          m.set(x.country, [charge + x.chargeCents, volume + x.volume]);
        }
        return Object.fromEntries(m);
      };
      expect(byCountry(rows)).toEqual(byCountry(records));
      expect(rows.every((r) => r.country !== 'SG')).toBe(true);
    }
    // Another customer's line is not found here either.
    expect(
      (await get(`/usage/summary?scope=idd&line=${mainLine}&from=${from}&to=${to}`, other)).statusCode,
    ).toBe(404);
  });

  it("lists a bucket's records only when asked for one", async () => {
    // A bucket the line's records drew on, found from the records themselves: the balances name the
    // buckets of the month the shared sandbox clock is in, which other files move.
    await importAll();
    const from = sgDay(new Date(Date.now() - 2 * 86_400_000));
    const to = sgDay(new Date(t.ctx.clock.now().getTime() + 40 * 86_400_000));
    const all = await allRecords(main, `from=${from}&to=${to}&line=${mainLine}`);
    const bucket = all.find((r) => r.bucket)?.bucket as string;
    expect(bucket).toBeTruthy();
    const drawn = await allRecords(main, `from=${from}&to=${to}&bucket=${encodeURIComponent(bucket)}`);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((r) => r.bucket === bucket)).toBe(true);
    expect(drawn.length).toBe(all.filter((r) => r.bucket === bucket).length);
  });
});

describe('data rollover, the stop at 100% and the alerts', () => {
  const serviceOf = async (lineId: string) => {
    const [row] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
    const res = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${row?.mvneServiceId}`, {
      headers: MVNE_AUTH,
    });
    const service = (await res.json()) as { serviceCharacteristic: { name: string; value: string }[] };
    return Object.fromEntries(service.serviceCharacteristic.map((c) => [c.name, c.value]));
  };
  const put = (lineId: string, payload: object, headers: Headers) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/usage/lines/${lineId}/options`, headers, payload });

  it('switches a line’s options and has the MVNE told; only the account holder may', async () => {
    expect((await put(usLine, { rollover: true }, other)).statusCode).toBe(404);
    expect((await put(usLine, { rollover: true }, subLine)).statusCode).toBe(403);
    const res = await put(usLine, { rollover: true, stopDataAtLimit: true }, main);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<UsageLine>(res).data).toMatchObject({ id: usLine, rollover: true, stopDataAtLimit: true });
    expect(
      await until(
        () => serviceOf(usLine),
        (c) => c.dataRollover === 'true' && c.dataStopAtLimit === 'true',
      ),
    ).toMatchObject({ dataRollover: 'true', dataStopAtLimit: 'true' });
    // Back, so the alert below speaks of out-of-bundle data.
    expect((await put(usLine, { stopDataAtLimit: false }, main)).statusCode).toBe(200);
    await until(
      () => serviceOf(usLine),
      (c) => c.dataStopAtLimit === 'false',
    );
  });

  it('refuses any change on a suspended line, and changes nothing (ADR 0025)', async () => {
    const before = (await balances(main)).lines.find((l) => l.id === usLine);
    await t.ctx.database.pool.query(`UPDATE subscriptions SET state = 'suspended' WHERE id = $1`, [usLine]);
    try {
      const res = await put(usLine, { rollover: !before?.rollover, stopDataAtLimit: true }, main);
      expect([res.statusCode, body(res).message]).toEqual([409, LineServiceMessages.suspendedLine]);
      const after = (await balances(main)).lines.find((l) => l.id === usLine);
      expect([after?.rollover, after?.stopDataAtLimit]).toEqual([before?.rollover, before?.stopDataAtLimit]);
    } finally {
      await t.ctx.database.pool.query(`UPDATE subscriptions SET state = 'active' WHERE id = $1`, [usLine]);
    }
  });

  it('sends one SMS and one email when a data bucket passes its limit, and never again', async () => {
    // The heavy day must fall in one bundle month. Other files move the shared sandbox clock, so
    // near a month's end it starts just after the next month begins (else the new month's bucket
    // would hold only the day's last hours, short of the limit).
    const { now } = (await (await sandbox('/sandbox/api/clock')).json()) as { now: string };
    const monthEnd = bundleMonth(new Date(now)).end.getTime();
    if (monthEnd - Date.parse(now) < 2 * 86_400_000)
      await sandbox('/sandbox/api/clock', { at: new Date(monthEnd + 3_600_000).toISOString() });
    const service = (
      await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, usLine))
    )[0]?.mvneServiceId as string;
    // The hours up to the moved clock at the usual pace, so that only the day below is heavy.
    await ratedFromNow(service);
    const traffic = `/sandbox/api/mvne/traffic?serviceId=${encodeURIComponent(service)}`;
    const profile = (await (await sandbox(traffic)).json()) as Record<string, number>;
    const heavy = await sandbox(
      traffic,
      // About 100GB a day, past the plan's data and any rollover whichever month the clock is in, on
      // this line alone: the other lines of the shared sandbox go on as they were.
      { dataSessionsPerDay: 100, meanSessionMb: 1024 },
      'PUT',
    );
    expect(heavy.status).toBe(200);
    try {
      await sandbox('/sandbox/api/clock', { advanceSeconds: 86_400 });
      await ratedFromNow(service);
    } finally {
      await sandbox(
        traffic,
        { dataSessionsPerDay: profile.dataSessionsPerDay, meanSessionMb: profile.meanSessionMb },
        'PUT',
      );
    }
    await importAll();
    await t.ctx.usageAlerts.check([usLine]);
    const sms = await until(
      () => messagesFor(`+65${US_NUMBER}`),
      (m) => m.some((x) => /used all your data/.test(x.text)),
    );
    expect(sms.filter((x) => /of your data|all your data/.test(x.text))).toHaveLength(1);
    const owner = (await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId)))[0]
      ?.email as string;
    const emails = await until(
      () => messagesFor(owner),
      (m) => m.some((x) => /All your data used on/.test(x.subject ?? '')),
    );
    expect(emails.filter((x) => /data used on/.test(x.subject ?? ''))).toHaveLength(1);
    // Checked again (another import, a retried job): nothing more is sent.
    await t.ctx.usageAlerts.check([usLine]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      (await messagesFor(`+65${US_NUMBER}`)).filter((x) => /of your data|all your data/.test(x.text)),
    ).toHaveLength(1);
    expect((await messagesFor(owner)).filter((x) => /data used on/.test(x.subject ?? ''))).toHaveLength(1);
  }, 60_000);
});

describe('the MVNE down', () => {
  it('shows the last known balances with their time, and the import waits for it', async () => {
    const known = await balances(main);
    // Older than the 30 s the copy is kept.
    await t.ctx.database.pool.query("UPDATE usage_balances SET read_at = read_at - interval '1 minute'");
    const readAt = (
      await t.ctx.database.pool.query(
        'SELECT min(read_at) AS at FROM usage_balances WHERE line_id = ANY($1)',
        [[mainLine, usLine]],
      )
    ).rows[0].at;
    const down = await sandbox('/sandbox/api/faults', { system: 'mvne', mode: 'down', seconds: 30 });
    expect(down.ok).toBe(true);
    try {
      const res = await get('/usage/balances', main);
      expect(res.statusCode).toBe(200);
      const stale = body<Balances>(res).data;
      expect(stale.stale).toBe(true);
      expect(stale.readAt).not.toBeNull();
      expect(Date.parse(stale.readAt as string)).toBeLessThanOrEqual(new Date(readAt).getTime());
      expect(stale.buckets).toEqual(known.buckets);
      const cursor = (await usageRepository.importedUpTo(t.ctx.database.db))?.lastSequence;
      await expect(t.ctx.usageImport.importRecords()).rejects.toThrow(/MVNE/);
      expect((await usageRepository.importedUpTo(t.ctx.database.db))?.lastSequence).toBe(cursor);
    } finally {
      await sandbox('/sandbox/api/faults?system=mvne', undefined, 'DELETE');
    }
    const back = await balances(main);
    expect(back.stale).toBe(false);
  });
});
