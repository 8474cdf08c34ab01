import type { NumberChangeView, NumberChoices } from '@selfcare/domain/contracts/line-services';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { NumberChangeMessages as M } from '@selfcare/domain/line-services';
import { OrderMessages } from '@selfcare/domain/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, customerProfiles, numberChanges, subscriptions, users } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, codeTextedTo } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { call, lineId, me, other, ownerId, serviceId, t, useProductsFixture } from '../../test/products.ts';

/** /manage/numberChange (ADR 0028): hold a new number, confirm it, the MVNE moves the line onto it. */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };
const faults = (payload?: object) =>
  fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
    method: payload ? 'POST' : 'DELETE',
    headers: payload ? { 'content-type': 'application/json' } : {},
    body: payload ? JSON.stringify(payload) : undefined,
  });
/** The number the MVNE's service has now. */
const numberAtMvne = async () => {
  const res = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
    headers: MVNE_AUTH,
  });
  const service = (await res.json()) as { serviceCharacteristic: { name: string; value: string }[] };
  return service.serviceCharacteristic.find((c) => c.name === 'MSISDN')?.value;
};
/** Whether the MVNE offers the number to anyone. */
const freeAtMvne = async (msisdn: string) =>
  body<NumberChoices>(
    await call('GET', `/number-changes/numbers?contains=${msisdn}`, me),
  ).data.numbers.includes(msisdn);
const mine = async (headers = me) =>
  body<NumberChangeView>(await call('GET', '/number-changes', headers)).data.lines.find(
    (l) => l.lineId === lineId,
  );
const lineNumber = async () =>
  (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId)))[0]?.msisdn;

