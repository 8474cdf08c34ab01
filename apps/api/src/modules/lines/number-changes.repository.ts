import type { NumberChangeState } from '@selfcare/domain/line-services';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface NumberChangeRow {
  id: string;
  line_id: string;
  user_id: string;
  from_msisdn: string;
  to_msisdn: string;
  mvne_reservation_id: string | null;
  held_until: Date;
  state: NumberChangeState;
  fee_cents: number;
  failure: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  completed_at: Date | null;
}

export interface NumberChangeLineRow {
  id: string;
  msisdn: string;
  is_main_line: boolean;
  state: 'active' | 'suspended';
  temporary_msisdn: string | null;
  port_id: string | null;
  port_status: string | null;
  port_msisdn: string | null;
  port_donor_network: number | null;
  port_donor_id_number: string | null;
  /** A lost SIM's replacement is under way on the line (ADR 0029). */
  replacing: boolean;
  change: NumberChangeRow | null;
}

/**
 * The account's live lines, each with its port-in (if it had one) and its open number change or, if
 * none is open, its latest one. One statement: the lines of an account are few, but never N+1.
 */
const LINES = `
  SELECT s.id, s.msisdn, s.is_main_line, s.state, s.temporary_msisdn,
         p.id AS port_id, p.status AS port_status, p.msisdn AS port_msisdn,
         p.donor_network AS port_donor_network, p.donor_id_number AS port_donor_id_number,
         EXISTS (SELECT 1 FROM sim_replacements r WHERE r.line_id = s.id
                  AND r.state IN ('reported', 'sent', 'delivered', 'activating')) AS replacing,
         to_jsonb(c) AS change
    FROM subscriptions s
    LEFT JOIN port_requests p ON p.order_line_id = s.order_line_id
    LEFT JOIN LATERAL (SELECT * FROM number_changes x WHERE x.line_id = s.id
                        ORDER BY (x.state IN ('held', 'pending')) DESC, x.created_at DESC
                        LIMIT 1) c ON true
   WHERE s.state IN ('active', 'suspended')`;

/** `to_jsonb` gives timestamps as text: the row as the database has it. */
const changeOf = (c: Record<string, unknown> | null): NumberChangeRow | null =>
  c
    ? ({
        ...c,
        held_until: new Date(c.held_until as string),
        created_at: new Date(c.created_at as string),
        confirmed_at: c.confirmed_at ? new Date(c.confirmed_at as string) : null,
        completed_at: c.completed_at ? new Date(c.completed_at as string) : null,
      } as NumberChangeRow)
    : null;

