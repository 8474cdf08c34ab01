import { randomInt } from 'node:crypto';
import { sgDate } from '@selfcare/domain/calendar';
import type { AccountDeletionView, StaffDeletionRequest } from '@selfcare/domain/contracts/account-deletion';
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
import { activateAtMvne } from '../../test/usage.ts';

/** Asking to close the account on /profile/myProfile, and who in the staff console sees it (ADR 0030). */
let t: TestApp;
type Headers = { authorization: string };
let agent: Awaited<ReturnType<typeof signedInStaff>>;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  [agent, supervisor, admin] = await Promise.all([
    signedInStaff(t, 'agent'),
    signedInStaff(t, 'supervisor'),
    signedInStaff(t, 'admin'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const view = async (headers: Headers) =>
  body<AccountDeletionView>(await call('GET', '/account/deletion-request', headers)).data;
const ask = (headers: Headers, password = TEST_PASSWORD, understood: boolean = true) =>
  call('POST', '/account/deletion-request', headers, { password, understood });
const requestsOf = async (userId: string) =>
  (
    await t.ctx.database.pool.query<{ state: string }>(
      'SELECT state FROM account_deletion_requests WHERE user_id = $1 ORDER BY requested_at',
      [userId],
    )
  ).rows.map((r) => r.state);
const staffList = async (headers: Headers) =>
  body<StaffDeletionRequest[]>(
    await t.app.inject({ method: 'GET', url: '/api/v1/staff/account-deletions', headers }),
  ).data;
const active = () => signedInCustomer(t, { status: 2, activated: true });

/** A live main line of the customer's, with its order, as activation leaves them. */
async function liveLine(userId: string): Promise<{ id: string; msisdn: string }> {
  const msisdn = `8${randomInt(1_000_000, 9_999_999)}`;
  const serviceId = await activateAtMvne(msisdn);
  return t.ctx.database.transaction(async (tx) => {
    const { rows: order } = await tx.client.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, '{}', '{}', '{}', 0, 0, now(), now(), now()) RETURNING id`,
      [`AD${randomInt(0, 1e9)}`, userId],
    );
    const { rows: ol } = await tx.client.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [order[0]?.id, msisdn],
    );
    const { rows } = await tx.client.query<{ id: string }>(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, mvne_service_id, requested_at, activated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, 'active', $5, now(), now(), now(), now()) RETURNING id`,
      [userId, order[0]?.id, ol[0]?.id, msisdn, serviceId],
    );
    return { id: rows[0]?.id as string, msisdn };
  });
}

describe('asking to close the account', () => {
  it('takes the password; one request is open at a time; the customer sees it, withdraws it, asks again', async () => {
    const c = await active();
    expect(await view(c.headers)).toEqual({ request: null, problem: null });

    const wrong = await ask(c.headers, 'Wrong#Pass1');
    expect([wrong.statusCode, body(wrong).message]).toEqual([422, 'Password incorrect. Please Re-enter.']);
    expect(body(wrong).extra_info.fields).toEqual({ password: 'Password incorrect. Please Re-enter.' });
    expect((await ask(c.headers, TEST_PASSWORD, false)).statusCode).toBe(422);
    expect(await requestsOf(c.id)).toEqual([]);

    const asked = await ask(c.headers);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(body(asked).message).toBe(
      'We have your request to close your account and delete your data. We have emailed you a confirmation.',
    );
    const request = body<AccountDeletionView>(asked).data.request;
    expect(request).toMatchObject({ waitingFor: [] });
    const again = await ask(c.headers);
    expect([again.statusCode, body(again).message]).toEqual([
      409,
      'You have already asked to close your account.',
    ]);
    expect(await requestsOf(c.id)).toEqual(['open']);
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes('close your') ?? false);
    expect(mail.text).toContain('/profile/myProfile');

    const withdrawn = await call('DELETE', `/account/deletion-request/${request?.id}`, c.headers);
    expect([withdrawn.statusCode, body(withdrawn).message]).toEqual([
      200,
      'Your request to close your account is withdrawn. Your account stays open.',
    ]);
    expect(await view(c.headers)).toEqual({ request: null, problem: null });
    expect((await call('DELETE', `/account/deletion-request/${request?.id}`, c.headers)).statusCode).toBe(
      409,
    );
    await waitForMessage(c.email, (m) => m.subject?.includes('stays open') ?? false);

    expect((await ask(c.headers)).statusCode).toBe(200);
    expect(await requestsOf(c.id)).toEqual(['withdrawn', 'open']);
  });

  it('is the customer’s own: another customer neither sees nor withdraws it', async () => {
    const [c, other] = await Promise.all([active(), active()]);
    const id = body<AccountDeletionView>(await ask(c.headers)).data.request?.id;
    expect(id).toBeTruthy();
    expect((await view(other.headers)).request).toBeNull();
    expect((await call('DELETE', `/account/deletion-request/${id}`, other.headers)).statusCode).toBe(404);
    expect((await view(c.headers)).request?.id).toBe(id);
    expect(await requestsOf(c.id)).toEqual(['open']);
  });

  it('is refused, with nothing changed, to a sub line’s user, with a line not ending, or an order in progress', async () => {
    const holder = await active();
    const sub = await signedInCustomer(t, {
      status: 2,
      activated: true,
      isMainLine: false,
      mainUserId: holder.id,
    });
    expect((await view(sub.headers)).problem).toBe('Only the account holder can ask to close the account.');
    const refused = await ask(sub.headers);
    expect([refused.statusCode, body(refused).message]).toEqual([
      403,
      'Only the account holder can ask to close the account.',
    ]);

    const line = await liveLine(holder.id);
    expect((await view(holder.headers)).problem).toMatch(/^Please end your lines first/);
    const live = await ask(holder.headers);
    expect([live.statusCode, body(live).message]).toEqual([409, (await view(holder.headers)).problem]);
    expect(await requestsOf(holder.id)).toEqual([]);
    expect(await requestsOf(sub.id)).toEqual([]);

    // With the whole account set to end, the customer may ask; the line is what it waits for.
    const endsOn = sgDate(new Date(t.ctx.clock.now().getTime() + 10 * 86_400_000));
    const scheduled = await call('POST', '/terminations', holder.headers, {
      scope: 'account',
      effectiveOn: endsOn,
      password: TEST_PASSWORD,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const asked = await ask(holder.headers);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(body<AccountDeletionView>(asked).data.request?.waitingFor).toEqual([
      expect.stringMatching(
        new RegExp(`^The line ${line.msisdn.slice(0, 4)} ${line.msisdn.slice(4)} ends on `),
      ),
    ]);

    const ordering = await active();
    await t.ctx.database.pool.query(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Verified', false, 0, 0, '{}', '{}', '{}', 0, 0, now(), now(), now())`,
      [`AD${randomInt(0, 1e9)}`, ordering.id],
    );
    const inProgress = await ask(ordering.headers);
    expect([inProgress.statusCode, body(inProgress).message]).toEqual([
      409,
      'Your order is still in progress. Please wait until your line is active, or contact us to cancel the order, before asking to close your account.',
    ]);
    expect(await requestsOf(ordering.id)).toEqual([]);
  });
});

describe('the staff console’s account closures', () => {
  it('are for supervisors and admins: agents and customers are refused', async () => {
    const c = await active();
    const id = body<AccountDeletionView>(await ask(c.headers)).data.request?.id as string;
    const list = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: '/api/v1/staff/account-deletions', headers });
    const complete = (headers: Headers) =>
      t.app.inject({ method: 'POST', url: `/api/v1/staff/account-deletions/${id}/complete`, headers });
    const forAgent = await list(agent.headers);
    expect([forAgent.statusCode, body(forAgent).message]).toEqual([403, 'Only a supervisor can do this.']);
    expect((await complete(agent.headers)).statusCode).toBe(403);
    expect((await list(c.headers)).statusCode).toBe(403);
    expect((await complete(c.headers)).statusCode).toBe(403);
    expect(await requestsOf(c.id)).toEqual(['open']);

    for (const staff of [supervisor, admin]) {
      const mine = (await staffList(staff.headers)).find((r) => r.id === id);
      expect(mine).toMatchObject({ userId: c.id, email: c.email, name: 'Test Customer', blockers: [] });
    }
  });

  it('waits for a line that has not ended: completing is refused and changes nothing', async () => {
    const c = await active();
    const line = await liveLine(c.id);
    const endsOn = sgDate(new Date(t.ctx.clock.now().getTime() + 5 * 86_400_000));
    await call('POST', '/terminations', c.headers, {
      scope: 'account',
      effectiveOn: endsOn,
      password: TEST_PASSWORD,
    });
    const id = body<AccountDeletionView>(await ask(c.headers)).data.request?.id as string;
    const listed = (await staffList(supervisor.headers)).find((r) => r.id === id);
    expect(listed?.lines).toEqual([{ msisdn: line.msisdn, state: 'active', endsOn }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/account-deletions/${id}/complete`,
      headers: supervisor.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toMatch(/^The account cannot be closed yet\. The line \d{4} \d{4} ends on /);
    expect(await requestsOf(c.id)).toEqual(['open']);
    expect((await call('GET', '/profile', c.headers)).statusCode).toBe(200);
  });
});
