import { billPeriod, previousMonth } from '@selfcare/domain';
import type pg from 'pg';

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

/**
 * A monthly price for `d.days` days from `d.first` ($5 is the month's days), half a cent up as
 * `prorate` in the domain, and the bill's words for it: the name, and the days when not the whole month
 * ('Lite 10 from 15 March 2025 (17 of 31 days)', a day written as ADR 0036 writes it).
 */
const prorated = (price: string, name: string) =>
  `(${price}::bigint * d.days * 2 + $5) / (2 * $5),
   ${name} || CASE WHEN d.days < $5
                   THEN ' from ' || to_char(d.first, 'FMDD FMMonth YYYY') || ' (' || d.days || ' of ' || $5 || ' days)'
                   ELSE '' END`;

/**
 * The bill run's SQL (ADR 0023). Each statement works on a whole batch of accounts at once; the
 * source keys and the one-bill-per-account-and-month key make every statement safe to run again.
 */
export const billRunRepository = {
  /** Accounts after `after` (by id) that the month's bill is due to and that have none yet. */
  async accountsToBill(
    db: Queryable,
    m: RunMonth,
    after: string | null,
    limit: number,
    only: string[] | null,
  ): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT u.id FROM customer_contacts u
        WHERE ($3::uuid IS NULL OR u.id > $3::uuid)
          AND ($5::uuid[] IS NULL OR u.id = ANY($5::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.user_id = u.id AND b.month = $1)
          AND (EXISTS (SELECT 1 FROM subscriptions s
                        WHERE s.user_id = u.id AND s.activated_at < $2
                          AND (s.state IN ('active', 'suspended')
                               OR (s.state = 'terminated'
                                   AND (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date > $6::date)))
               OR EXISTS (SELECT 1 FROM charges c
                           WHERE c.user_id = u.id AND c.bill_id IS NULL AND c.created_at < $2))
        ORDER BY u.id
        LIMIT $4`,
      [m.month, m.cutoff, after, limit, only, m.start],
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
   * Each active line's plan for the month (ADR 0023). The order paid the line's first month, from
   * the day it was activated (in Singapore) to the day before the same date a month later; the month
   * that paid month ends in is prorated from the day after it: price × days ÷ days in the month, half
   * a cent up, as `prorate` in the domain. A plan change applied in the month (ADR 0024) splits it:
   * the plan in force on the 1st to the day before the change, the new plan from the change's day.
   */
  async chargePlans(db: Queryable, m: RunMonth, ids: string[], now: Date) {
    await db.query(
      `WITH s AS MATERIALIZED (
         -- The batch's live lines first, by the account index: the segments are worked out for these only.
         -- A line that ended in the month (ADR 0027) is charged to the day before it ended.
         SELECT s.id, s.user_id, s.plan_code, s.activated_at,
                CASE WHEN s.state = 'terminated'
                     THEN least($4::date, (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date - 1)
                     ELSE $4::date END AS last
           FROM subscriptions s
          WHERE s.user_id = ANY($7::uuid[])
            AND (s.state IN ('active', 'suspended')
                 OR (s.state = 'terminated' AND (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date > $3::date))
            AND s.activated_at < $2),
       ch AS MATERIALIZED (
         -- The changes applied from the 2nd of the month on (one on the 1st leaves the month on one plan).
         SELECT c.line_id, c.effective_on, c.from_plan, c.to_plan FROM plan_changes c
          WHERE c.line_id IN (SELECT id FROM s) AND c.state = 'applied' AND c.effective_on > $3::date),
       seg AS (
         -- A line without one is on its plan for the whole month: most lines, and no per-line subqueries.
         SELECT s.id, $3::date AS starts, s.plan_code, $4::date AS ends FROM s
          WHERE NOT EXISTS (SELECT 1 FROM ch WHERE ch.line_id = s.id)
         UNION ALL
         -- One with changes: the plan before the first change from the 1st, each new plan from its day,
         -- each to the day before the next (a change after the month only tells the plan it had).
         SELECT x.line_id, x.starts, x.plan_code,
                coalesce(lead(x.starts) OVER (PARTITION BY x.line_id ORDER BY x.starts) - 1, $4::date)
           FROM ((SELECT DISTINCT ON (ch.line_id) ch.line_id, $3::date AS starts, ch.from_plan AS plan_code
                    FROM ch ORDER BY ch.line_id, ch.effective_on)
                 UNION ALL
                 SELECT ch.line_id, ch.effective_on, ch.to_plan FROM ch WHERE ch.effective_on <= $4::date) x)
       INSERT INTO charges (user_id, line_id, kind, period, amount_cents, reason, source_key, created_at)
       SELECT s.user_id, s.id, 'plan', $1,
              ${prorated('p.monthly_cents', 'p.name')},
              'plan:' || s.id || ':' || $1 || CASE WHEN seg.starts > $3::date THEN ':' || seg.starts ELSE '' END, $6
         FROM s
         JOIN seg ON seg.id = s.id
         JOIN plans p ON p.code = seg.plan_code
        CROSS JOIN LATERAL (
              SELECT greatest(seg.starts,
                              ((s.activated_at AT TIME ZONE 'Asia/Singapore')::date + interval '1 month')::date) AS first) f
        CROSS JOIN LATERAL (SELECT f.first, (least(seg.ends, s.last) - f.first + 1) AS days) d
        WHERE d.days > 0
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [m.month, m.cutoff, m.start, m.end, m.daysInMonth, now, ids],
    );
  },

  /**
   * Each monthly product a line had in the month (ADR 0024): from the day it is billed from (the day
   * it was bought, or for an order's add-on the same day a month after the line went live: the order
   * paid its first month) to the day before it ended, prorated as the plan is. A removal takes effect
   * at the end of a month, so the month it was removed in is charged whole.
   */
  async chargeProducts(db: Queryable, m: RunMonth, ids: string[], now: Date) {
    await db.query(
      `INSERT INTO charges (user_id, line_id, kind, period, amount_cents, reason, source_key, created_at)
       SELECT lp.user_id, lp.line_id, 'product', $1,
              ${prorated('lp.price_cents', 'p.name')},
              'product:' || lp.id || ':' || $1, $6
         FROM line_products lp
         JOIN products p ON p.code = lp.product_code
        CROSS JOIN LATERAL (
              SELECT greatest($3::date, lp.billed_from) AS first,
                     least($4::date, ((lp.ends_at - interval '1 microsecond') AT TIME ZONE 'Asia/Singapore')::date) AS last) f
        CROSS JOIN LATERAL (SELECT f.first, (f.last - f.first + 1) AS days) d
        WHERE lp.user_id = ANY($7::uuid[])
          AND lp.recurrence = 'monthly'
          AND lp.state IN ('active', 'ending', 'ended')
          AND lp.starts_at < $2
          AND d.days > 0
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [m.month, m.cutoff, m.start, m.end, m.daysInMonth, now, ids],
    );
  },

  /**
   * A roadshow order's amount (its lines' first month and its fees), which the customer did not pay
   * when ordering: on the first bill after a line of it goes live, once per order.
   */
  async chargeUnpaidOrders(db: Queryable, m: RunMonth, ids: string[], now: Date) {
    await db.query(
      `INSERT INTO charges (user_id, order_id, kind, amount_cents, reason, source_key, created_at)
       SELECT o.user_id, o.id, 'order', o.total_cents,
              'Order ' || o.order_number || ': first month and fees', 'order:' || o.id, $3
         FROM orders o
        WHERE o.user_id = ANY($1::uuid[]) AND o.due_now_cents = 0 AND o.total_cents > 0
          AND EXISTS (SELECT 1 FROM subscriptions s
                       WHERE s.order_id = o.id AND s.state IN ('active', 'suspended') AND s.activated_at < $2)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [ids, m.cutoff, now],
    );
  },

  /**
   * Out-of-bundle use (data beyond the bundle, IDD, roaming) as the MVNE rated it, per line, scope
   * and month: this month's, and last month's records that arrived after its bill (what was charged
   * for that month already is taken off).
   */
  async chargeUsage(db: Queryable, m: RunMonth, ids: string[], now: Date) {
    const from = billPeriod(previousMonth(m.month)).start;
    await db.query(
      `INSERT INTO charges (user_id, line_id, kind, period, amount_cents, reason, source_key, created_at)
       SELECT s.user_id, u.line_id, u.kind, u.period, u.total - coalesce(prior.charged, 0),
              CASE u.kind WHEN 'usage-idd' THEN 'IDD calls and SMS'
                          WHEN 'usage-roaming' THEN 'Roaming'
                          ELSE 'Use beyond the bundle' END
              || CASE WHEN u.period <> $1 THEN ' (' || to_char(to_date(u.period, 'YYYY-MM'), 'FMMonth YYYY') || ', recorded late)' ELSE '' END,
              u.kind || ':' || u.line_id || ':' || u.period || ':' || $1, $5
         FROM (SELECT d.line_id, to_char(d.day, 'YYYY-MM') AS period, 'usage-' || d.scope AS kind,
                      sum(d.charge_cents)::bigint AS total
                 FROM usage_daily d
                WHERE d.line_id IN (SELECT id FROM subscriptions WHERE user_id = ANY($4::uuid[]))
                  AND d.day BETWEEN $2::date AND $3::date
                  AND d.charge_cents > 0
                GROUP BY 1, 2, 3) u
         JOIN subscriptions s ON s.id = u.line_id
         LEFT JOIN LATERAL (SELECT sum(c.amount_cents) AS charged FROM charges c
                             WHERE c.line_id = u.line_id AND c.period = u.period AND c.kind = u.kind) prior ON true
        WHERE u.total - coalesce(prior.charged, 0) > 0
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [m.month, from, m.end, ids, now],
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
       SELECT b.user_id, 'credit', b.total_cents, 'Credit carried from bill ' || b.number, 'carry:' || b.id, $2
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
  async analyze(db: Queryable) {
    await db.query('ANALYZE charges, bills, subscriptions, usage_daily, line_products, plan_changes');
  },

  async startRun(db: Queryable, month: string, now: Date) {
    await db.query(
      `INSERT INTO bill_runs (month, started_at) VALUES ($1, $2) ON CONFLICT (month) DO NOTHING`,
      [month, now],
    );
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
