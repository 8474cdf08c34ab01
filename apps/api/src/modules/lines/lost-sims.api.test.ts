import { randomInt, randomUUID } from 'node:crypto';
import { sgDate } from '@selfcare/domain/calendar';
import type { LostSimView } from '@selfcare/domain/contracts/line-services';
import type { StaffReplacement, StaffReplacementPage } from '@selfcare/domain/contracts/staff';
import { FulfilmentMessages as F, withLuhnDigit } from '@selfcare/domain/fulfilment';
import {
  LineServiceMessages,
  LostSimMessages as M,
  NumberChangeMessages,
} from '@selfcare/domain/line-services';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, esimProfiles, simCards, staffAuditLog, subscriptions } from '../../db/schema.ts';
import { mvneDownFor } from '../../test/faults.ts';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import { body, messagesFor, signedInCustomer } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import {
  call,
  type Headers,
  lineId,
  me,
  other,
  ownerId,
  secondLine,
  serviceId,
  t,
  useProductsFixture,
} from '../../test/products.ts';
import { signedInStaff } from '../../test/staff.ts';

/** /manage/lostSim (ADR 0029): block the lost SIM at once, deliver and swap in a replacement, or a new eSIM. */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key', 'content-type': 'application/json' };
const SERVICE = `${MVNE}/serviceActivationAndConfiguration/v4/service`;
/** The service's state and characteristics at the MVNE. */
const atMvne = async (id = serviceId): Promise<Record<string, string>> => {
  const s = (await (await fetch(`${SERVICE}/${id}`, { headers: MVNE_AUTH })).json()) as {
    state: string;
    serviceCharacteristic: { name: string; value: string }[];
  };
  return { state: s.state, ...Object.fromEntries(s.serviceCharacteristic.map((c) => [c.name, c.value])) };
};
/** Asks the MVNE to put a new line on `iccid`: its status. */
const activateOn = async (iccid: string) =>
  (
    await fetch(SERVICE, {
      method: 'POST',
      headers: MVNE_AUTH,
      body: JSON.stringify({
        externalId: randomUUID(),
        serviceCharacteristic: [
          { name: 'MSISDN', value: `83${randomInt(100_000, 999_999)}` },
          { name: 'simType', value: 'physical' },
          { name: 'ICCID', value: iccid },
          { name: 'IMSI', value: `52597${randomInt(1_000_000_000, 9_999_999_999)}` },
        ],
      }),
    })
  ).status;
const view = async (headers: Headers = me) =>
  body<LostSimView>(await call('GET', '/lost-sims', headers)).data;
const mine = async (id = lineId, headers: Headers = me) =>
  (await view(headers)).lines.find((l) => l.lineId === id);
