import { ChargeMessages, Messages } from '@selfcare/domain';
import type { NumberChangeView, NumberChoices } from '@selfcare/domain/contracts/line-services';
import {
  NumberChangeMessages as M,
  type NumberChangeLine,
  numberChangeFeeCents,
  numberChangeRefusal,
  portInFailed,
  portInOpen,
} from '@selfcare/domain/line-services';
import { OrderMessages } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError, MvneUnavailableError } from '../../integrations/mvne.ts';
import { numberPage } from '../../integrations/number-pages.ts';
import type { AccountService } from '../auth/index.ts';
import type { ChargesLedger } from '../billing/index.ts';
import { alertLines, type LineAlertDeps } from './line-alerts.ts';
import { changeNumberJob } from './lines.jobs.ts';
import {
  type NumberChangeLineRow,
  type NumberChangeRow,
  numberChangesRepository as repo,
} from './number-changes.repository.ts';

export interface NumberChangesDeps extends LineAlertDeps {
  database: Database;
  clock: Clock;
  mvne: Pick<MvneClient, 'numbers' | 'services'>;
  charges: Pick<ChargesLedger, 'addOnce'>;
  accounts: Pick<AccountService, 'moveLoginNumber' | 'phoneNumberHasLogin'>;
  /** The configured number change fee (NUMBER_CHANGE_FEE_CENTS). */
  feeCents: number;
  /** How long a chosen number is held (NUMBER_HOLD_MINUTES). */
  holdMinutes: number;
}

const changeView = (c: NumberChangeRow) => ({
  id: c.id,
  state: c.state,
  fromMsisdn: c.from_msisdn,
  toMsisdn: c.to_msisdn,
  heldUntil: c.held_until.toISOString(),
  feeCents: c.fee_cents,
  failure: c.failure,
  confirmedAt: c.confirmed_at?.toISOString() ?? null,
  completedAt: c.completed_at?.toISOString() ?? null,
});

/** The line as the domain's number change rules read it. */
const ruled = (l: NumberChangeLineRow): NumberChangeLine => ({
  state: l.state,
  temporaryMsisdn: l.temporary_msisdn,
  portStatus: l.port_status,
  replacing: l.replacing,
  changeState: l.change?.state ?? null,
});
/** The number the line works on now: a port-in line's temporary one until its own comes. */
const working = (l: NumberChangeLineRow) => l.temporary_msisdn ?? l.msisdn;
/** A unique violation: two requests for the same line at once (the open-change index). */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * /manage/numberChange (ADR 0028). The customer picks a new number, held at the MVNE while they
 * decide (as in ordering), sees the fee, and confirms; a job has the MVNE move the line onto it, the
 * old number goes back to the pool, and the fee goes on the next bill. One change per line may be
 * held or pending at a time. A line whose port-in failed changes free, or has its port put in again.
 */
/** Told in the change's transaction that a line's number moved: another module's copy follows it. */
export type NumberMoved = (
  tx: Tx,
  move: { userId: string; from: string; to: string; at: Date },
) => Promise<void>;

export class NumberChanges {
  private readonly followers: NumberMoved[] = [];

  constructor(private readonly deps: NumberChangesDeps) {}

  /** What else keeps a copy of a line's number registers here (the profiles module's contact number). */
  onMoved(follower: NumberMoved) {
    this.followers.push(follower);
  }

  private feeFor(line: NumberChangeLineRow) {
    return numberChangeFeeCents(ruled(line), this.deps.feeCents);
  }

