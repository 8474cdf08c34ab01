import type { MyinfoPrefill } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { DocumentsService } from '../documents/index.ts';
import { type DraftRow, draftRepository as repo } from './draft.repository.ts';
import type { DraftData } from './draft-data.ts';

/**
 * The draft as every wizard step answers it: the steps saved, the files behind the ID sides, what
 * MyInfo gave, and the hold on the chosen new numbers while it runs.
 */
export class DraftView {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly documents: Pick<DocumentsService, 'findOf'>,
  ) {}

  async of(row: DraftRow | undefined) {
    const data = (row?.data ?? {}) as DraftData;
    const now = this.clock.now();
    const held = row?.reservedUntil && row.reservedUntil > now && row.reservedNumbers.length > 0;
    const [myinfo, documents] = row
      ? await Promise.all([
          this.myinfoView(row.userId, data.myinfo),
          this.documentFiles(row.userId, data.account?.documents),
        ])
      : [null, null];
    return {
      plan: data.plan ?? null,
      numbers: data.numbers ?? null,
      account: data.account ?? null,
      documents,
      delivery: data.delivery ?? null,
      myinfo,
      reservation: held
        ? { numbers: row.reservedNumbers, until: (row.reservedUntil as Date).toISOString() }
        : null,
    };
  }

  /**
   * What MyInfo gave, and whether its ID number already has an account: the customer is told so at
   * once, with what they can do, rather than by a refusal under a field they cannot change.
   */
  private async myinfoView(userId: string, prefill: MyinfoPrefill | undefined) {
    if (!prefill) return null;
    const id = prefill.account.idNumber;
    const registered =
      typeof id === 'string' && id !== '' && (await repo.idNumberTaken(this.database.db, id, userId));
    return { ...prefill, idNumberRegistered: registered };
  }

  /** The files behind the ID sides step 3 saved, so that coming back to it shows what will be sent. */
  private async documentFiles(
    userId: string,
    ids: { front: string | null; back: string | null } | null | undefined,
  ) {
    if (!ids) return null;
    const file = async (id: string | null) => {
      if (!id) return null;
      try {
        const doc = await this.documents.findOf(userId, id);
        return { id: doc.id, fileName: doc.fileName };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }
    };
    const [front, back] = await Promise.all([file(ids.front), file(ids.back)]);
    return { front, back };
  }
}
