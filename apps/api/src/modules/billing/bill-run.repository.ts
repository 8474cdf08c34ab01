import { billPeriod, ChargeMessages, previousMonth } from '@selfcare/domain';
import type pg from 'pg';
import { type BillRunPart, filled, PART_CHARGE_COLUMNS, placeholders } from './bill-run-parts.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What one month's run needs to know, worked out once. */
export interface RunMonth {
  month: string;
  start: string;
  end: string;
  issuedOn: string;
  dueOn: string;
  daysInMonth: number;
  /** 00:00 Singapore time on the 1st after the month: charges made before it are this month's. */
  cutoff: Date;
  gstPercent: number;
}

const USAGE_KINDS = `('usage-local', 'usage-idd', 'usage-roaming')`;
/** A charge a bill of the month takes: made before the cutoff, or the run's own for the month. */
const TAKEN = `(c.created_at < $2 OR c.kind IN ('plan', 'order', 'product') OR c.kind IN ${USAGE_KINDS})`;

/** The run's values for a batch, as its parts' statements name them (`RunValues`). */
const runValues = (m: RunMonth, ids: string[], now: Date) => ({
  month: m.month,
  cutoff: m.cutoff,
  start: m.start,
  end: m.end,
  days: m.daysInMonth,
  now,
  accounts: ids,
  previousStart: billPeriod(previousMonth(m.month)).start,
});

/**
 * The bill run's SQL (ADR 0023). Each statement works on a whole batch of accounts at once; the
 * source keys and the one-bill-per-account-and-month key make every statement safe to run again.
 */
