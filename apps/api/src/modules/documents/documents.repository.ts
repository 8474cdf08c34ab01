import { count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, users } from '../../db/schema.ts';

export type DocumentRow = typeof documents.$inferInsert;

export const documentsRepository = {
  /**
   * Holds the customer's row for the transaction, so that their uploads are counted one at a time.
   * NO KEY UPDATE: rows of other tables that merely reference the customer are not held up.
   */
  async lockCustomer(db: Db, userId: string) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /** How many documents the customer keeps, and their bytes. */
  async usage(db: Db, userId: string): Promise<{ files: number; bytes: number }> {
    const [row] = await db
      .select({ files: count(), bytes: sum(documents.sizeBytes).mapWith(Number) })
      .from(documents)
      .where(eq(documents.userId, userId));
    return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
  },

  async insert(db: Db, row: DocumentRow) {
    await db.insert(documents).values(row);
  },
};