  async view(userId: string): Promise<NumberChangeView> {
    const rows = await repo.lines(this.deps.database.pool, userId);
    return {
      lines: rows.map((l) => ({
        lineId: l.id,
        msisdn: l.msisdn,
        isMainLine: l.is_main_line,
        suspended: l.state === 'suspended',
        temporaryMsisdn: l.temporary_msisdn,
        failedPort:
          portInFailed(ruled(l)) && l.port_id && l.port_msisdn
            ? {
                id: l.port_id,
                msisdn: l.port_msisdn,
                donorNetwork: l.port_donor_network ?? 0,
                donorIdNumber: l.port_donor_id_number ?? '',
              }
            : null,
        portInProgress: portInOpen(ruled(l)),
        feeCents: this.feeFor(l),
        change: l.change ? changeView(l.change) : null,
      })),
      holdMinutes: this.deps.holdMinutes,
    };
  }

  /** New numbers on offer, containing `contains`, a page at a time (as in ordering). */
  numbers(contains: string, page: number): Promise<NumberChoices> {
    return numberPage(this.deps.mvne.numbers, contains, page);
  }

  /** Why the line's number cannot change now, or nothing. */
  private refuse(line: NumberChangeLineRow | null): asserts line is NumberChangeLineRow {
    if (!line) throw new AppError(404, Messages.notFound);
    const refusal = numberChangeRefusal(ruled(line));
    if (refusal) throw new AppError(409, refusal);
  }

  /**
   * Holds `msisdn` for the line for NUMBER_HOLD_MINUTES ('The number is held for you…'); a number
   * held before for it is given back. The number it holds already, asked again, changes nothing.
   */
  async hold(userId: string, lineId: string, msisdn: string): Promise<NumberChangeView> {
    const { database, clock, mvne } = this.deps;
    const line = await repo.lockLine(database.pool, lineId, userId);
    this.refuse(line);
    if (msisdn === working(line)) throw AppError.field('msisdn', M.sameNumber);
    const now = clock.now();
    // Held already and still held: nothing to do (the MVNE would refuse to hold it twice).
    if (line.change?.state === 'held' && line.change.to_msisdn === msisdn && line.change.held_until > now)
      return this.view(userId);
    // A number another login signs in with is not to be had: that login would follow it.
    if (await this.deps.accounts.phoneNumberHasLogin(database.db, msisdn))
      throw AppError.field('msisdn', Messages.phoneTaken, 409);
    const until = new Date(clock.now().getTime() + this.deps.holdMinutes * 60_000);
    let reservationId: string;
    try {
      reservationId = (await mvne.numbers.reserve(userId, [msisdn], until)).id;
    } catch (err) {
      if (err instanceof MvneRejectedError) throw AppError.field('msisdn', OrderMessages.numberTaken, 409);
      if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
      throw err;
    }
    let replaced: string | null = null;
    try {
      await database.transaction(async (tx) => {
        const locked = await repo.lockLine(tx.client, lineId, userId);
        // Read again under the line's lock: a change confirmed meanwhile is seen.
        if (locked) locked.change = await repo.openChange(tx.client, lineId);
        this.refuse(locked);
        const held = await repo.hold(
          tx.client,
          { id: locked.id, userId, msisdn: working(locked) },
          { msisdn, reservationId, until, feeCents: this.feeFor(locked) },
          clock.now(),
        );
        replaced = held.replacedReservation;
      });
    } catch (err) {
      // Nothing was saved: the number goes back at once rather than when its hold runs out.
      await this.release(reservationId);
      if (isUniqueViolation(err)) throw new AppError(409, M.alreadyPending);
      throw err;
    }
    if (replaced && replaced !== reservationId) await this.release(replaced);
    return this.view(userId);
  }

  /** Gives the held number back ('The number is no longer held for you.'). */
  async dropHold(userId: string, lineId: string): Promise<NumberChangeView> {
    const reservation = await this.deps.database.transaction(async (tx) => {
      const line = await repo.lockLine(tx.client, lineId, userId);
      if (!line) throw new AppError(404, Messages.notFound);
      return repo.dropHold(tx.client, lineId);
    });
    if (reservation) await this.release(reservation);
    return this.view(userId);
  }

