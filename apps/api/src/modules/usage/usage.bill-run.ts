import { ChargeMessages } from '@selfcare/domain';
import { type BillRunPart, filled, literal } from '../billing/index.ts';

/**
 * Out-of-bundle use (data beyond the bundle, IDD, roaming) as the MVNE rated it, per line, scope and
 * month: usage's part of the monthly bill run (ADR 0045). This month's, and last month's records
 * that arrived after its bill; what was charged for that month already (billing's `line_charges`)
 * is taken off.
 */
export const usageCharges: BillRunPart = {
  name: 'use',
  analyze: ['usage_daily'],
  charges: (v) =>
    `SELECT s.user_id, u.line_id, NULL, u.kind, u.period, u.total - coalesce(prior.charged, 0),
            CASE WHEN u.period <> ${v.month}
                 THEN ${filled(ChargeMessages.recordedLate('{what}', '{month}'), {
                   what: 'w.what',
                   month: `to_char(to_date(u.period, 'YYYY-MM'), 'FMMonth YYYY')`,
                 })}
                 ELSE w.what END,
            CASE WHEN u.period <> ${v.month}
                 THEN jsonb_build_object('kind', 'late', 'what', w.what, 'month', u.period) END,
            u.kind || ':' || u.line_id || ':' || u.period || ':' || ${v.month}, ${v.now}
       FROM (SELECT d.line_id, to_char(d.day, 'YYYY-MM') AS period, 'usage-' || d.scope AS kind,
                    sum(d.charge_cents)::bigint AS total
               FROM usage_daily d
              WHERE d.line_id IN (SELECT id FROM line_terms WHERE user_id = ANY(${v.accounts}::uuid[]))
                AND d.day BETWEEN ${v.previousStart}::date AND ${v.end}::date
                AND d.charge_cents > 0
              GROUP BY 1, 2, 3) u
       JOIN line_terms s ON s.id = u.line_id
      CROSS JOIN LATERAL (
            SELECT CASE u.kind WHEN 'usage-idd' THEN ${literal(ChargeMessages.usage.idd)}
                               WHEN 'usage-roaming' THEN ${literal(ChargeMessages.usage.roaming)}
                               ELSE ${literal(ChargeMessages.usage.beyondBundle)} END AS what) w
       LEFT JOIN LATERAL (SELECT sum(c.amount_cents) AS charged FROM line_charges c
                           WHERE c.line_id = u.line_id AND c.period = u.period AND c.kind = u.kind) prior ON true
      WHERE u.total - coalesce(prior.charged, 0) > 0`,
};