describe('number change', () => {
  it('holds a chosen number, gives back the one it replaces, and changes the line once confirmed; the fee goes on the next bill once', async () => {
    const before = await mine();
    const oldNumber = before?.msisdn as string;
    expect(before).toMatchObject({ feeCents: 2200, change: null, failedPort: null, suspended: false });
    // The account holder's contact number is this line's number: it follows the change.
    await t.ctx.database.db
      .update(customerProfiles)
      .set({ contactNumber: oldNumber })
      .where(eq(customerProfiles.userId, ownerId));

    const offered = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=8', me)).data;
    expect(offered.numbers.length).toBeGreaterThan(1);
    const [first, second] = offered.numbers as [string, string];

    const held = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: first });
    expect(held.statusCode, held.body).toBe(200);
    expect(body(held).message).toBe(M.held);
    const holding = body<NumberChangeView>(held).data.lines.find((l) => l.lineId === lineId);
    expect(holding?.change).toMatchObject({
      state: 'held',
      fromMsisdn: oldNumber,
      toMsisdn: first,
      feeCents: 2200,
    });
    const minutes = (Date.parse(holding?.change?.heldUntil as string) - t.ctx.clock.now().getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(await freeAtMvne(first)).toBe(false);

    // Another number instead: the first goes back to the pool at once.
    expect((await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: second })).statusCode).toBe(
      200,
    );
    expect(await freeAtMvne(first)).toBe(true);
    expect(await freeAtMvne(second)).toBe(false);
    // Confirming a number that is not the one held changes nothing.
    const stale = await call('POST', `/number-changes/${lineId}`, me, { msisdn: first });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe(M.holdEnded);

    // The MVNE down: the change is kept as pending, and a second one is refused.
    await faults({ system: 'mvne', mode: 'down', seconds: 60 });
    let changeId: string;
    try {
      const confirmed = await call('POST', `/number-changes/${lineId}`, me, { msisdn: second });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(body(confirmed).message).toBe(M.submitted);
      const pending = body<NumberChangeView>(confirmed).data.lines.find((l) => l.lineId === lineId);
      expect(pending?.change).toMatchObject({ state: 'pending', toMsisdn: second });
      changeId = pending?.change?.id as string;
      const again = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: first });
      expect(again.statusCode).toBe(409);
      expect(body(again).message).toBe(M.alreadyPending);
      expect(await lineNumber()).toBe(oldNumber);
    } finally {
      await faults();
    }

    // Back up: the job (or this call, whichever comes first) makes the change, once.
    await t.ctx.numberChanges.apply(changeId);
    await t.ctx.numberChanges.apply(changeId);
    const done = await until(mine, (l) => l?.change?.state === 'completed');
    expect(done).toMatchObject({ msisdn: second, change: { state: 'completed', fromMsisdn: oldNumber } });
    expect(await lineNumber()).toBe(second);
    expect(await numberAtMvne()).toBe(second);
    expect(body<ProfileView>(await call('GET', '/profile', me)).data.contactNumber).toBe(second);
    // The old number is released: anyone may take it now.
    expect(await freeAtMvne(oldNumber)).toBe(true);
    const fees = await t.ctx.database.db
      .select()
      .from(charges)
      .where(eq(charges.sourceKey, `number-change:${changeId}`));
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      kind: 'number-change',
      amountCents: 2200,
      lineId,
      billId: null,
      reason: `Number change from ${oldNumber} to ${second}`,
    });
  });

  it("refuses bad input, another customer's line, a number someone holds and a sub-line login, changing nothing", async () => {
    const before = await mine();
    const bad = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: '1234' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message).toBe(OrderMessages.chooseNumber);
    const [free] = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=9', me)).data
      .numbers as [string];
    const foreign = await call('PUT', `/number-changes/${lineId}/hold`, other, { msisdn: free });
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', `/number-changes/${lineId}`, other, { msisdn: free })).statusCode).toBe(404);
    expect((await call('DELETE', `/number-changes/${lineId}/hold`, other)).statusCode).toBe(404);
    expect(await freeAtMvne(free)).toBe(true);

    // A number another customer holds is not to be had.
    const theirs = await fetch(`${MVNE}/resourcePoolManagement/v4/reservation`, {
      method: 'POST',
      headers: { ...MVNE_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        relatedParty: [{ id: 'someone-else', role: 'customer' }],
        reservationItem: [{ quantity: 1, resourceCapacity: { resource: [{ id: free }] } }],
      }),
    });
    expect(theirs.status).toBe(201);
    const taken = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: free });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe(OrderMessages.numberTaken);
    const same = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: before?.msisdn });
    expect(body(same).message).toBe(M.sameNumber);
    // A number another login signs in with: that login would follow it.
    const [loginNumber] = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=87', me))
      .data.numbers as [string];
    await t.ctx.database.db.update(users).set({ phoneNumber: loginNumber }).where(eq(users.id, ownerId));
    const theirLogin = await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: loginNumber });
    expect(theirLogin.statusCode).toBe(409);
    expect(body(theirLogin).message).toBe('The phone number has already been registered');
    await t.ctx.database.db.update(users).set({ phoneNumber: null }).where(eq(users.id, ownerId));
    expect(await mine()).toEqual(before);
    expect(
      await t.ctx.database.db.select().from(numberChanges).where(eq(numberChanges.state, 'held')),
    ).toEqual([]);
  });

  it('gives a held number back when the customer changes their mind', async () => {
    const [free] = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=8', me)).data
      .numbers as [string];
    expect((await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: free })).statusCode).toBe(200);
    const dropped = await call('DELETE', `/number-changes/${lineId}/hold`, me);
    expect(dropped.statusCode).toBe(200);
    expect(body(dropped).message).toBe(M.released);
    expect(await freeAtMvne(free)).toBe(true);
    expect((await mine())?.change?.state).toBe('completed');
  });

  it("moves the line's login to the new number: whoever gets the old number cannot sign in with it", async () => {
    // The customer signs in with the line's own number (they brought it, or gave it as their mobile).
    const old = (await lineNumber()) as string;
    await t.ctx.database.db.update(users).set({ phoneNumber: old }).where(eq(users.id, ownerId));
    const since = new Date();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/getOTPLogin',
      payload: { phoneNumber: old, method: 1 },
    });
    expect(asked.statusCode).toBe(200);
    const issued = await codeTextedTo(`+65${old}`, since);

    const [free] = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=8', me)).data
      .numbers as [string];
    expect((await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: free })).statusCode).toBe(200);
    expect((await call('POST', `/number-changes/${lineId}`, me, { msisdn: free })).statusCode).toBe(200);
    await until(mine, (l) => l?.change?.state === 'completed');

    // The old number is back in the pool; its next holder tries the code sent to it before.
    expect(await freeAtMvne(old)).toBe(true);
    const attacker = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { phoneNumber: old, otp: issued },
    });
    expect(attacker.statusCode).not.toBe(200);
    const [owner] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    expect(owner?.phoneNumber).toBe(free);
  });
});
