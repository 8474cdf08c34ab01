import { ChargeMessages, Messages } from '@selfcare/domain';
import type { StaffReplacement } from '@selfcare/domain/contracts/staff';
import {
  FulfilmentMessages as F,
  type ReplacementDeliveryInput,
  type StaffReplacementQuery,
} from '@selfcare/domain/fulfilment';
import {
  LostSimMessages as M,
  nextReplacementState,
  offeredReplacementActions,
  ReplacementAction,
  type ReplacementState,
  replacementAddress,
  type StaffReplacementAction,
} from '@selfcare/domain/line-services';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { ChargesLedger } from '../billing/index.ts';
import { type LostSims, swapReplacementSimJob } from '../lines/index.ts';
import { type CurrentStaff, staffAuditRecords } from '../staff/index.ts';
import { inventoryRepository as stock } from './inventory.repository.ts';
import { type ReplacementRecord, replacementsRepository as repo } from './replacements.repository.ts';

export interface ReplacementsDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: Pick<MvneClient, 'services'>;
  lostSims: Pick<LostSims, 'block' | 'replacement' | 'complete'>;
  charges: Pick<ChargesLedger, 'addOnce'>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function viewOf(row: NonNullable<Awaited<ReturnType<typeof repo.one>>>): StaffReplacement {
  const { r } = row;
  return {
    id: r.id,
    state: r.state,
    typeSim: r.typeSim,
    lineId: r.lineId,
    msisdn: r.msisdn,
    customer: { id: r.userId, name: row.customerName, email: row.email },
    reportedAt: r.reportedAt.toISOString(),
    blockedAt: iso(r.blockedAt),
    lostIccid: r.lostIccid,
    newIccid: r.newIccid,
    deliveryAddress: replacementAddress(r.deliveryAddress ?? null),
    deliveryMethod: r.deliveryMethod,
    deliveryDate: r.deliveryDate,
    trackingCode: r.trackingCode,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    activationRequestedAt: iso(r.activationRequestedAt),
    completedAt: iso(r.completedAt),
    failure: r.failure,
    actions: offeredReplacementActions(r.state, r.typeSim),
  };
}

/**
 * Lost SIMs' replacements in the staff console (ADR 0029), beside the orders: the same delivery and
 * activation as an order's SIM, on the same stock. Every action is one transaction with the
 * replacement locked: the domain's `nextReplacementState` decides whether it may happen now, and the
 * change, the stock, the fee and the audit entry commit together. Activating swaps the SIM at the
 * MVNE through a durable job, once the lost SIM is blocked.
 */
export class ReplacementsService {
  constructor(private readonly deps: ReplacementsDeps) {}

  async list(query: StaffReplacementQuery) {
    const page = await repo.page(this.deps.database.db, query);
    return { ...page, items: page.rows.map(viewOf) };
  }

  private async one(id: string): Promise<StaffReplacement> {
    const row = await repo.one(this.deps.database.db, id);
    if (!row) throw new AppError(404, Messages.notFound);
    return viewOf(row);
  }

  /** Runs one staff action on a replacement, and writes it to the audit log with who took it and why. */
  private async act(
    staff: CurrentStaff,
    id: string,
    action: StaffReplacementAction,
    reason: string | null,
    effect: (tx: Tx, r: ReplacementRecord, next: ReplacementState, now: Date) => Promise<object | undefined>,
  ): Promise<StaffReplacement> {
    await this.deps.database.transaction(async (tx) => {
      const r = await repo.lock(tx.db, id);
      if (!r) throw new AppError(404, Messages.notFound);
      const next = nextReplacementState(r.state, action, r.typeSim);
      if (!next) throw new AppError(409, M.notNow(r.state));
      const now = this.deps.clock.now();
      const detail = (await effect(tx, r, next, now)) ?? {};
      await staffAuditRecords.record(tx.db, {
        at: now,
        staffId: staff.id,
        action: `replacement-${action}`,
        subject: r.msisdn,
        reason,
        detail: { replacementId: r.id, lineId: r.lineId, from: r.state, to: next, ...detail },
      });
    });
    return this.one(id);
  }

