import { chooseLocale, Messages, type PortingStatus } from '@selfcare/domain';
import { portingWindow } from '@selfcare/domain/calendar';
import {
  DONOR_REFUSALS,
  type DonorRefusal,
  FulfilmentMessages as M,
  nextPortStatus,
  OrderEventDetails,
  PortAction,
  portOutcome,
  portWithNetwork,
} from '@selfcare/domain/fulfilment';
import { NumberChangeMessages } from '@selfcare/domain/line-services';
import { NETWORKS } from '@selfcare/domain/order';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MvnePort } from '../../integrations/mvne.ts';
import type { AccountService } from '../auth/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { orderRecords } from '../orders/index.ts';
import type { MvneWorkDeps } from './esim.service.ts';
import { checkPortJob, submitPortJob } from './lines.jobs.ts';
import { numberChangesRepository } from './number-changes.repository.ts';
import { type PortRow, portingRepository as repo } from './porting.repository.ts';

/** Checks on a port every 15 minutes after its window, for about a day. */
const CHECK_EVERY_SECONDS = 15 * 60;
const MAX_CHECKS = 96;

/**
 * Port-in (MNP) requests. A port-in line of a paid order becomes a request 'pending' until the
 * customer submits it; the MVNE runs it in the porting window and the donor network answers. Each
 * step is checked by the port state machine; the hand-off to the MVNE and the reading of its answer
 * are durable jobs, and an answer is applied once however often it arrives.
 */
export class PortingService {
  constructor(private readonly deps: MvneWorkDeps & { accounts: Pick<AccountService, 'moveLoginNumber'> }) {}

  private get db() {
    return this.deps.database.db;
  }

