import { and, asc, count, eq, inArray, lt, not, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentContents, documents } from './documents.schema.ts';

export type DocumentRow = typeof documents.$inferInsert;

export const documentsRepository = {
  /** How many documents the customer keeps, and their bytes. */
  async usage(db: Db, userId: string): Promise<{ files: number; bytes: number }> {
    const [row] = await db
      .select({ files: count(), bytes: sum(documents.sizeBytes).mapWith(Number) })
      .from(documents)
      .where(eq(documents.userId, userId));
    return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
  },

  /** The document, only when it is this customer's. */
  async findOf(db: Db, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, userId)));
    return row;
  },

  /** The ids and sides of the customer's documents. */
  async sidesOf(db: Db, userId: string) {
    return db
      .select({ id: documents.id, side: documents.side })
      .from(documents)
      .where(eq(documents.userId, userId));
  },

  /** The document and its bytes. */
  async insert(db: Db, row: DocumentRow & { id: string }, content: Buffer) {
    await db.insert(documents).values(row);
    await db.insert(documentContents).values({ documentId: row.id, content });
  },

  /** The bytes of a document. */
  async contentOf(db: Db, id: string): Promise<Buffer | undefined> {
    const [row] = await db
      .select({ content: documentContents.content })
      .from(documentContents)
      .where(eq(documentContents.documentId, id));
    return row?.content;
  },

  /** Whether a document's bytes are stored, without reading them. */
  async hasContent(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .select({ one: sql`1` })
      .from(documentContents)
      .where(eq(documentContents.documentId, id));
    return rows.length > 0;
  },

  /**
   * Stores the bytes of a document that has none yet (a file kept on disk before documents moved
   * into the database); false when there is no such document or it has its bytes already.
   */
  async adoptContent(db: Db, id: string, content: Buffer): Promise<boolean> {
    const result = await db.execute(
      sql`INSERT INTO ${documentContents} (document_id, content)
          SELECT ${documents.id}, ${content}::bytea FROM ${documents} WHERE ${documents.id} = ${id}
          ON CONFLICT DO NOTHING`,
    );
    return (result.rowCount ?? 0) > 0;
  },

  /**
   * Deletes up to `limit` documents created before `before` that no keeper keeps, and returns their
   * ids. The keepers' conditions are read by the deleting statement itself rather than by an earlier
   * query, so nothing a keeper saves between two queries is missed.
   */
  async deleteUnused(
    db: Db,
    before: Date,
    limit: number,
    keepers: readonly DocumentKeeper[],
  ): Promise<string[]> {
    const kept = keepers.map((k) => k.keeps(sql`${documents.userId}`, sql`${documents.id}`));
    const batch = db
      .select({ id: documents.id })
      .from(documents)
      .where(and(lt(documents.createdAt, before), ...kept.map((condition) => not(condition))))
      .orderBy(asc(documents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(documents)
      .where(inArray(documents.id, batch))
      .returning({ id: documents.id });
    return rows.map((r) => r.id);
  },
};

/**
 * A module that needs customers' uploads kept (orders: a draft's ID documents, and every document of a
 * customer with an order, which staff are shown). `keeps` is an SQL condition on a document's owner
 * and id, true while the module needs it; it reads only the keeper's own tables.
 */
export interface DocumentKeeper {
  keeps(userId: SQL, documentId: SQL): SQL;
}
