import { chooseLocale, type Locale, Messages } from '@selfcare/domain';
import { FulfilmentMessages as M, nextOrderStatus, OrderAction } from '@selfcare/domain/fulfilment';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  type MvneClient,
  MvneRejectedError,
  type MvneService,
  MvneUnavailableError,
} from '../../integrations/mvne.ts';
import { readSignedEvent } from '../../integrations/webhooks.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { AccountService } from '../auth/index.ts';
import type { EsimService, LinesService, PortingService } from '../lines/index.ts';
import { activateLineJob } from '../lines/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { type OrderRow, orderRecords } from '../orders/index.ts';
import type { ProductsService } from '../products/index.ts';
import { checkActivationJob } from './activation.jobs.ts';
import { activationRepository as repo } from './activation.repository.ts';
import { fulfilmentRepository } from './fulfilment.repository.ts';
import { inventoryRepository as stock } from './inventory.repository.ts';

/** The parts of an MVNE event we read: which service or port to ask the MVNE about. */
const mvneEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z
    .object({
      service: z.object({ externalId: z.string().max(100).optional() }).nullish(),
      port: z.object({ id: z.string().min(1).max(100) }).nullish(),
    })
    .nullish(),
});

export interface ActivationDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: Pick<MvneClient, 'services' | 'porting'>;
  accounts: Pick<AccountService, 'activateCustomer' | 'createSubLineUser'>;
  esim: Pick<EsimService, 'requestFirst'>;
  /** Where the MVNE's port-in outcomes, which come by the same webhook, go. */
  ports: Pick<PortingService, 'apply'>;
  /** Bills an added 'Us' line's one-off fees once it is live. */
  lines: Pick<LinesService, 'chargeAddedLine'>;
  /** Sets up the add-ons chosen for a line in its order once the line is live. */
  products: Pick<ProductsService, 'addFromOrder'>;
  webhookSecret: string;
  pollSeconds: number;
  publicUrl: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/** Checking on an activation every poll interval, for at most the spec's 4 hours and a margin. */
const MAX_CHECKS = 300;

/**
 * Lines from an order to active service in the MVNE. The request, the check and the completion are
 * durable jobs keyed by our line's id (the MVNE's idempotency key), so an MVNE outage or a crash
 * delays an activation but never loses it, and a repeated event or check changes nothing.
 */
