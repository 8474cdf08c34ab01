import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { uniqueNric } from '../../test/order-journey.ts';
import { signedInStaff } from '../../test/staff.ts';
import { sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { eraseAccount } from './account-erasure.repository.ts';
import { KEPT_AFTER_ERASURE } from './kept-after-erasure.ts';

/**
 * Erasure erases (ADR 0030, docs/data-map.md): a customer with something personal in every table
 * that can hold it is erased, and then no text or JSON column of any table names them, except the
 * columns kept for the tax years; the staff audit log keeps its entries with the customer blanked.
 */
let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const { active } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.ctx.database.pool.query(sql, params)).rows as T[];

/** Every column of every table that can hold text: text, character, JSON, and arrays of text. */
async function textColumns() {
  return q<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
             OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar')))
      ORDER BY 1, 2`,
  );
}

/** `table.column: what` for each column in which one of `needles` is found. */
async function whereFound(needles: Record<string, string>) {
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of await textColumns()) {
    for (const [what, needle] of Object.entries(needles)) {
      const [row] = await q<{ hit: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM "${table}" WHERE "${column}"::text ILIKE $1) AS hit`,
        [`%${needle}%`],
      );
      if (row?.hit) found.push(`${table}.${column}: ${what}`);
    }
  }
  return found;
}

/** An active line from the order wizard and the console, and then everything else a customer leaves. */
async function customerWithEverything() {
  // Numbers of its own: the journey's default port-in number is every such customer's, and a number
  // another customer's ended line gave back is on their rows (an order, its events, a number change);
  // the search below would find them there. So its new number is one the same search finds nowhere.
  const d = await active({
    portMsisdn: `9${randomInt(1_000_000, 9_999_999)}`,
    pickNumber: async (free) => {
      for (const n of free) if ((await whereFound({ number: n })).length === 0) return n;
      throw new Error('every free number is written somewhere in the database');
    },
  });
  const me = d.me as typeof d.me & { msisdn: string };
  const surname = `Quorvath${randomInt(100_000, 999_999)}`;
  const name = `Zephyrine ${surname}`;
  const nric = uniqueNric();
  const workEmail = `${surname.toLowerCase()}@orchid-holdings.test`;
  const newEmail = `new-${surname.toLowerCase()}@example.com`;
  const passkeyId = `pk${randomUUID().replaceAll('-', '')}`;
  const portedFrom = `9${randomInt(1_000_000, 9_999_999)}`;
  const [line] = await q<{ id: string; order_line_id: string }>(
    'SELECT id, order_line_id FROM subscriptions WHERE user_id = $1',
    [me.id],
  );
  if (!line) throw new Error('no line');
  const person = { fullName: name, idNumber: nric, contactNumber: portedFrom };
  await t.ctx.database.transaction(async (tx) => {
    const run = (sql: string, params: unknown[]) => tx.client.query(sql, params);
    await run('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
      me.id,
      'Zephyrine',
      surname,
    ]);
    await run(
      `UPDATE customer_profiles SET given_name = 'Zephyrine', family_name = $2, full_name = $3, id_number = $4,
              employer = 'Orchid Holdings' WHERE user_id = $1`,
      [me.id, surname, name, nric],
    );
    await run('UPDATE orders SET profile = profile || $2::jsonb WHERE id = $1', [d.order.id, person]);
    await run('UPDATE order_lines SET assignee = $2 WHERE id = $1', [line.order_line_id, person]);
    await run('UPDATE subscriptions SET temporary_msisdn = $2 WHERE id = $1', [line.id, portedFrom]);
    await run(`UPDATE deliveries SET failure_reason = $2 WHERE order_id = $1`, [
      d.order.id,
      `${name} was out`,
    ]);
    await run(`INSERT INTO order_events (order_id, at, type, detail) VALUES ($1, now(), 'note', $2)`, [
      d.order.id,
      `Called ${name} on ${me.phoneNumber}`,
    ]);
    await run(
      `INSERT INTO order_drafts (user_id, data, reserved_numbers, created_at, updated_at)
       VALUES ($1, $2, $3, now(), now())
       ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data, reserved_numbers = EXCLUDED.reserved_numbers`,
      [me.id, { account: person }, [portedFrom]],
    );
    await run(
      `INSERT INTO action_tokens (user_id, purpose, new_email, token_hash, created_at, expires_at)
       VALUES ($1, 'change_email', $2, $3, now(), now() + interval '1 day')`,
      [me.id, newEmail, randomUUID()],
    );
    await run(
      `INSERT INTO otp_codes (user_id, phone_number, channel, code_hash, created_at, expires_at)
       VALUES ($1, $2, 0, $3, now(), now() + interval '5 minutes')`,
      [me.id, me.phoneNumber, randomUUID()],
    );
    // A passkey: its credential names the customer's authenticator (ADR 0059).
    await run(
      `INSERT INTO passkeys (user_id, credential_id, public_key, backed_up, name, created_at)
       VALUES ($1, $2, '\\x04'::bytea, false, 'Chrome (Android)', now())`,
      [me.id, passkeyId],
    );
    for (const key of [
      `login:${me.email}|127.0.0.1`,
      `login-account:${me.email}`,
      `otp-send:${me.phoneNumber}`,
    ])
      await run('INSERT INTO throttle_events (key, created_at) VALUES ($1, now())', [key]);
    await run(
      `INSERT INTO cis_checks (user_id, email, company_code, code_hash, created_at, expires_at)
       SELECT $1, $2, code, $3, now(), now() + interval '10 minutes' FROM cis_companies LIMIT 1`,
      [me.id, workEmail, randomUUID()],
    );
    await run(
      `INSERT INTO payment_methods (user_id, gateway_token, brand, funding, last4, exp_month, exp_year, holder_name, created_at)
       VALUES ($1, $2, 'visa', 'credit', '4242', 12, 2030, $3, now())`,
      [me.id, `demo-card-${randomUUID()}`, name],
    );
    await run(
      `INSERT INTO esim_profiles (subscription_id, user_id, issue, iccid, activation_code, state, device_eid, requested_at, disabled_at)
       VALUES ($1, $2, 1, $3, $4, 'disabled', $5, now(), now())`,
      [line.id, me.id, d.sim.iccid, `LPA:1$smdp.test$${d.sim.iccid}`, `8904${randomInt(1e9, 9e9)}`],
    );
    await run(
      `INSERT INTO port_requests (user_id, order_id, order_line_id, msisdn, donor_network, donor_id_number, status,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, 1, $5, 'success', now(), now())`,
      [me.id, d.order.id, line.order_line_id, portedFrom, nric],
    );
    await run(
      `INSERT INTO number_changes (line_id, user_id, from_msisdn, to_msisdn, held_until, state, fee_cents, created_at)
       VALUES ($1, $2, $3, $4, now(), 'completed', 0, now())`,
      [line.id, me.id, portedFrom, me.msisdn],
    );
    await run(
      `INSERT INTO sim_replacements (line_id, user_id, type_sim, msisdn, lost_iccid, state, fee_cents, delivery_address,
         reported_at, tracking_code, failure, cancelled_at)
       VALUES ($1, $2, 0, $3, $4, 'cancelled', 0, $5, now(), 'NV-9', $6, now())`,
      [line.id, me.id, me.msisdn, d.sim.iccid, { name, building: 'ION ORCHARD' }, `${name} was out`],
    );
    // What the bill says, kept for the tax years.
    await run(
      `INSERT INTO charges (user_id, line_id, kind, amount_cents, reason, created_at)
       VALUES ($1, $2, 'sim-replacement', 1850, $3, now())`,
      [me.id, line.id, `SIM replacement for ${me.msisdn}`],
    );
    // What was sent to them, kept for their inbox.
    await run(
      `INSERT INTO sent_messages (user_id, channel, title, body, link, sent_at, job_id)
       VALUES ($1, 'email', $2, $3, '/dashboard/local', now(), $4)`,
      [
        me.id,
        `Line ${me.msisdn} has used 80% of its data`,
        `Hi ${name}, your line ${me.msisdn} …`,
        randomUUID(),
      ],
    );
    await run('UPDATE subscriptions SET state = $2, terminated_at = now() WHERE id = $1', [
      line.id,
      'terminated',
    ]);
  });
  // Messages still waiting to go to the customer's address and number.
  const later = { startAfter: 3600 };
  await t.ctx.queue.boss.send(sendEmailJob.name, { to: me.email, content: { template: 'x' } }, later);
  await t.ctx.queue.boss.send(sendSmsJob.name, { to: `+65${me.phoneNumber}`, text: 'Hello' }, later);
  return {
    id: me.id,
    needles: {
      email: me.email,
      'new email': newEmail,
      'work email': workEmail,
      phone: me.phoneNumber,
      msisdn: me.msisdn,
      'ported number': portedFrom,
      nric,
      name: surname,
      iccid: d.sim.iccid,
      imsi: d.sim.imsi,
      passkey: passkeyId,
    },
  };
}

