/**
 * The bank part of `npm run bench` (ADR 0033): a day of 100,000 PayNow credits in the sandbox bank's
 * statement, read by cursor and applied to 100,000 bills, takes ≤ 60 s. Most pay their bill exactly;
 * some name no bill, pay more or pay part of it. Then the statement is read again, and nothing
 * changes. Against the embedded database, or PostgreSQL when DATABASE_URL is set. BENCH_ONLY=bank
 * runs this part alone; BENCH_CREDITS changes the count.
 */
const CREDITS = Number(process.env.BENCH_CREDITS ?? 100_000);
const GOAL_S = 60;
const UEN = '201912345K';

const count = async (pool: import('pg').Pool, sql: string) => Number((await pool.query(sql)).rows[0].n);

/** One account and one unpaid bill of $25.00 for each credit, numbered BK00000001 …. */
async function seedBills(pool: import('pg').Pool) {
  await pool.query(
    `INSERT INTO users (email, phone_number, first_name, last_name, status, activated, is_main_line, created_at, updated_at)
     SELECT 'bank' || g || '@bench.selfcare.sg', '8' || lpad(g::text, 7, '0'), 'Bench', 'Payer ' || g, 2, true, true, now(), now()
       FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
    [CREDITS],
  );
  await pool.query(
    `INSERT INTO bills (user_id, number, month, period_start, period_end, issued_on, due_on, total_cents,
       gst_percent, gst_cents, previous_balance_cents, payments_cents, state, created_at)
     SELECT u.id, 'BK' || lpad(substr(u.email, 5, position('@' in u.email) - 5), 8, '0'), '2026-10',
            '2026-10-01', '2026-10-31', '2026-11-01', '2026-11-25', 2500, 9, 206, 0, 0, 'due', now()
       FROM users u WHERE u.email LIKE 'bank%@bench.selfcare.sg' ON CONFLICT DO NOTHING`,
  );
}

/** Runs the bank measurement; answers whether its goal was met. */
export async function benchBank(): Promise<boolean> {
  const api = await import('@selfcare/api');
  const { startSandbox } = await import('@selfcare/sandbox');
  const embedded = process.env.DATABASE_URL ? undefined : await api.startEmbeddedDatabase({ port: 0 });
  const url = process.env.DATABASE_URL ?? (embedded?.url as string);
  const db = api.createDatabase(url, 2);
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, bankApiKey: 'bench-bank-key' });
  try {
    await api.runMigrations(db);
    await seedBills(db.pool);
    await db.pool.query('ANALYZE');
    // A day's credits: 1 in 100 names no bill, 1 in 100 pays $5.00 more, 1 in 100 pays $10.00.
    const now = new Date();
    sandbox.bank.updateSettings({ delaySeconds: 0 });
    for (let i = 1; i <= CREDITS; i++) {
      const reference = i % 100 === 0 ? `UNKNOWN${i}` : `BK${String(i).padStart(8, '0')}`;
      const amountCents = i % 100 === 1 ? 3000 : i % 100 === 2 ? 1000 : 2500;
      sandbox.bank.pay({ uen: UEN, reference, amountCents, merchantName: null }, now);
    }
    sandbox.bank.settleAll(now);
    const credits = new api.BankCredits({
      // Receipts are queued in two statements a batch; the bench measures applying, not sending.
      queue: { sendMany: async () => {} } as never,
      brand: { name: 'Bench', supportEmail: 'help@bench.sg', supportPhone: '6000 0000' },
      publicUrl: 'http://localhost',
      defaultLocale: 'en',
      database: db,
      clock: new api.Clock(),
      bank: new api.BankClient(sandbox.url, 'bench-bank-key', 60_000),
    });
    const started = performance.now();
    const done = await credits.reconcile();
    const seconds = (performance.now() - started) / 1000;
    const again = await credits.reconcile();
    const paid = await count(
      db.pool,
      `SELECT count(*) AS n FROM bills WHERE number LIKE 'BK%' AND state = 'paid' AND paid_cents = 2500`,
    );
    const twice = await count(
      db.pool,
      `SELECT count(*) AS n FROM (SELECT bank_credit_id FROM bill_payments WHERE bank_credit_id IS NOT NULL
         GROUP BY bank_credit_id HAVING count(*) > 1) x`,
    );
    console.log(
      `bank: reconciled ${done.read.toLocaleString('en')} credits (${done.paid.toLocaleString('en')} on bills, ${done.unmatched.toLocaleString('en')} kept for staff) in ${seconds.toFixed(1)} s (goal ≤ ${GOAL_S} s); read again: ${again.paid + again.unmatched} applied; ${paid.toLocaleString('en')} bills paid in full, ${twice} credits counted twice`,
    );
    return (
      seconds <= GOAL_S &&
      done.read === CREDITS &&
      again.paid + again.unmatched === 0 &&
      twice === 0 &&
      done.unmatched === CREDITS / 100
    );
  } finally {
    await sandbox.stop();
    await db.close();
    await embedded?.stop();
  }
}
