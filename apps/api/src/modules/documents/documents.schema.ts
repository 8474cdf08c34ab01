import { DOCUMENT_SIDES } from '@selfcare/domain/order';
import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * Identity documents customers upload: what is known of each, its bytes in `document_contents`.
 * Only its owner and staff can read it.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side', { enum: DOCUMENT_SIDES }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('documents_user_id_idx').on(t.userId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A document's bytes, in the database every API process shares (ADR 0021): a document uploaded
 * through one process is there for the next, on any host. Apart from `documents`, so that reading
 * what is known of a document never reads its bytes; gone with its document.
 */
export const documentContents = pgTable('document_contents', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