/** The jobs, waiting, done or archived, whose payload has the customer's address or number. */
const jobsFor = (needles: { email: string; phone: string }) =>
  q<{ name: string; state: string }>(
    `SELECT name, state FROM pgboss.job WHERE data::text ILIKE ANY($1)
     UNION ALL SELECT name, state FROM pgboss.archive WHERE data::text ILIKE ANY($1)`,
    [[needles.email, needles.phone].map((n) => `%${n}%`)],
  );

const kept = new Set(KEPT_AFTER_ERASURE.map((k) => `${k.table}.${k.column}`));
const notKept = (hits: string[]) => hits.filter((h) => !kept.has(h.slice(0, h.indexOf(':'))));

describe('erasing an account', () => {
  it('leaves the customer in no column but those kept for the tax years, the audit log included', async () => {
    const { id, needles } = await customerWithEverything();
    const before = await whereFound(needles);
    // The customer is everywhere the map names, so the search below can find what the erasure misses.
    for (const hit of [
      'users.email: email',
      'users.last_name: name',
      'customer_profiles.id_number: nric',
      'orders.profile: name',
      'order_lines.msisdn: msisdn',
      'order_lines.iccid: iccid',
      'order_events.detail: msisdn',
      'deliveries.iccids: iccid',
      'subscriptions.msisdn: msisdn',
      'subscriptions.imsi: imsi',
      'sim_cards.imsi: imsi',
      'throttle_events.key: email',
      'passkeys.credential_id: passkey',
      'charges.reason: msisdn',
      'staff_audit_log.detail: iccid',
    ])
      expect(before).toContain(hit);
    // The order's messages already due have gone (a message being sent is left to finish): only
    // the two waiting for later are still to go.
    const inFlight = () =>
      q(
        `SELECT 1 FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()
            AND (data->>'to' ILIKE $1 OR data->>'to' LIKE $2)`,
        [needles.email, `%${needles.phone}`],
      );
    await until(inFlight, (rows) => rows.length === 0);
    expect((await jobsFor(needles)).filter((j) => j.state === 'created').length).toBeGreaterThanOrEqual(2);

    await t.ctx.database.transaction((tx) => eraseAccount(tx.client, id, new Date()));

    expect(notKept(await whereFound(needles))).toEqual([]);
    expect(await jobsFor(needles)).toEqual([]);
  }, 120_000);
});
