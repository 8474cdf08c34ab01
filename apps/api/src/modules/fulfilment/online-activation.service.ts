import { CustomerStatus, type OrderStatus, TypeSim } from '@selfcare/domain';
import {
  FulfilmentMessages as M,
  mayActivateOnline,
  nextOrderStatus,
  OrderAction,
} from '@selfcare/domain/fulfilment';
import { lineLabel } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { RequestMeta, SessionService } from '../auth/index.ts';
import type { KycLogin } from '../myinfo/index.ts';
import { orderRecords } from '../orders/index.ts';
import { activationRepository } from './activation.repository.ts';
import type { ActivationService } from './activation.service.ts';
import { fulfilmentRepository as repo } from './fulfilment.repository.ts';
import { inventoryRepository as stock } from './inventory.repository.ts';

export interface OnlineActivationDeps {
  database: Database;
  clock: Clock;
  kyc: KycLogin;
  auth: Pick<SessionService, 'startVerifiedSession'>;
  activation: ActivationService;
}

const notEligible = () => new AppError(403, M.orderNotEligible);

/**
 * /activeSimOnline: the customer proves who they are (a Singpass login matching the ID number on
 * the order) and that they hold the SIM (its barcode), and the line goes to the MVNE.
 */
export class OnlineActivationService {
  constructor(private readonly deps: OnlineActivationDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** POST /auth/loginByKyc: signs in the customer whose order this is, if Singpass says it is them. */
  async loginByKyc(
    input: { code: string; state: string; orderNumber: string },
    meta: RequestMeta,
    browser: string | undefined,
  ) {
    const uinfin = await this.deps.kyc.identity(input, browser);
    const order = await activationRepository.orderByNumber(this.db, input.orderNumber);
    const idNumber = String(
      (order?.profile as { idNumber?: string } | undefined)?.idNumber ?? '',
    ).toUpperCase();
    if (!order || idNumber !== uinfin || !mayActivateOnline(order)) throw notEligible();
    return this.deps.auth.startVerifiedSession(order.userId, meta);
  }

  /** The signed-in customer's order waiting for activation, and which of its lines are done. */
  async pending(me: CurrentUser) {
    if (me.status !== CustomerStatus.Ordered) throw notEligible();
    const order = await activationRepository.onlineActivationOrder(this.db, me.id);
    if (!order) throw notEligible();
    const [lines, live] = await Promise.all([
      orderRecords.lines(this.db, order.id),
      activationRepository.linesOfOrder(this.db, order.id),
    ]);
    return {
      orderNumber: order.orderNumber,
      lines: lines.map((l) => ({
        label: lineLabel(l.position),
        msisdn: l.msisdn,
        state: live.find((x) => x.orderLineId === l.id)?.state ?? null,
      })),
    };
  }

  /**
   * Activates the line whose SIM this is. The barcode must be the SIM sent for one of the customer's
   * lines and not yet used; a parcel not yet marked delivered is delivered now (the SIM is in hand).
   */
  async activate(me: CurrentUser, iccid: string) {
    if (me.status !== CustomerStatus.Ordered) throw notEligible();
    return this.deps.database.transaction(async (tx) => {
      const order = await activationRepository.lockOnlineActivationOrder(tx.db, me.id);
      if (!order) throw notEligible();
      const lines = await orderRecords.lines(tx.db, order.id);
      const line = lines.find((l) => l.iccid === iccid);
      const [sim] = line ? await stock.lockSims(tx.db, [iccid]) : [];
      const used = line ? await activationRepository.lineOfOrderLine(tx.db, line.id) : undefined;
      if (!line || !sim || sim.state !== 'assigned' || sim.orderLineId !== line.id || used)
        throw AppError.field('iccid', M.barcodeInvalid, 422);
      const now = this.deps.clock.now();
      let status = order.status;
      if (status === 'Delivery in progress') {
        status = nextOrderStatus(status, OrderAction.MarkDelivered, TypeSim.Physical) as OrderStatus;
        await repo.closeOpenDelivery(tx.db, order.id, 'delivered', null, now);
        await orderRecords.setStatus(tx.db, order.id, status, now);
        await orderRecords.addEvent(tx.db, order.id, now, 'mark-delivered', 'SIM received by the customer');
      }
      await this.deps.activation.request(tx, order, [{ ...line, imsi: sim.imsi }], now);
      await orderRecords.addEvent(tx.db, order.id, now, 'activate-online', line.msisdn);
      return { orderNumber: order.orderNumber, msisdn: line.msisdn };
    });
  }
}
