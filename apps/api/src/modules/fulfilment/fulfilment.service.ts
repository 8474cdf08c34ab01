import {
  ChargeMessages,
  CustomerStatus,
  chooseLocale,
  type Locale,
  Messages,
  type OrderStatus,
  pathFor,
} from '@selfcare/domain';
import {
  awaitingMvne,
  DELIVERY_METHOD_LABELS,
  kindTakes,
  FulfilmentMessages as M,
  movesCustomerStatus,
  nextOrderStatus,
  OrderAction,
  offeredActions,
  STAFF_ACTIONS,
  type StaffOrderAction,
  type StaffOrderQuery,
} from '@selfcare/domain/fulfilment';
import { type AccountStepInput, NETWORKS } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { AccountService } from '../auth/index.ts';
import type { LinesService, PortingService } from '../lines/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { type OrderRow, orderRecords, refundJob } from '../orders/index.ts';
import { type CurrentStaff, staffAuditRecords } from '../staff/index.ts';
import type { ActivationService } from './activation.service.ts';
import { fulfilmentRepository as repo } from './fulfilment.repository.ts';
import type { FulfilmentEmail, FulfilmentEmailContent } from './fulfilment-emails.ts';
import { inventoryRepository as stock } from './inventory.repository.ts';

export interface FulfilmentDeps {
  activation: ActivationService;
  lines: Pick<LinesService, 'chargeAdminFee'>;
  porting: Pick<PortingService, 'cancelForOrder'>;
  database: Database;
  clock: Clock;
  queue: Queue;
  statuses: Pick<AccountService, 'setCustomerStatus'>;
  publicUrl: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

interface Effect {
  /** What the timeline and the audit log record beside the action. */
  detail?: string;
  subject?: string;
  extra?: Record<string, unknown>;
}

/**
 * The staff side of an order after payment: the queue, the order's full picture, and the actions
 * that move it on. Every action runs in one transaction with the order locked: the state machine
 * decides whether it may happen now, and the status change, the timeline entry, the append-only
 * audit entry and any email or refund job are committed together or not at all.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async queue(query: StaffOrderQuery) {
    const page = await repo.queue(this.db, query);
    return {
      ...page,
      items: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  }

  async detail(orderId: string) {
    const found = await repo.order(this.db, orderId);
    if (!found) throw new AppError(404, Messages.notFound);
    const { order, user } = found;
    const [lines, payment, refund, parcels, docs, timeline, audit, labelOf] = await Promise.all([
      repo.lines(this.db, orderId),
      repo.payment(this.db, orderId),
      repo.refund(this.db, orderId),
      repo.deliveries(this.db, orderId),
      repo.documents(this.db, order.userId),
      repo.timeline(this.db, orderId),
      staffAuditRecords.ofOrder(this.db, orderId),
      orderRecords.lineLabels(this.db, order),
    ]);
    const profile = order.profile as AccountStepInput & { myinfoVerified?: string[] };
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      roadshow: order.roadshow,
      kind: order.kind,
      typeSim: order.typeSim,
      deliveryMethod: order.deliveryMethod,
      deliveryDate: order.deliveryDate,
      deliveryAddress: order.deliveryAddress as Record<string, string | null> | null,
      billingAddress: order.billingAddress as Record<string, string | null>,
      totalCents: order.totalCents,
      dueNowCents: order.dueNowCents,
      mvneOrderId: order.mvneOrderId,
      customer: {
        id: user.id,
        email: user.email,
        phoneNumber: user.phoneNumber,
        status: user.status,
      },
      profile: {
        salutation: profile.salutation,
        fullName: profile.fullName,
        dateOfBirth: profile.dateOfBirth,
        contactNumber: profile.contactNumber,
        idType: profile.idType,
        idNumber: profile.idNumber,
        idIssueDate: profile.idIssueDate,
        idExpiryDate: profile.idExpiryDate ?? null,
        passType: profile.passType ?? null,
        passExpiry: profile.passExpiry ?? null,
        employer: profile.employer ?? null,
        myinfoVerified: profile.myinfoVerified ?? [],
      },
      lines: lines.map((l) => ({
        ...l,
        label: labelOf(l.position),
        donorNetwork: l.donorNetwork === null ? null : (NETWORKS[l.donorNetwork] ?? null),
      })),
      payment: payment
        ? {
            amountCents: payment.amountCents,
            at: payment.at.toISOString(),
            card: payment.brand ? `${payment.brand} •••• ${payment.last4}` : null,
          }
        : null,
      refund: refund ? { amountCents: refund.amountCents, status: refund.status } : null,
      deliveries: parcels.map((d) => ({
        ...d,
        createdAt: d.createdAt.toISOString(),
        completedAt: d.completedAt?.toISOString() ?? null,
      })),
      documents: docs.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      timeline: timeline.map((e) => ({ ...e, at: e.at.toISOString() })),
      audit: audit.map((a) => ({ ...a, at: a.at.toISOString() })),
      actions: offeredActions(
        order.status,
        order.typeSim as 0 | 1,
        order.kind,
        lines.map((l) => l.service),
      ),
      waitingOnMvne: awaitingMvne(
        order.status,
        lines.map((l) => l.service),
      ),
    };
  }

  /**
   * Runs one staff action: locks the order, asks the state machine, applies `effect`, then records
   * the new status, the timeline entry and the audit entry.
   */
  private async act(
    staff: CurrentStaff,
    orderId: string,
    action: StaffOrderAction,
    reason: string | null,
    effect: (tx: Tx, order: OrderRow, next: OrderStatus, now: Date) => Promise<Effect | undefined>,
  ) {
    // The customer is told why an order is turned away or sent back: no reason, no action.
    if (STAFF_ACTIONS[action].needsReason && !reason?.trim())
      throw AppError.field('reason', Messages.required('Reason'), 422);
    return this.deps.database.transaction(async (tx) => {
      const order = await repo.lockOrder(tx.db, orderId);
      if (!order) throw new AppError(404, Messages.notFound);
      // An added 'Us' line's order never takes some actions (ADR 0031): 'Request documents'.
      if (!kindTakes(order.kind, action)) throw new AppError(409, M.subLineNoDocuments);
      const next = nextOrderStatus(order.status, action, order.typeSim as 0 | 1);
      if (!next) throw new AppError(409, M.notNow(order.status));
      const now = this.deps.clock.now();
      const done = (await effect(tx, order, next, now)) ?? {};
      if (next !== order.status) await orderRecords.setStatus(tx.db, order.id, next, now);
      await orderRecords.addEvent(tx.db, order.id, now, action, done.detail ?? reason ?? '', staff.id);
      await staffAuditRecords.record(tx.db, {
        at: now,
        staffId: staff.id,
        action,
        orderId: order.id,
        subject: done.subject ?? order.orderNumber,
        reason,
        detail: { from: order.status, to: next, ...done.extra },
      });
      return { status: next };
    });
  }

