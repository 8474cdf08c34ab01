import {
  type BillStatus,
  billTotalDue,
  chooseLocale,
  formatBillMonth,
  formatMoney,
  formatSgDay,
  isOverdue,
  type Locale,
  Messages,
  nextDeductionOn,
  payNowQrExpiresOn,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type {
  BillDetail,
  BillItem,
  BillList,
  BillSummary,
  CardPurchase,
} from '@selfcare/domain/contracts/bills';
import { formatAddress } from '@selfcare/domain/order';
import { payNowQr } from '@selfcare/domain/paynow';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { chargeIn } from '../../domain-messages.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { billPaymentsRepository } from './bill-payments.repository.ts';
import { type BillDocument, renderBillPdf } from './bill-pdf.ts';
import type { BillSubjects } from './bill-subjects.ts';
import {
  type BillRow,
  type ChargeRow,
  type FailedDeduction,
  billingRepository as repo,
} from './billing.repository.ts';
import type { CardPaymentOwners } from './card-payment-owners.ts';
import type { CardsOnFile } from './cards-on-file.ts';
import { savedCardView } from './saved-card.ts';
import { texts } from './texts.ts';

/** Purchases listed with the payments on /bills: a year of buying a booster a week, and more. */
const CARD_PURCHASES_SHOWN = 60;

export interface BillingDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  brand: Brand;
  publicUrl: string;
  operator: { uen: string; address: string };
  billsShown: number;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
  /** The modules whose card purchases /bills lists with the payments. */
  cardPaymentOwners: CardPaymentOwners;
  /** The account's cards on file, which orders keep (ADR 0045). */
  cards: Pick<CardsOnFile, 'latest'>;
  /** The bill's lines and billing address, which lines and orders keep (ADR 0045). */
  subjects: Pick<BillSubjects, 'lines' | 'billingAddress'>;
}

/** The bill's status; Unknown while a card charge of it has no answer from the gateway yet. */
const statusOf = (b: BillRow, charging: boolean): BillStatus =>
  charging && b.state !== 'paid' ? 'unknown' : b.state;

const summaryOf = (b: BillRow, today: string, charging = false, failed?: FailedDeduction): BillSummary => {
  const outstandingCents = b.state === 'paid' ? 0 : Math.max(0, b.totalCents - b.paidCents);
  return {
    id: b.id,
    number: b.number,
    month: b.month,
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
    issuedOn: b.issuedOn,
    dueOn: b.dueOn,
    totalCents: b.totalCents,
    outstandingCents,
    status: statusOf(b, charging),
    overdue: isOverdue(b.dueOn, outstandingCents, today),
    // A failed try, and the next, are news only while the bill is unpaid.
    deductionFailedOn: outstandingCents > 0 ? (failed?.on ?? null) : null,
    nextDeductionOn: outstandingCents > 0 && failed ? nextDeductionOn(b.dueOn, failed.attempt, today) : null,
  };
};

/** A stored address as a line, when it has the parts of one (the demo's and the bench's have none). */
function addressOf(a: Record<string, string | null> | null): string | null {
  if (!a?.postalCode || !a.roadName) return null;
  return formatAddress({
    postalCode: a.postalCode,
    blockNumber: a.blockNumber ?? '',
    roadName: a.roadName,
    building: a.building,
    unitNumber: a.unitNumber,
  });
}

const itemOf = (c: ChargeRow): BillItem => ({
  id: c.id,
  kind: c.kind,
  description: c.reason,
  words: c.words ?? null,
  amountCents: c.waivedAt ? 0 : c.amountCents,
  waived: c.waivedAt !== null,
});

