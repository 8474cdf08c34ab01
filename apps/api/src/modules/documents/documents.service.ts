import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CustomerStatus, Messages, UPLOAD_MAX_BYTES } from '@selfcare/domain';
import { type DocumentSide, OrderMessages } from '@selfcare/domain/order';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { accountRecords } from '../auth/index.ts';
import {
  type DocumentKeeper,
  type DocumentRow,
  documentsRepository as repo,
} from './documents.repository.ts';

/** What an identity document may be, judged by its bytes; the name's extension must agree. */
const ACCEPTED: Record<string, { mime: string; extensions: string[] }> = {
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
};

export interface DocumentView {
  id: string;
  side: DocumentSide;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

/** How long an upload nothing uses is kept: a customer part-way through the order wizard keeps theirs. */
export const UNUSED_DOCUMENT_GRACE_MS = 24 * 60 * 60 * 1000;
const REMOVAL_BATCH = 200;

export type DocumentsSettings = Pick<
  Config,
  'DATA_DIR' | 'UPLOAD_MAX_FILES_PER_CUSTOMER' | 'UPLOAD_MAX_BYTES_PER_CUSTOMER'
>;

/**
 * Identity documents: checked on their content, kept in the database every process shares (ADR
 * 0021), read only by their owner and staff.
 */
export class DocumentsService {
  /** Where documents were kept before they moved into the database: read once, then emptied. */
  private readonly legacyDir: string;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly settings: DocumentsSettings,
  ) {
    this.legacyDir = join(settings.DATA_DIR, 'documents');
  }

  /** Customers upload while ordering (status 0) or when staff asked for documents (status 3). */
  private requireUploader(me: CurrentUser) {
    if (me.status !== CustomerStatus.New && me.status !== CustomerStatus.DocumentsRequested)
      throw new AppError(403, Messages.forbidden);
  }

  async upload(
    me: CurrentUser,
    side: DocumentSide,
    fileName: string,
    content: Buffer,
  ): Promise<DocumentView> {
    this.requireUploader(me);
    if (content.length > UPLOAD_MAX_BYTES) throw AppError.field('file', OrderMessages.fileTooLarge, 413);
    const detected = await fileTypeFromBuffer(content);
    const accepted = detected ? ACCEPTED[detected.ext] : undefined;
    const extension = fileName.toLowerCase().split('.').pop() ?? '';
    // Content the name does not make right (a text file called .png) is told apart from a name
    // that does not match good content.
    if (!accepted) throw AppError.field('file', OrderMessages.fileNotImage);
    if (!fileName.includes('.') || !accepted.extensions.includes(extension))
      throw AppError.field('file', OrderMessages.fileInvalidExtension);
    const id = randomUUID();
    const row = {
      id,
      userId: me.id,
      side,
      // Only a safe name is kept: what the customer called the file, reduced to plain characters.
      fileName: safeFileName(fileName),
      mimeType: accepted.mime,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      createdAt: this.clock.now(),
    };
    await this.store(row, content);
    return { id, side, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
  }

  /**
   * Keeps the document with its bytes, or nothing. The customer's row is held while their quota is
   * counted, so concurrent uploads are judged one after another.
   */
  private async store(row: DocumentRow & { id: string }, content: Buffer) {
    await this.database.transaction(async (tx) => {
      await accountRecords.lock(tx.db, row.userId);
      const used = await repo.usage(tx.db, row.userId);
      if (
        used.files + 1 > this.settings.UPLOAD_MAX_FILES_PER_CUSTOMER ||
        used.bytes + content.length > this.settings.UPLOAD_MAX_BYTES_PER_CUSTOMER
      )
        throw AppError.field('file', OrderMessages.uploadQuotaReached, 409);
      await repo.insert(tx.db, row, content);
    });
  }

  /** The owner's document; anyone else's looks like it does not exist. */
  async find(me: CurrentUser, id: string): Promise<DocumentView> {
    return this.findOf(me.id, id);
  }

  /** A document of this customer (staff reach it through the customer's order). */
  async findOf(userId: string, id: string): Promise<DocumentView> {
    const row = await repo.findOf(this.database.db, userId, id);
    if (!row) throw new AppError(404, Messages.notFound);
    return {
      id: row.id,
      side: row.side,
      fileName: row.fileName,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
    };
  }

  async open(me: CurrentUser, id: string) {
    return this.openOf(me.id, id);
  }

  async openOf(userId: string, id: string): Promise<{ doc: DocumentView; content: Buffer }> {
    const doc = await this.findOf(userId, id);
    const content = await repo.contentOf(this.database.db, doc.id);
    // A document whose file was on a disk this process has not got (ADR 0021), until it is imported.
    if (!content) throw new AppError(404, Messages.notFound);
    return { doc, content };
  }

  /** Whether these ids are documents of this customer, by side. */
  async owned(me: CurrentUser, ids: { front: string | null; back: string | null }): Promise<boolean> {
    const rows = await repo.sidesOf(this.database.db, me.id);
    const has = (id: string | null, side: DocumentSide) =>
      !!id && rows.some((r) => r.id === id && r.side === side);
    return has(ids.front, 'front') && has(ids.back, 'back');
  }

  /** The modules that keep documents (ADR 0045): they register at start, before any job runs. */
  private readonly keepers: DocumentKeeper[] = [];

  keptBy(keeper: DocumentKeeper) {
    this.keepers.push(keeper);
  }

  /**
   * Removes uploads nothing needs (see documentsRepository.deleteUnused) once the grace period is
   * over, a batch per transaction, their bytes with them. Returns how many were removed. With no
   * keeper registered every old upload would look unused: that stops it instead.
   */
  async removeUnused(): Promise<number> {
    if (this.keepers.length === 0) throw new Error('No module keeps documents: none are removed');
    const before = new Date(this.clock.now().getTime() - UNUSED_DOCUMENT_GRACE_MS);
    let removed = 0;
    for (;;) {
      const ids = await this.database.transaction((tx) =>
        repo.deleteUnused(tx.db, before, REMOVAL_BATCH, this.keepers),
      );
      removed += ids.length;
      if (ids.length < REMOVAL_BATCH) return removed;
    }
  }

  /**
   * Moves the files an earlier version kept under DATA_DIR/documents into the database, each file
   * removed once its bytes are stored or its document has them already. A file with no document is
   * removed once an hour old: younger, it may be an upload an earlier version is committing right
   * now, during a rolling deploy. Safe to run again, and by several processes at once. A folder or
   * file it cannot read stops it (the start fails) rather than leave documents behind. Returns how
   * many were stored.
   */
  async importFromDisk(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.legacyDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let stored = 0;
    for (const name of names) {
      if (!UUID.test(name)) continue;
      const path = join(this.legacyDir, name);
      const content = await readFile(path);
      if (await repo.adoptContent(this.database.db, name, content)) stored += 1;
      else if (!(await repo.hasContent(this.database.db, name))) {
        const { mtimeMs } = await stat(path);
        if (this.clock.now().getTime() - mtimeMs < ORPHAN_FILE_GRACE_MS) continue;
      }
      await rm(path, { force: true });
    }
    return stored;
  }
}

const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'document';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  return cleaned || 'document';
}
