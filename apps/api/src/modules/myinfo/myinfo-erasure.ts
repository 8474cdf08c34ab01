import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Erasing an account (ADR 0030), MyInfo's part: the requests its logins made, in the caller's transaction. */
export const myinfoErasure = {
  async forgetRequests(db: Queryable, loginIds: string[]) {
    await db.query('DELETE FROM myinfo_requests WHERE user_id = ANY($1::uuid[])', [loginIds]);
  },
};
