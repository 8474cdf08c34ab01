import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { sgDate } from '@selfcare/domain/calendar';
import pg from 'pg';
import { E2E_DATABASE_URL, SANDBOX_URL } from '../playwright.config.ts';
import { expect, freshNric, registeredCustomer } from './support.ts';

const MVNE = `${SANDBOX_URL}/mvne/tmf-api`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };

/** A Luhn check digit on the end of an ICCID's body. */
function withLuhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const BILLING_ADDRESS = {
  postalCode: '238801',
  blockNumber: '68',
  roadName: 'ORCHARD ROAD',
  unitNumber: '#05-01',
};

/**
 * An active customer with one live line of their own, one per test: registered through the API,
 * the line live at the sandbox MVNE (as activation leaves it) and in the server's database. The demo
 * customers' lines are shared by every test and both widths; a suspension would stop the others'.
 */
export async function liveLineCustomer(request: APIRequestContext) {
  const c = await registeredCustomer(request);
  const msisdn = `8${randomInt(1_000_000, 9_999_999)}`;
  const activated = await request.post(`${MVNE}/serviceActivationAndConfiguration/v4/service`, {
    headers: MVNE_AUTH,
    data: {
      externalId: randomUUID(),
      serviceCharacteristic: [
        { name: 'MSISDN', value: msisdn },
        { name: 'simType', value: 'physical' },
        { name: 'planCode', value: 'LITE-10' },
        { name: 'ICCID', value: withLuhn(`8965019${randomInt(100_000_000, 999_999_999)}00`) },
        { name: 'IMSI', value: `52597${randomInt(1_000_000_000, 9_999_999_999)}` },
      ],
    },
  });
  expect(activated.status(), await activated.text()).toBe(201);
  const serviceId = ((await activated.json()) as { id: string }).id;
  // The MVNE takes a few seconds to activate it (SANDBOX_MVNE_ACTIVATION_MS): the portal only ever
  // holds a line as active once it has, and a change sent before then is refused as 'inProgress'.
  await expect.poll(async () => (await atMvne(request, serviceId)).state, { timeout: 30_000 }).toBe('active');
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `UPDATE users SET status = 2, activated = true WHERE email = $1 RETURNING id`,
      [c.email],
    );
    const userId = rows[0]?.id as string;
    const { rows: order } = await pool.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, $3, '{}', '{}', 0, 0, now(), now(), now()) RETURNING id`,
      // A first order has the billing address the customer gave; an 'Us' line's order takes it.
      [`E2E${randomInt(10_000_000, 99_999_999)}`, userId, BILLING_ADDRESS],
    );
    const { rows: line } = await pool.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [order[0]?.id, msisdn],
    );
    await pool.query(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, mvne_service_id, requested_at, activated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, 'active', $5, now(), now(), now(), now())`,
      [userId, order[0]?.id, line[0]?.id, msisdn, serviceId],
    );
    return { ...c, userId, msisdn, serviceId };
  } finally {
    await pool.end();
  }
}

/**
 * A day of use abroad on the line, today (Singapore): roaming in Japan (data, two calls and an SMS),
 * or calls and an SMS to Malaysia, charged, as the usage import leaves them in the daily sums the
 * summaries read. The sandbox's own traffic falls on days of its choosing, in some months (and in the
 * first hours of each) on no demo line at all.
 */
export async function usedAbroadToday(msisdn: string, scope: 'roaming' | 'idd' = 'roaming') {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    await pool.query(
      `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, minutes,
         out_of_bundle, charge_cents)
       SELECT s.id, $2::date, u.kind, u.direction, $3, $4, u.events, u.volume, u.minutes, u.out, u.charge
       FROM subscriptions s,
         (VALUES ('data', '', 3, 1288490189, 0, 0, 0), ('voice', 'outgoing', 2, 150, 3, 150, 360),
                 ('sms', 'outgoing', 1, 1, 0, 1, 50)) AS u(kind, direction, events, volume, minutes, out, charge)
       WHERE s.msisdn = $1 AND (u.kind <> 'data' OR $3 = 'roaming')
       ON CONFLICT DO NOTHING`,
      [msisdn, sgDate(new Date()), scope, scope === 'roaming' ? 'JP' : 'MY'],
    );
  } finally {
    await pool.end();
  }
}

