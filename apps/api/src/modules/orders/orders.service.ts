import { CustomerStatus, type DeliveryMethod, Messages } from '@selfcare/domain';
import { deliveryDateOptions, sgDate } from '@selfcare/domain/calendar';
import {
  type AccountStep,
  accountDateProblems,
  type DeliveryStep,
  MAX_ORDER_LINES,
  myinfoLockedValues,
  myinfoVerifiesIdentity,
  OrderMessages,
} from '@selfcare/domain/order';
import { ProductMessages, productAllowedOn } from '@selfcare/domain/products';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AddressClient } from '../../integrations/address.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { Limits, type Throttle } from '../../security/throttle.ts';
import type { AccountService } from '../auth/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { DocumentsService } from '../documents/index.ts';
import { checkDelivery, lookupAddress } from './delivery-check.ts';
import { draftRepository as repo } from './draft.repository.ts';
import { type DraftData, type PlanStep, requireOrdering } from './draft-data.ts';
import { DraftView } from './draft-view.ts';
import { orderRepository } from './order.repository.ts';

/**
 * The order wizard's server side: the draft each step saves, and the rules each step enforces. The
 * numbers of step 2 are `NumbersService`'s, the price and the promotion code `QuoteService`'s.
 */
export interface OrdersDeps {
  database: Database;
  clock: Clock;
  catalog: CatalogService;
  address: AddressClient;
  documents: DocumentsService;
  /** Status changes go through the auth service, which forgets cached sessions once they commit. */
  statuses: Pick<AccountService, 'setCustomerStatus'>;
  throttle: Pick<Throttle, 'reserve'>;
}

export class OrdersService {
  private readonly database: Database;
  private readonly clock: Clock;
  private readonly catalog: CatalogService;
  private readonly address: AddressClient;
  private readonly documents: DocumentsService;
  private readonly view: DraftView;
  private readonly statuses: Pick<AccountService, 'setCustomerStatus'>;
  private readonly throttle: Pick<Throttle, 'reserve'>;

  constructor(deps: OrdersDeps) {
    this.database = deps.database;
    this.clock = deps.clock;
    this.catalog = deps.catalog;
    this.address = deps.address;
    this.documents = deps.documents;
    this.view = new DraftView(deps.database, deps.clock, deps.documents);
    this.statuses = deps.statuses;
    this.throttle = deps.throttle;
  }

  private get db() {
    return this.database.db;
  }

  /** What the wizard offers this customer: plans (with their CIS plans), add-ons, fees and limits. */
  async offer(me: CurrentUser) {
    requireOrdering(me);
    const [plans, addons] = await Promise.all([this.catalog.plansFor(me.cisTypes), this.catalog.addons()]);
    return { plans, addons, fees: this.catalog.fees, maxLines: this.maxLines(me) };
  }

  /** The main line and up to 9 others per person (SPEC limitSubline), less the lines already held. */
  private maxLines(me: CurrentUser): number {
    return Math.max(0, MAX_ORDER_LINES - me.subline - (me.activated ? 1 : 0));
  }

  async draft(me: CurrentUser) {
    requireOrdering(me);
    return this.view.of(await repo.find(this.db, me.id));
  }

  async savePlan(me: CurrentUser, input: PlanStep) {
    requireOrdering(me);
    const [plans, addons] = await Promise.all([this.catalog.plansFor(me.cisTypes), this.catalog.addons()]);
    const planCodes = new Set(plans.map((p) => p.code));
    const byCode = new Map(addons.map((a) => [a.code, a]));
    if (input.lines.length > this.maxLines(me))
      throw AppError.field('lines', OrderMessages.tooManyLines(MAX_ORDER_LINES));
    input.lines.forEach((line, i) => {
      if (!planCodes.has(line.planCode))
        throw AppError.field(`lines.${i}.planCode`, OrderMessages.choosePlan);
      const unknown = line.addonCodes.find((c) => !byCode.has(c));
      if (unknown) throw AppError.field(`lines.${i}.addonCodes`, Messages.invalid('Add-on'));
      // The catalog names the plans an add-on is for (Extra 20GB is not for unlimited data).
      const notTaken = line.addonCodes.find(
        (c) => !productAllowedOn(byCode.get(c)?.planCodes, line.planCode),
      );
      if (notTaken) throw AppError.field(`lines.${i}.addonCodes`, ProductMessages.notForPlan);
    });
    const lines = input.lines.map((l) => ({ planCode: l.planCode, addonCodes: [...new Set(l.addonCodes)] }));
    const row = await repo.find(this.db, me.id);
    const data = { ...((row?.data ?? {}) as DraftData), plan: { typeSim: input.typeSim, lines } };
    // Numbers chosen for lines that no longer exist are dropped; the others stay.
    if (data.numbers) data.numbers = { lines: data.numbers.lines.slice(0, lines.length) };
    return this.view.of(await repo.save(this.db, me.id, { data, updatedAt: this.clock.now() }));
  }

