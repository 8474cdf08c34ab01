import {
  CustomerStatus,
  chooseLocale,
  type DeliveryMethod,
  LIMIT_SUBLINE,
  LINES_PER_PERSON,
  type Locale,
  Messages,
  pathFor,
} from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import type { SubLineState, SubLinesView } from '@selfcare/domain/contracts/sub-lines';
import {
  lineCounts,
  NOT_GOING_AHEAD_STATUSES,
  nextOrderStatus,
  OrderAction,
} from '@selfcare/domain/fulfilment';
import {
  MAX_ORDER_LINES,
  NETWORKS,
  NumberType,
  OrderMessages,
  type Quote,
  quoteOrder,
  type SubLineCreate,
  SubLineMessages,
} from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AddressClient } from '../../integrations/address.ts';
import { type MvneClient, MvneRejectedError, MvneUnavailableError } from '../../integrations/mvne.ts';
import { numberPage } from '../../integrations/number-pages.ts';
import type { Queue } from '../../jobs/queue.ts';
import { Registered } from '../../module.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { AccountService } from '../auth/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { checkDelivery, lookupAddress } from './delivery-check.ts';
import { draftRepository as drafts } from './draft.repository.ts';
import { createInMvneJob } from './order.jobs.ts';
import { orderRepository as orders } from './order.repository.ts';
import type { OrderedLines } from './ordered-lines.ts';
import type { PortRequests } from './payment-settlement.ts';
import { subLinesRepository as repo } from './sub-lines.repository.ts';

/** What the quote charges of one kind of item: the new number's fee, the delivery's. */
const feeOf = (quote: Quote, kind: Quote['items'][number]['kind']) =>
  quote.items.filter((i) => i.kind === kind).reduce((sum, i) => sum + i.amountCents, 0);

export interface SubLinesDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: Pick<MvneClient, 'numbers'>;
  address: AddressClient;
  catalog: CatalogService;
  porting: PortRequests;
  accounts: Pick<AccountService, 'phoneNumberHasLogin'>;
  /** How long a chosen new number is held (NUMBER_HOLD_MINUTES). */
  holdMinutes: number;
  /** Where the portal is, for the order's link in its confirmation. */
  publicUrl: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/**
 * /manage/mobileSubLine (ADR 0031). An active individual customer adds an 'Us' line for someone they
 * name: its number (a new one held first, as in ordering, or one ported in), plan, SIM or eSIM and
 * delivery. It is placed as an order of its own, paid on the next bill, and goes through the same
 * staff verification, delivery and activation as any; once live, its user signs in with its number.
 */
/**
 * Whether the customer asked to close their account and has not withdrawn it (ADR 0030): closing is
 * the users module's, which uses orders, so it registers this at start (ADR 0045).
 */
export interface AccountClosing {
  closing(db: Db, userId: string): Promise<boolean>;
}

export class SubLines {
  private readonly closure = new Registered<AccountClosing>(
    'Account closing is the users module’s, which registers it at start',
  );
  private readonly lines = new Registered<OrderedLines>(
    'The lines are the lines module’s, which registers them at start',
  );

  constructor(private readonly deps: SubLinesDeps) {}

  /** The lines made from order lines: the lines module's, which registers them at start (ADR 0045). */
  linesFrom(lines: OrderedLines) {
    this.lines.fill(lines);
  }

  refusedWhile(closure: AccountClosing) {
    this.closure.fill(closure);
  }

  private closing(db: Db, userId: string) {
    return this.closure.get().closing(db, userId);
  }

  private get db() {
    return this.deps.database.db;
  }

  /** Why this customer may not add lines: only an active individual customer's own login may. */
  private refusal(me: CurrentUser): AppError | null {
    if (!me.isMainLine) return new AppError(403, Messages.forbidden);
    if (me.type !== 0) return new AppError(403, SubLineMessages.individualOnly);
    if (me.status !== CustomerStatus.Active) return new AppError(409, SubLineMessages.activeOnly);
    return null;
  }

