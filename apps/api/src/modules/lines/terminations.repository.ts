import type pg from 'pg';
import { lostSimsRepository } from './lost-sims.repository.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface TerminationLineRow {
  id: string;
  msisdn: string;
  is_main_line: boolean;
  termination_id: string | null;
  effective_on: string | null;
  whole_account: boolean | null;
}

export const terminationsRepository = {
  /** The account's live lines with the end scheduled for each. */
  async lines(db: Queryable, userId: string): Promise<TerminationLineRow[]> {
    const { rows } = await db.query<TerminationLineRow>(
      `SELECT s.id, s.msisdn, s.is_main_line, t.id AS termination_id, t.effective_on::text AS effective_on,
              t.whole_account
         FROM subscriptions s
         LEFT JOIN line_terminations t ON t.line_id = s.id AND t.state = 'scheduled'
        WHERE s.user_id = $1 AND s.state IN ('active', 'suspended')
        ORDER BY s.is_main_line DESC, s.created_at, s.id`,
      [userId],
    );
    return rows;
  },

  /** Whether the line is the account's and was ended here. */
  async ended(db: Queryable, userId: string, lineId: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `SELECT 1 FROM line_terminations WHERE user_id = $1 AND line_id = $2 AND state = 'done'`,
      [userId, lineId],
    );
    return Boolean(rowCount);
  },

  /** The account's lines ended here whose end the MVNE has not taken yet. */
  async awaitingNetwork(db: Queryable, userId: string) {
    const { rows } = await db.query<{ id: string; msisdn: string; is_main_line: boolean; done_at: Date }>(
      `SELECT s.id, s.msisdn, s.is_main_line, t.done_at FROM line_terminations t JOIN subscriptions s ON s.id = t.line_id
        WHERE t.user_id = $1 AND t.state = 'done' AND t.network_at IS NULL
        ORDER BY t.done_at, s.id`,
      [userId],
    );
    return rows;
  },

  async schedule(
    db: Queryable,
    userId: string,
    lineIds: string[],
    day: string,
    wholeAccount: boolean,
    now: Date,
  ) {
    await db.query(
      `INSERT INTO line_terminations (line_id, user_id, effective_on, whole_account, state, requested_at)
       SELECT unnest($2::uuid[]), $1, $3, $4, 'scheduled', $5`,
      [userId, lineIds, day, wholeAccount, now],
    );
  },

  /** Cancels a scheduled termination of the account's, and its whole account's siblings with it. */
  async cancel(db: Queryable, userId: string, id: string): Promise<number> {
    const { rowCount } = await db.query(
      `UPDATE line_terminations t SET state = 'cancelled'
        WHERE t.user_id = $1 AND t.state = 'scheduled'
          AND (t.id = $2 OR (t.whole_account AND EXISTS (
                SELECT 1 FROM line_terminations x WHERE x.id = $2 AND x.user_id = $1 AND x.whole_account
                                                    AND x.state = 'scheduled')))`,
      [userId, id],
    );
    return rowCount ?? 0;
  },

  /** Terminations whose day has come (Singapore), sub lines first. */
  async due(db: Queryable, today: string, limit: number) {
    const { rows } = await db.query<{ id: string; line_id: string; line_user_id: string | null }>(
      `SELECT t.id, t.line_id, s.line_user_id
         FROM line_terminations t JOIN subscriptions s ON s.id = t.line_id
        WHERE t.state = 'scheduled' AND t.effective_on <= $1::date
        ORDER BY s.is_main_line, t.effective_on, t.id
        LIMIT $2`,
      [today, limit],
    );
    return rows;
  },

  /**
   * Ends the line now, if its termination is still scheduled: the line, its open suspension and a
   * lost SIM's replacement under way (ADR 0029). Null when it was not scheduled any more; else the
   * cancelled replacement's new SIM, if one was sent. What other modules keep for the line (its
   * products, a scheduled plan change, the SIM in stock) they end themselves, told in the same
   * transaction (`Terminations.onEnded`).
   */
  async end(
    db: Queryable,
    terminationId: string,
    lineId: string,
    now: Date,
  ): Promise<{ replacementIccid: string | null } | null> {
    const { rowCount } = await db.query(
      `UPDATE line_terminations SET state = 'done', done_at = $2 WHERE id = $1 AND state = 'scheduled'`,
      [terminationId, now],
    );
    if (!rowCount) return null;
    await db.query(
      `UPDATE subscriptions SET state = 'terminated', terminated_at = $2, updated_at = $2
        WHERE id = $1 AND state IN ('active', 'suspended')`,
      [lineId, now],
    );
    await db.query(`UPDATE line_suspensions SET resumed_at = $2 WHERE line_id = $1 AND resumed_at IS NULL`, [
      lineId,
      now,
    ]);
    return { replacementIccid: await lostSimsRepository.cancelForLine(db, lineId, now) };
  },

  async markNetwork(db: Queryable, lineId: string, now: Date) {
    await db.query(
      `UPDATE line_terminations SET network_at = $2 WHERE line_id = $1 AND state = 'done' AND network_at IS NULL`,
      [lineId, now],
    );
  },
};
