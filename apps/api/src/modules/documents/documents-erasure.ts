import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Erasing an account (ADR 0030), the documents' part: its ID documents, in the caller's transaction. */
export const documentsErasure = {
  async forget(db: Queryable, userId: string) {
    await db.query('DELETE FROM documents WHERE user_id = $1', [userId]);
  },
};
