/**
 * The bills part of `npm run bench` (issue goal, ADR 0023): the bill run for 100,000 accounts with two
 * lines and ten charges each completes in ≤ 120 s; and a run killed with SIGKILL half-way, run again,
 * finishes the rest with no account billed twice and every charge on exactly one bill. The run goes in
 * a child process (so it can be killed), against the embedded database this process serves, or
 * PostgreSQL when DATABASE_URL is set. BENCH_ONLY=bills runs this part alone; BENCH_ACCOUNTS changes the
 * count.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const GOAL_S = 120;
const self = fileURLToPath(import.meta.url);

const ym = (back: number) => {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Accounts with two lines each, live since before `month`, and ten one-time charges made in it. */
async function seedAccounts(pool: import('pg').Pool, month: string) {
  const at = `${month}-10T12:00:00+08:00`;
  await pool.query(
    `INSERT INTO users (email, phone_number, first_name, last_name, status, activated, is_main_line, created_at, updated_at)
     SELECT 'bill' || g || '@bench.selfcare.sg', '9' || lpad(g::text, 7, '0'), 'Bench', 'Account ' || g, 2, true, true, now(), now()
       FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
    [ACCOUNTS],
  );
  await pool.query(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     SELECT 'BB' || substr(u.email, 5, position('@' in u.email) - 5), u.id, 'Completed', false, 0, 0, '{}', '{}', '{}',
            0, 0, now(), now(), now()
       FROM users u WHERE u.email LIKE 'bill%@bench.selfcare.sg'`,
  );
  await pool.query(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     SELECT o.id, p.n, CASE p.n WHEN 0 THEN 'VALUE-20' ELSE 'LITE-10' END, '{}', 'NORMAL',
            (CASE p.n WHEN 0 THEN '8' ELSE '9' END) || lpad(substr(o.order_number, 3), 7, '0')
       FROM orders o CROSS JOIN (VALUES (0), (1)) AS p(n) WHERE o.order_number LIKE 'BB%'`,
  );
  await pool.query(
    `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
       state, requested_at, activated_at, created_at, updated_at)
     SELECT o.user_id, o.id, l.id, l.msisdn, 0, l.plan_code, l.position = 0, 'active', $1, $1, $1, $1
       FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.order_number LIKE 'BB%'`,
    [new Date(`${ym(4)}-15T10:00:00+08:00`)],
  );
  await addCharges(pool, at);
}

async function addCharges(pool: import('pg').Pool, at: string) {
  await pool.query(
    `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at)
     SELECT u.id, 'sim-replacement', 100 + c, 'Bench charge ' || c, $1
       FROM users u CROSS JOIN generate_series(1, 10) c WHERE u.email LIKE 'bill%@bench.selfcare.sg'`,
    [at],
  );
}

/** The child: runs the month's bill run to the end against `url`. */
async function child(url: string, month: string) {
  const api = await import('@selfcare/api');
  const database = api.createDatabase(url, 2);
  const run = new api.BillRun({ database, clock: new api.Clock(), gstPercent: 9 });
  const started = performance.now();
  const result = await run.run(month);
  process.send?.({ ...result, seconds: (performance.now() - started) / 1000 });
  await database.close();
}

function runChild(url: string, month: string) {
  const proc = fork(self, ['--bill-run', url, month], { stdio: 'inherit' });
  const done = new Promise<{ made: number; seconds: number } | null>((resolve) => {
    proc.on('message', (m) => resolve(m as { made: number; seconds: number }));
    proc.on('exit', () => resolve(null));
  });
  return { proc, done };
}

/** The month's bills of the bench's accounts (the demo accounts have theirs too). */
const BENCH_BILLS = `SELECT count(*) AS n FROM bills b JOIN users u ON u.id = b.user_id
                      WHERE b.month = $1 AND u.email LIKE 'bill%@bench.selfcare.sg'`;

const count = async (pool: import('pg').Pool, sql: string, params: unknown[] = []) =>
  Number((await pool.query(sql, params)).rows[0].n);

/** Runs the bills measurements; answers whether every goal was met. */
export async function benchBills(): Promise<boolean> {
  const api = await import('@selfcare/api');
  const embedded = process.env.DATABASE_URL ? undefined : await api.startEmbeddedDatabase({ port: 0 });
  const url = process.env.DATABASE_URL ?? (embedded?.url as string);
  const db = api.createDatabase(url, 2);
  try {
    await api.runMigrations(db);
    await api.seedDemoData(db);
    const [first, second] = [ym(2), ym(1)];
    const started = performance.now();
    await seedAccounts(db.pool, first);
    // What autovacuum does on a server soon after a bulk load (the embedded database has none).
    await db.pool.query('ANALYZE');
    console.log(
      `bills: ${ACCOUNTS.toLocaleString('en')} accounts, ${(ACCOUNTS * 2).toLocaleString('en')} lines, ${(ACCOUNTS * 10).toLocaleString('en')} charges seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const full = await runChild(url, first).done;
    const bills = await count(db.pool, BENCH_BILLS, [first]);
    console.log(
      `bills: the ${first} run made ${bills.toLocaleString('en')} bills in ${full?.seconds.toFixed(1)} s (goal ≤ ${GOAL_S} s)`,
    );

    // The next month: ten new charges each, a run killed half-way, then run again.
    await addCharges(db.pool, `${second}-10T12:00:00+08:00`);
    const killed = runChild(url, second);
    while ((await count(db.pool, BENCH_BILLS, [second])) < ACCOUNTS / 2)
      await new Promise((r) => setTimeout(r, 100));
    killed.proc.kill('SIGKILL');
    await killed.done;
    const before = await count(db.pool, BENCH_BILLS, [second]);
    const rest = await runChild(url, second).done;
    const after = await count(db.pool, BENCH_BILLS, [second]);
    const twice = await count(
      db.pool,
      `SELECT count(*) AS n FROM (SELECT user_id FROM bills WHERE month = $1 GROUP BY user_id HAVING count(*) > 1) x`,
      [second],
    );
    const unbilled = await count(
      db.pool,
      `SELECT count(*) AS n FROM charges c JOIN users u ON u.id = c.user_id
        WHERE u.email LIKE 'bill%@bench.selfcare.sg' AND c.bill_id IS NULL`,
    );
    const wrongTotals = await count(
      db.pool,
      `SELECT count(*) AS n FROM bills b
        WHERE b.month = $1 AND b.total_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM charges WHERE bill_id = b.id)`,
      [second],
    );
    console.log(
      `bills: killed with ${before.toLocaleString('en')} of ${ACCOUNTS.toLocaleString('en')} bills made; the re-run made ${rest?.made.toLocaleString('en')} more in ${rest?.seconds.toFixed(1)} s: ${after.toLocaleString('en')} bills, ${twice} accounts billed twice, ${unbilled} charges unbilled, ${wrongTotals} totals that are not their charges`,
    );
    return (
      bills === ACCOUNTS &&
      (full?.seconds ?? Number.POSITIVE_INFINITY) <= GOAL_S &&
      after === ACCOUNTS &&
      twice === 0 &&
      unbilled === 0 &&
      wrongTotals === 0
    );
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

if (process.argv.includes('--bill-run')) {
  const i = process.argv.indexOf('--bill-run');
  void child(process.argv[i + 1] as string, process.argv[i + 2] as string);
}
