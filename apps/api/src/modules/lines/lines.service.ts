import { ADMIN_FEE_DAYS, ChargeMessages, ESIM_FREE_INSTALLS, Messages } from '@selfcare/domain';
import { ADMIN_FEE_AFTER_MS, LINE_STATUS_LABELS, maskIccid } from '@selfcare/domain/fulfilment';
import type { Fees, Quote } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ChargesLedger } from '../billing/index.ts';
import { orderRecords } from '../orders/index.ts';
import type { EsimService } from './esim.service.ts';
import { linesRepository as repo } from './lines.repository.ts';

/** Orders charged the admin fee in one run of the daily job. */
const ADMIN_FEE_BATCH = 1000;

/**
 * The customer's lines for /manage/simManagement: number, SIM type, masked ICCID, status, and for
 * an eSIM its live profile and installations left. Always scoped to the signed-in customer.
 */
export class LinesService {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      esim: EsimService;
      fees: Pick<Fees, 'adminCents'>;
      charges: Pick<ChargesLedger, 'addOnce' | 'unbilled'>;
    },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The customer's lines, main line first; `id` narrows to one. Another customer's line is not found. */
  async list(userId: string, id?: string) {
    const rows = await repo.customerLines(this.db, userId, id);
    return rows.map(({ line, planName, issued }) => ({
      id: line.id,
      msisdn: line.msisdn,
      temporaryMsisdn: line.temporaryMsisdn,
      isMainLine: line.isMainLine,
      planName,
      typeSim: line.typeSim,
      iccid: line.iccid ? maskIccid(line.iccid) : null,
      status: LINE_STATUS_LABELS[line.state],
      activatedAt: line.activatedAt?.toISOString() ?? null,
      esimInstallsLeft: line.typeSim === 1 ? Math.max(0, ESIM_FREE_INSTALLS - issued) : null,
    }));
  }

  async detail(userId: string, id: string) {
    const [line] = await this.list(userId, id);
    if (!line) throw new AppError(404, Messages.notFound);
    if (line.typeSim !== 1) return { ...line, esim: null };
    const esim = await this.deps.esim.current(id);
    return { ...line, esimInstallsLeft: esim.installsLeft, esim };
  }

  /**
   * Job (daily): an order not activated within 14 calendar days of ordering accrues the admin fee
   * as a charge for the first bill. Once per order (a unique index), however often it runs.
   */
  async accrueAdminFees() {
    const due = new Date(this.deps.clock.now().getTime() - ADMIN_FEE_AFTER_MS);
    const late = await repo.openOrdersWithoutAdminFee(this.db, due, ADMIN_FEE_BATCH);
    for (const order of late)
      await this.deps.database.transaction((tx) =>
        this.chargeAdminFee(
          tx,
          order,
          ChargeMessages.notActivated(String(ADMIN_FEE_DAYS), order.orderNumber),
        ),
      );
    return late.length;
  }

  /**
   * Records the configured admin fee for the customer's first bill (once per order), and returns the
   * order's admin fee in cents: this one, or the one charged before.
   */
  async chargeAdminFee(tx: Tx, order: { id: string; userId: string }, reason: string): Promise<number> {
    const now = this.deps.clock.now();
    const fee = await this.deps.charges.addOnce(tx.db, {
      userId: order.userId,
      orderId: order.id,
      kind: 'admin-fee',
      amountCents: this.deps.fees.adminCents,
      reason,
      at: now,
    });
    if (fee.made) await orderRecords.addEvent(tx.db, order.id, now, 'admin-fee', reason);
    return fee.amountCents;
  }

  /**
   * An 'Us' line added after activation (ADR 0031) is live: its order's one-off fees (the new-number
   * fee, the delivery) go on the next bill, once per order; its plan is billed monthly like any line.
   */
  async chargeAddedLine(
    tx: Tx,
    order: { id: string; userId: string; orderNumber: string; quote: unknown },
    lineId: string,
  ) {
    const items = (order.quote as Quote).items.filter((i) => i.kind === 'numberFee' || i.kind === 'delivery');
    const amountCents = items.reduce((sum, i) => sum + i.amountCents, 0);
    if (amountCents <= 0) return;
    const labels = items.map((i) => i.label.replace(/^Us: /, ''));
    await this.deps.charges.addOnce(tx.db, {
      userId: order.userId,
      orderId: order.id,
      lineId,
      kind: 'order',
      amountCents,
      reason: ChargeMessages.orderItems(labels.join(', '), order.orderNumber),
      // Each fee's words, so that the bill says them in the reader's language.
      words: { kind: 'items', items: labels, orderNumber: order.orderNumber },
      at: this.deps.clock.now(),
    });
  }

  /** Charges waiting for the customer's first bill. */
  async pendingCharges(userId: string) {
    const rows = await this.deps.charges.unbilled(userId);
    return rows.map((c) => ({
      orderId: c.orderId,
      kind: c.kind,
      amountCents: c.amountCents,
      reason: c.reason,
      createdAt: c.createdAt.toISOString(),
    }));
  }
}
