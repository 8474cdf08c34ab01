import { createHash, randomInt } from 'node:crypto';
import type { AccountDeletionView, StaffDeletionRequest } from '@selfcare/domain/contracts/account-deletion';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * Staff completing a request to close an account (ADR 0030): refused while a bill is unpaid; then
 * the login ends for good, the personal data is erased, the bills and payments are kept, and the
 * audit log names the supervisor.
 */
let t: TestApp;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  supervisor = await signedInStaff(t, 'supervisor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const MONTH = '2021-03';
const NRIC = 'S9812381D';
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[]) =>
  (await t.ctx.database.pool.query(sql, params)).rows as T[];
const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/staff${url}`, headers: supervisor.headers, payload });

/**
 * A customer whose only line ended in MONTH, billed for it with a SIM replacement too, with what an
 * order leaves: the profile with MyInfo's marks and consents, ID documents, the card, the order with
 * the person and addresses, a port-in's donor details, usage, and an 'Us' line's login.
 */
async function closedLineCustomer() {
  const c = await signedInCustomer(t, { status: 2, activated: true, firstName: 'Mei Ling', lastName: 'Tan' });
  const sub = await signedInCustomer(t, {
    status: 2,
    activated: true,
    isMainLine: false,
    mainUserId: c.id,
    firstName: 'Mei Ling',
    lastName: 'Tan',
  });
  const msisdn = `8${randomInt(1_000_000, 9_999_999)}`;
  const { orderId } = await t.ctx.database.transaction(async (tx) => {
    const run = (sql: string, params: unknown[]) => tx.client.query(sql, params);
    await run(
      `INSERT INTO customer_profiles (user_id, salutation, given_name, family_name, full_name, date_of_birth,
         contact_number, id_type, id_number, id_issue_date, employer, marketing, myinfo_verified, created_at, updated_at)
       VALUES ($1, 'Ms.', 'Mei Ling', 'Tan', 'Tan Mei Ling', '1990-04-02', '91234567', 1, $2, '2015-01-01',
               'Orchid Holdings', '{"provider":{"email":true,"sms":true,"push":false},"thirdParty":{"email":true,"sms":false,"push":false}}',
               '{fullName,dateOfBirth}', now(), now())`,
      [c.id, NRIC],
    );
    const doc = await run(
      `INSERT INTO documents (user_id, side, file_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, 'front', 'nric-front.png', 'image/png', 4, $2, now()) RETURNING id`,
      [c.id, createHash('sha256').update(c.id).digest('hex')],
    );
    await run('INSERT INTO document_contents (document_id, content) VALUES ($1, $2)', [
      doc.rows[0].id,
      Buffer.from('png!'),
    ]);
    const address = { postalCode: '238801', roadName: 'ORCHARD TURN', building: 'ION ORCHARD' };
    const profile = { salutation: 'Ms.', fullName: 'Tan Mei Ling', dateOfBirth: '1990-04-02' };
    const order = await run(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, delivery_address,
         billing_address, profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, $3, $3, $4, '{}', 3000, 3000, $5, $5, $5) RETURNING id`,
      [
        `CL${randomInt(0, 1e9)}`,
        c.id,
        JSON.stringify(address),
        JSON.stringify({
          ...profile,
          contactNumber: '91234567',
          idType: 1,
          idNumber: NRIC,
          idIssueDate: '2015-01-01',
        }),
        new Date('2021-01-10T10:00:00+08:00'),
      ],
    );
    const orderId = order.rows[0].id as string;
    const ol = await run(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn, donor_network)
       VALUES ($1, 0, 'LITE-10', '{}', 'RETAIN', $2, 1) RETURNING id`,
      [orderId, msisdn],
    );
    await run(
      `INSERT INTO port_requests (user_id, order_id, order_line_id, msisdn, donor_network, donor_id_number, status,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, 1, $5, 'success', now(), now())`,
      [c.id, orderId, ol.rows[0].id, msisdn, NRIC],
    );
    const line = await run(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         line_user_id, state, requested_at, activated_at, terminated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, NULL, 'terminated', $5, $5, $6, $5, $6) RETURNING id`,
      [
        c.id,
        orderId,
        ol.rows[0].id,
        msisdn,
        new Date('2021-01-10T12:00:00+08:00'),
        new Date(`${MONTH}-15T09:00:00+08:00`),
      ],
    );
    await run(
      `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, out_of_bundle, charge_cents)
       VALUES ($1, $2, 'voice', 'outgoing', 'idd', 'MY', 1, 60, 60, 0)`,
      [line.rows[0].id, `${MONTH}-03`],
    );
    await run(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'sim-replacement', 1850, 'SIM replacement', $2)`,
      [c.id, new Date(`${MONTH}-10T12:00:00+08:00`)],
    );
    return { orderId };
  });
  await t.ctx.billRun.run(MONTH, Number.POSITIVE_INFINITY, [c.id]);
  return { c, sub, msisdn, orderId };
}

describe('closing an account', () => {
  it('waits for unpaid bills; then erases the person, keeps the bills, ends the login and is audit-logged', async () => {
    const { c, sub, msisdn, orderId } = await closedLineCustomer();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/deletion-request',
      headers: c.headers,
      payload: { password: TEST_PASSWORD, understood: true },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = body<AccountDeletionView>(asked).data.request;
    // Other tests' bill runs for every customer may also have charged this one something not billed yet.
    expect(request?.waitingFor).toContainEqual(expect.stringMatching(/^\$[\d.,]+ is unpaid on the bills\.$/));
    const id = request?.id as string;
    const before = JSON.stringify(await t.ctx.accountExport.export(c.id));
    for (const personal of [c.email, c.phoneNumber, NRIC, 'Tan Mei Ling']) expect(before).toContain(personal);

    const early = await staff('POST', `/account-deletions/${id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toMatch(
      /^The account cannot be closed yet\. (.+ )?\$[\d.,]+ is unpaid on the bills\.$/,
    );
    expect((await q('SELECT 1 FROM customer_profiles WHERE user_id = $1', [c.id])).length).toBe(1);

    // What the customer owes is paid, or (here) waived by a supervisor with a reason.
    // Other tests' bill runs and overdue notice job, run for every customer, may bill or charge this
    // one too, even while its bill's items are waived: what is left is waived again until nothing is.
    // A credit on a bill (a line ended mid-month) is no charge to waive: only what is owed is.
    const billing = body<StaffBilling>(await staff('GET', `/customers/${c.id}/billing`)).data;
    let owed = billing.bills.flatMap((b) =>
      b.items.filter((i) => i.amountCents > 0 && !i.waived).map((i) => i.id),
    );
    for (let round = 0; owed.length > 0 && round < 5; round += 1) {
      for (const chargeId of owed) {
        const waived = await staff('POST', `/charges/${chargeId}/waive`, { reason: 'Closing the account' });
        expect(waived.statusCode, waived.body).toBe(200);
      }
      owed = (
        await q(
          'SELECT id FROM charges WHERE user_id = $1 AND bill_id IS NULL AND waived_at IS NULL AND amount_cents > 0',
          [c.id],
        )
      ).map((r) => r.id as string);
    }
    const listed = body<StaffDeletionRequest[]>(await staff('GET', '/account-deletions')).data.find(
      (r) => r.id === id,
    );
    expect(listed).toMatchObject({ email: c.email, unpaidCents: 0, blockers: [] });

    // The saved card is erased with the rest. It is saved only now: with a card and a bill past due,
    // the daily deduction (another test's, run for every customer) charges it, and a bill with a
    // payment on its way cannot be waived, rightly.
    await q(
      `INSERT INTO payment_methods (user_id, gateway_token, brand, funding, last4, exp_month, exp_year, holder_name, created_at)
       VALUES ($1, 'demo-card-closure', 'visa', 'credit', '4242', 12, 2030, 'Tan Mei Ling', now())`,
      [c.id],
    );
    const done = await staff('POST', `/account-deletions/${id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done)).toMatchObject({
      message: 'The account is closed and its personal data erased.',
      data: { id, userId: c.id },
    });

    // The login is gone: no session, no password, no email or number to sign in with.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: c.headers })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/users/${sub.id}`, headers: sub.headers }))
        .statusCode,
    ).toBe(401);
    for (const email of [c.email, sub.email]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(401);
    }
    expect(
      await q(
        'SELECT email, phone_number, password_hash, first_name, last_name FROM users WHERE id = ANY($1)',
        [[c.id, sub.id]],
      ),
    ).toEqual([
      { email: null, phone_number: null, password_hash: null, first_name: 'Closed account', last_name: '' },
      { email: null, phone_number: null, password_hash: null, first_name: 'Closed account', last_name: '' },
    ]);
    expect(await q('SELECT 1 FROM sessions WHERE user_id = ANY($1)', [[c.id, sub.id]])).toEqual([]);

    // The person is erased from everything held, the export included.
    const after = await t.ctx.accountExport.export(c.id);
    const text = JSON.stringify(after);
    const orderRow = JSON.stringify(await q('SELECT * FROM orders WHERE id = $1', [orderId]));
    for (const personal of [c.email, c.phoneNumber, sub.email, NRIC, 'Mei Ling', 'ION ORCHARD', 'Orchid']) {
      expect(text).not.toContain(personal);
      expect(orderRow).not.toContain(personal);
    }
    expect(after).toMatchObject({ profile: null, cards: [], usageByDay: [] });
    for (const table of ['customer_profiles', 'documents', 'payment_methods', 'order_drafts', 'cis_checks'])
      expect(await q(`SELECT 1 FROM ${table} WHERE user_id = $1`, [c.id])).toEqual([]);
    expect(await q('SELECT msisdn, donor_id_number FROM port_requests WHERE user_id = $1', [c.id])).toEqual([
      { msisdn: '', donor_id_number: '' },
    ]);
    // The order's page in the console still opens, naming no one.
    const order = await staff('GET', `/orders/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(body<{ profile: object; deliveryAddress: unknown }>(order).data).toMatchObject({
      profile: { fullName: 'Closed account', idNumber: '', contactNumber: '', dateOfBirth: '' },
      deliveryAddress: null,
    });

    // The accounts keep the bill and its charges for the law's years, and the line its plan and
    // dates; its number goes, and passes to someone else.
    expect(after.bills).toEqual([expect.objectContaining({ month: MONTH, state: 'paid' })]);
    expect((after.charges as unknown[]).length).toBeGreaterThan(0);
    expect(after.lines).toEqual([expect.objectContaining({ msisdn: '', state: 'terminated' })]);
    expect(text).not.toContain(msisdn);

    expect(
      await q('SELECT staff_id, reason, detail FROM staff_audit_log WHERE action = $1 AND subject = $2', [
        'close-account',
        c.id,
      ]),
    ).toEqual([
      {
        staff_id: supervisor.id,
        reason: null,
        detail: expect.objectContaining({ requestId: id, kept: { bills: 1, payments: 0, orders: 1 } }),
      },
    ]);
    expect(await q('SELECT state, completed_by FROM account_deletion_requests WHERE id = $1', [id])).toEqual([
      { state: 'completed', completed_by: supervisor.id },
    ]);
    const last = await waitForMessage(c.email, (m) => m.subject?.includes('is closed') ?? false);
    expect(last.text).toContain('This is the last email we send to this address.');

    const again = await staff('POST', `/account-deletions/${id}/complete`);
    expect([again.statusCode, body(again).message]).toEqual([409, 'This request is no longer open.']);
    const open = body<StaffDeletionRequest[]>(await staff('GET', '/account-deletions')).data;
    expect(open.map((r) => r.id)).not.toContain(id);
  });
});
