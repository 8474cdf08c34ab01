import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from './documents.schema.ts';

/** What other modules read of a customer's uploads, inside their own transaction (ADR 0045). */
export const documentRecords = {
  /** The customer's uploaded ID documents, newest first, without their contents. */
  async ofUser(db: Db, userId: string) {
    return db
      .select({
        id: documents.id,
        side: documents.side,
        fileName: documents.fileName,
        mimeType: documents.mimeType,
        sizeBytes: documents.sizeBytes,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.createdAt));
  },
};
