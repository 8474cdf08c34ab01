import type { ReplacementState } from '@selfcare/domain/line-services';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface ReplacementRow {
  id: string;
  line_id: string;
  user_id: string;
  type_sim: number;
  msisdn: string;
  lost_iccid: string | null;
  state: ReplacementState;
  fee_cents: number;
  delivery_address: Record<string, string | null> | null;
  reported_at: Date;
  blocked_at: Date | null;
  new_iccid: string | null;
  new_imsi: string | null;
  esim_profile_id: string | null;
  delivery_method: number | null;
  delivery_date: string | null;
  tracking_code: string | null;
  sent_at: Date | null;
  sent_by: string | null;
  delivered_at: Date | null;
  activation_requested_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  failure: string | null;
}

export interface LostSimLineRow {
  id: string;
  msisdn: string;
  is_main_line: boolean;
  state: 'active' | 'suspended';
  type_sim: number;
  iccid: string | null;
  /** The address its order was sent (or billed) to, as the order stored it. */
  order_address: Record<string, string | null> | null;
  number_change_pending: boolean;
  termination_on: string | null;
  replacement: ReplacementRow | null;
  /** The replacement's new eSIM profile's activation code, once the MVNE released it. */
  esim_activation_code: string | null;
}

const OPEN = `('reported', 'sent', 'delivered', 'activating')`;

/**
 * The account's live lines, each with what decides whether its SIM may be reported lost (a number
 * change with the network, a termination scheduled), where a new SIM would go (its order's address),
 * and its replacement under way or, if none is, its latest. One statement: the lines of an account are few, but never N+1.
 */
const LINES = `
  SELECT s.id, s.msisdn, s.is_main_line, s.state, s.type_sim, s.iccid,
         coalesce(o.delivery_address, o.billing_address) AS order_address,
         EXISTS (SELECT 1 FROM number_changes n WHERE n.line_id = s.id AND n.state = 'pending')
           AS number_change_pending,
         (SELECT t.effective_on::text FROM line_terminations t
           WHERE t.line_id = s.id AND t.state = 'scheduled' LIMIT 1) AS termination_on,
         to_jsonb(r) AS replacement,
         p.activation_code AS esim_activation_code
    FROM subscriptions s
    JOIN order_addresses o ON o.id = s.order_id
    LEFT JOIN LATERAL (SELECT * FROM sim_replacements x WHERE x.line_id = s.id
                        ORDER BY (x.state IN ${OPEN}) DESC, x.reported_at DESC
                        LIMIT 1) r ON true
    LEFT JOIN esim_profiles p ON p.id = r.esim_profile_id
   WHERE s.state IN ('active', 'suspended')`;

const TIMES = [
  'reported_at',
  'blocked_at',
  'sent_at',
  'delivered_at',
  'activation_requested_at',
  'completed_at',
  'cancelled_at',
] as const;

/** `to_jsonb` gives timestamps as text: the row as the database has it. */
function replacementOf(r: Record<string, unknown> | null): ReplacementRow | null {
  if (!r) return null;
  const row = { ...r } as Record<string, unknown>;
  for (const k of TIMES) row[k] = r[k] ? new Date(r[k] as string) : null;
  return row as unknown as ReplacementRow;
}
const lineOf = (row: LostSimLineRow): LostSimLineRow => ({
  ...row,
  replacement: replacementOf(row.replacement as unknown as Record<string, unknown> | null),
});

