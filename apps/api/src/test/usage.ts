/**
 * Usage tests' fixture: a customer whose line went live through the whole order journey, an 'Us'
 * line beside it with its own login, and another customer; both clocks moved on some days so the
 * lines have traffic, imported. Its values are live bindings, set by `useUsageFixture()`'s set-up.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Balances, UsageRecordsPage } from '@selfcare/domain/contracts/usage';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { orderLines, subscriptions } from '../db/schema.ts';
import { usageRepository } from '../modules/usage/usage.repository.ts';
import { fulfilmentJourney, sandbox, until } from './fulfilment.ts';
import { body, createTestApp, passwordLogin, signedInCustomer, type TestApp } from './harness.ts';
import { inject } from './inject.ts';
import { signedInStaff } from './staff.ts';

export let t: TestApp;
export type Headers = { authorization: string };
export let main: Headers;
export let subLine: Headers;
export let other: Headers;
export let mainLine: string;
export let usLine: string;
export let ownerId: string;
export let orderId: string;
/** The 'Us' line's number: a new one for each file that sets the fixture up (the MVNE keeps every number). */
export let US_NUMBER = '';
/** How far both clocks move, so the lines have days of traffic behind them. */
export const DAYS = 3;

export const get = (url: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const SG_MS = 8 * 3600_000;
export const sgDay = (at: Date) => new Date(at.getTime() + SG_MS).toISOString().slice(0, 10);
/** Today in Singapore on the API's clock. */
export const today = () => sgDay(t.ctx.clock.now());
export const balances = async (headers: Headers, query = '') =>
  body<Balances>(await get(`/usage/balances${query}`, headers)).data;
/** Every page of the records a query selects, as a user paging with "Load more" would. */
export async function allRecords(headers: Headers, query: string) {
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
export const count = async (table: 'usage_records' | 'usage_daily') =>
  Number((await t.ctx.database.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
export const dailySums = async () =>
  (
    await t.ctx.database.pool.query(
      'SELECT sum(events)::bigint AS events, sum(volume)::bigint AS volume FROM usage_daily',
    )
  ).rows[0];

/**
 * An 'Us' line on the customer's order, with its own login, live at the MVNE on LITE-10: the MVNE
 * activation as the API asks for it, the rows as activation leaves them.
 */
export const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
export const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };

/**
 * Has the MVNE take the live service into its rating now (it does so on its next tick anyway), so
 * that its traffic starts before the test moves the clock rather than from where the clock lands.
 */
export async function ratedFromNow(serviceId: string) {
  const rated = await fetch(`${MVNE}/usageConsumption/v4/queryUsageConsumption`, {
    method: 'POST',
    headers: { ...MVNE_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ searchCriteria: { serviceId: [serviceId] } }),
  });
  expect(rated.status).toBe(200);
  expect(((await rated.json()) as { bucket: unknown[] }).bucket.length).toBeGreaterThan(0);
}

/** A physical-SIM service on LITE-10 activated at the MVNE as the activation job asks for it, live. */
export async function activateAtMvne(msisdn: string): Promise<string> {
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
export async function addUsLine(msisdn: string, serviceId: string, position: number) {
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

/**
 * Imports until the cursor has every record the MVNE holds. The test app's own worker imports too
 * (at its start and every minute): a run that finds the cursor moved by it stops, and that run's
 * records are stored when its transaction commits, which this waits for.
 */
export async function importAll() {
  await t.ctx.usageImport.importRecords();
  const res = await fetch(`${MVNE}/usageManagement/v4/usage?afterSequence=0&limit=1`, { headers: MVNE_AUTH });
  const last = Number(res.headers.get('x-last-sequence'));
  await until(
    async () => (await usageRepository.importedUpTo(t.ctx.database.db))?.lastSequence ?? 0,
    (cursor) => cursor >= last,
  );
  // The worker's own import may have stored a page as orphans (a service no line had yet) while the
  // call above adopted the earlier ones: with the cursor at the end, one more run adopts them all
  // (it adopts first; the deadline of now stops it after at most one page).
  await t.ctx.usageImport.importRecords(Date.now());
}

export const login = (email: string): Promise<Headers> => passwordLogin(t, email);

/** The fixture every usage test file shares: registers its set-up and tear-down. */
export function useUsageFixture() {
  beforeAll(async () => {
    US_NUMBER = `83${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
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
    const usService = await activateAtMvne(US_NUMBER);
    const us = await addUsLine(US_NUMBER, usService, 1);
    const stranger = await signedInCustomer(t, { status: 2, activated: true });
    mainLine = owner?.id as string;
    await ratedFromNow(owner?.mvneServiceId as string);
    // Both lines stay at home these days: a trip abroad (a line makes one every other month, for 2 to
    // 5 days) would leave a short month with no local use to show. The main line calls abroad more
    // than most, so its IDD use is there to sum by country.
    for (const [service, profile] of [
      [owner?.mvneServiceId as string, { roamingTripsPerMonth: 0, iddShare: 0.5 }],
      [usService, { roamingTripsPerMonth: 0 }],
    ] as const) {
      const set = await sandbox(
        `/sandbox/api/mvne/traffic?serviceId=${encodeURIComponent(service)}`,
        profile,
        'PUT',
      );
      expect(set.status).toBe(200);
    }
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
    await importAll();
    const subRes = await get('/usage/balances', subLine);
    expect(subRes.statusCode, subRes.body).toBe(200);
    usLine = body<Balances>(subRes).data.lines[0]?.id as string;
  });
  afterAll(async () => {
    await sandbox('/sandbox/api/clock', { reset: true });
    t.ctx.clock.advance(-DAYS * 86_400);
    await t.close();
  });
}