export class ActivationService {
  constructor(private readonly deps: ActivationDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** Records the order's lines as activating and queues their activation, in the caller's transaction. */
  async request(
    tx: Tx,
    order: OrderRow,
    lines: {
      id: string;
      msisdn: string;
      planCode: string;
      position: number;
      iccid: string | null;
      imsi: string | null;
    }[],
    now: Date,
  ) {
    for (const line of lines) {
      const existing = await repo.lineIdOfOrderLine(tx.db, line.id);
      if (existing) continue;
      const live = await repo.liveLineWithNumber(tx.db, line.msisdn);
      if (live) throw new AppError(409, M.numberInService(line.msisdn));
      const row = await repo.addLine(tx.db, {
        userId: order.userId,
        orderId: order.id,
        orderLineId: line.id,
        msisdn: line.msisdn,
        typeSim: order.typeSim,
        iccid: line.iccid,
        imsi: line.imsi,
        planCode: line.planCode,
        isMainLine: line.position === 0,
        state: 'activating',
        requestedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) continue;
      // An eSIM line activates once its profile is released; a physical one straight away.
      if (order.typeSim === 1)
        await this.deps.esim.requestFirst(tx, { id: row.id, userId: order.userId }, now);
      else await this.deps.queue.send(activateLineJob, { subscriptionId: row.id }, tx);
    }
  }

  /** An eSIM order has nothing to deliver: its lines activate on profiles the MVNE releases. */
  async releaseEsimOrder(tx: Tx, order: OrderRow, now: Date) {
    const lines = await orderRecords.lines(tx.db, order.id);
    await this.request(
      tx,
      order,
      lines.map((l) => ({ ...l, iccid: null, imsi: null })),
      now,
    );
  }

  /**
   * An order `verifiedWithoutReview` (MyInfo stood in for staff): recorded as verified with no staff
   * member, and its eSIM profiles released, in the caller's transaction.
   */
  async verifyWithoutReview(tx: Tx, order: OrderRow, now: Date) {
    await orderRecords.addEvent(tx.db, order.id, now, OrderAction.Verify, 'Identity verified with MyInfo');
    await this.releaseEsimOrder(tx, order, now);
  }

  private find(id: string) {
    return repo.line(this.db, id);
  }

  /** Job: asks the MVNE to activate the line, then checks on it later should no event come. */
  /** Job: activates the line at the MVNE; `jobId`, the job's, names the check it queues. */
  async startLine(subscriptionId: string, jobId: string) {
    const line = await this.find(subscriptionId);
    if (line?.state !== 'activating') return;
    if (line.typeSim === 1 && !line.iccid) return; // its eSIM profile's release queues this again
    const port = await repo.portOfOrderLine(this.db, line.orderLineId);
    let service: MvneService;
    try {
      service = await this.deps.mvne.services.activateService({
        externalId: line.id,
        msisdn: line.msisdn,
        simType: line.typeSim === 1 ? 'eSIM' : 'physical',
        iccid: line.iccid,
        imsi: line.imsi,
        portIn: Boolean(port),
        planCode: line.planCode,
      });
    } catch (err) {
      if (err instanceof MvneRejectedError) {
        // Retrying cannot help: the order's timeline tells staff why.
        await orderRecords.addEvent(
          this.db,
          line.orderId,
          this.deps.clock.now(),
          'activation-refused',
          err.message,
        );
        return;
      }
      throw err;
    }
    await repo.recordMvneService(
      this.db,
      line.id,
      {
        mvneServiceId: service.id,
        // A port-in line works on a number the MVNE lends until its own comes over.
        temporaryMsisdn: service.msisdn && service.msisdn !== line.msisdn ? service.msisdn : null,
      },
      this.deps.clock.now(),
    );
    if (service.state === 'active') await this.complete(line.id);
    else await this.scheduleCheck(line.id, 0, jobId);
  }

  /**
   * Queues the line's next check. Its id is made from the job queuing it (`after`): that job run
   * again (its worker died before it completed) queues the same check, not a second series beside
   * the first; a line activated again after a failure starts a series of its own.
   */
  private scheduleCheck(subscriptionId: string, attempt: number, after: string) {
    return this.deps.queue.send(checkActivationJob, { subscriptionId, attempt }, undefined, {
      startAfter: this.deps.pollSeconds,
      once: `after:${after}`,
    });
  }

  /** Job: reads the activation's state from the MVNE (the path that works when an event is lost). */
  async checkLine(subscriptionId: string, attempt: number, jobId: string) {
    const line = await this.find(subscriptionId);
    if (line?.state !== 'activating') return;
    if (!line.mvneServiceId) {
      await this.deps.queue.send(activateLineJob, { subscriptionId }, undefined, { once: `after:${jobId}` });
      return;
    }
    const service = await this.deps.mvne.services.service(line.mvneServiceId);
    if (service.state === 'active') await this.complete(line.id);
    else if (attempt < MAX_CHECKS) await this.scheduleCheck(line.id, attempt + 1, jobId);
  }

  /**
   * A signed MVNE event; each event id is handled once however often it is delivered. The event
   * only says what to look at: the MVNE's own record of the service or the port decides, so an
   * event the MVNE did not send (a leaked secret, a replayed body) changes nothing.
   */
  async receiveWebhook(raw: string, signature: string | undefined) {
    const { id, type, data } = readSignedEvent(this.deps.webhookSecret, raw, signature, mvneEvent);
    const fresh = await repo.recordMvneEvent(this.db, { id, type, receivedAt: this.deps.clock.now() });
    if (!fresh) return;
    try {
      const lineId = data?.service?.externalId;
      if (type === 'service.activated' && z.uuid().safeParse(lineId).success)
        await this.confirmActivated(lineId as string);
      const portId = data?.port?.id;
      if (type === 'port.updated' && portId)
        await this.deps.ports.apply(await this.deps.mvne.porting.port(portId));
    } catch (err) {
      // The MVNE knows no such service or port: there is nothing to apply, now or on a redelivery.
      if (err instanceof MvneRejectedError) return;
      // Not handled: forget it, so that the MVNE's next delivery of it (it retries on an error) is.
      await repo.forgetMvneEvent(this.db, id);
      if (err instanceof MvneUnavailableError) throw new AppError(503, 'The MVNE cannot be reached');
      throw err;
    }
  }

  /** The line completes only when the MVNE reports its service active; the check job covers the rest. */
  private async confirmActivated(lineId: string) {
    const line = await this.find(lineId);
    if (line?.state !== 'activating' || !line.mvneServiceId) return;
    const service = await this.deps.mvne.services.service(line.mvneServiceId);
    if (service.state === 'active') await this.complete(line.id);
  }

  /**
   * The MVNE says the line is live. Once per line: its SIM becomes active; a main line makes the
   * customer active (status 2); an 'Us' line gets its own login; the add-ons chosen for it in the
   * order are set up on it; the last line completes the order.
   */
  async complete(subscriptionId: string) {
    await this.deps.database.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const line = await repo.markLineActive(tx.db, subscriptionId, now);
      if (!line) return;
      if (line.iccid) await stock.markSimActive(tx.db, line.iccid, now);
      const owner = await repo.lineOwner(tx.db, line.userId);
      if (!owner) throw new AppError(404, Messages.notFound);
      const orderLine = (await orderRecords.lines(tx.db, line.orderId)).find(
        (l) => l.id === line.orderLineId,
      );
      if (line.isMainLine) await this.deps.accounts.activateCustomer(tx, owner.id, now);
      else {
        // An 'Us' line added for someone named signs in under their name; one ordered with the
        // main line, under the customer's.
        const user = orderLine?.assignee
          ? { ...owner, firstName: orderLine.assignee.fullName, lastName: '' }
          : owner;
        const lineUserId = await this.deps.accounts.createSubLineUser(tx, user, line.msisdn, now);
        if (lineUserId) await repo.setLineUser(tx.db, line.id, lineUserId);
      }
      await orderRecords.addEvent(tx.db, line.orderId, now, 'line-activated', line.msisdn);
      const order = await orderRecords.find(tx.db, line.orderId);
      if (order?.kind === 'sub-line') await this.deps.lines.chargeAddedLine(tx, order, line.id);
      if (orderLine?.addonCodes.length)
        await this.deps.products.addFromOrder(
          tx,
          {
            id: line.id,
            userId: line.userId,
            orderLineId: line.orderLineId,
            addonCodes: orderLine.addonCodes,
          },
          now,
        );
      await this.completeOrderIfDone(tx, line.orderId, owner, now);
    });
  }

  private async completeOrderIfDone(
    tx: Tx,
    orderId: string,
    owner: { firstName: string; email: string | null; language: string | null },
    now: Date,
  ) {
    const order = await fulfilmentRepository.lockOrder(tx.db, orderId);
    if (!order) return;
    const lines = await orderRecords.lines(tx.db, orderId);
    const live = await repo.liveLinesOfOrder(tx.db, orderId);
    if (live.length < lines.length) return;
    const next = nextOrderStatus(order.status, OrderAction.ActivationCompleted, order.typeSim as 0 | 1);
    if (!next) return;
    await orderRecords.setStatus(tx.db, orderId, next, now);
    await orderRecords.addEvent(tx.db, orderId, now, 'activated');
    if (owner.email)
      await this.deps.queue.send(
        sendEmailJob,
        {
          to: owner.email,
          // In the account holder's language (ADR 0055).
          locale: chooseLocale({ chosen: owner.language, configured: this.deps.defaultLocale }),
          content: {
            template: 'lines-active',
            name: owner.firstName,
            orderNumber: order.orderNumber,
            link: new URL('/dashboard/local', this.deps.publicUrl).toString(),
          },
        },
        tx,
      );
  }
}