  /**
   * Confirms the change to the held number ('Your number change has been submitted.'): the fee is
   * fixed now, and a job has the MVNE make it. The number must still be held, and be the one shown.
   */
  async confirm(userId: string, lineId: string, msisdn: string): Promise<NumberChangeView> {
    await this.deps.database.transaction(async (tx) => {
      const line = await repo.lockLine(tx.client, lineId, userId);
      if (line) line.change = await repo.openChange(tx.client, lineId);
      this.refuse(line);
      const held = line.change;
      const now = this.deps.clock.now();
      if (held?.state !== 'held' || held.to_msisdn !== msisdn || held.held_until <= now)
        throw AppError.field('msisdn', M.holdEnded, 409);
      await repo.confirm(tx.client, held.id, this.feeFor(line), now);
      await this.deps.queue.send(changeNumberJob, { changeId: held.id }, tx, { key: held.id });
    });
    return this.view(userId);
  }

  /**
   * Job: has the MVNE move the line onto its new number, then takes it here and charges the fee
   * (once: its source key is the change's). The MVNE down: retried, the change stays pending. The
   * MVNE refusing (the number went to someone else after its hold ran out): failed, nothing charged.
   */
  async apply(changeId: string): Promise<void> {
    const { database, clock, mvne } = this.deps;
    const change = await repo.change(database.pool, changeId);
    if (change?.state !== 'pending') return;
    const line = await repo.serviceOf(database.pool, change.line_id);
    let failure: string | null = null;
    if (!line?.mvne_service_id || (line.state !== 'active' && line.state !== 'suspended'))
      failure = 'The line is no longer active.';
    else
      try {
        await mvne.services.changeNumber(line.mvne_service_id, change.to_msisdn, change.mvne_reservation_id);
      } catch (err) {
        if (!(err instanceof MvneRejectedError)) throw err;
        failure = M.failed;
      }
    await database.transaction(async (tx) => {
      const locked = await repo.lockChange(tx.client, changeId);
      if (locked?.state !== 'pending') return;
      const now = clock.now();
      if (failure) {
        await repo.fail(tx.client, changeId, failure, now);
        return;
      }
      const was = await repo.complete(tx.client, locked, now);
      if (was) await this.deps.accounts.moveLoginNumber(tx, was, locked.to_msisdn, now);
      for (const follow of this.followers)
        await follow(tx, {
          userId: locked.user_id,
          from: was ?? locked.from_msisdn,
          to: locked.to_msisdn,
          at: now,
        });
      await alertLines(tx, this.deps, 'number-changed', now, [
        {
          userId: locked.user_id,
          key: locked.id,
          msisdn: was ?? locked.from_msisdn,
          detail: locked.to_msisdn,
        },
      ]);
      if (locked.fee_cents > 0)
        await this.deps.charges.addOnce(tx.db, {
          userId: locked.user_id,
          lineId: locked.line_id,
          kind: 'number-change',
          amountCents: locked.fee_cents,
          reason: ChargeMessages.numberChange(locked.from_msisdn, locked.to_msisdn),
          sourceKey: `number-change:${locked.id}`,
          at: now,
        });
    });
    if (failure && change.mvne_reservation_id) await this.release(change.mvne_reservation_id);
  }

  /**
   * Hourly: a change still pending ten minutes after it was confirmed is handed to its job again
   * (a no-op while that job is still retrying), so one whose retries ran out through a long MVNE
   * outage completes when the MVNE is back.
   */
  async retryStale(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - 10 * 60_000);
    const ids = await repo.stalePending(this.deps.database.pool, before);
    await this.deps.queue.sendUnlessWaiting(
      changeNumberJob,
      ids.map((changeId) => ({ data: { changeId }, key: changeId })),
    );
    return ids.length;
  }

  /** Gives a hold back; if the MVNE cannot be told now, the hold simply runs out there. */
  private async release(reservationId: string) {
    await this.deps.mvne.numbers.cancelReservation(reservationId).catch(() => undefined);
  }
}