/** Number changes (ADR 0028): held while the customer chooses, pending until the MVNE has done it. */
export const numberChangesRepository = {
  async lines(db: Queryable, userId: string): Promise<NumberChangeLineRow[]> {
    const { rows } = await db.query<NumberChangeLineRow>(
      `${LINES} AND s.user_id = $1 ORDER BY s.is_main_line DESC, s.created_at, s.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, change: changeOf(r.change as unknown as Record<string, unknown>) }));
  },

  /** The customer's live line, locked for a change of its number; another customer's is not found. */
  async lockLine(db: Queryable, lineId: string, userId: string) {
    const { rows } = await db.query<NumberChangeLineRow>(
      `${LINES} AND s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`,
      [lineId, userId],
    );
    const row = rows[0];
    return row ? { ...row, change: changeOf(row.change as unknown as Record<string, unknown>) } : null;
  },

  /** Holds `to` for the line: the held change is replaced, or one is made. Answers the hold it replaced. */
  async hold(
    db: Queryable,
    line: { id: string; userId: string; msisdn: string },
    to: { msisdn: string; reservationId: string; until: Date; feeCents: number },
    now: Date,
  ): Promise<{ replacedReservation: string | null }> {
    const { rows } = await db.query<{ old: string | null }>(
      `UPDATE number_changes n
          SET to_msisdn = $2, mvne_reservation_id = $3, held_until = $4, fee_cents = $5,
              from_msisdn = $6, created_at = $7
         FROM (SELECT id, mvne_reservation_id AS old FROM number_changes
                WHERE line_id = $1 AND state = 'held' FOR UPDATE) prev
        WHERE n.id = prev.id
        RETURNING prev.old`,
      [line.id, to.msisdn, to.reservationId, to.until, to.feeCents, line.msisdn, now],
    );
    if (rows[0]) return { replacedReservation: rows[0].old };
    await db.query(
      `INSERT INTO number_changes
         (line_id, user_id, from_msisdn, to_msisdn, mvne_reservation_id, held_until, state, fee_cents, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'held', $7, $8)`,
      [line.id, line.userId, line.msisdn, to.msisdn, to.reservationId, to.until, to.feeCents, now],
    );
    return { replacedReservation: null };
  },

  /** Gives up the line's held number; answers its reservation, or null when nothing was held. */
  async dropHold(db: Queryable, lineId: string): Promise<string | null | undefined> {
    const { rows } = await db.query<{ mvne_reservation_id: string | null }>(
      `DELETE FROM number_changes WHERE line_id = $1 AND state = 'held' RETURNING mvne_reservation_id`,
      [lineId],
    );
    return rows[0] ? rows[0].mvne_reservation_id : undefined;
  },

  /** The line's held or pending change, locked. */
  async openChange(db: Queryable, lineId: string): Promise<NumberChangeRow | null> {
    const { rows } = await db.query<NumberChangeRow>(
      `SELECT * FROM number_changes WHERE line_id = $1 AND state IN ('held', 'pending') FOR UPDATE`,
      [lineId],
    );
    return rows[0] ?? null;
  },

  async confirm(db: Queryable, id: string, feeCents: number, now: Date) {
    await db.query(
      `UPDATE number_changes SET state = 'pending', fee_cents = $2, confirmed_at = $3 WHERE id = $1`,
      [id, feeCents, now],
    );
  },

  async change(db: Queryable, id: string): Promise<NumberChangeRow | null> {
    const { rows } = await db.query<NumberChangeRow>(`SELECT * FROM number_changes WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  async lockChange(db: Queryable, id: string): Promise<NumberChangeRow | null> {
    const { rows } = await db.query<NumberChangeRow>(
      `SELECT * FROM number_changes WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  },

  async serviceOf(db: Queryable, lineId: string) {
    const { rows } = await db.query<{ mvne_service_id: string | null; state: string }>(
      `SELECT mvne_service_id, state FROM subscriptions WHERE id = $1`,
      [lineId],
    );
    return rows[0] ?? null;
  },

  /**
   * The line takes its new number; a temporary number lent while a port was waiting goes with the
   * old. Answers the number the line had here (its login's, for a port-in line the one that never came).
   */
  async complete(db: Queryable, change: NumberChangeRow, now: Date): Promise<string | null> {
    const { rows } = await db.query<{ msisdn: string }>(
      `WITH old AS (SELECT id, msisdn FROM subscriptions WHERE id = $1 FOR UPDATE)
       UPDATE subscriptions s SET msisdn = $2, temporary_msisdn = NULL, updated_at = $3
         FROM old WHERE s.id = old.id RETURNING old.msisdn`,
      [change.line_id, change.to_msisdn, now],
    );
    await db.query(`UPDATE number_changes SET state = 'completed', completed_at = $2 WHERE id = $1`, [
      change.id,
      now,
    ]);
    return rows[0]?.msisdn ?? null;
  },

  /** Changes confirmed before `before` and still pending: the network had not answered. */
  async stalePending(db: Queryable, before: Date): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM number_changes WHERE state = 'pending' AND confirmed_at < $1`,
      [before],
    );
    return rows.map((r) => r.id);
  },

  async fail(db: Queryable, id: string, failure: string, now: Date) {
    await db.query(
      `UPDATE number_changes SET state = 'failed', failure = $2, completed_at = $3 WHERE id = $1`,
      [id, failure, now],
    );
  },
};
