import { formatBillMonth } from '@selfcare/domain';
import type { BillDetail } from '@selfcare/domain/contracts/bills';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill } from '../../test/bills.ts';
import { body, createTestApp, messagesFor, type TestApp, waitForMessage } from '../../test/harness.ts';
import { signedInStaff, staffRequests } from '../../test/staff.ts';

/** A customer's billing in the staff console: who may see it, waive a charge and send a bill again. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInStaff>>;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;

const { get: staffGet, post: staffPost } = staffRequests(() => t);
const audit = async (action: string, subject: string) =>
  (
    await t.ctx.database.pool.query(
      `SELECT staff_id, reason, detail FROM staff_audit_log WHERE action = $1 AND subject = $2`,
      [action, subject],
    )
  ).rows as { staff_id: string; reason: string | null; detail: Record<string, unknown> }[];

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInStaff(t, 'agent');
  supervisor = await signedInStaff(t, 'supervisor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('billing in the staff console', () => {
  it("an agent sees a customer's bills with their charges; a customer's token does not open it", async () => {
    const { c, bill } = await customerWithBill(t, 1850);
    const res = await staffGet(`/customers/${c.id}/billing`, agent.headers);
    expect(res.statusCode).toBe(200);
    const data = body<StaffBilling>(res).data;
    expect(data.bills).toEqual([
      expect.objectContaining({
        id: bill.id,
        totalCents: 1850,
        status: 'due',
        items: [expect.objectContaining({ description: 'SIM replacement', amountCents: 1850, waived: null })],
      }),
    ]);
    // The card the bills are charged to, as the customer's /bills shows it.
    expect(data.card).toEqual({
      holderName: 'Test Customer',
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect((await staffGet(`/customers/${c.id}/billing`, c.headers)).statusCode).toBe(403);
  });

  it('an agent may not waive; a supervisor waives with a reason, the bill is summed again and the audit log says who', async () => {
    const { c, bill } = await customerWithBill(t, 550);
    const charge = body<StaffBilling>(await staffGet(`/customers/${c.id}/billing`, agent.headers)).data
      .bills[0]?.items[0];
    const url = `/charges/${charge?.id}/waive`;
    expect((await staffPost(url, agent.headers, { reason: 'Goodwill' })).statusCode).toBe(403);
    expect((await staffPost(url, supervisor.headers, { reason: '' })).statusCode).toBe(422);
    const waived = await staffPost(url, supervisor.headers, { reason: 'SIM was faulty on arrival' });
    expect(waived.statusCode, waived.body).toBe(200);
    const seen = body<BillDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${bill.id}`, headers: c.headers }),
    ).data;
    expect(seen).toMatchObject({ totalCents: 0, status: 'paid' });
    expect(seen.accountItems[0]).toMatchObject({ waived: true, amountCents: 0 });
    expect(await audit('waive-charge', bill.number)).toEqual([
      expect.objectContaining({ staff_id: supervisor.id, reason: 'SIM was faulty on arrival' }),
    ]);
    const again = await staffPost(url, supervisor.headers, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
  });

  it('a charge waived on an issued bill revises it openly: the bill says so and the customer is emailed', async () => {
    const { c, bill } = await customerWithBill(t, 5300, {
      more: [{ reason: 'Overdue notice fee', cents: 247 }],
    });
    const items = body<StaffBilling>(await staffGet(`/customers/${c.id}/billing`, agent.headers)).data
      .bills[0]?.items;
    const fee = items?.find((i) => i.description === 'Overdue notice fee');
    const res = await staffPost(`/charges/${fee?.id}/waive`, supervisor.headers, {
      reason: 'First time late',
    });
    expect(res.statusCode, res.body).toBe(200);

    const seen = body<BillDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${bill.id}`, headers: c.headers }),
    ).data;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(seen).toMatchObject({
      number: bill.number,
      issuedOn: bill.issuedOn,
      totalCents: 5300,
      outstandingCents: 5300,
      revision: { on: today, issuedTotalCents: 5547 },
    });
    const mail = await waitForMessage(
      c.email,
      (m) => m.subject === `Your ${formatBillMonth(bill.month)} bill is now $53.00`,
    );
    expect(mail.text).toContain(`We have taken Overdue notice fee ($2.47) off your bill ${bill.number}`);
    expect(mail.text).toContain('The bill was $55.47 and is now $53.00. Still to pay on it: $53.00.');
    expect(mail.text).not.toContain('First time late');

    // A bill no one revised says nothing of it.
    const other = await customerWithBill(t, 900);
    const plain = body<BillDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${other.bill.id}`, headers: other.c.headers }),
    ).data;
    expect(plain.revision).toBeNull();
  });

  it('a charge on a paid bill is not waived', async () => {
    const { c, bill } = await customerWithBill(t, 700);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${bill.id}/pay`,
      headers: c.headers,
      payload: { method: 'card' },
    });
    const charge = body<StaffBilling>(await staffGet(`/customers/${c.id}/billing`, agent.headers)).data
      .bills[0]?.items[0];
    const res = await staffPost(`/charges/${charge?.id}/waive`, supervisor.headers, { reason: 'Goodwill' });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('Give the customer a credit instead');
  });

  it('a bill is emailed again when an agent asks, and the audit log says so', async () => {
    const { c, bill } = await customerWithBill(t, 1234);
    await t.ctx.billing.sendBillEmails(1000);
    const res = await staffPost(`/bills/${bill.id}/resend`, agent.headers);
    expect(res.statusCode).toBe(200);
    const unsent = await t.ctx.database.pool.query('SELECT emailed_at FROM bills WHERE id = $1', [bill.id]);
    expect(unsent.rows[0].emailed_at).toBeNull();
    await t.ctx.billing.sendBillEmails(1000);
    // The email job runs on the worker: on a busy machine it may take more than the poll's 5 s default.
    await expect
      .poll(async () => (await messagesFor(c.email)).filter((m) => m.subject?.includes('$12.34')).length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(await audit('resend-bill', bill.number)).toHaveLength(1);
  });
});
