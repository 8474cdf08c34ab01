import { ENDED_ORDER_STATUSES, Messages, type OrderStatus } from '@selfcare/domain';
import type { OrderTimelineEntry } from '@selfcare/domain/contracts/order-history';
import { orderEventLabel, orderProgress } from '@selfcare/domain/fulfilment';
import type { AddressInput, Fees, Quote } from '@selfcare/domain/order';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { Registered } from '../../module.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { orderHistoryRepository as repo } from './order-history.repository.ts';
import { orderRecords } from './order-records.ts';
import type { OrderedLines } from './ordered-lines.ts';

/** An address as the order keeps it (step 4's). */
type OrderAddress = Pick<AddressInput, 'postalCode' | 'blockNumber' | 'roadName' | 'building' | 'unitNumber'>;

/**
 * Events whose detail the customer may read (a tracking code, an amount, a number, the reason an order
 * was not approved or was cancelled, which staff write for the customer); staff notes stay internal.
 */
const PUBLIC_DETAIL = new Set([
  'reject',
  'cancel',
  'create-delivery',
  'refunded',
  'line-activated',
  'activate-online',
  'esim-issued',
  'port-submitted',
  'port-success',
  'port-refused',
  'admin-fee',
  'late-payment',
]);

/** A customer's orders: the list (/manage/orders) and one order with its lines and timeline. */
export class OrderHistoryService {
  private readonly lines = new Registered<OrderedLines>(
    'The lines are the lines module’s, which registers them at start',
  );

  constructor(
    private readonly database: Database,
    private readonly fees: Pick<Fees, 'adminCents'>,
  ) {}

  /** The orders' port-in requests: the lines module's, which registers them at start (ADR 0045). */
  linesFrom(lines: OrderedLines) {
    this.lines.fill(lines);
  }

  async list(me: CurrentUser) {
    const rows = await repo.ordersOf(this.database.db, me.id);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  /** One of the caller's orders; another customer's looks like it does not exist. */
  async detail(me: CurrentUser, id: string) {
    const { db } = this.database;
    const order = await repo.orderOf(db, me.id, id);
    if (!order) throw new AppError(404, Messages.notFound);
    const [lines, timeline, labelOf] = await Promise.all([
      repo.linesWithPlan(db, id),
      this.timeline(id),
      orderRecords.lineLabels(db, order),
    ]);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      kind: order.kind,
      totalCents: order.totalCents,
      dueNowCents: order.dueNowCents,
      typeSim: order.typeSim,
      deliveryMethod: order.deliveryMethod,
      deliveryDate: order.deliveryDate,
      deliveryAddress: (order.deliveryAddress ?? null) as OrderAddress | null,
      billingAddress: order.billingAddress as OrderAddress,
      quote: order.quote as Quote,
      lines: lines.map((l) => ({ ...l, label: labelOf(l.position) })),
      timeline,
      outcome: await this.outcome(order.id, order.status),
    };
  }

  /**
   * Why an order will not go ahead, in the words staff wrote for the customer (none for an order
   * closed unpaid: its payment window is the reason), and the refund of what it charged (amount and
   * status); null while the order goes ahead. Callers check the order is theirs.
   */
  async outcome(orderId: string, status: OrderStatus) {
    if (!ENDED_ORDER_STATUSES.includes(status)) return null;
    const { db } = this.database;
    const [ended, refund] = await Promise.all([
      repo.ending(db, orderId),
      repo.endingRefund(db, orderId, status === 'Unsuccessful payment' ? 'late-payment' : 'order-ended'),
    ]);
    return {
      reason: ended?.detail || null,
      at: ended?.at.toISOString() ?? null,
      refund: refund ?? null,
    };
  }

  /**
   * The latest order on /myAccount: its timeline, and its milestones, next steps and admin-fee
   * deadline, all from one read of its events. Callers check the order is theirs.
   */
  async latest(orderId: string, customerStatus: number) {
    const { db } = this.database;
    const [order, events, ports, fee] = await Promise.all([
      repo.order(db, orderId),
      this.events(orderId),
      this.lines.get().portStatusesOfOrder(db, orderId),
      repo.adminFees(db, orderId),
    ]);
    const progress = order
      ? orderProgress({
          status: order.status,
          kind: order.kind,
          typeSim: order.typeSim,
          createdAt: order.createdAt,
          customerStatus,
          events: events.map((e) => e.type),
          ports: ports.map((p) => p.status),
          adminFeeCharged: fee.length > 0,
          adminFeeCents: fee[0]?.amountCents ?? this.fees.adminCents,
        })
      : null;
    return { timeline: events.map(toTimelineEntry), progress };
  }

  /** An order's progress for its customer, oldest step first. Callers check the order is theirs. */
  async timeline(orderId: string) {
    return (await this.events(orderId)).map(toTimelineEntry);
  }

  private events(orderId: string) {
    return repo.events(this.database.db, orderId);
  }
}

function toTimelineEntry(e: { at: Date; type: string; detail: string }): OrderTimelineEntry {
  const label = orderEventLabel(e.type);
  const detail = PUBLIC_DETAIL.has(e.type) && e.detail ? e.detail : null;
  return { at: e.at.toISOString(), text: detail ? `${label}: ${detail}` : label, label, detail };
}
