import { CustomerStatus, DeliveryMethod, Messages } from '@selfcare/domain';
import { deliveryDateOptions, sgDate } from '@selfcare/domain/calendar';
import {
  type AccountStep,
  accountDateProblems,
  type DeliveryStep,
  deliveryMethodsFor,
  type FoundAddress,
  MAX_ORDER_LINES,
  type MyinfoPrefill,
  myinfoLockedValues,
  myinfoVerifiesIdentity,
  type NumberStepInput,
  NumberType,
  type numberStepSchema,
  OrderMessages,
  type PlanStepInput,
  type planStepSchema,
  shipsToAddress,
} from '@selfcare/domain/order';
import type * as z from 'zod/mini';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AddressClient, AddressUnavailableError } from '../../integrations/address.ts';
import { type MvneClient, MvneRejectedError, MvneUnavailableError } from '../../integrations/mvne.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { Limits, type Throttle } from '../../security/throttle.ts';
import type { AccountService } from '../auth/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { DocumentsService } from '../documents/index.ts';
import { type DraftRow, draftRepository as repo } from './draft.repository.ts';
import { orderRepository } from './order.repository.ts';

export type PlanStep = z.output<typeof planStepSchema>;
export type NumberStep = z.output<typeof numberStepSchema>;

export interface StoredNumberLine {
  numberType: NumberType;
  msisdn: string;
  donorNetwork: number | null;
  confirmPostpaid?: boolean;
}

export interface DraftData {
  plan?: PlanStep;
  numbers?: { lines: StoredNumberLine[] };
  /** `myinfoVerified` names the fields MyInfo verified, as they were locked when the step was saved. */
  account?: AccountStep & { myinfoVerified?: string[] };
  delivery?: DeliveryStep;
  myinfo?: MyinfoPrefill;
}

export const NUMBERS_PAGE_SIZE = 20;

/** The order wizard's server side: the draft each step saves, and the rules each step enforces. */
export interface OrdersDeps {
  database: Database;
  clock: Clock;
  catalog: CatalogService;
  mvne: MvneClient;
  address: AddressClient;
  documents: DocumentsService;
  /** How long a chosen new number is held (NUMBER_HOLD_MINUTES). */
  holdMinutes: number;
  /** Status changes go through the auth service, which forgets cached sessions once they commit. */
  statuses: Pick<AccountService, 'setCustomerStatus'>;
  throttle: Pick<Throttle, 'reserve'>;
}

/**
 * Only a customer without an order (status 0) orders through the wizard: the permission table lets
 * a status-2 customer open any page, but the web sends them away from /getStarted, and so does this.
 */
export function requireOrdering(me: CurrentUser) {
  if (me.status !== CustomerStatus.New) throw new AppError(403, Messages.forbidden);
}

export class OrdersService {
  private readonly database: Database;
  private readonly clock: Clock;
  private readonly catalog: CatalogService;
  private readonly mvne: MvneClient;
  private readonly address: AddressClient;
  private readonly documents: DocumentsService;
  private readonly holdMinutes: number;
  private readonly statuses: Pick<AccountService, 'setCustomerStatus'>;
  private readonly throttle: Pick<Throttle, 'reserve'>;

  constructor(deps: OrdersDeps) {
    this.database = deps.database;
    this.clock = deps.clock;
    this.catalog = deps.catalog;
    this.mvne = deps.mvne;
    this.address = deps.address;
    this.documents = deps.documents;
    this.holdMinutes = deps.holdMinutes;
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
    return this.view(await repo.find(this.db, me.id));
  }

  private async view(row: DraftRow | undefined) {
    const data = (row?.data ?? {}) as DraftData;
    const now = this.clock.now();
    const held = row?.reservedUntil && row.reservedUntil > now && row.reservedNumbers.length > 0;
    const [myinfo, documents] = row
      ? await Promise.all([
          this.myinfoView(row.userId, data.myinfo),
          this.documentFiles(row.userId, data.account?.documents),
        ])
      : [null, null];
    return {
      plan: data.plan ?? null,
      numbers: data.numbers ?? null,
      account: data.account ?? null,
      documents,
      delivery: data.delivery ?? null,
      myinfo,
      reservation: held
        ? { numbers: row.reservedNumbers, until: (row.reservedUntil as Date).toISOString() }
        : null,
    };
  }