const report = (id: string, headers: Headers = me) => call('POST', '/lost-sims', headers, { lineId: id });
const lineRow = async (id = lineId) =>
  (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const simState = async (iccid: string) =>
  (await t.ctx.database.db.select().from(simCards).where(eq(simCards.iccid, iccid)))[0]?.state;
const feesOf = (id: string) =>
  t.ctx.database.db
    .select()
    .from(charges)
    .where(eq(charges.sourceKey, `sim-replacement:${id}`));

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
let journey: ReturnType<typeof fulfilmentJourney>;
beforeAll(async () => {
  [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
  journey = fulfilmentJourney(
    () => t,
    () => ({ agent, admin }),
  );
});
const staff = (url: string, payload?: object, headers: Headers = agent.headers) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/staff${url}`, headers, payload });
const delivery = (iccid: string) => ({
  deliveryMethod: 0,
  deliveryDate: '2026-12-01',
  trackingCode: 'NV-LOST-0001',
  iccid,
});

describe('a lost physical SIM', () => {
  it('is blocked at once, replaced from stock by staff, and the line swapped onto the new SIM with its number', async () => {
    const before = await lineRow();
    const lost = before?.iccid as string;
    expect(await mine()).toMatchObject({
      refusal: null,
      feeCents: 550,
      typeSim: 0,
      replacement: null,
      iccid: `•••• ${lost.slice(-4)}`,
    });
    expect((await mine())?.deliveryAddress).toMatch(/, Singapore \d{6}$/);

    const res = await report(lineId);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(M.reported);
    const reported = body<LostSimView>(res).data.lines.find((l) => l.lineId === lineId);
    expect(reported).toMatchObject({
      refusal: M.alreadyOpen,
      replacement: { state: 'reported', feeCents: 550, typeSim: 0 },
    });
    expect(reported?.replacement?.deliveryAddress).toMatch(/, Singapore \d{6}$/);
    const id = reported?.replacement?.id as string;
    // While the network moves the line onto a new SIM, its number cannot change too.
    const change = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: '87654321' });
    expect(change.statusCode).toBe(409);
    expect(body(change).message).toBe(NumberChangeMessages.replacementInProgress);

    // Its job blocks it at the MVNE: the line makes nothing, and the SIM can carry no line again.
    await until(mine, (l) => Boolean(l?.replacement?.blockedAt));
    expect(await atMvne()).toMatchObject({ simBlocked: 'true', ICCID: lost });
    expect(await activateOn(lost)).toBe(409);
    const again = await report(lineId);
    expect([again.statusCode, body(again).message]).toEqual([409, M.alreadyOpen]);

    // Staff see it waiting, and may only send a SIM now, and only one that is in stock.
    const listed = body<StaffReplacementPage>(await staff('/replacements')).data.items.find(
      (r) => r.id === id,
    );
    expect(listed).toMatchObject({ state: 'reported', lostIccid: lost, actions: ['create-delivery'] });
    expect(listed?.customer.id).toBe(ownerId);
    const early = await staff(`/replacements/${id}/activate`, { imsi: before?.imsi });
    expect([early.statusCode, body(early).message]).toEqual([409, M.notNow('reported')]);
    expect((await staff(`/replacements/${id}/deliveries`, delivery(lost))).statusCode).toBe(409);

    const first = await journey.stockSim();
    const sent = await staff(`/replacements/${id}/deliveries`, delivery(first.iccid));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(body(sent).message).toBe(M.sent);
    expect(body<StaffReplacement>(sent).data).toMatchObject({ state: 'sent', newIccid: first.iccid });
    expect([await simState(first.iccid), await simState(lost)]).toEqual(['assigned', 'lost']);

    // The parcel comes back: its SIM returns to stock, another is sent.
    const failed = await staff(`/replacements/${id}/delivery-failed`, { reason: 'Nobody home, returned' });
    expect(body<StaffReplacement>(failed).data).toMatchObject({ state: 'reported', newIccid: null });
    expect(await simState(first.iccid)).toBe('available');
    const second = await journey.stockSim();
    expect((await staff(`/replacements/${id}/deliveries`, delivery(second.iccid))).statusCode).toBe(200);
    const delivered = await staff(`/replacements/${id}/delivered`, {});
    expect([delivered.statusCode, body(delivered).message]).toEqual([200, F.delivered]);
    expect((await mine())?.replacement).toMatchObject({
      state: 'delivered',
      trackingCode: 'NV-LOST-0001',
      iccid: `•••• ${second.iccid.slice(-4)}`,
    });

    // Activation: the IMSI of the SIM sent, then the MVNE swaps the line onto it.
    const wrong = await staff(`/replacements/${id}/activate`, { imsi: first.imsi });
    expect([wrong.statusCode, body(wrong).message]).toEqual([422, F.imsiMismatch]);
    const activated = await staff(`/replacements/${id}/activate`, { imsi: second.imsi });
    expect([activated.statusCode, body(activated).message]).toEqual([200, F.activationRequested]);
    const done = await until(mine, (l) => l?.replacement?.state === 'completed');
    expect(done).toMatchObject({ refusal: null, replacement: { state: 'completed' } });

    expect(await lineRow()).toMatchObject({
      iccid: second.iccid,
      imsi: second.imsi,
      msisdn: before?.msisdn,
      state: 'active',
    });
    expect(await atMvne()).toMatchObject({
      state: 'active',
      simBlocked: 'false',
      ICCID: second.iccid,
      IMSI: second.imsi,
      MSISDN: before?.msisdn,
    });
    expect(await simState(second.iccid)).toBe('active');
    // The lost SIM stays refused for good.
    const back = await fetch(`${SERVICE}/${serviceId}`, {
      method: 'PATCH',
      headers: MVNE_AUTH,
      body: JSON.stringify({ serviceCharacteristic: [{ name: 'ICCID', value: lost }] }),
    });
    expect(back.status).toBe(409);
    expect(await activateOn(lost)).toBe(409);

    // The fee goes on the next bill once, however many SIMs were sent.
    const fees = await feesOf(id);
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ kind: 'sim-replacement', amountCents: 550, lineId, billId: null });
    const logged = await t.ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.action, 'replacement-create-delivery'), eq(staffAuditLog.staffId, agent.id)),
      );
    expect(logged).toHaveLength(2);
  }, 90_000);
});

describe('a lost eSIM', () => {
  it('gets a new profile: the old one disabled for good, the new code shown and emailed, no fee', async () => {
    const { me: customer, order } = await journey.verified({ typeSim: 1, number: 'new' });
    await until(
      () => journey.orderStatus(order.id),
      (s) => s === 'Completed',
    );
    const [line] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id));
    const [old] = await t.ctx.database.db
      .select()
      .from(esimProfiles)
      .where(eq(esimProfiles.subscriptionId, line?.id as string));
    expect((await mine(line?.id, customer.headers))?.feeCents).toBe(0);

    const res = await report(line?.id as string, customer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const done = await until(
      () => mine(line?.id, customer.headers),
      (l) => l?.replacement?.state === 'completed',
    );
    const esim = done?.replacement?.esim;
    expect(esim?.activationCode).toMatch(/^LPA:1\$smdp\.sandbox\.selfcare\.test\$[0-9A-Z-]{23}$/);
    expect(esim?.activationCode).not.toBe(old?.activationCode);
    expect(esim?.qrSvg).toContain('<svg');
    expect(done?.replacement).toMatchObject({ feeCents: 0, typeSim: 1 });

    const now = await lineRow(line?.id);
    expect(now?.iccid).not.toBe(old?.iccid);
    expect(await atMvne(line?.mvneServiceId as string)).toMatchObject({
      simBlocked: 'false',
      ICCID: now?.iccid,
      MSISDN: line?.msisdn,
    });
    const [oldNow] = await t.ctx.database.db
      .select()
      .from(esimProfiles)
      .where(eq(esimProfiles.id, old?.id as string));
    expect(oldNow?.disabledAt).not.toBeNull();
    // The lost phone cannot install the old profile again.
    const install = await fetch(`${MVNE}/esimProfile/v1/profile/${old?.mvneProfileId}/download`, {
      method: 'POST',
      headers: MVNE_AUTH,
      body: JSON.stringify({ eid: '89049032000001000000000000000042' }),
    });
    expect(install.status).toBe(409);
    expect(await activateOn(old?.iccid as string)).toBe(409);
    const fee = await t.ctx.database.db
      .select()
      .from(charges)
      .where(and(eq(charges.lineId, line?.id as string), eq(charges.kind, 'sim-replacement')));
    expect(fee).toEqual([]);
    const mail = await until(
      () => messagesFor(customer.email),
      (m) => m.some((x) => x.text?.includes(esim?.activationCode as string)),
    );
    expect(
      mail.some((x) => x.subject?.startsWith('Your eSIM') && x.text?.includes(esim?.activationCode ?? '-')),
    ).toBe(true);
  }, 90_000);
});

describe('the MVNE down', () => {
  it('keeps the report pending, retried hourly, and blocks the SIM once the MVNE is back', async () => {
    const extra = await secondLine();
    const back = await mvneDownFor(extra.serviceId, 60);
    let id: string;
    try {
      const res = await report(extra.id);
      expect(res.statusCode, res.body).toBe(200);
      const pending = body<LostSimView>(res).data.lines.find((l) => l.lineId === extra.id)?.replacement;
      expect(pending).toMatchObject({ state: 'reported', blockedAt: null });
      id = pending?.id as string;
      // Ten minutes on and still not blocked: the hourly job hands it to its job again.
      await t.ctx.database.pool.query(
        `UPDATE sim_replacements SET reported_at = reported_at - interval '20 minutes' WHERE id = $1`,
        [id],
      );
      expect(await t.ctx.lostSims.retryStale()).toBeGreaterThanOrEqual(1);
      expect((await mine(extra.id))?.replacement?.blockedAt).toBeNull();
    } finally {
      await back();
    }
    await t.ctx.lostSims.send(id);
    await t.ctx.lostSims.send(id);
    expect((await mine(extra.id))?.replacement?.blockedAt).not.toBeNull();
    expect((await atMvne(extra.serviceId)).simBlocked).toBe('true');
  });
});

describe('refusals', () => {
  it("refuses bad input, another customer's line, a sub-line login, and a line that may not take it now", async () => {
    const extra = await secondLine();
    const count = async () =>
      (
        await t.ctx.database.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sim_replacements WHERE line_id = $1',
          [extra.id],
        )
      ).rows[0]?.n;

    const none = await call('POST', '/lost-sims', me, {});
    expect([none.statusCode, body(none).message]).toEqual([422, M.chooseLine]);
    expect((await call('POST', '/lost-sims', me, { lineId: 'line-1' })).statusCode).toBe(422);
    expect((await report(extra.id, other)).statusCode).toBe(404);
    expect((await view(other)).lines).toEqual([]);
    const sub = await signedInCustomer(t, {
      isMainLine: false,
      mainUserId: ownerId,
      status: 2,
      activated: true,
    });
    expect((await call('GET', '/lost-sims', sub.headers)).statusCode).toBe(403);
    expect((await report(extra.id, sub.headers)).statusCode).toBe(403);

    // A number change with the network, a termination scheduled, a suspension: each is refused as it says.
    const { pool } = t.ctx.database;
    await pool.query(
      `INSERT INTO number_changes (line_id, user_id, from_msisdn, to_msisdn, held_until, state, fee_cents, created_at, confirmed_at)
       VALUES ($1, $2, '80000000', '80000001', now(), 'pending', 2200, now(), now())`,
      [extra.id, ownerId],
    );
    expect((await mine(extra.id))?.refusal).toBe(M.numberChangePending);
    const changing = await report(extra.id);
    expect([changing.statusCode, body(changing).message]).toEqual([409, M.numberChangePending]);
    await pool.query(`DELETE FROM number_changes WHERE line_id = $1`, [extra.id]);
    await pool.query(
      `INSERT INTO line_terminations (line_id, user_id, effective_on, whole_account, state, requested_at)
       VALUES ($1, $2, '2099-01-31', false, 'scheduled', now())`,
      [extra.id, ownerId],
    );
    const ending = await report(extra.id);
    expect([ending.statusCode, body(ending).message]).toEqual([409, M.terminationScheduled('2099-01-31')]);
    await pool.query(`DELETE FROM line_terminations WHERE line_id = $1`, [extra.id]);
    expect(
      (await call('POST', `/line-services/${extra.id}/suspension`, me, { reason: 'lost-device' })).statusCode,
    ).toBe(200);
    const suspended = await report(extra.id);
    expect([suspended.statusCode, body(suspended).message]).toEqual([409, LineServiceMessages.suspendedLine]);
    expect(await count()).toBe(0);
  });

  it('lets staff roles, and no customer, work replacements', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/staff/replacements', headers: me });
    expect(list.statusCode).toBe(403);
    const anyId = randomUUID();
    const asCustomer = await staff(
      `/replacements/${anyId}/deliveries`,
      delivery(withLuhnDigit('896501970000000000')),
      me,
    );
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/staff/replacements' })).statusCode).toBe(401);
    // A staff token is no customer's: the customer's page refuses it.
    expect((await call('GET', '/lost-sims', agent.headers)).statusCode).toBe(401);
    // Agents (and every role above them) send and activate; an unknown replacement is not found.
    const unknown = await staff(`/replacements/${anyId}/delivered`, {}, admin.headers);
    expect(unknown.statusCode).toBe(404);
    const bad = await staff(`/replacements/${anyId}/deliveries`, { ...delivery('123'), trackingCode: '' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('a line that ends', () => {
  it('cancels its replacement under way and retires the SIM sent for it', async () => {
    const extra = await secondLine();
    const id = (body<LostSimView>(await report(extra.id)).data.lines.find((l) => l.lineId === extra.id)
      ?.replacement?.id ?? '') as string;
    const sim = await journey.stockSim();
    expect((await staff(`/replacements/${id}/deliveries`, delivery(sim.iccid))).statusCode).toBe(200);
    await t.ctx.database.pool.query(
      `INSERT INTO line_terminations (line_id, user_id, effective_on, whole_account, state, requested_at)
       VALUES ($1, $2, $3, false, 'scheduled', now())`,
      [extra.id, ownerId, sgDate(t.ctx.clock.now())],
    );
    await t.ctx.terminations.applyDue();
    expect((await lineRow(extra.id))?.state).toBe('terminated');
    const cancelled = body<StaffReplacementPage>(
      await staff('/replacements?state=cancelled'),
    ).data.items.find((r) => r.id === id);
    expect(cancelled).toMatchObject({ state: 'cancelled', actions: [] });
    expect(await simState(sim.iccid)).toBe('retired');
  });
});
