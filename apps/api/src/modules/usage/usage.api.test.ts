import { randomInt } from 'node:crypto';
import { bundleMonth } from '@selfcare/domain';
import type { DailyUsage } from '@selfcare/domain/contracts/usage';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';
import { UsageMessages } from '@selfcare/domain/schemas/usage';
import { describe, expect, it, vi } from 'vitest';
import { sandbox } from '../../test/fulfilment.ts';
import { body } from '../../test/harness.ts';
import {
  activateAtMvne,
  addUsLine,
  allRecords,
  balances,
  count,
  dailySums,
  get,
  importAll,
  main,
  mainLine,
  other,
  ratedFromNow,
  sgDay,
  subLine,
  t,
  today,
  US_NUMBER,
  useUsageFixture,
  usLine,
} from '../../test/usage.ts';
import { UsageImport } from './usage.import.ts';
import { usageRepository } from './usage.repository.ts';

/** Balances, the daily chart, records and their CSV; who may see which line; the import's guarantees. */
useUsageFixture();

describe('balances and records', () => {
  it("shows the Me line's and the 'Us' line's buckets, each drawn down by exactly its records", async () => {
    const b = await balances(main);
    expect(b.stale).toBe(false);
    expect(b.lines.map((l) => [l.id, l.isMainLine, l.planName])).toEqual([
      [mainLine, true, 'Value 20'],
      [usLine, false, 'Lite 10'],
    ]);
    expect(b.lines[0]?.unlimited).toEqual({ data: false, voice: false, sms: false });
    expect(b.renewsAt).toBe(bundleMonth(t.ctx.clock.now()).end.toISOString());
    // The portal's day, on its clock (moved on by the fixture), not the machine's.
    expect(b.today).toBe(sgDay(t.ctx.clock.now()));
    expect(b.today).not.toBe(sgDay(new Date()));
    for (const [line, gb, minutes] of [
      [mainLine, 150, 500],
      [usLine, 20, 100],
    ] as const) {
      const plan = (kind: string) =>
        b.buckets.find(
          (x) => x.lineId === line && x.kind === kind && x.origin === 'plan' && x.scope === 'local',
        );
      expect(plan('data')).toMatchObject({ unit: 'BYTES', size: gb * 1024 ** 3, shared: false });
      expect(plan('voice')).toMatchObject({ unit: 'SECONDS', size: minutes * 60 });
      // What each bucket lost this month is what the line's records drew from it.
      for (const kind of ['data', 'voice', 'sms']) {
        const bucket = plan(kind);
        const month = bundleMonth(new Date(bucket?.validFrom as string));
        const records = await allRecords(
          main,
          `line=${line}&from=${sgDay(month.start)}&to=${sgDay(new Date(month.end.getTime() - 1))}`,
        );
        const drawn = records.filter((r) => r.bucket === bucket?.id).reduce((sum, r) => sum + r.volume, 0);
        expect(bucket && bucket.size - bucket.remaining, `${line} ${kind}`).toBe(drawn);
        if (kind === 'data') expect(drawn).toBeGreaterThan(0);
      }
    }
  });

  it('sums the daily chart from the same records the list shows, received calls and SMS left out', async () => {
    const daily = body<DailyUsage>(await get('/usage/daily', main)).data;
    expect(daily.days.at(-1)?.day).toBe(today());
    expect(daily.days[0]?.day).toBe(`${today().slice(0, 7)}-01`);
    const records = await allRecords(main, `scope=local&from=${daily.days[0]?.day}&to=${today()}`);
    expect(new Set(records.map((r) => r.msisdn)).size).toBe(2);
    // Data, and the calls made and SMS sent: what the buckets count (received ones are free).
    for (const kind of ['data', 'voice', 'sms'] as const)
      expect(daily.days.reduce((sum, d) => sum + d[kind], 0)).toBe(
        records
          .filter((r) => r.kind === kind && r.direction !== 'incoming')
          .reduce((sum, r) => sum + r.volume, 0),
      );
    expect(records.some((r) => r.direction === 'incoming')).toBe(true);
  });

  it('downloads the records as CSV, one row each after the header', async () => {
    const query = `kind=voice&from=${sgDay(new Date(Date.now() - 40 * 86_400_000))}&to=${today()}`;
    const res = await get(`/usage/records.csv?${query}`, main);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = res.body.trim().split('\n');
    expect(rows[0]).toMatch(/^Date and time \(SGT\),Number,Type/);
    const listed = await allRecords(main, query);
    expect(listed.length).toBeGreaterThan(0);
    expect(rows.length - 1).toBe(listed.length);
    expect(rows.slice(1).every((r) => /,Call,/.test(r))).toBe(true);
    // Each call's amount is the minutes it was charged, every started minute, as the page lists it.
    for (const row of rows.slice(1)) {
      const [amount, seconds] = row.split(',').slice(5, 7);
      expect(amount).toBe(`${Math.ceil(Number(seconds) / 60)} min`);
    }
  });

  it("sums a summary's call minutes as the records charge them, each call by the started minute", async () => {
    const range = `from=${sgDay(new Date(Date.now() - 40 * 86_400_000))}&to=${today()}`;
    const summary = body<UsageSummary>(await get(`/usage/summary?scope=local&${range}`, main)).data;
    const calls = (await allRecords(main, `scope=local&kind=voice&${range}`)).filter((r) => r.volume > 0);
    const voice = summary.rows.filter((r) => r.kind === 'voice');
    expect(voice.length).toBeGreaterThan(0);
    for (const row of voice) {
      const its = calls.filter(
        (r) => r.lineId === row.lineId && r.direction === row.direction && r.country === row.country,
      );
      expect(row.minutes, `${row.msisdn} ${row.direction}`).toBe(
        its.reduce((sum, r) => sum + Math.ceil(r.volume / 60), 0),
      );
    }
    // More than the seconds summed and floored: what the summary said before.
    const seconds = voice.reduce((sum, r) => sum + r.volume, 0);
    expect(voice.reduce((sum, r) => sum + r.minutes, 0)).toBeGreaterThan(Math.floor(seconds / 60));
    expect(summary.rows.filter((r) => r.kind !== 'voice').every((r) => r.minutes === 0)).toBe(true);
  });
});

