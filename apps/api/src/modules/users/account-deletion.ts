import { chooseLocale, type Locale, Messages } from '@selfcare/domain';
import {
  deletionBlockers,
  deletionRequestProblem,
  AccountDeletionMessages as M,
} from '@selfcare/domain/account-deletion';
import { sgDate } from '@selfcare/domain/calendar';
import type {
  AccountDeletionView,
  DeletionCompleted,
  StaffDeletionRequest,
} from '@selfcare/domain/contracts/account-deletion';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { type AccountService, accountRecords, type SessionService } from '../auth/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { recordStaffAudit } from '../staff/index.ts';
import { accountDeletionRepository as repo } from './account-deletion.repository.ts';
import { eraseAccount } from './account-erasure.repository.ts';
import { taxRecordsKeptFrom } from './kept-after-erasure.ts';
import { forgetTaxRecords } from './tax-records.repository.ts';

export interface AccountDeletionDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  publicUrl: string;
  accounts: Pick<AccountService, 'checkPassword'>;
  sessions: Pick<SessionService, 'forgetUser'>;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/**
 * Closing and deleting an account at the customer's request (PDPA; ADR 0030). The account holder
 * asks with their password once every line has ended or is set to end; one request is open at a
 * time and they may withdraw it. Staff complete it once nothing is left to settle: the login and
 * every personal detail are erased in one transaction, with the audit entry naming who did it, and
 * the bills and payments are kept, naming no one.
 */
export class AccountDeletion {
  constructor(private readonly deps: AccountDeletionDeps) {}

  private get pool() {
    return this.deps.database.pool;
  }

  private profileLink() {
    return new URL('/profile/myProfile', this.deps.publicUrl).toString();
  }

  /** The language the emails to the account are written in (ADR 0055). */
  private localeOf(language: string | null): Locale {
    return chooseLocale({ chosen: language, configured: this.deps.defaultLocale });
  }

  /** The customer's own open request and what it waits for; else why they cannot ask now. */
  async view(me: CurrentUser): Promise<AccountDeletionView> {
    const [open, facts] = await Promise.all([repo.openOf(this.pool, me.id), repo.facts(this.pool, me.id)]);
    return {
      request: open
        ? { id: open.id, requestedAt: open.requested_at.toISOString(), waitingFor: deletionBlockers(facts) }
        : null,
      problem: open ? null : deletionRequestProblem(me.isMainLine, facts),
    };
  }

  /**
   * Asks to close the account. Refused, with nothing changed: a sub line's user, a second request,
   * an order in progress, a line with no end scheduled, then a wrong password (throttled as the
   * password change is). The confirmation email goes in the same transaction.
   */
  async request(me: CurrentUser, password: string): Promise<AccountDeletionView> {
    if (!me.isMainLine) throw new AppError(403, M.subLine);
    if (await repo.openOf(this.pool, me.id)) throw new AppError(409, M.alreadyRequested);
    const problem = deletionRequestProblem(true, await repo.facts(this.pool, me.id));
    if (problem) throw new AppError(409, problem);
    await this.deps.accounts.checkPassword(me.id, password, 'password');
    await this.deps.database.transaction(async (tx) => {
      // Two requests racing: the partial unique index lets one in.
      if (!(await repo.insert(tx.client, me.id, this.deps.clock.now())))
        throw new AppError(409, M.alreadyRequested);
      if (me.email)
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: me.email,
            content: { template: 'account-deletion-requested', name: me.firstName, link: this.profileLink() },
            locale: this.localeOf(me.language),
          },
          tx,
        );
    });
    return this.view(me);
  }

  /** Withdraws the customer's own open request; another's is not found. */
  async withdraw(me: CurrentUser, id: string): Promise<AccountDeletionView> {
    const found = await repo.ofUser(this.pool, me.id, id);
    if (!found) throw new AppError(404, Messages.notFound);
    await this.deps.database.transaction(async (tx) => {
      if (!(await repo.withdraw(tx.client, me.id, id, this.deps.clock.now())))
        throw new AppError(409, M.noRequest);
      if (me.email)
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: me.email,
            content: { template: 'account-deletion-withdrawn', name: me.firstName, link: this.profileLink() },
            locale: this.localeOf(me.language),
          },
          tx,
        );
    });
    return this.view(me);
  }

  /** The open requests for the staff console, oldest first, each with what it still waits for. */
  async openRequests(): Promise<StaffDeletionRequest[]> {
    const open = await repo.open(this.pool);
    return Promise.all(
      open.map(async (r) => {
        const [facts, lines] = await Promise.all([
          repo.facts(this.pool, r.user_id),
          repo.lines(this.pool, r.user_id),
        ]);
        return {
          id: r.id,
          userId: r.user_id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          phoneNumber: r.phone_number,
          requestedAt: r.requested_at.toISOString(),
          lines: lines.map((l) => ({ msisdn: l.msisdn, state: l.state, endsOn: l.ends_on })),
          unpaidCents: facts.unpaidCents,
          blockers: deletionBlockers(facts),
        };
      }),
    );
  }

  /**
   * Closes the account of an open request: checked again with the request locked, then the
   * account's personal data erased, the request completed, the audit entry written and the last
   * email queued, all in one transaction. Its sessions end with it.
   */
  async complete(staff: CurrentStaff, id: string): Promise<DeletionCompleted> {
    const { userIds, result } = await this.deps.database.transaction(async (tx) => {
      const request = await repo.lockOpen(tx.client, id);
      if (!request) throw new AppError(404, Messages.notFound);
      if (request.state !== 'open') throw new AppError(409, M.notOpen);
      // The account itself, locked before its facts are read: adding a line or placing an order
      // takes the same lock, so none can slip in between the check and the erasure.
      await accountRecords.lock(tx.db, request.user_id, 'update');
      const blockers = deletionBlockers(await repo.facts(tx.client, request.user_id));
      if (blockers.length > 0) throw new AppError(409, M.blocked(blockers));
      const now = this.deps.clock.now();
      const kept = await repo.kept(tx.client, request.user_id);
      const logins = await eraseAccount(tx.client, request.user_id, now);
      await repo.complete(tx.client, id, staff.id, now);
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'close-account',
        subject: request.user_id,
        reason: null,
        detail: { requestId: id, requestedAt: request.requested_at.toISOString(), kept },
      });
      const holder = logins[0];
      if (holder?.email)
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: holder.email,
            content: { template: 'account-closed', name: holder.first_name },
            locale: this.localeOf(holder.language),
          },
          tx,
        );
      return {
        userIds: logins.map((l) => l.id),
        result: { id, userId: request.user_id, completedAt: now.toISOString() },
      };
    });
    for (const userId of userIds) this.deps.sessions.forgetUser(userId);
    return result;
  }

  /** The daily job's: blanks what closed accounts kept for the tax years once they are over. */
  async forgetTaxRecords(): Promise<number> {
    return forgetTaxRecords(this.pool, taxRecordsKeptFrom(sgDate(this.deps.clock.now())));
  }
}
