import type { SuspensionReason } from '@selfcare/domain/line-services';
import type { LineBarringInput } from '@selfcare/domain/schemas/line-services';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface LineServicesRow {
  id: string;
  msisdn: string;
  is_main_line: boolean;
  state: 'active' | 'suspended';
  reason: SuspensionReason | null;
  suspended_at: Date | null;
  network_at: Date | null;
  resumed_at: Date | null;
  resumed_network_at: Date | null;
  incoming_international: boolean | null;
  outgoing_international: boolean | null;
  barring_updated_at: Date | null;
  barring_sent_at: Date | null;
}

/** The account's live lines with their open suspension, the last one resumed, and their barring. */
const LINES = `
  SELECT s.id, s.msisdn, s.is_main_line, s.state,
         open.reason, open.suspended_at, open.network_at,
         last.resumed_at, last.resumed_network_at,
         b.incoming_international, b.outgoing_international,
         b.updated_at AS barring_updated_at, b.sent_at AS barring_sent_at
    FROM subscriptions s
    LEFT JOIN line_suspensions open ON open.line_id = s.id AND open.resumed_at IS NULL
    LEFT JOIN LATERAL (SELECT x.resumed_at, x.resumed_network_at FROM line_suspensions x
                        WHERE x.line_id = s.id AND x.resumed_at IS NOT NULL
                        ORDER BY x.resumed_at DESC LIMIT 1) last ON true
    LEFT JOIN line_barring b ON b.line_id = s.id
   WHERE s.state IN ('active', 'suspended')`;

export const lineServicesRepository = {
  /** Whose lines these are, for the staff console. */
  async customer(db: Queryable, userId: string) {
    const { rows } = await db.query<{
      id: string;
      first_name: string;
      last_name: string;
      email: string | null;
    }>('SELECT id, first_name, last_name, email FROM customer_contacts WHERE id = $1', [userId]);
    return rows[0];
  },

  async lines(db: Queryable, userId: string): Promise<LineServicesRow[]> {
    const { rows } = await db.query<LineServicesRow>(
      `${LINES} AND s.user_id = $1 ORDER BY s.is_main_line DESC, s.created_at, s.id`,
      [userId],
    );
    return rows;
  },

  async line(db: Queryable, lineId: string): Promise<LineServicesRow | null> {
    const { rows } = await db.query<LineServicesRow>(`${LINES} AND s.id = $1`, [lineId]);
    return rows[0] ?? null;
  },

  /** The line, locked for a change of state; `userId` null for staff, who may act on any line. */
  async lock(db: Queryable, lineId: string, userId: string | null) {
    const { rows } = await db.query<{ id: string; user_id: string; msisdn: string; state: string }>(
      `SELECT id, user_id, msisdn, state FROM subscriptions
        WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2) FOR UPDATE`,
      [lineId, userId],
    );
    return rows[0] ?? null;
  },

  async suspend(db: Queryable, line: { id: string; user_id: string }, reason: SuspensionReason, now: Date) {
    await db.query(`UPDATE subscriptions SET state = 'suspended', updated_at = $2 WHERE id = $1`, [
      line.id,
      now,
    ]);
    await db.query(
      `INSERT INTO line_suspensions (line_id, user_id, reason, suspended_at) VALUES ($1, $2, $3, $4)`,
      [line.id, line.user_id, reason, now],
    );
  },

  async resume(db: Queryable, lineId: string, staffId: string, now: Date) {
    await db.query(`UPDATE subscriptions SET state = 'active', updated_at = $2 WHERE id = $1`, [lineId, now]);
    await db.query(
      `UPDATE line_suspensions SET resumed_at = $2, resumed_by = $3 WHERE line_id = $1 AND resumed_at IS NULL`,
      [lineId, now, staffId],
    );
  },

  async saveBarring(db: Queryable, lineId: string, input: LineBarringInput, now: Date) {
    await db.query(
      `INSERT INTO line_barring (line_id, incoming_international, outgoing_international, updated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (line_id) DO UPDATE
          SET incoming_international = EXCLUDED.incoming_international,
              outgoing_international = EXCLUDED.outgoing_international,
              updated_at = EXCLUDED.updated_at`,
      [lineId, input.incomingInternational, input.outgoingInternational, now],
    );
  },

  /** What the MVNE is to hold for the line now, read when its job runs. */
  async forMvne(db: Queryable, lineId: string) {
    const { rows } = await db.query<{
      mvne_service_id: string | null;
      state: string;
      incoming_international: boolean | null;
      outgoing_international: boolean | null;
    }>(
      `SELECT s.mvne_service_id, s.state, b.incoming_international, b.outgoing_international
         FROM subscriptions s LEFT JOIN line_barring b ON b.line_id = s.id WHERE s.id = $1`,
      [lineId],
    );
    return rows[0] ?? null;
  },

  /**
   * Lines with a change the MVNE has not taken since before `before`: a suspension or its end, a
   * barring, or the line's end. Each part reads a partial index of what is still unsent.
   */
  async stale(db: Queryable, before: Date, limit: number): Promise<string[]> {
    const { rows } = await db.query<{ line_id: string }>(
      `SELECT su.line_id FROM line_suspensions su JOIN subscriptions s ON s.id = su.line_id
        WHERE su.resumed_at IS NULL AND su.network_at IS NULL AND su.suspended_at < $1 AND s.state = 'suspended'
       UNION
       SELECT su.line_id FROM line_suspensions su JOIN subscriptions s ON s.id = su.line_id
        WHERE su.resumed_at IS NOT NULL AND su.resumed_network_at IS NULL AND su.resumed_at < $1
          AND s.state = 'active'
       UNION
       SELECT b.line_id FROM line_barring b JOIN subscriptions s ON s.id = b.line_id
        WHERE (b.sent_at IS NULL OR b.sent_at < b.updated_at) AND b.updated_at < $1
          AND s.state IN ('active', 'suspended')
       UNION
       SELECT t.line_id FROM line_terminations t
        WHERE t.state = 'done' AND t.network_at IS NULL AND t.done_at < $1
       LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.line_id);
  },

  /** Records that the MVNE holds what was read at `readAt`: later changes stay pending. */
  async markSent(db: Queryable, lineId: string, state: string, readAt: Date, now: Date) {
    if (state === 'suspended')
      await db.query(
        `UPDATE line_suspensions SET network_at = $3
          WHERE line_id = $1 AND resumed_at IS NULL AND network_at IS NULL AND suspended_at <= $2`,
        [lineId, readAt, now],
      );
    else
      await db.query(
        `UPDATE line_suspensions SET resumed_network_at = $3
          WHERE line_id = $1 AND resumed_at <= $2 AND resumed_network_at IS NULL`,
        [lineId, readAt, now],
      );
    await db.query(`UPDATE line_barring SET sent_at = $3 WHERE line_id = $1 AND updated_at <= $2`, [
      lineId,
      readAt,
      now,
    ]);
  },
};
