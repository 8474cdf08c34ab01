import { randomInt, randomUUID } from 'node:crypto';
import { bundleMonth } from '@selfcare/domain';
import type { Balances, DailyUsage, UsageLine, UsageRecordsPage } from '@selfcare/domain/contracts/usage';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { UsageMessages } from '@selfcare/domain/schemas/usage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { orderLines, subscriptions, users } from '../../db/schema.ts';
import { fulfilmentJourney, sandbox, until } from '../../test/fulfilment.ts';
import {
  body,
  createTestApp,
  messagesFor,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';
import { usageRepository } from './usage.repository.ts';

let t: TestApp;
type Headers = { authorization: string };
let main: Headers;
let subLine: Headers;
let other: Headers;
let mainLine: string;
let usLine: string;
let ownerId: string;
let orderId: string;
const US_NUMBER = `83${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** How far both clocks move, so the lines have days of traffic behind them. */
const DAYS = 3;

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const SG_MS = 8 * 3600_000;
const sgDay = (at: Date) => new Date(at.getTime() + SG_MS).toISOString().slice(0, 10);
/** Today in Singapore on the API's clock. */
const today = () => sgDay(t.ctx.clock.now());
const balances = async (headers: Headers, query = '') =>
  body<Balances>(await get(`/usage/balances${query}`, headers)).data;
/** Every page of the records a query selects, as a user paging with "Load more" would. */
async function allRecords(headers: Headers, query: string) {
  const items: UsageRecordsPage['items'] = [];
  let after = '';
  for (;;) {
    const res = await get(
      `/usage/records?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = body<UsageRecordsPage>(res).data;
    items.push(...page.items);
    if (!page.next) return items;
    after = page.next;
  }
}
const count = async (table: 'usage_records' | 'usage_daily') =>
  Number((await t.ctx.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const dailySums = async () =>
  (
    await t.ctx.database.pool.query(
      'SELECT sum(events)::bigint AS events, sum(volume)::bigint AS volume FROM usage_daily',
    )
  ).rows[0];

/**
 * An 'Us' line on the customer's order, with its own login, live at the MVNE on LITE-10: the MVNE
 * activation as the API asks for it, the rows as activation leaves them.
 */
const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };

/**
 * Has the MVNE take the live service into its rating now (it does so on its next tick anyway), so
 * that its traffic starts before the test moves the clock rather than from where the clock lands.
 */
async function ratedFromNow(serviceId: string) {
  const rated = await fetch(`${MVNE}/usageConsumption/v4/queryUsageConsumption`, {
    method: 'POST',
    headers: { ...MVNE_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ searchCriteria: { serviceId: [serviceId] } }),
  });
  expect(rated.status).toBe(200);
  expect(((await rated.json()) as { bucket: unknown[] }).bucket.length).toBeGreaterThan(0);
}

/** A physical-SIM service on LITE-10 activated at the MVNE as the activation job asks for it, live. */
async function activateAtMvne(msisdn: string): Promise<string> {
  const activated = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service`, {
    method: 'POST',
    headers: { ...MVNE_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({
      externalId: randomUUID(),
      serviceCharacteristic: [
        { name: 'MSISDN', value: msisdn },
        { name: 'simType', value: 'physical' },
        { name: 'planCode', value: 'LITE-10' },
        { name: 'ICCID', value: withLuhnDigit(`8965019${randomInt(100_000_000, 999_999_999)}00`) },
        { name: 'IMSI', value: `52597${randomInt(1_000_000_000, 9_999_999_999)}` },
      ],
    }),
  });
  expect(activated.status).toBe(201);
  const service = (await activated.json()) as { id: string };
  // Live once the MVNE says so, as the activation job finds out.
  await until(
    async () =>
      (
        (await (
          await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${service.id}`, {
            headers: MVNE_AUTH,
          })
        ).json()) as { state: string }
      ).state,
    (state) => state === 'active',
  );
  await ratedFromNow(service.id);
  return service.id;
}

