import type { BillList } from '@selfcare/domain/contracts/bills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill } from '../../test/bills.ts';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Only the last N bills are shown (spec §9); N is the operator's `BILLS_SHOWN` (12 unless set).
 * With it set to 2, a customer with three bills sees the latest two, newest first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLS_SHOWN: '2' });
});
afterAll(() => t.close());

describe('the bills listed', () => {
  it('are the latest BILLS_SHOWN, newest first, and the list says how many it shows', async () => {
    const { c } = await customerWithBill(t, 1000, { month: '2019-01' });
    for (const month of ['2019-02', '2019-03']) {
      await t.ctx.database.transaction((tx) =>
        tx.client.query(
          `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'sim-replacement', 550, 'SIM replacement', $2)`,
          [c.id, new Date(`${month}-10T12:00:00+08:00`)],
        ),
      );
      await t.ctx.billRun.run(month, Number.POSITIVE_INFINITY, [c.id]);
    }
    const list = body<BillList>(
      await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
    ).data;
    expect(list.shown).toBe(2);
    expect(list.bills.map((b) => b.month)).toEqual(['2019-03', '2019-02']);
  });
});
