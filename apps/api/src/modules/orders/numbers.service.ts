import { Messages } from '@selfcare/domain';
import { NumberType, OrderMessages } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError, MvneUnavailableError } from '../../integrations/mvne.ts';
import { numberPage } from '../../integrations/number-pages.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { DocumentsService } from '../documents/index.ts';
import { draftRepository as repo } from './draft.repository.ts';
import { type DraftData, type NumberStep, requireOrdering, type StoredNumberLine } from './draft-data.ts';
import { DraftView } from './draft-view.ts';

export interface NumbersDeps {
  database: Database;
  clock: Clock;
  mvne: Pick<MvneClient, 'numbers'>;
  documents: Pick<DocumentsService, 'findOf'>;
  /** How long a chosen new number is held (NUMBER_HOLD_MINUTES). */
  holdMinutes: number;
}

/** Step 2 of the order wizard: the new numbers on offer, and the numbers chosen, new ones held at the MVNE. */
export class NumbersService {
  private readonly view: DraftView;

  constructor(private readonly deps: NumbersDeps) {
    this.view = new DraftView(deps.database, deps.clock, deps.documents);
  }

  private get db() {
    return this.deps.database.db;
  }

  async searchNumbers(me: CurrentUser, contains: string, page: number) {
    requireOrdering(me);
    return numberPage(this.deps.mvne.numbers, contains, page);
  }

  /**
   * Saves the numbers. Ported-in numbers must not be ours already; new numbers are held at the MVNE
   * for NUMBER_HOLD_MINUTES. Choosing the same new numbers again keeps the hold, and every change
   * renews it; a hold that is given up is released at once.
   */
  async saveNumbers(me: CurrentUser, input: NumberStep) {
    requireOrdering(me);
    const row = await repo.find(this.db, me.id);
    const data = (row?.data ?? {}) as DraftData;
    if (!data.plan) throw new AppError(409, OrderMessages.choosePlan);
    if (input.lines.length !== data.plan.lines.length)
      throw AppError.field('lines', Messages.invalid('Number selection'));
    const lines: StoredNumberLine[] = input.lines.map((l) => ({
      numberType: l.numberType,
      msisdn: l.msisdn,
      donorNetwork: l.numberType === NumberType.PortIn ? (l.donorNetwork ?? null) : null,
      confirmPostpaid: l.numberType === NumberType.PortIn ? l.confirmPostpaid === true : undefined,
    }));
    const portIns = lines.filter((l) => l.numberType === NumberType.PortIn).map((l) => l.msisdn);
    const taken = await repo.registeredNumbers(this.db, portIns);
    if (taken.length) {
      const i = lines.findIndex((l) => taken.includes(l.msisdn));
      throw AppError.field(`lines.${i}.msisdn`, Messages.phoneTaken);
    }

    const wanted = lines.filter((l) => l.numberType === NumberType.New).map((l) => l.msisdn);
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + this.deps.holdMinutes * 60_000);
    let reservationId = row?.mvneReservationId ?? null;
    const sameSet =
      row?.reservedUntil &&
      row.reservedUntil > now &&
      wanted.length === row.reservedNumbers.length &&
      wanted.every((n) => row.reservedNumbers.includes(n));
    if (!sameSet) {
      if (reservationId) await this.release(reservationId);
      reservationId = null;
      if (wanted.length) reservationId = await this.hold(me.id, wanted, until, lines);
    }
    return this.view.of(
      await repo.save(this.db, me.id, {
        data: { ...data, numbers: { lines } },
        mvneReservationId: reservationId,
        reservedNumbers: reservationId ? wanted : [],
        reservedUntil: reservationId ? (sameSet ? (row?.reservedUntil ?? until) : until) : null,
        updatedAt: now,
      }),
    );
  }

  private async hold(userId: string, wanted: string[], until: Date, lines: { msisdn: string }[]) {
    try {
      return (await this.deps.mvne.numbers.reserve(userId, wanted, until)).id;
    } catch (err) {
      if (err instanceof MvneRejectedError) {
        const i = Math.max(
          0,
          lines.findIndex((l) => err.message.includes(l.msisdn)),
        );
        throw AppError.field(`lines.${i}.msisdn`, OrderMessages.numberTaken, 409);
      }
      if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
      throw err;
    }
  }

  /** Gives a hold back; if the MVNE cannot be told now, the hold simply runs out there. */
  private async release(reservationId: string) {
    await this.deps.mvne.numbers.cancelReservation(reservationId).catch(() => undefined);
  }
}