  /**
   * What MyInfo gave, and whether its ID number already has an account: the customer is told so at
   * once, with what they can do, rather than by a refusal under a field they cannot change.
   */
  private async myinfoView(userId: string, prefill: MyinfoPrefill | undefined) {
    if (!prefill) return null;
    const id = prefill.account.idNumber;
    const registered = typeof id === 'string' && id !== '' && (await repo.idNumberTaken(this.db, id, userId));
    return { ...prefill, idNumberRegistered: registered };
  }

  /** The files behind the ID sides step 3 saved, so that coming back to it shows what will be sent. */
  private async documentFiles(
    userId: string,
    ids: { front: string | null; back: string | null } | null | undefined,
  ) {
    if (!ids) return null;
    const file = async (id: string | null) => {
      if (!id) return null;
      try {
        const doc = await this.documents.findOf(userId, id);
        return { id: doc.id, fileName: doc.fileName };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }
    };
    const [front, back] = await Promise.all([file(ids.front), file(ids.back)]);
    return { front, back };
  }

  async savePlan(me: CurrentUser, input: PlanStep) {
    requireOrdering(me);
    const [plans, addons] = await Promise.all([this.catalog.plansFor(me.cisTypes), this.catalog.addons()]);
    const planCodes = new Set(plans.map((p) => p.code));
    const addonCodes = new Set(addons.map((a) => a.code));
    if (input.lines.length > this.maxLines(me))
      throw AppError.field('lines', OrderMessages.tooManyLines(MAX_ORDER_LINES));
    input.lines.forEach((line, i) => {
      if (!planCodes.has(line.planCode))
        throw AppError.field(`lines.${i}.planCode`, OrderMessages.choosePlan);
      const unknown = line.addonCodes.find((c) => !addonCodes.has(c));
      if (unknown) throw AppError.field(`lines.${i}.addonCodes`, Messages.invalid('Add-on'));
    });
    const lines = input.lines.map((l) => ({ planCode: l.planCode, addonCodes: [...new Set(l.addonCodes)] }));
    const row = await repo.find(this.db, me.id);
    const data = { ...((row?.data ?? {}) as DraftData), plan: { typeSim: input.typeSim, lines } };
    // Numbers chosen for lines that no longer exist are dropped; the others stay.
    if (data.numbers) data.numbers = { lines: data.numbers.lines.slice(0, lines.length) };
    return this.view(await repo.save(this.db, me.id, { data, updatedAt: this.clock.now() }));
  }

  async searchNumbers(me: CurrentUser, contains: string, page: number) {
    requireOrdering(me);
    try {
      const result = await this.mvne.availableNumbers(
        contains,
        (page - 1) * NUMBERS_PAGE_SIZE,
        NUMBERS_PAGE_SIZE,
      );
      return {
        numbers: result.numbers,
        page,
        pageSize: NUMBERS_PAGE_SIZE,
        totalPages: Math.max(1, Math.ceil(result.total / NUMBERS_PAGE_SIZE)),
        total: result.total,
      };
    } catch (err) {
      if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
      throw err;
    }
  }

  /**
   * Saves the numbers. Ported-in numbers must not be ours already; new numbers are held at the MVNE
   * for NUMBER_HOLD_MINUTES. Choosing the same new numbers again keeps the hold, and every change
   * renews it; a hold that is given up is released at once.
   */
  async saveNumbers(me: CurrentUser, input: NumberStep) {
    requireOrdering(me);
    const row = await repo.find(this.db, me.id);
    const data = (row?.data ?? {}) as DraftData;
    if (!data.plan) throw new AppError(409, OrderMessages.choosePlan);
    if (input.lines.length !== data.plan.lines.length)
      throw AppError.field('lines', Messages.invalid('Number selection'));
    const lines: StoredNumberLine[] = input.lines.map((l) => ({
      numberType: l.numberType,
      msisdn: l.msisdn,
      donorNetwork: l.numberType === NumberType.PortIn ? (l.donorNetwork ?? null) : null,
      confirmPostpaid: l.numberType === NumberType.PortIn ? l.confirmPostpaid === true : undefined,
    }));
    const portIns = lines.filter((l) => l.numberType === NumberType.PortIn).map((l) => l.msisdn);
    const taken = await repo.registeredNumbers(this.db, portIns);
    if (taken.length) {
      const i = lines.findIndex((l) => taken.includes(l.msisdn));
      throw AppError.field(`lines.${i}.msisdn`, Messages.phoneTaken);
    }

    const wanted = lines.filter((l) => l.numberType === NumberType.New).map((l) => l.msisdn);
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.holdMinutes * 60_000);
    let reservationId = row?.mvneReservationId ?? null;
    const sameSet =
      row?.reservedUntil &&
      row.reservedUntil > now &&
      wanted.length === row.reservedNumbers.length &&
      wanted.every((n) => row.reservedNumbers.includes(n));
    if (!sameSet) {
      if (reservationId) await this.release(reservationId);
      reservationId = null;
      if (wanted.length) reservationId = await this.hold(me.id, wanted, until, lines);
    }
    return this.view(
      await repo.save(this.db, me.id, {
        data: { ...data, numbers: { lines } },
        mvneReservationId: reservationId,
        reservedNumbers: reservationId ? wanted : [],
        reservedUntil: reservationId ? (sameSet ? (row?.reservedUntil ?? until) : until) : null,
        updatedAt: now,
      }),
    );
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
    return this.view(
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
    return this.view(await repo.save(this.db, me.id, { data, updatedAt: this.clock.now() }));
  }

