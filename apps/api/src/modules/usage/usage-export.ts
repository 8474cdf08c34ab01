import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/** The customer's copy of their data (PDPA access), usage's part: use by day, each with its line's number. */
export const usageExportOf = (db: Queryable, userId: string) =>
  rows(
    db,
    `SELECT s.msisdn, d.day, d.kind, d.direction, d.scope, d.country, d.events, d.volume, d.charge_cents
       FROM usage_daily d JOIN line_numbers s ON s.id = d.line_id WHERE s.user_id = $1 ORDER BY d.day, s.msisdn`,
    [userId],
  );
