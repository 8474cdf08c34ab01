import { prorate } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { TerminationView } from '@selfcare/domain/contracts/line-services';
import { TerminationMessages } from '@selfcare/domain/line-services';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, lineProducts, subscriptions, users } from '../../db/schema.ts';
import { mvneDownFor } from '../../test/faults.ts';
import { until } from '../../test/fulfilment.ts';
import { body, signedInCustomer, TEST_PASSWORD } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import {
  call,
  lineId,
  lineSince,
  me,
  other,
  secondLine,
  serviceId,
  t,
  useProductsFixture,
} from '../../test/products.ts';

/** Ending a line, or the whole account, on a chosen day (ADR 0027). */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const stateAtMvne = async (serviceId: string) =>
  (
    (await (
      await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
        headers: { authorization: 'Bearer sandbox-mvne-key' },
      })
    ).json()) as { state: string }
  ).state;
const view = async (headers = me) => body<TerminationView>(await call('GET', '/terminations', headers)).data;
const day = (offset: number) => sgDate(new Date(t.ctx.clock.now().getTime() + offset * 86_400_000));
const stateOf = async (id: string) =>
  (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.state;

describe('terminating a line', () => {
  it('refuses a wrong password, a day out of range, the main line alone and another customer’s line', async () => {
    const second = await secondLine();
    const ask = (payload: object, headers = me) => call('POST', '/terminations', headers, payload);
    const base = { scope: 'line', lineId: second.id, effectiveOn: day(7), password: TEST_PASSWORD };

    const wrong = await ask({ ...base, password: 'Wrong#Pass1' });
    expect([wrong.statusCode, body(wrong).message]).toEqual([422, 'Password incorrect. Please Re-enter.']);
    expect((await ask({ ...base, effectiveOn: day(-1) })).statusCode).toBe(422);
    const far = await ask({ ...base, effectiveOn: day(91) });
    expect([far.statusCode, body(far).message]).toEqual([422, TerminationMessages.dateTooFar]);
    const main = await ask({ ...base, lineId });
    expect([main.statusCode, body(main).message]).toEqual([409, TerminationMessages.mainLineAlone]);
    expect((await ask(base, other)).statusCode).toBe(404);
    const noLine = await ask({ scope: 'line', effectiveOn: day(7), password: TEST_PASSWORD });
    expect([noLine.statusCode, body(noLine).message]).toEqual([422, TerminationMessages.chooseLine]);
    expect((await view()).lines.every((l) => l.termination === null)).toBe(true);
  });

  it('is scheduled for a later day and cancelled; for today the line ends at once, at the MVNE too', async () => {
    const second = await secondLine();
    const later = await call('POST', '/terminations', me, {
      scope: 'line',
      lineId: second.id,
      effectiveOn: day(10),
      password: TEST_PASSWORD,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(body(later).message).toMatch(/^The line will end on /);
    const scheduled = (await view()).lines.find((l) => l.lineId === second.id)?.termination;
    expect(scheduled).toMatchObject({ effectiveOn: day(10), wholeAccount: false });
    const again = await call('POST', '/terminations', me, {
      scope: 'line',
      lineId: second.id,
      effectiveOn: day(3),
      password: TEST_PASSWORD,
    });
    expect([again.statusCode, body(again).message]).toEqual([409, TerminationMessages.alreadyScheduled]);
    expect((await call('DELETE', `/terminations/${scheduled?.id}`, other)).statusCode).toBe(409);
    const cancelled = await call('DELETE', `/terminations/${scheduled?.id}`, me);
    expect([cancelled.statusCode, body(cancelled).message]).toEqual([200, TerminationMessages.cancelled]);
    expect((await view()).lines.find((l) => l.lineId === second.id)?.termination).toBeNull();

    // A product bought for the line ends with it.
    await t.ctx.database.pool.query(
      `INSERT INTO line_products (user_id, line_id, line_ids, product_code, kind, state, recurrence, price_cents,
         source, starts_at, billed_from, changed_at, created_at, updated_at)
       SELECT s.user_id, s.id, ARRAY[s.id], 'VOICEMAIL', 'addon', 'active', 'monthly', 200, 'portal', now(),
              current_date, now(), now(), now()
         FROM subscriptions s WHERE s.id = $1`,
      [second.id],
    );
    const today = await call('POST', '/terminations', me, {
      scope: 'line',
      lineId: second.id,
      effectiveOn: day(0),
      password: TEST_PASSWORD,
    });
    expect(today.statusCode, today.body).toBe(200);
    expect(await stateOf(second.id)).toBe('terminated');
    expect((await view()).lines.map((l) => l.lineId)).not.toContain(second.id);
    const products = await t.ctx.database.db
      .select()
      .from(lineProducts)
      .where(eq(lineProducts.lineId, second.id));
    expect(products.map((p) => p.state)).toEqual(['ended']);
    expect(
      await until(
        () => stateAtMvne(second.serviceId),
        (s) => s === 'terminated',
      ),
    ).toBe('terminated');
    expect(await stateOf(lineId)).toBe('active');
  });
});

describe('requests at the same moment', () => {
  // A double click, or two tabs: one termination is made, the others are told why not.
  it('schedule one termination of a line and end it once, answering the others 409', async () => {
    const second = await secondLine();
    const burst = async (effectiveOn: string) => {
      const res = await Promise.all(
        [1, 2, 3].map(() =>
          call('POST', '/terminations', me, {
            scope: 'line',
            lineId: second.id,
            effectiveOn,
            password: TEST_PASSWORD,
          }),
        ),
      );
      return res
        .map((r): [number, string] => [r.statusCode, r.statusCode === 200 ? 'ok' : body(r).message])
        .sort();
    };
    const rows = async () =>
      (
        await t.ctx.database.pool.query<{ state: string }>(
          `SELECT state FROM line_terminations WHERE line_id = $1 ORDER BY state`,
          [second.id],
        )
      ).rows.map((r) => r.state);

    expect(await burst(day(5))).toEqual([
      [200, 'ok'],
      [409, TerminationMessages.alreadyScheduled],
      [409, TerminationMessages.alreadyScheduled],
    ]);
    expect(await rows()).toEqual(['scheduled']);
    const id = (await view()).lines.find((l) => l.lineId === second.id)?.termination?.id;
    expect((await call('DELETE', `/terminations/${id}`, me)).statusCode).toBe(200);

    const today = await burst(day(0));
    expect(today[0]).toEqual([200, 'ok']);
    // Whether the first had already ended the line when the others read it depends on timing.
    const told: string[] = [TerminationMessages.alreadyScheduled, TerminationMessages.alreadyEnded];
    for (const [status, message] of today.slice(1))
      expect([status, told.includes(message)]).toEqual([409, true]);
    expect(await rows()).toEqual(['cancelled', 'done']);
    expect(await stateOf(second.id)).toBe('terminated');
  });
});

describe('the final bill', () => {
  it('charges a line that ended in the month to the day before it ended, and not the month after', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const line = await lineSince(c.id, new Date('2024-12-10T10:00:00+08:00'), {
      plan: 'VALUE-20',
      state: 'terminated',
      terminatedAt: new Date('2025-03-15T09:00:00+08:00'),
    });
    for (const month of ['2025-02', '2025-03', '2025-04'])
      await t.ctx.billRun.run(month, Number.POSITIVE_INFINITY, [c.id]);
    const made = await t.ctx.database.db.select().from(charges).where(eq(charges.lineId, line));
    const plan = (period: string) =>
      made.filter((x) => x.kind === 'plan' && x.period === period).map((x) => [x.reason, x.amountCents]);
    expect(plan('2025-02')).toEqual([['Value 20', 2000]]);
    expect(plan('2025-03')).toEqual([
      ['Value 20 from 1 March 2025 (14 of 31 days)', prorate(2000, '2025-03', '2025-03-01', '2025-03-14')],
    ]);
    expect(plan('2025-04')).toEqual([]);
  });
});

describe("an 'Us' line's end", () => {
  it('closes its user’s login; with the MVNE down the end is kept, shown as waiting, and sent once it is back', async () => {
    const us = await secondLine({ login: true });
    const user = us.user as NonNullable<typeof us.user>;
    const profile = () => t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: user.headers });
    expect((await profile()).statusCode).toBe(200);
    // Down for this line's service only: the other tests' lines go on.
    const back = await mvneDownFor(us.serviceId);
    try {
      const ended = await call('POST', '/terminations', me, {
        scope: 'line',
        lineId: us.id,
        effectiveOn: day(0),
        password: TEST_PASSWORD,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(await stateOf(us.id)).toBe('terminated');
      // The user's login is gone: their session ends, and their number signs no one in.
      expect((await profile()).statusCode).toBe(401);
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect([row?.phoneNumber, row?.activated]).toEqual([null, false]);

      await new Promise((r) => setTimeout(r, 1500));
      expect((await view()).awaitingNetwork).toEqual([
        expect.objectContaining({ lineId: us.id, msisdn: us.msisdn, isMainLine: false }),
      ]);
      await t.ctx.database.pool.query(
        `UPDATE line_terminations SET done_at = done_at - interval '20 minutes' WHERE line_id = $1`,
        [us.id],
      );
      expect(await t.ctx.lineServices.retryStale()).toBeGreaterThanOrEqual(1);
    } finally {
      await back();
    }
    await t.ctx.lineServices.send(us.id);
    expect((await view()).awaitingNetwork).toEqual([]);
    expect(await stateAtMvne(us.serviceId)).toBe('terminated');
  });
});

describe('the whole account', () => {
  // Last in this file: it ends the fixture's main line.
  it("ends every line on its day, the 'Us' lines before the main line, each at the MVNE too", async () => {
    const us = await secondLine({ login: true });
    const res = await call('POST', '/terminations', me, {
      scope: 'account',
      effectiveOn: day(0),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toMatch(/^Your account will close on /);
    expect([await stateOf(us.id), await stateOf(lineId)]).toEqual(['terminated', 'terminated']);
    const { rows } = await t.ctx.database.pool.query<{
      line_id: string;
      done_at: Date;
      whole_account: boolean;
    }>(
      `SELECT line_id, done_at, whole_account FROM line_terminations WHERE line_id = ANY($1::uuid[]) AND state = 'done'`,
      [[us.id, lineId]],
    );
    const doneAt = (id: string) => rows.find((r) => r.line_id === id)?.done_at.getTime() ?? Number.NaN;
    expect(rows.every((r) => r.whole_account)).toBe(true);
    expect(doneAt(us.id)).toBeLessThanOrEqual(doneAt(lineId));
    const [user] = await t.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, (us.user as NonNullable<typeof us.user>).id));
    expect(user?.phoneNumber).toBeNull();
    expect((await view()).lines).toEqual([]);
    for (const id of [us.serviceId, serviceId])
      expect(
        await until(
          () => stateAtMvne(id),
          (s) => s === 'terminated',
        ),
      ).toBe('terminated');
  });
});