/**
 * Use at home on a demo line in the month so far, when its month has none yet: the sandbox's traffic
 * is quiet in a month's first hours (a line may browse nothing before 02:00), and the journeys that
 * read a month's records, or its calls and SMS abroad, would find none there. A data session and a
 * charged SMS to Malaysia a minute ago, as the usage import leaves them (records and daily sums);
 * nothing is added to a month that has its own.
 */
export async function monthHasUse(msisdn: string) {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string; used: boolean }>(
      `SELECT s.id, EXISTS (SELECT 1 FROM usage_records r WHERE r.line_id = s.id
                AND r.started_at >= date_trunc('month', now() AT TIME ZONE 'Asia/Singapore') AT TIME ZONE 'Asia/Singapore'
                AND r.scope = 'idd') AS used
         FROM subscriptions s WHERE s.msisdn = $1 AND s.state = 'active'`,
      [msisdn],
    );
    const line = rows[0];
    if (!line || line.used) return;
    const at = new Date(Date.now() - 60_000);
    const sequence = -randomInt(1, 2 ** 31);
    await pool.query(
      `INSERT INTO usage_records (line_id, started_at, mvne_sequence, kind, scope, direction, country, volume, bucket,
         out_of_bundle, charge_cents)
       VALUES ($1, $2, $3, 'data', 'local', NULL, 'SG', 52428800, NULL, 0, 0),
              ($1, $2, $4, 'sms', 'idd', 'outgoing', 'MY', 1, NULL, 1, 50)
       ON CONFLICT DO NOTHING`,
      [line.id, at, sequence, sequence - 1],
    );
    await pool.query(
      `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, minutes,
         out_of_bundle, charge_cents)
       VALUES ($1, $2::date, 'data', '', 'local', 'SG', 1, 52428800, 0, 0, 0),
              ($1, $2::date, 'sms', 'outgoing', 'idd', 'MY', 1, 1, 0, 1, 50)
       ON CONFLICT DO NOTHING`,
      [line.id, sgDate(at)],
    );
  } finally {
    await pool.end();
  }
}

/** The line's state and characteristics at the sandbox MVNE. */
export async function atMvne(request: APIRequestContext, serviceId: string) {
  const res = await request.get(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
    headers: MVNE_AUTH,
  });
  const service = (await res.json()) as {
    state: string;
    serviceCharacteristic: { name: string; value: string }[];
  };
  return {
    state: service.state,
    ...Object.fromEntries(service.serviceCharacteristic.map((x) => [x.name, x.value])),
  } as Record<string, string>;
}

/**
 * Makes a registered customer active with the details a placed order leaves (their profile), as the
 * order journey would: `employer` and the fields MyInfo verified are as given.
 */
export async function activeWithProfile(
  email: string,
  opts: { employer?: string | null; myinfoVerified?: string[]; idNumber?: string } = {},
) {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    // An NRIC is on one profile only: a given one is taken from whoever had it.
    if (opts.idNumber)
      await pool.query('UPDATE customer_profiles SET id_number = $2 WHERE id_number = $1', [
        opts.idNumber,
        freshNric(),
      ]);
    await pool.query(
      `WITH u AS (UPDATE users SET status = 2, activated = true WHERE email = $1 RETURNING id)
       INSERT INTO customer_profiles (user_id, salutation, given_name, family_name, full_name, date_of_birth,
         contact_number, id_type, id_number, id_issue_date, employer, marketing, myinfo_verified, created_at, updated_at)
       SELECT u.id, 'Ms.', 'Mei Ling', 'Tan', 'Tan Mei Ling', '1990-04-02', '91234567', 1, $2, '2015-01-01',
              $3, $4, $5, now(), now() FROM u`,
      [
        email,
        opts.idNumber ?? freshNric(),
        opts.employer ?? null,
        JSON.stringify({
          provider: { email: true, sms: false, push: false },
          thirdParty: { email: false, sms: false, push: false },
        }),
        opts.myinfoVerified ?? [],
      ],
    );
  } finally {
    await pool.end();
  }
}