describe('who sees which line', () => {
  it("gives a sub-line user their own line only, and 404 for the Me line's", async () => {
    const own = await balances(subLine);
    expect(own.lines.map((l) => l.msisdn)).toEqual([US_NUMBER]);
    expect(own.buckets.length).toBeGreaterThan(0);
    expect(own.buckets.every((x) => x.lineId === usLine)).toBe(true);
    expect((await get(`/usage/balances?line=${mainLine}`, subLine)).statusCode).toBe(404);
    expect(
      (await get(`/usage/records?line=${mainLine}&from=${today()}&to=${today()}`, subLine)).statusCode,
    ).toBe(404);
    const mine = await allRecords(subLine, `from=${today().slice(0, 7)}-01&to=${today()}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.msisdn))).toEqual(new Set([US_NUMBER]));
  });

  it('gives another customer 404 for every read of these lines, the CSV included', async () => {
    for (const line of [mainLine, usLine])
      for (const url of [
        `/usage/balances?line=${line}`,
        `/usage/daily?line=${line}`,
        `/usage/records?line=${line}&from=${today()}&to=${today()}`,
        `/usage/records.csv?line=${line}&from=${today()}&to=${today()}`,
      ]) {
        const res = await get(url, other);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(US_NUMBER);
      }
    // Without a line, another customer sees none of them.
    const theirs = await allRecords(other, `from=${today().slice(0, 7)}-01&to=${today()}`);
    expect(theirs).toEqual([]);
    expect((await balances(other)).lines).toEqual([]);
  });

  it('refuses a range that ends before it starts, or spans more than 12 months, with the message', async () => {
    const backwards = await get('/usage/records?from=2026-05-02&to=2026-05-01', main);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().message).toContain(UsageMessages.rangeOrder);
    const long = await get('/usage/records.csv?from=2025-05-01&to=2026-05-01', main);
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toContain(UsageMessages.rangeTooLong);
    expect((await get('/usage/records?from=2025-05-02&to=2026-05-01', main)).statusCode).toBe(200);
  });
});

describe('the import', () => {
  it('stores nothing twice when the whole log is read again', async () => {
    const [records, daily, sums] = [
      await count('usage_records'),
      await count('usage_daily'),
      await dailySums(),
    ];
    await t.ctx.database.pool.query("UPDATE usage_import_cursor SET last_sequence = 0 WHERE source = 'mvne'");
    const replay = await t.ctx.usageImport.importRecords();
    expect(replay.stored).toBe(0);
    expect(await count('usage_records')).toBe(records);
    expect(await count('usage_daily')).toBe(daily);
    expect(await dailySums()).toEqual(sums);
  });

  it('keeps the records of a service no line has yet, and stores them once a line has it', async () => {
    const msisdn = `84${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const serviceId = await activateAtMvne(msisdn);
    // A day of its traffic before our activation is recorded (a crash between the two, say).
    await sandbox('/sandbox/api/clock', { advanceSeconds: 86_400 });
    await ratedFromNow(serviceId);
    await importAll();
    const orphans = async () =>
      Number(
        (
          await t.ctx.database.pool.query('SELECT count(*) AS n FROM usage_orphans WHERE service_id = $1', [
            serviceId,
          ])
        ).rows[0].n,
      );
    const kept = await orphans();
    expect(kept).toBeGreaterThan(0);
    const user = await addUsLine(msisdn, serviceId, 2);
    // As a worker that has just started takes them, knowing of no partition yet.
    await new UsageImport({ database: t.ctx.database, clock: t.ctx.clock, mvne: t.ctx.mvne }).importRecords();
    expect(await orphans()).toBe(0);
    const later = sgDay(new Date(t.ctx.clock.now().getTime() + 20 * 86_400_000));
    const theirs = await allRecords(
      user.headers,
      `from=${sgDay(new Date(Date.now() - 2 * 86_400_000))}&to=${later}`,
    );
    expect(theirs.length).toBeGreaterThanOrEqual(kept);
    expect(new Set(theirs.map((r) => r.msisdn))).toEqual(new Set([msisdn]));
  });

  it('loses and doubles nothing when it dies in the middle of a page', async () => {
    // Traffic the MVNE has not handed over yet: two more days of it.
    await sandbox('/sandbox/api/clock', { advanceSeconds: 2 * 86_400 });
    await t.ctx.database.pool.query("UPDATE usage_balances SET read_at = read_at - interval '1 minute'");
    await balances(main);
    const before = await count('usage_records');
    const cursor = (await usageRepository.importedUpTo(t.ctx.database.db))?.lastSequence;
    const insert = usageRepository.insertRecords;
    const crash = vi.spyOn(usageRepository, 'insertRecords').mockImplementationOnce(async (db, records) => {
      await insert(db, records);
      throw new Error('worker killed');
    });
    await expect(t.ctx.usageImport.importRecords()).rejects.toThrow('worker killed');
    crash.mockRestore();
    expect(await count('usage_records')).toBe(before);
    expect((await usageRepository.importedUpTo(t.ctx.database.db))?.lastSequence).toBe(cursor);
    const resumed = await t.ctx.usageImport.importRecords();
    expect(resumed.stored).toBeGreaterThan(0);
    expect(await count('usage_records')).toBe(before + resumed.stored);
  });
});