/** Lost SIMs and their replacements (ADR 0029), as the customer and the MVNE jobs see them. */
export const lostSimsRepository = {
  async lines(db: Queryable, userId: string): Promise<LostSimLineRow[]> {
    const { rows } = await db.query<LostSimLineRow>(
      `${LINES} AND s.user_id = $1 ORDER BY s.is_main_line DESC, s.created_at, s.id`,
      [userId],
    );
    return rows.map(lineOf);
  },

  /** The customer's live line, locked for reporting its SIM lost; another customer's is not found. */
  async lockLine(db: Queryable, lineId: string, userId: string): Promise<LostSimLineRow | null> {
    const { rows } = await db.query<LostSimLineRow>(
      `${LINES} AND s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`,
      [lineId, userId],
    );
    return rows[0] ? lineOf(rows[0]) : null;
  },

  async insert(
    db: Queryable,
    r: Pick<ReplacementRow, 'line_id' | 'user_id' | 'type_sim' | 'msisdn' | 'lost_iccid' | 'state'> & {
      fee_cents: number;
      delivery_address: Record<string, string | null> | null;
      esim_profile_id: string | null;
      reported_at: Date;
    },
  ): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO sim_replacements
         (line_id, user_id, type_sim, msisdn, lost_iccid, state, fee_cents, delivery_address,
          esim_profile_id, reported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        r.line_id,
        r.user_id,
        r.type_sim,
        r.msisdn,
        r.lost_iccid,
        r.state,
        r.fee_cents,
        r.delivery_address === null ? null : JSON.stringify(r.delivery_address),
        r.esim_profile_id,
        r.reported_at,
      ],
    );
    return rows[0]?.id as string;
  },

  async get(db: Queryable, id: string): Promise<ReplacementRow | null> {
    const { rows } = await db.query<ReplacementRow>(`SELECT * FROM sim_replacements WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  async lock(db: Queryable, id: string): Promise<ReplacementRow | null> {
    const { rows } = await db.query<ReplacementRow>(
      `SELECT * FROM sim_replacements WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  },

  /** The line's service at the MVNE and the SIM it is on now. */
  async serviceOf(db: Queryable, lineId: string) {
    const { rows } = await db.query<{ mvne_service_id: string | null; state: string; iccid: string | null }>(
      `SELECT mvne_service_id, state, iccid FROM subscriptions WHERE id = $1`,
      [lineId],
    );
    return rows[0] ?? null;
  },

  /** The MVNE has blocked the lost SIM. */
  async markBlocked(db: Queryable, id: string, now: Date) {
    await db.query(`UPDATE sim_replacements SET blocked_at = $2 WHERE id = $1 AND blocked_at IS NULL`, [
      id,
      now,
    ]);
  },

  /**
   * The line works on its new SIM: the replacement completes, once (false when it was not
   * activating), and a physical line takes the new SIM's ICCID and IMSI (an eSIM line took its new
   * profile's when the profile was released).
   */
  async complete(db: Queryable, r: ReplacementRow, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE sim_replacements SET state = 'completed', completed_at = $2, failure = NULL
        WHERE id = $1 AND state = 'activating'`,
      [r.id, now],
    );
    if (!rowCount) return false;
    if (r.new_iccid)
      await db.query(`UPDATE subscriptions SET iccid = $2, imsi = $3, updated_at = $4 WHERE id = $1`, [
        r.line_id,
        r.new_iccid,
        r.new_imsi,
        now,
      ]);
    return true;
  },

  /**
   * Replacements the network has not caught up with `before`: a lost SIM not yet blocked, and a new
   * SIM or profile not yet in service.
   */
  async stale(db: Queryable, before: Date) {
    const { rows } = await db.query<{ id: string; type_sim: number; state: ReplacementState }>(
      `SELECT id, type_sim, state FROM sim_replacements
        WHERE (state IN ${OPEN} AND blocked_at IS NULL AND reported_at < $1)
           OR (state = 'activating' AND coalesce(activation_requested_at, reported_at) < $1)`,
      [before],
    );
    return rows;
  },

  /**
   * A line that ends has its replacement under way cancelled. Returns the new SIM sent for it, if
   * any: not yet in service, it is retired from stock by fulfilment, which keeps the stock.
   */
  async cancelForLine(db: Queryable, lineId: string, now: Date): Promise<string | null> {
    const { rows } = await db.query<{ new_iccid: string | null }>(
      `UPDATE sim_replacements SET state = 'cancelled', cancelled_at = $2
        WHERE line_id = $1 AND state IN ${OPEN} RETURNING new_iccid`,
      [lineId, now],
    );
    return rows[0]?.new_iccid ?? null;
  },
};