  /**
   * Step 3: who the customer is. Besides the form's own checks: the date rules with today's date in
   * Singapore, an ID number no other customer has, and both sides of the ID uploaded by this customer.
   */
  async saveAccount(me: CurrentUser, input: AccountStep) {
    requireOrdering(me);
    const row = await repo.find(this.db, me.id);
    const data = (row?.data ?? {}) as DraftData;
    if (!data.numbers) throw new AppError(409, OrderMessages.chooseNumber);
    // What MyInfo verified stays as MyInfo gave it, whatever the form sends.
    const locked = data.myinfo?.locked ?? [];
    const account = {
      ...input,
      ...myinfoLockedValues(data.myinfo),
      myinfoVerified: locked,
    } as DraftData['account'] & AccountStep;
    const problems = accountDateProblems(account, sgDate(this.clock.now()));
    // Whether an ID number has an account is worth knowing to an outsider: each number this customer
    // asks about is counted, unless it is the one already saved or the one MyInfo gave (ADR 0018).
    const asked = account.idNumber !== data.account?.idNumber && !locked.includes('idNumber');
    if (asked) await this.throttle.reserve([[`id-number-check:${me.id}`, Limits.idNumberChecks]]);
    if (await repo.idNumberTaken(this.db, account.idNumber, me.id)) problems.idNumber = Messages.idTaken;
    if (myinfoVerifiesIdentity(locked)) account.documents = null;
    else if (!input.documents || !(await this.documents.owned(me, input.documents)))
      problems.documents = OrderMessages.documentsRequired;
    const first = Object.values(problems)[0];
    if (first) throw new AppError(422, first, { fields: problems });
    return this.view.of(
      await repo.save(this.db, me.id, { data: { ...data, account }, updatedAt: this.clock.now() }),
    );
  }

  /**
   * Step 3, when the ID number MyInfo gave already has an account: forgets what MyInfo gave, so that
   * the customer fills in step 3 by hand or retrieves again. A step 3 saved with MyInfo's verified
   * values goes too, since they were MyInfo's.
   */
  async clearMyinfo(me: CurrentUser) {
    requireOrdering(me);
    const row = await repo.find(this.db, me.id);
    const { myinfo: _, ...data } = (row?.data ?? {}) as DraftData;
    if (data.account?.myinfoVerified?.length) delete data.account;
    return this.view.of(await repo.save(this.db, me.id, { data, updatedAt: this.clock.now() }));
  }

  /** Step 4 helper: the addresses at a postal code (see `lookupAddress`). */
  async lookupAddress(me: CurrentUser, postalCode: string, method?: DeliveryMethod) {
    requireOrdering(me);
    return lookupAddress(this.address, postalCode, method);
  }

  /** Step 4 helper: the days a delivery method may be booked for, from today in Singapore. */
  deliveryDates(me: CurrentUser, method: DeliveryMethod) {
    requireOrdering(me);
    return { dates: deliveryDateOptions(this.clock.now(), method) };
  }

  /**
   * Step 4: how the SIM reaches the customer and where bills go. eSIM orders use eSIM ID
   * verification, physical SIMs any other method; a date must be one the method offers; home
   * delivery needs an address the courier serves. A roadshow order has no delivery, only billing.
   */
  async saveDelivery(me: CurrentUser, input: DeliveryStep) {
    requireOrdering(me);
    const row = await repo.find(this.db, me.id);
    const data = (row?.data ?? {}) as DraftData;
    if (!data.account || !data.plan) throw new AppError(409, Messages.required('Account information'));
    let saved: DeliveryStep;
    if (me.roadshow) {
      if (!input.billing) throw AppError.field('billing.postalCode', Messages.required('Postal code'));
      saved = {
        deliveryMethod: null,
        delivery: null,
        deliveryDate: null,
        billingSameAsDelivery: false,
        billing: input.billing,
      };
    } else {
      const {
        deliveryMethod: method,
        delivery,
        deliveryDate: date,
      } = await checkDelivery(this.address, this.clock.now(), data.plan.typeSim, input);
      const sameAsDelivery = delivery !== null && input.billingSameAsDelivery;
      saved = {
        deliveryMethod: method,
        delivery,
        deliveryDate: date,
        billingSameAsDelivery: sameAsDelivery,
        billing: sameAsDelivery ? delivery : (input.billing ?? null),
      };
    }
    return this.view.of(
      await repo.save(this.db, me.id, { data: { ...data, delivery: saved }, updatedAt: this.clock.now() }),
    );
  }

  /**
   * /uploadID: staff asked a customer (status 3) for their ID. Both sides uploaded by the customer
   * put them back to waiting (status 1) and onto their latest order's timeline.
   */
  async submitRequestedDocuments(me: CurrentUser, ids: { front: string | null; back: string | null }) {
    if (me.status !== CustomerStatus.DocumentsRequested) throw new AppError(403, Messages.forbidden);
    if (!(await this.documents.owned(me, ids)))
      throw AppError.field('documents', OrderMessages.documentsRequired);
    await this.database.transaction(async (tx) => {
      const now = this.clock.now();
      await this.statuses.setCustomerStatus(tx, me.id, CustomerStatus.Ordered, now);
      const latest = await orderRepository.latestOrder(tx.db, me.id);
      if (latest) await orderRepository.addEvent(tx.db, latest.id, now, 'documents-uploaded');
    });
  }
}