  /** Verifying an eSIM order releases its profiles and activates its lines: there is nothing to deliver. */
  async verify(staff: CurrentStaff, orderId: string, note: string | null) {
    return this.act(staff, orderId, OrderAction.Verify, note, async (tx, order, _next, now) => {
      if (order.typeSim === 1) await this.deps.activation.releaseEsimOrder(tx, order, now);
      return undefined;
    });
  }

  async reject(staff: CurrentStaff, orderId: string, reason: string) {
    return this.act(staff, orderId, OrderAction.Reject, reason, async (tx, order, _next, now) => {
      const refund = await this.refund(tx, order, now);
      await this.endForCustomer(tx, order, now);
      await this.email(
        tx,
        order,
        { template: 'order-rejected', reason, refundCents: refund },
        pathFor('orderDetail', { id: order.id }),
      );
      return { extra: { refundCents: refund } };
    });
  }

  async cancel(staff: CurrentStaff, orderId: string, reason: string) {
    return this.act(staff, orderId, OrderAction.Cancel, reason, async (tx, order, _next, now) => {
      const refund = await this.refund(tx, order, now);
      await stock.releaseForOrder(tx.db, order.id, now);
      await this.endForCustomer(tx, order, now);
      const adminFee = await this.deps.lines.chargeAdminFee(
        tx,
        order,
        ChargeMessages.orderCancelled(order.orderNumber),
      );
      await this.email(
        tx,
        order,
        { template: 'order-cancelled', reason, refundCents: refund, adminFeeCents: adminFee },
        pathFor('orderDetail', { id: order.id }),
      );
      return { extra: { refundCents: refund } };
    });
  }

