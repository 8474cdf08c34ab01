import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import { body, createTestApp, type TestApp, waitForMessage } from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';

// An operator's own admin fee, unlike the default 1300 cents: every place that charges, shows or
// emails it must read the configuration.
const ADMIN_FEE_CENTS = 1700;

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
let supervisor: Staff;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_FEE_CENTS: String(ADMIN_FEE_CENTS) });
  [agent, admin, supervisor] = await Promise.all([
    signedInStaff(t, 'agent'),
    signedInStaff(t, 'admin'),
    signedInStaff(t, 'supervisor'),
  ]);
});
afterAll(() => t.close());

const { placeOrder, staffCall, orderStatus } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);

interface AdminFee {
  amountCents: number;
  charged: boolean;
  deadline: string | null;
}
const adminFeeOnAccount = async (headers: { authorization: string }) =>
  body<{ progress: { adminFee: AdminFee } | null }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/account', headers }),
  ).data.progress?.adminFee;

describe('the configured admin fee', () => {
  it('is the one /myAccount shows, a cancel charges and the cancellation email names', async () => {
    const { me, order } = await placeOrder({}, { number: 'new' });
    await until(
      () => orderStatus(order.id),
      (s) => s === 'Payment success created in MVNE',
    );
    expect(await adminFeeOnAccount(me.headers)).toMatchObject({
      amountCents: ADMIN_FEE_CENTS,
      charged: false,
    });

    const res = await staffCall(
      `/orders/${order.id}/cancel`,
      { reason: 'Customer asked to cancel' },
      supervisor.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.ctx.database.pool.query<{ amount_cents: number }>(
      "SELECT amount_cents FROM charges WHERE order_id = $1 AND kind = 'admin-fee'",
      [order.id],
    );
    expect(rows.map((r) => r.amount_cents)).toEqual([ADMIN_FEE_CENTS]);

    const mail = await waitForMessage(me.email, (m) => m.subject?.includes('cancelled') ?? false);
    expect(mail.text).toContain('carries the $17.00 admin fee, charged on your first bill.');
    expect(await adminFeeOnAccount(me.headers)).toEqual({
      amountCents: ADMIN_FEE_CENTS,
      charged: true,
      deadline: null,
    });
  });
});