  /**
   * Step 4 helper: the addresses at a postal code; none when OneMap cannot read it. Looked up for
   * home delivery, each says whether the courier delivers there, so the customer learns it at once;
   * when the courier cannot be asked now, saving the step asks again.
   */
  async lookupAddress(me: CurrentUser, postalCode: string, method?: DeliveryMethod) {
    requireOrdering(me);
    let found: FoundAddress[];
    try {
      found = await this.address.byPostalCode(postalCode);
    } catch (err) {
      if (err instanceof AddressUnavailableError)
        throw AppError.field('postalCode', OrderMessages.addressLookupUnavailable, 503);
      throw err;
    }
    if (method !== DeliveryMethod.HomeDelivery || !found.length) return found;
    const deliverable = await this.address.deliverable(postalCode).catch((err: unknown) => {
      if (err instanceof AddressUnavailableError) return undefined;
      throw err;
    });
    return deliverable === undefined ? found : found.map((a) => ({ ...a, deliverable }));
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
      const method = input.deliveryMethod;
      if (method === null) throw AppError.field('deliveryMethod', Messages.required('Delivery method'));
      if (!deliveryMethodsFor(data.plan.typeSim).includes(method))
        throw AppError.field('deliveryMethod', OrderMessages.deliveryMethodNotForSim);
      const options = deliveryDateOptions(this.clock.now(), method);
      const date = options.length ? (input.deliveryDate ?? null) : null;
      if (options.length && (!date || !options.includes(date)))
        throw AppError.field('deliveryDate', OrderMessages.chooseDeliveryDate);
      const delivery = shipsToAddress(method) ? (input.delivery ?? null) : null;
      if (method === DeliveryMethod.HomeDelivery && delivery) {
        let deliverable: boolean;
        try {
          deliverable = await this.address.deliverable(delivery.postalCode);
        } catch (err) {
          if (err instanceof AddressUnavailableError)
            throw new AppError(503, OrderMessages.deliveryCheckUnavailable);
          throw err;
        }
        if (!deliverable) throw AppError.field('delivery.postalCode', OrderMessages.deliveryUnavailable);
      }
      const sameAsDelivery = delivery !== null && input.billingSameAsDelivery;
      saved = {
        deliveryMethod: method,
        delivery,
        deliveryDate: date,
        billingSameAsDelivery: sameAsDelivery,
        billing: sameAsDelivery ? delivery : (input.billing ?? null),
      };
    }
    return this.view(
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

  async checkPromotion(me: CurrentUser, code: string) {
    requireOrdering(me);
    const held = (await orderRepository.openOrder(this.database.db, me.id))?.promotionCode ?? null;
    return this.catalog.promotion(code, this.clock.now(), held);
  }

  private async hold(userId: string, wanted: string[], until: Date, lines: { msisdn: string }[]) {
    try {
      return (await this.mvne.reserve(userId, wanted, until)).id;
    } catch (err) {
      if (err instanceof MvneRejectedError) {
        const i = Math.max(
          0,
          lines.findIndex((l) => err.message.includes(l.msisdn)),
        );
        throw AppError.field(`lines.${i}.msisdn`, OrderMessages.numberTaken, 409);
      }
      if (err instanceof MvneUnavailableError) throw new AppError(503, OrderMessages.numbersUnavailable);
      throw err;
    }
  }

  /** Gives a hold back; if the MVNE cannot be told now, the hold simply runs out there. */
  private async release(reservationId: string) {
    await this.mvne.cancelReservation(reservationId).catch(() => undefined);
  }
}

export type { NumberStepInput, PlanStepInput };