  private allow(me: CurrentUser) {
    const refused = this.refusal(me);
    if (refused) throw refused;
  }

  async view(me: CurrentUser): Promise<SubLinesView> {
    if (!me.isMainLine || me.type !== 0) throw new AppError(403, Messages.forbidden);
    const [rows, draft] = await Promise.all([
      repo.list(this.db, this.lines.get(), me.id),
      drafts.find(this.db, me.id),
    ]);
    const now = this.deps.clock.now();
    let used = 0;
    const lines = rows.map((r) => {
      if (lineCounts(r.orderStatus, r.lineState)) used += 1;
      const stopped = NOT_GOING_AHEAD_STATUSES.includes(r.orderStatus);
      const state: SubLineState = r.lineState ?? (stopped ? 'stopped' : 'ordered');
      return {
        id: r.orderLineId,
        fullName: r.assignee?.fullName ?? null,
        msisdn: r.lineMsisdn ?? r.msisdn,
        numberType: r.numberType,
        typeSim: r.typeSim,
        state,
        orderId: r.orderId,
        orderNumber: r.orderNumber,
        orderStatus: r.orderStatus,
        loginNumber: r.loginNumber,
        addedAt: r.createdAt.toISOString(),
      };
    });
    const remaining = Math.max(0, LIMIT_SUBLINE - used);
    const held = draft?.reservedUntil && draft.reservedUntil > now ? draft.reservedNumbers[0] : undefined;
    return {
      lines,
      limit: LIMIT_SUBLINE,
      remaining,
      blocked:
        this.refusal(me)?.message ?? (remaining === 0 ? OrderMessages.tooManyLines(MAX_ORDER_LINES) : null),
      hold:
        held && draft?.reservedUntil ? { msisdn: held, heldUntil: draft.reservedUntil.toISOString() } : null,
      holdMinutes: this.deps.holdMinutes,
    };
  }

  /** What may be chosen: the customer's plans, the fees, and how many lines may still be added. */
  async offer(me: CurrentUser) {
    this.allow(me);
    const [plans, used] = await Promise.all([
      this.deps.catalog.plansFor(me.cisTypes),
      repo.countOf(this.db, this.lines.get(), me.id),
    ]);
    return {
      plans,
      addons: [],
      fees: this.deps.catalog.fees,
      maxLines: Math.max(0, LIMIT_SUBLINE - used),
      networks: NETWORKS.map((name, id) => ({ id, name })),
    };
  }

  numbers(me: CurrentUser, contains: string, page: number) {
    this.allow(me);
    return numberPage(this.deps.mvne.numbers, contains, page);
  }

  address(me: CurrentUser, postalCode: string, method?: DeliveryMethod) {
    this.allow(me);
    return lookupAddress(this.deps.address, postalCode, method);
  }

  deliveryDates(me: CurrentUser, method: DeliveryMethod) {
    this.allow(me);
    return { dates: deliveryDateOptions(this.deps.clock.now(), method) };
  }

  /**
   * Holds a new number for the line being added for NUMBER_HOLD_MINUTES, as the order wizard does; a
   * number held before is given back. The number held already, asked again, keeps its hold.
   */
  async hold(me: CurrentUser, msisdn: string) {
    this.allow(me);
    const now = this.deps.clock.now();
    const draft = await drafts.find(this.db, me.id);
    const current = draft?.reservedUntil && draft.reservedUntil > now ? draft.reservedNumbers : [];
    if (current.length === 1 && current[0] === msisdn) return this.view(me);
    if (
      (await this.deps.accounts.phoneNumberHasLogin(this.db, msisdn)) ||
      (await repo.numberInUse(this.db, this.lines.get(), msisdn))
    )
      throw AppError.field('msisdn', Messages.phoneTaken, 409);
    const until = new Date(now.getTime() + this.deps.holdMinutes * 60_000);
    let reservationId: string;
    try {
      reservationId = (await this.deps.mvne.numbers.reserve(me.id, [msisdn], until)).id;
    } catch (err) {
      if (err instanceof MvneRejectedError) throw AppError.field('msisdn', OrderMessages.numberTaken, 409);
      if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
      throw err;
    }
    if (draft?.mvneReservationId) await this.release(draft.mvneReservationId);
    await drafts.save(this.db, me.id, {
      mvneReservationId: reservationId,
      reservedNumbers: [msisdn],
      reservedUntil: until,
      updatedAt: now,
    });
    return this.view(me);
  }

