import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveProfile, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { uniqueNric } from '../../test/order-journey.ts';
import { tracesOf } from './account-traces.repository.ts';

/**
 * What names an account outside its own rows, gathered from the modules that hold it before the
 * erasure (ADR 0030): its addresses and numbers, but not a number that is someone else's now.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const number = () => `8${randomInt(1_000_000, 9_999_999)}`;

/** A line of the customer's, with its order; the order was given `contactNumber`. */
async function line(userId: string, msisdn: string, state: 'active' | 'terminated', contactNumber = '') {
  await t.ctx.database.transaction(async (tx) => {
    const { rows: order } = await tx.client.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, '{}', $3, '{}', 0, 0, now(), now(), now()) RETURNING id`,
      [`TR${randomInt(0, 1e9)}`, userId, { contactNumber }],
    );
    const { rows: ol } = await tx.client.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [order[0]?.id, msisdn],
    );
    await tx.client.query(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, requested_at, activated_at, terminated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, $5, now(), now(),
               CASE WHEN $5 = 'terminated' THEN now() END, now(), now())`,
      [userId, order[0]?.id, ol[0]?.id, msisdn, state],
    );
  });
}

describe("an account's traces", () => {
  it('are its addresses and numbers, each as messages are sent; a number another login or a live line has now is left out', async () => {
    const surname = `Quorvath${randomInt(100_000, 999_999)}`;
    const me = await signedInCustomer(t, { firstName: 'Zephyrine', lastName: surname });
    const other = await signedInCustomer(t);
    const nric = uniqueNric();
    // The profile was given the number another login has now.
    await giveProfile(t, me.id, { contactNumber: other.phoneNumber, idNumber: nric.toLowerCase() });
    // The line that ended: its number is the account's, unless a live line has it again.
    const ended = number();
    await line(me.id, ended, 'terminated');
    const passedOn = number();
    await line(me.id, passedOn, 'terminated', passedOn);
    await line(other.id, passedOn, 'active');

    const traces = await tracesOf(t.ctx.database.pool, me.id, [me.id]);

    expect(traces.contacts.sort()).toEqual(
      [me.email, me.phoneNumber, `+65${me.phoneNumber}`, ended, `+65${ended}`].sort(),
    );
    expect(traces.names.sort()).toEqual(
      [
        `Zephyrine ${surname}`,
        nric.toUpperCase(),
        `${me.phoneNumber.slice(0, 4)} ${me.phoneNumber.slice(4)}`,
        `${ended.slice(0, 4)} ${ended.slice(4)}`,
      ].sort(),
    );
    expect(traces.iccids).toEqual([]);
  }, 60_000);
});
