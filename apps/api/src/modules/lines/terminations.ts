import { formatSgDay, Messages } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { TerminationView } from '@selfcare/domain/contracts/line-services';
import {
  latestTerminationDate,
  TerminationMessages as M,
  terminationDateProblem,
} from '@selfcare/domain/line-services';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AccountService, accountRecords } from '../auth/index.ts';
import { alertLines, type LineAlertDeps } from './line-alerts.ts';
import { sendLineServicesJob } from './lines.jobs.ts';
import { terminationsRepository as repo, type TerminationLineRow } from './terminations.repository.ts';

/**
 * Ending lines on /manage/termination (ADR 0027): one line, or the whole account (every line, sub
 * lines first), on a day from today to 90 days ahead, confirmed with the password. A job ends each
 * line on its day: the line, its products and scheduled plan change, an 'Us' line's login; the MVNE
 * is told and releases the number. The next bill charges the last days and is the final one.
 */
/**
 * The lines a request ends, after the rules that refuse it: none when the line is not the account's
 * live line (the caller answers 404), the main line alone while 'Us' lines hang off it, a line already
 * set to end.
 */
function choose(
  lines: TerminationLineRow[],
  input: { scope: 'line' | 'account'; lineId?: string | null },
): TerminationLineRow[] {
  const chosen = input.scope === 'account' ? lines : lines.filter((l) => l.id === input.lineId);
  if (input.scope === 'line' && chosen[0]?.is_main_line && lines.length > 1)
    throw new AppError(409, M.mainLineAlone);
  if (chosen.some((l) => l.termination_id)) throw new AppError(409, M.alreadyScheduled);
  return chosen;
}

/**
 * Told in the transaction that ends a line (ADR 0045): what another module keeps for the line ends
 * with it (products end its add-ons and cancel a scheduled plan change; fulfilment retires the new
 * SIM of a replacement cancelled with it).
 */
export type LineEnded = (
  tx: Tx,
  ended: { lineId: string; at: Date; replacementIccid: string | null },
) => Promise<void>;

export class Terminations {
  private readonly followers: LineEnded[] = [];

  /** What else keeps something for a line registers here, at start. */
  onEnded(follower: LineEnded) {
    this.followers.push(follower);
  }

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      accounts: Pick<AccountService, 'checkPassword' | 'closeSubLineLogin'>;
    } & LineAlertDeps,
  ) {}

  private today() {
    return sgDate(this.deps.clock.now());
  }

  async view(userId: string): Promise<TerminationView> {
    const today = this.today();
    const [rows, unsent] = await Promise.all([
      repo.lines(this.deps.database.pool, userId),
      repo.awaitingNetwork(this.deps.database.pool, userId),
    ]);
    return {
      lines: rows.map((r) => ({
        lineId: r.id,
        msisdn: r.msisdn,
        isMainLine: r.is_main_line,
        termination:
          r.termination_id && r.effective_on
            ? { id: r.termination_id, effectiveOn: r.effective_on, wholeAccount: r.whole_account === true }
            : null,
      })),
      awaitingNetwork: unsent.map((r) => ({
        lineId: r.id,
        msisdn: r.msisdn,
        isMainLine: r.is_main_line,
        endedAt: r.done_at.toISOString(),
      })),
      today,
      latest: latestTerminationDate(today),
    };
  }

  /** Schedules the end of one line or of the whole account, after the password; answers the message. */
  async request(
    userId: string,
    input: { scope: 'line' | 'account'; lineId?: string | null; effectiveOn: string; password: string },
  ): Promise<string> {
    const problem = terminationDateProblem(input.effectiveOn, this.today());
    if (problem) throw new AppError(422, problem, { fields: { effectiveOn: problem } });
    const chosen = choose(await repo.lines(this.deps.database.pool, userId), input);
    if (chosen.length === 0) {
      // Sent again after the line ended (a second click on "today"): say so rather than "not found".
      if (input.lineId && (await repo.ended(this.deps.database.pool, userId, input.lineId)))
        throw new AppError(409, M.alreadyEnded);
      throw new AppError(404, Messages.notFound);
    }
    await this.deps.accounts.checkPassword(userId, input.password, 'password');
    const now = this.deps.clock.now();
    const wholeAccount = input.scope === 'account' || Boolean(chosen[0]?.is_main_line);
    await this.deps.database.transaction(async (tx) => {
      // Read again under the account's lock: a request sent at the same moment (a double click, a
      // second tab) passed the checks above too, and may have scheduled or ended these lines since.
      await accountRecords.lock(tx.db, userId, 'update');
      const current = choose(await repo.lines(tx.client, userId), input);
      if (current.length !== chosen.length || chosen.some((l) => !current.some((c) => c.id === l.id)))
        throw new AppError(409, M.alreadyEnded);
      await repo.schedule(
        tx.client,
        userId,
        chosen.map((l) => l.id),
        input.effectiveOn,
        wholeAccount,
        now,
      );
      await alertLines(
        tx,
        this.deps,
        'termination',
        now,
        chosen.map((l) => ({
          userId,
          key: `${l.id}:${now.toISOString()}`,
          msisdn: l.msisdn,
          detail: input.effectiveOn,
        })),
      );
    });
    // A termination for today takes effect at once.
    if (input.effectiveOn <= this.today()) await this.applyDue();
    const day = formatSgDay(input.effectiveOn);
    return wholeAccount ? M.accountScheduled(day) : M.lineScheduled(day);
  }

  async cancel(userId: string, id: string): Promise<void> {
    if ((await repo.cancel(this.deps.database.pool, userId, id)) === 0)
      throw new AppError(409, M.notScheduled);
  }

  /** Job: ends the lines whose day has come, sub lines first; each in its own transaction. */
  async applyDue(): Promise<number> {
    let ended = 0;
    for (;;) {
      const due = await repo.due(this.deps.database.pool, this.today(), 100);
      if (due.length === 0) return ended;
      for (const t of due) {
        await this.deps.database.transaction(async (tx) => {
          const now = this.deps.clock.now();
          const done = await repo.end(tx.client, t.id, t.line_id, now);
          if (!done) return;
          for (const follow of this.followers) await follow(tx, { lineId: t.line_id, at: now, ...done });
          if (t.line_user_id) await this.deps.accounts.closeSubLineLogin(tx, t.line_user_id, now);
          await this.deps.queue.send(sendLineServicesJob, { lineId: t.line_id }, tx, { key: t.line_id });
          ended++;
        });
      }
    }
  }
}