  /** Gives the held number back ("Keep choosing" or leaving the page). */
  async giveBack(me: CurrentUser) {
    this.allow(me);
    const draft = await drafts.find(this.db, me.id);
    if (draft?.mvneReservationId) await this.release(draft.mvneReservationId);
    if (draft) await drafts.remove(this.db, me.id);
    return this.view(me);
  }

  /** If the MVNE cannot be told now, the hold simply runs out there. */
  private async release(reservationId: string) {
    await this.deps.mvne.numbers.cancelReservation(reservationId).catch(() => undefined);
  }

  /**
   * What adding `input` needs of the data, in `db` (a transaction's, under its locks, or the pool's for
   * a first look): no closure asked for, the new number still held, a number no login or line of ours
   * has or is bringing, a person who is no other customer of ours, and under the law's limit. Answers
   * the customer's draft.
   */
  private async checkLine(db: Db, me: CurrentUser, input: SubLineCreate, now: Date) {
    if (await this.closing(db, me.id)) throw new AppError(409, SubLineMessages.closing);
    const draft = await drafts.find(db, me.id);
    if (input.numberType === NumberType.New) {
      const held =
        draft?.reservedUntil && draft.reservedUntil > now && draft.reservedNumbers[0] === input.msisdn;
      if (!held) throw AppError.field('msisdn', SubLineMessages.chooseUsNumber, 409);
    }
    if (
      (await this.deps.accounts.phoneNumberHasLogin(db, input.msisdn)) ||
      (await repo.numberInUse(db, this.lines.get(), input.msisdn))
    )
      throw AppError.field('msisdn', Messages.phoneTaken, 409);
    // Another customer of ours adds lines for themselves, from their own account (ADR 0032).
    if (await drafts.idNumberTaken(db, input.assignee.idNumber, me.id))
      throw AppError.field('assignee.idNumber', SubLineMessages.idOfAnotherAccount, 409);
    if ((await repo.countForPerson(db, this.lines.get(), input.assignee.idNumber)) >= LINES_PER_PERSON)
      throw AppError.field('assignee.idNumber', SubLineMessages.personAtLimit, 409);
    return draft;
  }