  async requestDocuments(staff: CurrentStaff, orderId: string, reason: string) {
    return this.act(staff, orderId, OrderAction.RequestDocuments, reason, async (tx, order, _next, now) => {
      await this.deps.statuses.setCustomerStatus(tx, order.userId, CustomerStatus.DocumentsRequested, now);
      await this.email(tx, order, { template: 'documents-requested', reason }, '/uploadID');
      return undefined;
    });
  }

  async createDelivery(
    staff: CurrentStaff,
    orderId: string,
    input: {
      deliveryMethod: number;
      deliveryDate: string;
      trackingCode: string;
      sims: { lineId: string; iccid: string }[];
    },
  ) {
    return this.act(staff, orderId, OrderAction.CreateDelivery, null, async (tx, order, _next, now) => {
      const lines = await orderRecords.lines(tx.db, order.id);
      const byLine = new Map(input.sims.map((s) => [s.lineId, s.iccid]));
      const iccids = [...new Set(input.sims.map((s) => s.iccid))];
      if (
        byLine.size !== lines.length ||
        iccids.length !== lines.length ||
        !lines.every((l) => byLine.has(l.id))
      )
        throw AppError.field('sims', M.simCountMismatch(lines.length), 422);
      const sims = await stock.lockSims(tx.db, iccids);
      for (const iccid of iccids) {
        const sim = sims.find((s) => s.iccid === iccid);
        if (sim?.state !== 'available') throw AppError.field('sims', M.simNotAvailable(iccid), 409);
      }
      for (const line of lines) await stock.assign(tx.db, byLine.get(line.id) as string, line.id, now);
      await repo.addDelivery(tx.db, {
        orderId: order.id,
        deliveryMethod: input.deliveryMethod,
        deliveryDate: input.deliveryDate,
        trackingCode: input.trackingCode,
        status: 'in-progress',
        iccids,
        createdBy: staff.id,
        createdAt: now,
      });
      const method = DELIVERY_METHOD_LABELS[input.deliveryMethod] ?? '';
      // An added 'Us' line's SIM is handed to its user, on their own ID (ADR 0031).
      const lineUser = lines.find((l) => l.assignee)?.assignee?.fullName;
      await this.email(tx, order, {
        template: 'sim-on-its-way',
        deliveryMethod: input.deliveryMethod,
        deliveryDate: input.deliveryDate,
        trackingCode: input.trackingCode,
        ...(lineUser ? { lineUser } : {}),
      });
      return {
        detail: `${method} · ${input.trackingCode}`,
        extra: {
          iccids,
          trackingCode: input.trackingCode,
          deliveryDate: input.deliveryDate,
          deliveryMethod: input.deliveryMethod,
        },
      };
    });
  }

  async markDelivered(staff: CurrentStaff, orderId: string) {
    return this.act(staff, orderId, OrderAction.MarkDelivered, null, async (tx, order, _next, now) => {
      await repo.closeOpenDelivery(tx.db, order.id, 'delivered', null, now);
      return undefined;
    });
  }