  /**
   * 'Create delivery order': a SIM from stock goes to the customer; the lost one leaves stock for
   * good; the replacement fee goes on the next bill, once however often a SIM is sent.
   */
  createDelivery(staff: CurrentStaff, id: string, input: ReplacementDeliveryInput & { iccid: string }) {
    return this.act(staff, id, ReplacementAction.CreateDelivery, null, async (tx, r, next, now) => {
      const [sim] = await stock.lockSims(tx.db, [input.iccid]);
      if (sim?.state !== 'available') throw AppError.field('iccid', F.simNotAvailable(input.iccid), 409);
      await stock.assignReplacement(tx.db, sim.iccid, `Replacement SIM for ${r.msisdn}`, now);
      if (r.lostIccid) await stock.markReportedLost(tx.db, r.lostIccid, now);
      await repo.update(tx.db, r.id, {
        state: next,
        newIccid: sim.iccid,
        newImsi: null,
        deliveryMethod: input.deliveryMethod,
        deliveryDate: input.deliveryDate,
        trackingCode: input.trackingCode,
        sentAt: now,
        sentBy: staff.id,
        deliveredAt: null,
        failure: null,
      });
      if (r.feeCents > 0)
        await this.deps.charges.addOnce(tx.db, {
          userId: r.userId,
          lineId: r.lineId,
          kind: 'sim-replacement',
          amountCents: r.feeCents,
          reason: ChargeMessages.simReplacement(r.msisdn),
          sourceKey: `sim-replacement:${r.id}`,
          at: now,
        });
      return { iccid: sim.iccid, trackingCode: input.trackingCode, deliveryMethod: input.deliveryMethod };
    });
  }

  markDelivered(staff: CurrentStaff, id: string) {
    return this.act(staff, id, ReplacementAction.MarkDelivered, null, async (tx, r, next, now) => {
      await repo.update(tx.db, r.id, { state: next, deliveredAt: now });
      return undefined;
    });
  }

  /** The parcel came back: its SIM returns to stock, and another is sent. */
  markDeliveryFailed(staff: CurrentStaff, id: string, reason: string) {
    return this.act(staff, id, ReplacementAction.MarkDeliveryFailed, reason, async (tx, r, next, now) => {
      if (r.newIccid) await stock.releaseReplacement(tx.db, r.newIccid, now);
      await repo.update(tx.db, r.id, { state: next, newIccid: null, failure: reason });
      return { iccid: r.newIccid };
    });
  }

  /**
   * 'Enter IMSI to activate': the IMSI must be the one of the SIM sent. The swap goes to the MVNE
   * through a durable job; the replacement completes when the MVNE has the line on the new SIM.
   */
  activate(staff: CurrentStaff, id: string, imsi: string) {
    return this.act(staff, id, ReplacementAction.Activate, null, async (tx, r, next, now) => {
      const [sim] = r.newIccid ? await stock.lockSims(tx.db, [r.newIccid]) : [];
      if (sim?.state !== 'assigned' || sim.imsi !== imsi) throw AppError.field('imsi', F.imsiMismatch, 422);
      await repo.update(tx.db, r.id, {
        state: next,
        newImsi: sim.imsi,
        deliveredAt: r.deliveredAt ?? now,
        activationRequestedAt: now,
        failure: null,
      });
      await this.deps.queue.send(swapReplacementSimJob, { replacementId: r.id }, tx, { key: r.id });
      return { iccid: sim.iccid };
    });
  }

  /**
   * Job: the lost SIM blocked first (if its own job has not yet), the MVNE moves the line onto the
   * new SIM (idempotent: the same SIM again changes nothing), then the line takes it and the SIM is
   * in service. The MVNE refusing the SIM hands the replacement back to staff with the reason.
   */
  async swap(replacementId: string) {
    const { database, clock, mvne, lostSims } = this.deps;
    const r = await lostSims.replacement(replacementId);
    if (r?.state !== 'activating' || !r.new_iccid) return;
    const serviceId = await repo.serviceOf(database.db, r.line_id);
    if (!serviceId) return;
    await lostSims.block(replacementId);
    try {
      await mvne.services.swapSim(serviceId, r.new_iccid, r.new_imsi);
    } catch (err) {
      if (!(err instanceof MvneRejectedError)) throw err;
      const back = nextReplacementState(r.state, ReplacementAction.SwapRefused, r.type_sim);
      if (back) await repo.refuseSwap(database.db, replacementId, back, M.swapRefused(err.message));
      return;
    }
    await database.transaction(async (tx) => {
      const now = clock.now();
      const done = await lostSims.complete(tx, replacementId, now);
      if (done?.new_iccid) await stock.markSimActive(tx.db, done.new_iccid, now);
    });
  }
}
