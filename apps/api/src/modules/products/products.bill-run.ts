import { type BillRunPart, prorated } from '../billing/index.ts';

/**
 * Each active line's plan for the month (ADR 0023), a part of the monthly bill run that products
 * own because plan changes are theirs (ADR 0045). The order paid the line's first month, from the
 * day it was activated (in Singapore) to the day before the same date a month later; the month that
 * paid month ends in is prorated from the day after it: price × days ÷ days in the month, half a cent
 * up, as `prorate` in the domain. A plan change applied in the month (ADR 0024) splits it: the plan
 * in force on the 1st to the day before the change, the new plan from the change's day.
 */
export const planCharges: BillRunPart = {
  name: 'plans',
  analyze: ['plan_changes'],
  charges: (v) =>
    `WITH s AS MATERIALIZED (
       -- The batch's live lines first, by the account index: the segments are worked out for these only.
       -- A line that ended in the month (ADR 0027) is charged to the day before it ended.
       SELECT s.id, s.user_id, s.plan_code, s.activated_at,
              CASE WHEN s.state = 'terminated'
                   THEN least(${v.end}::date, (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date - 1)
                   ELSE ${v.end}::date END AS last
         FROM line_terms s
        WHERE s.user_id = ANY(${v.accounts}::uuid[])
          AND (s.state IN ('active', 'suspended')
               OR (s.state = 'terminated' AND (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date > ${v.start}::date))
          AND s.activated_at < ${v.cutoff}),
     ch AS MATERIALIZED (
       -- The changes applied from the 2nd of the month on (one on the 1st leaves the month on one plan).
       SELECT c.line_id, c.effective_on, c.from_plan, c.to_plan FROM plan_changes c
        WHERE c.line_id IN (SELECT id FROM s) AND c.state = 'applied' AND c.effective_on > ${v.start}::date),
     seg AS (
       -- A line without one is on its plan for the whole month: most lines, and no per-line subqueries.
       SELECT s.id, ${v.start}::date AS starts, s.plan_code, ${v.end}::date AS ends FROM s
        WHERE NOT EXISTS (SELECT 1 FROM ch WHERE ch.line_id = s.id)
       UNION ALL
       -- One with changes: the plan before the first change from the 1st, each new plan from its day,
       -- each to the day before the next (a change after the month only tells the plan it had).
       SELECT x.line_id, x.starts, x.plan_code,
              coalesce(lead(x.starts) OVER (PARTITION BY x.line_id ORDER BY x.starts) - 1, ${v.end}::date)
         FROM ((SELECT DISTINCT ON (ch.line_id) ch.line_id, ${v.start}::date AS starts, ch.from_plan AS plan_code
                  FROM ch ORDER BY ch.line_id, ch.effective_on)
               UNION ALL
               SELECT ch.line_id, ch.effective_on, ch.to_plan FROM ch WHERE ch.effective_on <= ${v.end}::date) x)
     SELECT s.user_id, s.id, NULL, 'plan', ${v.month},
            ${prorated(v, 'p.monthly_cents', 'p.name')},
            'plan:' || s.id || ':' || ${v.month} || CASE WHEN seg.starts > ${v.start}::date THEN ':' || seg.starts ELSE '' END,
            ${v.now}
       FROM s
       JOIN seg ON seg.id = s.id
       JOIN plan_terms p ON p.code = seg.plan_code
      CROSS JOIN LATERAL (
            SELECT greatest(seg.starts,
                            ((s.activated_at AT TIME ZONE 'Asia/Singapore')::date + interval '1 month')::date) AS first) f
      CROSS JOIN LATERAL (SELECT f.first, (least(seg.ends, s.last) - f.first + 1) AS days) d
      WHERE d.days > 0`,
};

/**
 * Each monthly product a line had in the month (ADR 0024), products' part of the bill run: from the
 * day it is billed from (the day it was bought, or for an order's add-on the same day a month after
 * the line went live: the order paid its first month) to the day before it ended, prorated as the
 * plan is. A removal takes effect at the end of a month, so the month it was removed in is charged
 * whole.
 */
export const monthlyProductCharges: BillRunPart = {
  name: 'monthly products',
  analyze: ['line_products'],
  charges: (v) =>
    `SELECT lp.user_id, lp.line_id, NULL, 'product', ${v.month},
            ${prorated(v, 'lp.price_cents', 'p.name')},
            'product:' || lp.id || ':' || ${v.month}, ${v.now}
       FROM line_products lp
       JOIN product_names p ON p.code = lp.product_code
      CROSS JOIN LATERAL (
            SELECT greatest(${v.start}::date, lp.billed_from) AS first,
                   least(${v.end}::date, ((lp.ends_at - interval '1 microsecond') AT TIME ZONE 'Asia/Singapore')::date) AS last) f
      CROSS JOIN LATERAL (SELECT f.first, (f.last - f.first + 1) AS days) d
      WHERE lp.user_id = ANY(${v.accounts}::uuid[])
        AND lp.recurrence = 'monthly'
        AND lp.state IN ('active', 'ending', 'ended')
        AND lp.starts_at < ${v.cutoff}
        AND d.days > 0`,
};