export const billRunRepository = {
  /**
   * Accounts after `after` (by id) that the month's bill is due to and that have none yet: those a
   * part has something to bill in the month for (a live line), and those with charges not billed.
   */
  async accountsToBill(
    db: Queryable,
    m: RunMonth,
    after: string | null,
    limit: number,
    only: string[] | null,
    parts: readonly BillRunPart[],
  ): Promise<string[]> {
    const { names: v, values } = placeholders({ ...runValues(m, [], m.cutoff), after, limit, only });
    const billed = parts.flatMap((part) => (part.bills ? [part.bills(v, 'u.id')] : []));
    const { rows } = await db.query<{ id: string }>(
      `SELECT u.id FROM customer_contacts u
        WHERE (${v.after}::uuid IS NULL OR u.id > ${v.after}::uuid)
          AND (${v.only}::uuid[] IS NULL OR u.id = ANY(${v.only}::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.user_id = u.id AND b.month = ${v.month})
          AND (${billed.map((condition) => `${condition}\n               OR `).join('')}EXISTS (SELECT 1 FROM charges c
                           WHERE c.user_id = u.id AND c.bill_id IS NULL AND c.created_at < ${v.cutoff}))
        ORDER BY u.id
        LIMIT ${v.limit}`,
      values,
    );
    return rows.map((r) => r.id);
  },

  /** One run at a time per month, whoever started it: held to the end of the batch's transaction. */
  async lockMonth(db: Queryable, month: string) {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('bill-run:' || $1))`, [month]);
  },

  /** Of `ids`, those still without the month's bill (a run that got there first made theirs). */
  async stillUnbilled(db: Queryable, month: string, ids: string[]): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT u.id FROM unnest($2::uuid[]) AS u(id)
        WHERE NOT EXISTS (SELECT 1 FROM bills b WHERE b.user_id = u.id AND b.month = $1)`,
      [month, ids],
    );
    return rows.map((r) => r.id);
  },

  /**
   * One part's charges of the month for the batch (ADR 0045): the module's SELECT, inserted here,
   * each source key once. The parts are registered by the modules that own what they read.
   */
  async charge(db: Queryable, part: BillRunPart, m: RunMonth, ids: string[], now: Date) {
    if (!part.charges) return;
    const { names, values } = placeholders(runValues(m, ids, now));
    const select = part.charges(names);
    await db.query(
      `INSERT INTO charges (${PART_CHARGE_COLUMNS})
       ${select}
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      values,
    );
  },

  /**
   * The month's bill for each account, its charges attached and its totals summed, in two
   * statements. An account with nothing to pay gets a bill that is already paid.
   */
  async makeBills(db: Queryable, m: RunMonth, ids: string[], now: Date): Promise<string[]> {
    // The summary adds up (balanceAfter and billTotalDue in the domain): the previous balance is
    // what the account's latest bill said was due, and the payments are those received since it,
    // whichever bill they paid. It once took what earlier bills still owed after those payments, so
    // a bill paid since showed $0.00 beside its payment, and an unpaid one was not in the total due.
    // Both are summed once for the batch: a correlated subquery per account seq-scanned the bills the
    // run had made so far (quadratic in the run).
    const made = await db.query<{ id: string }>(
      `WITH batch AS (SELECT unnest($8::uuid[]) AS id),
            last AS (SELECT DISTINCT ON (b.user_id) b.user_id, b.created_at AS at,
                            b.previous_balance_cents - b.payments_cents + greatest(b.total_cents, 0) AS cents
                       FROM bills b JOIN batch ON batch.id = b.user_id
                      ORDER BY b.user_id, b.month DESC),
            paid AS (SELECT p.user_id, sum(p.amount_cents) AS cents
                       FROM bill_payments p JOIN batch ON batch.id = p.user_id
                       LEFT JOIN last ON last.user_id = p.user_id
                      WHERE p.state = 'succeeded' AND p.settled_at >= coalesce(last.at, '-infinity')
                      GROUP BY p.user_id)
       INSERT INTO bills (user_id, number, month, period_start, period_end, issued_on, due_on,
                          total_cents, gst_percent, gst_cents, previous_balance_cents, payments_cents,
                          state, created_at)
       SELECT u.id, 'B' || replace($1, '-', '') || lpad(nextval('bill_numbers')::text, 7, '0'),
              $1, $2, $3, $4, $5, 0, $6, 0, coalesce(last.cents, 0), coalesce(paid.cents, 0), 'due', $7
         FROM batch u
         LEFT JOIN last ON last.user_id = u.id
         LEFT JOIN paid ON paid.user_id = u.id
       ON CONFLICT (user_id, month) DO NOTHING
       RETURNING id`,
      [m.month, m.start, m.end, m.issuedOn, m.dueOn, m.gstPercent, now, ids],
    );
    const billIds = made.rows.map((r) => r.id);
    if (billIds.length === 0) return [];
    // The unbilled charges are attached and each bill's total summed from what was attached, in one
    // statement: the bills are new, so nothing else is on them, and the ledger is not read again
    // (a join of the batch's bills to charges by bill_id scanned the whole ledger per batch).
    await db.query(
      `WITH attached AS (
         UPDATE charges c SET bill_id = b.id, billed_at = $3
           FROM bills b
          WHERE b.id = ANY($1::uuid[]) AND c.user_id = ANY($4::uuid[]) AND c.user_id = b.user_id
            AND c.bill_id IS NULL AND ${TAKEN}
          RETURNING c.bill_id, c.amount_cents, c.waived_at),
       t AS (SELECT x.id, coalesce(sum(a.amount_cents) FILTER (WHERE a.waived_at IS NULL), 0)::int AS total
               FROM unnest($1::uuid[]) AS x(id)
               LEFT JOIN attached a ON a.bill_id = x.id
              GROUP BY x.id)
       UPDATE bills b
          SET total_cents = t.total,
              gst_cents = CASE WHEN t.total > 0 THEN round(t.total * b.gst_percent / (100 + b.gst_percent))::int ELSE 0 END,
              state = CASE WHEN t.total > 0 THEN 'due' ELSE 'paid' END,
              paid_at = CASE WHEN t.total > 0 THEN NULL ELSE $3::timestamptz END
         FROM t
        WHERE b.id = t.id`,
      [billIds, m.cutoff, now, ids],
    );
    // Credits beyond a bill's charges are not lost: what is left goes on to the next bill.
    await db.query(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, source_key, created_at)
       SELECT b.user_id, 'credit', b.total_cents, ${filled(ChargeMessages.creditCarried('{billNumber}'), { billNumber: 'b.number' })},
              'carry:' || b.id, $2
         FROM bills b WHERE b.id = ANY($1::uuid[]) AND b.total_cents < 0
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [billIds, now],
    );
    return billIds;
  },

  /**
   * Fresh statistics for the tables the run reads by the hundred thousand: the month's charges came in
   * since the last run, and the embedded database has no autovacuum to notice. Without them the
   * planner scans the ledger for each batch (a 100,000-account run took 304 s instead of under 60).
   */
  async analyze(db: Queryable, parts: readonly BillRunPart[]) {
    await db.query(`ANALYZE ${['charges', 'bills', ...parts.flatMap((p) => p.analyze ?? [])].join(', ')}`);
  },

  async startRun(db: Queryable, month: string, now: Date) {
    await db.query(
      `INSERT INTO bill_runs (month, started_at) VALUES ($1, $2) ON CONFLICT (month) DO NOTHING`,
      [month, now],
    );
  },

  /** Adds a batch's bills to the month's run, so that its progress can be read while it runs. */
  async countBills(db: Queryable, month: string, made: number) {
    if (made > 0) await db.query(`UPDATE bill_runs SET bills = bills + $2 WHERE month = $1`, [month, made]);
  },

  async finishRun(db: Queryable, month: string, now: Date) {
    await db.query(
      `UPDATE bill_runs SET finished_at = $2,
              bills = (SELECT count(*) FROM bills WHERE month = $1)
        WHERE month = $1`,
      [month, now],
    );
  },

  async runOf(db: Queryable, month: string) {
    const { rows } = await db.query<{ started_at: Date; finished_at: Date | null; bills: number }>(
      `SELECT started_at, finished_at, bills FROM bill_runs WHERE month = $1`,
      [month],
    );
    return rows[0] ?? null;
  },
};