  /** In the placing transaction: one pending request per port-in line, in the customer's name. */
  async createForOrder(
    tx: Tx,
    order: { id: string; userId: string; idNumber: string },
    lines: { id: string; numberType: string; msisdn: string; donorNetwork: number | null }[],
    now: Date,
  ) {
    const portIns = lines.filter((l) => l.numberType === 'RETAIN');
    if (!portIns.length) return;
    await repo.addPortRequests(
      tx.db,
      portIns.map((l) => ({
        userId: order.userId,
        orderId: order.id,
        orderLineId: l.id,
        msisdn: l.msisdn,
        donorNetwork: l.donorNetwork ?? 0,
        donorIdNumber: order.idNumber,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  /** An order that will not go ahead takes its waiting port requests with it. */
  async cancelForOrder(tx: Tx, orderId: string, now: Date) {
    const rows = await repo.portsOfOrder(tx.db, orderId);
    for (const r of rows) {
      const next = nextPortStatus(r.status, PortAction.Cancel);
      if (next) await repo.setPortStatus(tx.db, r.id, next, now);
    }
  }

  private view(r: PortRow, line?: { temporaryMsisdn: string | null; state: string } | null) {
    const refusal = r.refusal ? DONOR_REFUSALS[r.refusal as DonorRefusal] : null;
    // The window it goes in: the one the MVNE gave, or, before submitting, the one it would get now.
    const window =
      r.windowStart && r.windowEnd
        ? { start: r.windowStart, end: r.windowEnd }
        : r.status === 'pending'
          ? portingWindow(this.deps.clock.now())
          : null;
    return {
      id: r.id,
      msisdn: r.msisdn,
      donorNetwork: r.donorNetwork,
      donorNetworkName: NETWORKS[r.donorNetwork] ?? '',
      donorIdNumber: r.donorIdNumber,
      status: r.status,
      refusal: refusal ? { reason: refusal.reason, advice: refusal.advice, fixable: refusal.fixable } : null,
      windowStart: window?.start.toISOString() ?? null,
      windowEnd: window?.end.toISOString() ?? null,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      completedAt: r.completedAt?.toISOString() ?? null,
      temporaryMsisdn: line?.temporaryMsisdn ?? null,
      lineActive: line?.state === 'active',
      /** The MVNE has it for its window. */
      withNetwork: r.mvnePortId !== null && portWithNetwork(r.status),
      canEdit: nextPortStatus(r.status, PortAction.Edit) !== null,
      canSubmit: nextPortStatus(r.status, PortAction.Submit) !== null,
    };
  }

  async list(userId: string) {
    const rows = await repo.customerPortsWithLines(this.db, userId);
    return rows.map((r) => this.view(r.port, r.line));
  }

  async get(userId: string, id: string) {
    const row = await repo.customerPortWithLine(this.db, userId, id);
    if (!row) throw new AppError(404, Messages.notFound);
    return this.view(row.port, row.line);
  }

  /** Locks the customer's request and checks the state machine allows `action` now. */
  private async lockFor(tx: Tx, userId: string, id: string, action: PortAction) {
    const row = await repo.lockCustomerPort(tx.db, userId, id);
    if (!row) throw new AppError(404, Messages.notFound);
    const next = nextPortStatus(row.status, action);
    if (!next) throw new AppError(409, M.portNotNow(row.status));
    return { row, next };
  }

  /** The customer corrects the donor details (before submitting, or after the donor refused). */
  async edit(userId: string, id: string, input: { donorNetwork: number; donorIdNumber: string }) {
    await this.deps.database.transaction(async (tx) => {
      const { row, next } = await this.lockFor(tx, userId, id, PortAction.Edit);
      const now = this.deps.clock.now();
      await repo.saveDonorDetails(tx.db, row.id, input, next, now);
    });
    return this.get(userId, id);
  }

  /** 'Your MNP request has been submitted': the MVNE gets it for the next porting window. */
  async submit(userId: string, id: string) {
    await this.deps.database.transaction(async (tx) => {
      const { row, next } = await this.lockFor(tx, userId, id, PortAction.Submit);
      const now = this.deps.clock.now();
      const window = portingWindow(now);
      // A resubmission after a refusal is a new port at the MVNE: the refused one is done with.
      await repo.markPortSubmitted(tx.db, row.id, next, window, now);
      await orderRecords.addEvent(tx.db, row.orderId, now, 'port-submitted', row.msisdn);
      // Each submission is its own MVNE request: a resubmission after a refusal is a new port.
      await this.deps.queue.send(
        submitPortJob,
        { portRequestId: row.id, externalId: `${row.id}:${now.getTime()}` },
        tx,
      );
    });
    return this.get(userId, id);
  }

  /**
   * Number Change for a line whose port failed: the number (this one again, or another) and its
   * donor details, submitted at once for the next porting window. The line's own number becomes the
   * one to come; until it comes, the line keeps working on its temporary number.
   */
  async reinitiate(
    userId: string,
    id: string,
    input: { msisdn: string; donorNetwork: number; donorIdNumber: string },
  ) {
    const dropped = await this.deps.database.transaction(async (tx) => {
      const { row, next } = await this.lockFor(tx, userId, id, PortAction.Reinitiate);
      const line = await repo.lineOfOrderLine(tx.db, row.orderLineId);
      if (!line || (line.state !== 'active' && line.state !== 'suspended'))
        throw new AppError(404, Messages.notFound);
      // A line that has taken a new number since does not wait for a port any more.
      if (!line.temporaryMsisdn) throw new AppError(409, NumberChangeMessages.portNotFailed);
      if (input.msisdn !== line.msisdn && (await repo.numberTaken(tx.db, input.msisdn)))
        throw AppError.field('msisdn', Messages.phoneTaken, 409);
      // A change to a new number under way wins; one only held is given up for the port.
      const open = await numberChangesRepository.openChange(tx.client, line.id);
      if (open?.state === 'pending') throw new AppError(409, NumberChangeMessages.alreadyPending);
      const held = open ? await numberChangesRepository.dropHold(tx.client, line.id) : undefined;
      const now = this.deps.clock.now();
      await repo.restartPort(tx.db, row.id, input, now);
      await repo.setLineNumber(tx.db, line.id, input.msisdn, now);
      // The line's login (an Us line's) follows the number it is to have.
      if (input.msisdn !== line.msisdn)
        await this.deps.accounts.moveLoginNumber(tx, line.msisdn, input.msisdn, now);
      await repo.markPortSubmitted(tx.db, row.id, next, portingWindow(now), now);
      await orderRecords.addEvent(tx.db, row.orderId, now, 'port-submitted', input.msisdn);
      await this.deps.queue.send(
        submitPortJob,
        { portRequestId: row.id, externalId: `${row.id}:${now.getTime()}` },
        tx,
      );
      return held ?? null;
    });
    if (dropped) await this.deps.mvne.numbers.cancelReservation(dropped).catch(() => undefined);
    return this.get(userId, id);
  }

  /** Job: hands the request to the MVNE once the line it moves onto exists there. */
  async handOver(portRequestId: string, externalId: string, jobId: string) {
    const row = await repo.portWithLine(this.db, portRequestId);
    if (row?.port.status !== 'submitted' || row.port.mvnePortId) return;
    if (!row.line?.mvneServiceId) {
      // The SIM is not active yet: try again in an hour (the MVNE holds it to the window after that).
      // Its id is made from this job's: this job run again (its worker died) queues the same try.
      await this.deps.queue.send(submitPortJob, { portRequestId, externalId }, undefined, {
        startAfter: 3600,
        once: `after:${jobId}`,
      });
      return;
    }
    const port = await this.deps.mvne.porting.requestPort({
      externalId,
      msisdn: row.port.msisdn,
      donor: NETWORKS[row.port.donorNetwork] ?? 'unknown',
      idNumber: row.port.donorIdNumber,
      serviceId: row.line.mvneServiceId,
    });
    await repo.recordMvnePort(
      this.db,
      portRequestId,
      { mvnePortId: port.id, windowStart: new Date(port.windowStart), windowEnd: new Date(port.windowEnd) },
      this.deps.clock.now(),
    );
    const afterWindow = Math.max(60, Math.ceil((Date.parse(port.windowEnd) - Date.now()) / 1000));
    await this.deps.queue.send(checkPortJob, { portRequestId, attempt: 0 }, undefined, {
      startAfter: afterWindow,
      once: `${port.id}:0`,
    });
  }

  /** Job: reads the port's outcome, should its event not have come. */
  async check(portRequestId: string, attempt: number) {
    const row = await repo.port(this.db, portRequestId);
    if (!row?.mvnePortId || !portWithNetwork(row.status)) return;
    const port = await this.deps.mvne.porting.port(row.mvnePortId);
    if (port.state === 'completed' || port.state === 'rejected') await this.apply(port);
    else if (attempt < MAX_CHECKS)
      await this.deps.queue.send(checkPortJob, { portRequestId, attempt: attempt + 1 }, undefined, {
        startAfter: CHECK_EVERY_SECONDS,
        once: `${port.id}:${attempt + 1}`,
      });
  }

  /**
   * The MVNE's word on a port. Success: the line takes its own number and the temporary one is
   * released. A refusal the customer can put right: 'unsuccess', to edit and resubmit. A number that
   * cannot come over: 'failed', to re-initiate via Number Change. Applied once.
   */
  async apply(port: MvnePort) {
    await this.deps.database.transaction(async (tx) => {
      const row = await repo.lockPortByMvneId(tx.db, port.id);
      if (!row) return;
      const now = this.deps.clock.now();
      let status: PortingStatus = row.status;
      if (status === 'submitted' && port.state !== 'submitted')
        status = nextPortStatus(status, PortAction.Start) ?? status;
      if (port.state === 'inProgress' || port.state === 'submitted') {
        if (status !== row.status) await repo.setPortStatus(tx.db, row.id, status, now);
        return;
      }
      const refusal = port.refusal;
      const action = portOutcome(port.state === 'completed', refusal);
      const final = nextPortStatus(status, action);
      if (!final) return;
      await repo.closePort(
        tx.db,
        row.id,
        final,
        action === PortAction.Accept ? null : (refusal ?? 'not-active'),
        now,
      );
      let released: string | null = null;
      if (final === 'success') {
        const line = await repo.lineOfOrderLine(tx.db, row.orderLineId);
        released = line?.temporaryMsisdn ?? null;
        if (line) await repo.releaseTemporaryNumber(tx.db, line.id, now);
      }
      await orderRecords.addEvent(
        tx.db,
        row.orderId,
        now,
        `port-${final === 'success' ? 'success' : 'refused'}`,
        released ? OrderEventDetails.portReleased(row.msisdn, released) : row.msisdn,
      );
      await this.email(tx, row, final, refusal);
    });
  }

  private async email(tx: Tx, row: PortRow, status: PortingStatus, refusal: DonorRefusal | null) {
    const owner = await repo.portOwner(tx.db, row.userId, row.orderId);
    if (!owner?.email) return;
    const to = {
      name: owner.firstName,
      orderNumber: owner.orderNumber,
      msisdn: row.msisdn,
      link: new URL(`/manage/numberPort`, this.deps.publicUrl).toString(),
    };
    await this.deps.queue.send(
      sendEmailJob,
      {
        to: owner.email,
        // In the account holder's language (ADR 0055).
        locale: chooseLocale({ chosen: owner.language, configured: this.deps.defaultLocale }),
        content:
          status === 'success'
            ? { template: 'port-completed', ...to }
            : { template: 'port-refused', ...to, refusal },
      },
      tx,
    );
  }
}
