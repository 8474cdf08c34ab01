-- A bill's summary adds up (previous balance − payments received + this month's charges = total due):
-- its previous balance is what the account's bill before it said was due, less a credit that bill
-- ended with (carried to the next bill as a charge). Bills made before stored what earlier bills still
-- owed after the payments since, so a bill paid in time showed $0.00 beside its own payment and an
-- unpaid one was left out of the total due. Each account's bills are worked out in month order.
-- The payments received between two bills are summed again the way the bill run sums them, with the
-- demo data's past bills, which were marked paid without a payment, counted as paid when they say.
WITH RECURSIVE ordered AS (
  SELECT id, user_id, created_at, total_cents,
         lag(created_at) OVER (PARTITION BY user_id ORDER BY month) AS since,
         row_number() OVER (PARTITION BY user_id ORDER BY month) AS n
    FROM bills),
received AS (
  SELECT o.id, o.user_id, o.n, o.total_cents,
         coalesce((SELECT sum(p.amount_cents) FROM bill_payments p
                    WHERE p.user_id = o.user_id AND p.state = 'succeeded'
                      AND p.settled_at >= coalesce(o.since, '-infinity') AND p.settled_at < o.created_at), 0)
         + coalesce((SELECT sum(e.paid_cents) FROM bills e
                      WHERE e.user_id = o.user_id AND e.paid_cents > 0
                        AND e.paid_at >= coalesce(o.since, '-infinity') AND e.paid_at < o.created_at
                        AND NOT EXISTS (SELECT 1 FROM bill_payments p WHERE p.bill_id = e.id)), 0) AS payments
    FROM ordered o),
chain AS (
  SELECT id, user_id, n, 0::bigint AS previous, payments, total_cents FROM received WHERE n = 1
  UNION ALL
  SELECT r.id, r.user_id, r.n, c.previous - c.payments + greatest(c.total_cents, 0), r.payments, r.total_cents
    FROM chain c JOIN received r ON r.user_id = c.user_id AND r.n = c.n + 1)
UPDATE bills b SET previous_balance_cents = chain.previous, payments_cents = chain.payments
  FROM chain
 WHERE b.id = chain.id
   AND (b.previous_balance_cents <> chain.previous OR b.payments_cents <> chain.payments);