  /** Adds the 'Us' line: checks it, then places its order for staff, paid on the next bill. */
  async add(me: CurrentUser, input: SubLineCreate) {
    this.allow(me);
    const { catalog, clock } = this.deps;
    const now = clock.now();
    const plan = (await catalog.plansFor(me.cisTypes)).find((p) => p.code === input.planCode);
    if (!plan) throw AppError.field('planCode', OrderMessages.choosePlan);
    const isNew = input.numberType === NumberType.New;
    // Checked first for a quick answer, and again under the locks before anything is placed.
    const draft = await this.checkLine(this.db, me, input, now);
    const delivery = await checkDelivery(this.deps.address, now, input.typeSim, input.delivery);
    const profile = await repo.holderProfile(this.db, me.id);
    if (!profile) throw new AppError(409, SubLineMessages.activeOnly);
    const label = 'Us';
    const quote = quoteOrder({
      lines: [
        {
          label,
          planName: plan.name,
          planCents: plan.monthlyCents,
          addons: [],
          numberType: input.numberType,
        },
      ],
      deliveryMethod: delivery.deliveryMethod,
      promotion: null,
      fees: catalog.fees,
      chargeNow: false,
    });
    const status = nextOrderStatus(
      nextOrderStatus(null, OrderAction.CheckoutStarted, input.typeSim),
      OrderAction.PaymentSucceeded,
      input.typeSim,
    );
    if (!status) throw new Error('an order for an added line cannot be placed');
    const order = await this.deps.database.transaction(async (tx) => {
      // One line added at a time per customer, per person named and per number, so two at once
      // (a double click, two accounts naming one person) cannot pass a limit or take a number together.
      const holder = await repo.lockUser(tx.db, me.id);
      await repo.lockPersonAndNumber(tx.db, input.assignee.idNumber, input.msisdn);
      const current = await this.checkLine(tx.db, me, input, now);
      if ((await repo.countOf(tx.db, this.lines.get(), me.id)) >= LIMIT_SUBLINE)
        throw new AppError(409, OrderMessages.tooManyLines(MAX_ORDER_LINES));
      const { createdAt: _c, updatedAt: _u, userId: _id, ...details } = profile;
      const placed = await orders.insertOrder(tx.db, {
        orderNumber: await orders.nextOrderNumber(tx.db),
        userId: me.id,
        kind: 'sub-line',
        status,
        roadshow: false,
        typeSim: input.typeSim,
        deliveryMethod: delivery.deliveryMethod,
        deliveryDate: delivery.deliveryDate,
        deliveryAddress: delivery.delivery,
        billingAddress: (await repo.billingAddress(tx.db, me.id)) ?? delivery.delivery ?? {},
        // The account holder, whose identity staff checked with their first order, answers for the line.
        profile: { ...details, myinfoVerified: [], documents: null },
        promotionCode: null,
        quote,
        totalCents: quote.totalCents,
        dueNowCents: 0,
        mvneReservationId: isNew ? (current?.mvneReservationId ?? null) : null,
        createdAt: now,
        updatedAt: now,
      });
      await orders.replaceLines(tx.db, placed.id, [
        {
          position: 1,
          planCode: plan.code,
          addonCodes: [],
          numberType: input.numberType,
          msisdn: input.msisdn,
          donorNetwork: isNew ? null : (input.donorNetwork ?? null),
          assignee: input.assignee,
        },
      ]);
      await orders.addEvent(tx.db, placed.id, now, 'order-created');
      await orders.addEvent(tx.db, placed.id, now, 'sub-line-added');
      await this.deps.porting.createForOrder(
        tx,
        { id: placed.id, userId: me.id, idNumber: input.assignee.idNumber },
        await orders.lines(tx.db, placed.id),
        now,
      );
      await drafts.remove(tx.db, me.id);
      await this.deps.queue.send(createInMvneJob, { orderId: placed.id }, tx);
      // Nothing is paid now, so no receipt tells the customer the order is in: its confirmation does,
      // queued with the order, its id made from the order's, so it is sent once and only for an order placed.
      if (holder?.email)
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: holder.email,
            // In the holder's language, which the template writes its days in (ADR 0055).
            locale: chooseLocale({ chosen: holder.language, configured: this.deps.defaultLocale }),
            content: {
              template: 'sub-line-ordered',
              name: holder.firstName,
              orderNumber: placed.orderNumber,
              link: new URL(pathFor('orderDetail', { id: placed.id }), this.deps.publicUrl).toString(),
              lineUser: input.assignee.fullName,
              msisdn: input.msisdn,
              portIn: !isNew,
              planName: plan.name,
              planCents: plan.monthlyCents,
              newNumberFeeCents: feeOf(quote, 'numberFee'),
              deliveryFeeCents: feeOf(quote, 'delivery'),
              typeSim: input.typeSim,
              deliveryMethod: delivery.deliveryMethod,
              deliveryDate: delivery.deliveryDate,
            },
          },
          tx,
          { once: `sub-line-ordered:${placed.id}` },
        );
      return placed;
    });
    // A number held earlier and not used (the line ports its own in) goes back to the pool.
    if (!isNew && draft?.mvneReservationId) await this.release(draft.mvneReservationId);
    return { orderId: order.id, orderNumber: order.orderNumber };
  }
}