  async markDeliveryFailed(staff: CurrentStaff, orderId: string, reason: string) {
    return this.act(staff, orderId, OrderAction.MarkDeliveryFailed, reason, async (tx, order, _next, now) => {
      await repo.closeOpenDelivery(tx.db, order.id, 'failed', reason, now);
      // The parcel comes back to us: its SIMs return to stock for the re-delivery.
      await stock.releaseForOrder(tx.db, order.id, now);
      await this.email(tx, order, { template: 'delivery-failed', reason });
      return undefined;
    });
  }

  /**
   * 'Enter IMSI to activate': each line's IMSI must be the one of the SIM delivered for it. The lines
   * go to the MVNE through durable jobs; the order completes when the MVNE reports them live.
   */
  async activateByImsi(staff: CurrentStaff, orderId: string, entries: { lineId: string; imsi: string }[]) {
    return this.act(staff, orderId, OrderAction.Activate, null, async (tx, order, _next, now) => {
      // Asked once: a second request (a console that had not caught up) would change nothing but the log.
      const services = (await repo.lines(tx.db, order.id)).map((l) => l.service);
      if (
        !offeredActions(order.status, order.typeSim as 0 | 1, order.kind, services).includes(
          OrderAction.Activate,
        )
      )
        throw new AppError(409, M.activationAlreadyRequested);
      const lines = await orderRecords.lines(tx.db, order.id);
      const byLine = new Map(entries.map((e) => [e.lineId, e.imsi]));
      if (byLine.size !== lines.length || !lines.every((l) => byLine.has(l.id)))
        throw AppError.field('lines', M.simCountMismatch(lines.length), 422);
      const sims = await stock.lockSims(
        tx.db,
        lines.map((l) => l.iccid ?? ''),
      );
      const ready = lines.map((l) => {
        const sim = sims.find((s) => s.iccid === l.iccid);
        if (!sim || sim.imsi !== byLine.get(l.id) || sim.orderLineId !== l.id)
          throw AppError.field(`lines.${l.position}.imsi`, M.imsiMismatch, 422);
        return { ...l, imsi: sim.imsi };
      });
      await this.deps.activation.request(tx, order, ready, now);
      return { extra: { lines: ready.map((l) => ({ msisdn: l.msisdn, iccid: l.iccid })) } };
    });
  }

  /** Records the refund of what the order's card was charged (once per order) and queues it. */
  private async refund(tx: Tx, order: OrderRow, now: Date): Promise<number | null> {
    const payment = await repo.payment(tx.db, order.id);
    if (!payment || payment.amountCents <= 0 || !payment.chargeId) return null;
    const row = await repo.addRefund(tx.db, {
      orderId: order.id,
      attemptId: payment.attemptId,
      amountCents: payment.amountCents,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return null;
    await this.deps.queue.send(refundJob, { refundId: row.id }, tx);
    return payment.amountCents;
  }

  /** An order that will not go ahead: a customer still waiting on it may order again. */
  private async endForCustomer(tx: Tx, order: OrderRow, now: Date) {
    await this.deps.porting.cancelForOrder(tx, order.id, now);
    if (!movesCustomerStatus(order.kind)) return;
    const found = await repo.order(tx.db, order.id);
    const status = found?.user.status;
    if (status === CustomerStatus.Ordered || status === CustomerStatus.DocumentsRequested)
      await this.deps.statuses.setCustomerStatus(tx, order.userId, CustomerStatus.New, now);
  }

  /**
   * Emails the order's customer one of the order templates, linking to `path`, in their language
   * (ADR 0055): the template writes its days and words in it.
   */
  private async email(tx: Tx, order: OrderRow, content: FulfilmentEmailContent, path = '/myAccount') {
    const found = await repo.order(tx.db, order.id);
    if (!found?.user.email) return;
    await this.deps.queue.send(
      sendEmailJob,
      {
        to: found.user.email,
        locale: chooseLocale({ chosen: found.user.language, configured: this.deps.defaultLocale }),
        content: {
          ...content,
          name: found.user.firstName,
          orderNumber: order.orderNumber,
          link: new URL(path, this.deps.publicUrl).toString(),
        } as FulfilmentEmail,
      },
      tx,
    );
  }
}
