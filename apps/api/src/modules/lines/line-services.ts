import { Messages } from '@selfcare/domain';
import type {
  LineServices as LineServicesView,
  StaffCustomerLines,
} from '@selfcare/domain/contracts/line-services';
import {
  lineServiceStatus,
  LineServiceMessages as M,
  type SuspensionReason,
} from '@selfcare/domain/line-services';
import type { LineBarringInput } from '@selfcare/domain/schemas/line-services';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { recordStaffAudit } from '../staff/index.ts';
import { alertLines, type LineAlertDeps } from './line-alerts.ts';
import { type LineServicesRow, lineServicesRepository as repo } from './line-services.repository.ts';
import { sendLineServicesJob } from './lines.jobs.ts';
import { terminationsRepository } from './terminations.repository.ts';

const viewOf = (r: LineServicesRow, now: Date): LineServicesView => ({
  lineId: r.id,
  msisdn: r.msisdn,
  isMainLine: r.is_main_line,
  status: lineServiceStatus(r.state, r.resumed_at, now),
  suspension:
    r.state === 'suspended' && r.reason && r.suspended_at
      ? { reason: r.reason, since: r.suspended_at.toISOString() }
      : null,
  barring: {
    incomingInternational: r.incoming_international ?? false,
    outgoingInternational: r.outgoing_international ?? false,
  },
  pending:
    (r.state === 'suspended' && r.network_at === null) ||
    (r.state === 'active' && r.resumed_at !== null && r.resumed_network_at === null) ||
    (r.barring_updated_at !== null &&
      (r.barring_sent_at === null || r.barring_sent_at < r.barring_updated_at)),
});

/**
 * A line's services (ADR 0025): the customer suspends a line at once, with a reason, and only
 * support resumes it; international calls and SMS are barred or allowed per line, each way. Every
 * change is saved with a job in one transaction; the job tells the MVNE the line's state as it is
 * when it runs, so a retry or a later change never leaves the network behind.
 */
export class LineServices {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      mvne: Pick<MvneClient, 'services'>;
    } & LineAlertDeps,
  ) {}

  async list(userId: string): Promise<LineServicesView[]> {
    const now = this.deps.clock.now();
    return (await repo.lines(this.deps.database.pool, userId)).map((r) => viewOf(r, now));
  }

  /** A customer's lines in the staff console, with whose they are; an unknown customer is not found. */
  async forStaff(userId: string): Promise<StaffCustomerLines> {
    const customer = await repo.customer(this.deps.database.pool, userId);
    if (!customer) throw new AppError(404, Messages.notFound);
    return {
      customer: {
        id: customer.id,
        name: `${customer.first_name} ${customer.last_name}`.trim(),
        email: customer.email,
      },
      lines: await this.list(userId),
    };
  }

  private async one(lineId: string): Promise<LineServicesView> {
    const row = await repo.line(this.deps.database.pool, lineId);
    if (!row) throw new AppError(404, Messages.notFound);
    return viewOf(row, this.deps.clock.now());
  }

  /** Suspends the customer's line now ('Suspend service successfully'). */
  async suspend(userId: string, lineId: string, reason: SuspensionReason): Promise<LineServicesView> {
    await this.deps.database.transaction(async (tx) => {
      const line = await repo.lock(tx.client, lineId, userId);
      if (!line || (line.state !== 'active' && line.state !== 'suspended'))
        throw new AppError(404, Messages.notFound);
      if (line.state === 'suspended') throw new AppError(409, M.alreadySuspended);
      const now = this.deps.clock.now();
      await repo.suspend(tx.client, line, reason, now);
      await this.deps.queue.send(sendLineServicesJob, { lineId }, tx, { key: lineId });
      await alertLines(tx, this.deps, 'suspended', now, [
        { userId: line.user_id, key: `${lineId}:${now.toISOString()}`, msisdn: line.msisdn },
      ]);
    });
    return this.one(lineId);
  }

  /** Bars or allows international calls and SMS on the customer's line. */
  async setBarring(userId: string, lineId: string, input: LineBarringInput): Promise<LineServicesView> {
    await this.deps.database.transaction(async (tx) => {
      const line = await repo.lock(tx.client, lineId, userId);
      if (!line || (line.state !== 'active' && line.state !== 'suspended'))
        throw new AppError(404, Messages.notFound);
      if (line.state === 'suspended') throw new AppError(409, M.suspendedLine);
      await repo.saveBarring(tx.client, lineId, input, this.deps.clock.now());
      await this.deps.queue.send(sendLineServicesJob, { lineId }, tx, { key: lineId });
    });
    return this.one(lineId);
  }

  /** Staff: resumes a suspended line ('Unsuspend service successfully'), audit-logged. */
  async unsuspend(staff: CurrentStaff, lineId: string, reason: string): Promise<LineServicesView> {
    await this.deps.database.transaction(async (tx) => {
      const line = await repo.lock(tx.client, lineId, null);
      if (!line) throw new AppError(404, Messages.notFound);
      if (line.state !== 'suspended') throw new AppError(409, M.notSuspended);
      const now = this.deps.clock.now();
      await repo.resume(tx.client, lineId, staff.id, now);
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'unsuspend-line',
        subject: line.msisdn,
        reason,
        detail: { lineId, userId: line.user_id },
      });
      await this.deps.queue.send(sendLineServicesJob, { lineId }, tx, { key: lineId });
      await alertLines(
        tx,
        this.deps,
        'unsuspended',
        now,
        [{ userId: line.user_id, key: `${lineId}:${now.toISOString()}`, msisdn: line.msisdn }],
        'support',
      );
    });
    return this.one(lineId);
  }

  /**
   * Hourly: a change the MVNE has not taken ten minutes on (a suspension, its end, a barring, a
   * line's end) is handed to its job again, a no-op while that job is still retrying; one whose
   * retries ran out through a long outage reaches the MVNE once it is back.
   */
  async retryStale(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - 10 * 60_000);
    const ids = await repo.stale(this.deps.database.pool, before, 1000);
    await this.deps.queue.sendUnlessWaiting(
      sendLineServicesJob,
      ids.map((lineId) => ({ data: { lineId }, key: lineId })),
    );
    return ids.length;
  }

  /** Job: tells the MVNE the line's state and barring as they are now; an ended line, that it ended. */
  async send(lineId: string) {
    const db = this.deps.database.pool;
    const readAt = this.deps.clock.now();
    const line = await repo.forMvne(db, lineId);
    if (!line?.mvne_service_id) return;
    if (line.state === 'terminated') {
      try {
        await this.deps.mvne.services.setServiceState(line.mvne_service_id, 'terminated');
      } catch (err) {
        // Ended there already (a retry after the answer was lost): nothing is left to do.
        if (!(err instanceof MvneRejectedError)) throw err;
      }
      await terminationsRepository.markNetwork(db, lineId, this.deps.clock.now());
      return;
    }
    if (line.state !== 'active' && line.state !== 'suspended') return;
    await this.deps.mvne.services.setServiceState(line.mvne_service_id, line.state);
    if (line.incoming_international !== null)
      await this.deps.mvne.services.setBarring(line.mvne_service_id, {
        incomingInternational: line.incoming_international,
        outgoingInternational: line.outgoing_international ?? false,
      });
    await repo.markSent(db, lineId, line.state, readAt, this.deps.clock.now());
  }
}