/** An 'Us' line on the customer's order, with its own login, on a service live at the MVNE. */
async function addUsLine(msisdn: string, serviceId: string, position: number) {
  const user = await signedInCustomer(t, {
    isMainLine: false,
    mainUserId: ownerId,
    status: 2,
    activated: true,
  });
  const now = t.ctx.clock.now();
  const [line] = await t.ctx.database.db
    .insert(orderLines)
    .values({
      orderId,
      position,
      planCode: 'LITE-10',
      addonCodes: [],
      numberType: 'NORMAL',
      msisdn,
    })
    .returning();
  await t.ctx.database.db.insert(subscriptions).values({
    userId: ownerId,
    orderId,
    orderLineId: line?.id as string,
    msisdn,
    typeSim: 0,
    planCode: 'LITE-10',
    isMainLine: false,
    lineUserId: user.id,
    state: 'active',
    mvneServiceId: serviceId,
    requestedAt: now,
    activatedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return user;
}

async function login(email: string): Promise<Headers> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${body<{ token: string }>(res).data.token}` };
}

beforeAll(async () => {
  t = await createTestApp();
  const [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
  const { active } = fulfilmentJourney(
    () => t,
    () => ({ agent, admin }),
  );
  // A customer whose line went live through the whole order journey, and an 'Us' line beside it.
  const { me, order } = await active();
  const [owner] = await t.ctx.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id));
  ownerId = owner?.userId as string;
  orderId = order.id;
  const us = await addUsLine(US_NUMBER, await activateAtMvne(US_NUMBER), 1);
  const stranger = await signedInCustomer(t, { status: 2, activated: true });
  mainLine = owner?.id as string;
  await ratedFromNow(owner?.mvneServiceId as string);
  // Days of traffic: the MVNE's clock and ours move together; sessions are signed in after.
  await sandbox('/sandbox/api/clock', { advanceSeconds: DAYS * 86_400 });
  t.ctx.clock.advance(DAYS * 86_400);
  [main, subLine, other] = (await Promise.all([me.email, us.email, stranger.email].map(login))) as [
    Headers,
    Headers,
    Headers,
  ];
  // The first read brings the MVNE's traffic up to its clock; the import then takes all of it.
  await balances(main);
  await t.ctx.usageImport.importRecords();
  const subRes = await get('/usage/balances', subLine);
  expect(subRes.statusCode, subRes.body).toBe(200);
  usLine = body<Balances>(subRes).data.lines[0]?.id as string;
});
afterAll(async () => {
  await sandbox('/sandbox/api/clock', { reset: true });
  t.ctx.clock.advance(-DAYS * 86_400);
  await t.close();
});

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
    await t.ctx.usageImport.importRecords();
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
    await t.ctx.usageImport.importRecords();
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

describe('IDD and roaming, by country', () => {
  it('sums each country from the same records the list shows, with their charges', async () => {
    const from = sgDay(new Date(Date.now() - 2 * 86_400_000));
    const to = sgDay(new Date(t.ctx.clock.now().getTime() + 20 * 86_400_000));
    for (const scope of ['idd', 'roaming'] as const) {
      const res = await get(`/usage/summary?scope=${scope}&from=${from}&to=${to}`, main);
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = body<UsageSummary>(res).data;
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
    const b = await balances(main);
    const data = b.buckets.find((x) => x.lineId === mainLine && x.kind === 'data' && x.origin === 'plan');
    const month = bundleMonth(new Date(data?.validFrom as string));
    const range = `from=${sgDay(month.start)}&to=${sgDay(new Date(month.end.getTime() - 1))}`;
    const drawn = await allRecords(main, `${range}&bucket=${encodeURIComponent(data?.id as string)}`);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((r) => r.bucket === data?.id)).toBe(true);
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

  it('sends one SMS and one email when a data bucket passes its limit, and never again', async () => {
    const profile = (await (await sandbox('/sandbox/api/mvne/traffic')).json()) as Record<string, number>;
    const heavy = await sandbox(
      '/sandbox/api/mvne/traffic',
      // About 240GB a day: past the plan's 20GB and any rollover, whichever month the clock is in.
      { dataSessionsPerDay: 480, meanSessionMb: 500 },
      'PUT',
    );
    expect(heavy.status).toBe(200);
    try {
      await sandbox('/sandbox/api/clock', { advanceSeconds: 86_400 });
      await ratedFromNow(
        (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, usLine)))[0]
          ?.mvneServiceId as string,
      );
    } finally {
      await sandbox(
        '/sandbox/api/mvne/traffic',
        { dataSessionsPerDay: profile.dataSessionsPerDay, meanSessionMb: profile.meanSessionMb },
        'PUT',
      );
    }
    const run = await t.ctx.usageImport.importRecords();
    expect(run.lines).toContain(usLine);
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
  });
});

describe('the MVNE down', () => {
  it('shows the last known balances with their time, and the import waits for it', async () => {
    const known = await balances(main);
    // Older than the 30 s the copy is kept.
    await t.ctx.database.pool.query("UPDATE usage_balances SET read_at = read_at - interval '1 minute'");
    const readAt = (await t.ctx.database.pool.query('SELECT min(read_at) AS at FROM usage_balances')).rows[0]
      .at;
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