/**
 * Bills as the customer reads them: the latest N, one with its items per line, its PDF, and the email
 * that tells them it is out. Every read is by the signed-in account's id: another's bill is not found.
 */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(userId: string): Promise<BillList> {
    const rows = await repo.latest(this.db, userId, this.deps.billsShown);
    const charging = await billPaymentsRepository.billsBeingCharged(
      this.db,
      rows.map((b) => b.id),
    );
    const failed = await repo.failedDeductions(
      this.db,
      rows.map((b) => b.id),
    );
    const today = sgDate(this.deps.clock.now());
    const card = await this.deps.cards.latest(this.db, userId);
    const purchases = await this.deps.cardPaymentOwners.purchasesOf(userId, CARD_PURCHASES_SHOWN);
    return {
      bills: rows.map((b) => summaryOf(b, today, charging.has(b.id), failed.get(b.id))),
      shown: this.deps.billsShown,
      // The customer's list is of money that moved: paid and refunded purchases only.
      payments: purchases.filter((p): p is CardPurchase => p.status === 'paid' || p.status === 'refunded'),
      card: card ? savedCardView(card) : null,
    };
  }

  private async own(userId: string, billId: string): Promise<BillRow> {
    const bill = await repo.ownBill(this.db, userId, billId);
    if (!bill) throw new AppError(404, Messages.notFound);
    return bill;
  }

  async detail(userId: string, billId: string): Promise<BillDetail> {
    const bill = await this.own(userId, billId);
    const items = await repo.items(this.db, bill.id);
    const charging = await billPaymentsRepository.billsBeingCharged(this.db, [bill.id]);
    const lineIds = [...new Set(items.flatMap((c) => (c.lineId ? [c.lineId] : [])))];
    const lines = new Map((await this.deps.subjects.lines(this.db, lineIds)).map((l) => [l.id, l]));
    const failed = await repo.failedDeductions(this.db, [bill.id]);
    return {
      ...summaryOf(bill, sgDate(this.deps.clock.now()), charging.has(bill.id), failed.get(bill.id)),
      lines: lineIds.map((id) => {
        const own = items.filter((c) => c.lineId === id).map(itemOf);
        return {
          lineId: id,
          msisdn: lines.get(id)?.msisdn ?? '',
          planName: lines.get(id)?.planName ?? '',
          items: own,
          subtotalCents: own.reduce((sum, i) => sum + i.amountCents, 0),
        };
      }),
      accountItems: items.filter((c) => !c.lineId).map(itemOf),
      previousBalanceCents: bill.previousBalanceCents,
      paymentsCents: bill.paymentsCents,
      totalDueCents: billTotalDue(bill),
      gstPercent: bill.gstPercent,
      gstCents: bill.gstCents,
      paidCents: bill.paidCents,
      paidAt: bill.paidAt?.toISOString() ?? null,
      revision:
        bill.revisedAt && bill.issuedTotalCents !== null
          ? { on: sgDate(bill.revisedAt), issuedTotalCents: bill.issuedTotalCents }
          : null,
    };
  }

  /**
   * The bill as a tax invoice, with a PayNow QR for what is left to pay, in the customer's language:
   * theirs when they chose one, else the one the portal is read in (`accepted`, its Accept-Language),
   * else the operator's default (ADR 0055).
   */
  async pdf(userId: string, billId: string, accepted?: string): Promise<{ number: string; pdf: Buffer }> {
    const detail = await this.detail(userId, billId);
    const [holder, billingAddress] = await Promise.all([
      repo.holder(this.db, userId),
      this.deps.subjects.billingAddress(this.db, userId),
    ]);
    const locale = chooseLocale({ chosen: holder?.language, accepted, configured: this.deps.defaultLocale });
    const described = (i: BillItem) => {
      const description = chargeIn(locale, i);
      return i.waived ? texts.t(locale, 'pdf.waived', { what: description }) : description;
    };
    const { brand, operator } = this.deps;
    // The same day the portal's QR gives (payNowQrExpiresOn): until the bill is overdue, then 2 days.
    const expiresOn = payNowQrExpiresOn(sgDate(this.deps.clock.now()), detail.dueOn);
    const payable = detail.outstandingCents > 0;
    const doc: BillDocument = {
      locale,
      operator: {
        name: brand.name,
        uen: operator.uen,
        address: operator.address,
        supportEmail: brand.supportEmail,
        supportPhone: brand.supportPhone,
      },
      customer: {
        name: holder ? `${holder.firstName} ${holder.lastName}`.trim() : '',
        email: holder?.email ?? '',
        address: addressOf(billingAddress),
        accountNumber: userId.slice(0, 8).toUpperCase(),
      },
      billNumber: detail.number,
      periodStart: detail.periodStart,
      periodEnd: detail.periodEnd,
      issuedOn: detail.issuedOn,
      dueOn: detail.dueOn,
      lines: detail.lines.map((l) => ({
        msisdn: l.msisdn,
        planName: l.planName,
        items: l.items.map((i) => ({ description: described(i), amountCents: i.amountCents })),
      })),
      accountItems: detail.accountItems.map((i) => ({
        description: described(i),
        amountCents: i.amountCents,
      })),
      previousBalanceCents: detail.previousBalanceCents,
      paymentsCents: detail.paymentsCents,
      totalDueCents: detail.totalDueCents,
      totalCents: detail.totalCents,
      revision: detail.revision,
      gstPercent: detail.gstPercent,
      gstCents: detail.gstCents,
      payNow: payable
        ? {
            qrPayload: payNowQr({
              uen: operator.uen,
              amountCents: detail.outstandingCents,
              reference: detail.number,
              merchantName: brand.name,
              merchantCity: 'Singapore',
              expiresOn,
            }),
            uen: operator.uen,
            reference: detail.number,
            expiresOn,
          }
        : null,
    };
    return { number: detail.number, pdf: await renderBillPdf(doc) };
  }

  /**
   * Job: tells each account its new bill by email, once. The email is queued in the transaction that
   * marks the bill emailed, so a crash sends it either not yet (and the next run does) or once.
   */
  async sendBillEmails(limit = 200): Promise<number> {
    const unsent = await repo.unsent(this.db, limit);
    let sent = 0;
    for (const { id } of unsent) {
      sent += await this.deps.database.transaction(async (tx) => {
        if (!(await repo.markEmailed(tx.db, id, this.deps.clock.now()))) return 0;
        const found = await repo.billWithHolder(tx.db, id);
        if (!found?.email) return 0;
        const { bill } = found;
        const earlier = billTotalDue(bill) - bill.totalCents;
        // In the customer's language, the days and months as it writes them (ADR 0055).
        const locale = chooseLocale({ chosen: found.language, configured: this.deps.defaultLocale });
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: found.email,
            locale,
            content: {
              template: 'bill-issued',
              name: found.firstName,
              month: formatBillMonth(bill.month, locale),
              billNumber: bill.number,
              amount: formatMoney(bill.totalCents),
              dueOn: formatSgDay(bill.dueOn, 'day', locale),
              nothingDue: bill.state === 'paid',
              ...(earlier > 0
                ? { earlierUnpaid: formatMoney(earlier), totalDue: formatMoney(billTotalDue(bill)) }
                : {}),
              link: new URL(`/bills?bill=${bill.id}`, this.deps.publicUrl).toString(),
            },
          },
          tx,
        );
        return 1;
      });
    }
    return sent;
  }
}
