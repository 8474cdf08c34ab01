import {
  ChargeMessages,
  formatBillMonth,
  formatMoney,
  formatSgDay,
  type Locale,
  Messages,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { ChargeWords } from '@selfcare/domain/contracts/bills';
import type { StaffBilling as StaffBillingView, StaffCharge } from '@selfcare/domain/contracts/staff-billing';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { chargeIn } from '../../domain-messages.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { queueNotice } from '../auth/index.ts';
import { recordStaffAudit } from '../staff/index.ts';
import type { BillRun } from './bill-run.ts';
import type { BillSubjects } from './bill-subjects.ts';
import { sendBillsJob } from './billing.jobs.ts';
import type { CardPaymentOwners } from './card-payment-owners.ts';
import type { CardsOnFile } from './cards-on-file.ts';
import { savedCardView } from './saved-card.ts';
import { staffBillingRepository as repo, type StaffChargeRow } from './staff-billing.repository.ts';

export const StaffBillingMessages = {
  waived: 'The charge is waived.',
  alreadyWaived: 'This charge is already waived.',
  billPaid:
    "This charge is on a bill that is paid: it cannot be waived. Give the customer a credit instead: 'Give a credit', under 'Not billed yet', for this charge.",
  billPaying:
    "This bill has a payment made or on its way: the charge cannot be waived. Give the customer a credit instead: 'Give a credit', under 'Not billed yet', for this charge.",
  notACharge: 'Only a charge can be waived, not a credit.',
  resent: 'The bill will be emailed again.',
  credited: (amount: string) =>
    `A credit of ${amount} is given: the next bill takes it off, and the customer is emailed.`,
  creditNotACharge: 'A credit can make good a charge, not a credit.',
  creditWaived: 'This charge is waived: there is nothing left to make good.',
  creditMoreThanCharge: (charge: string, leftCents: number) =>
    leftCents <= 0
      ? `${charge} is credited in full already.`
      : `At most ${formatMoney(leftCents)} more can be credited for ${charge}.`,
} as const;

/** A credit's words for a charge with words of its own (a credit is not credited), else none. */
const creditWords = (words: ChargeWords | null): ChargeWords | null =>
  words && words.kind !== 'credit' ? { kind: 'credit', of: words } : null;

/** What the customer reads on the bill for a credit staff gave: the charge it makes good, or goodwill. */
const creditReason = (charge: string | null) =>
  charge ? ChargeMessages.creditFor(charge) : ChargeMessages.goodwill;

/**
 * A credit staff gave is made once per key the page sent (a second submit finds it); one for a
 * charge names the charge, so what was credited for it can be summed.
 */
const staffCreditKey = (chargeId: string | null, requestKey: string) =>
  chargeId ? `staff-credit:${chargeId}:${requestKey}` : `staff-credit:goodwill:${requestKey}`;

const chargeOf = (c: StaffChargeRow, numbers: Map<string, string>): StaffCharge => ({
  id: c.id,
  kind: c.kind,
  description: c.reason,
  amountCents: c.amount_cents,
  msisdn: (c.line_id && numbers.get(c.line_id)) || null,
  createdAt: c.created_at.toISOString(),
  waived: c.waived_at
    ? { at: c.waived_at.toISOString(), by: c.waived_by_name ?? '', reason: c.waive_reason ?? '' }
    : null,
});

/** How many of the latest card purchases and refunds the staff billing page lists. */
const STAFF_CARD_PURCHASES = 50;

/**
 * Billing in the staff console: a customer's bills, payments and charges, and the card purchases
 * of the modules that sell by card; a supervisor waives a charge with a reason (the unpaid bill it is
 * on is revised, and the customer told: ADR 0039) or gives a credit off the next bill (ADR 0043),
 * and a bill can be sent again. Each is written to the audit log with who did it, in the
 * transaction that does it.
 */
export class StaffBilling {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      queue: Queue;
      brand: Brand;
      publicUrl: string;
      /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
      defaultLocale: Locale;
      /** The modules that sell by card list their purchases (billing reads none of their tables). */
      cardPaymentOwners: Pick<CardPaymentOwners, 'purchasesOf'>;
      /** What the next bill will take besides the ledger's one-time charges. */
      billRun: Pick<BillRun, 'unbilledAsRun'>;
      /** The account's cards on file, which orders keep (ADR 0045). */
      cards: Pick<CardsOnFile, 'latest'>;
      /** The numbers of the lines charged, which lines keep (ADR 0045). */
      subjects: Pick<BillSubjects, 'lines'>;
    },
  ) {}

  async account(userId: string): Promise<StaffBillingView> {
    const db = this.deps.database.pool;
    const customer = await repo.customer(db, userId);
    if (!customer) throw new AppError(404, Messages.notFound);
    const bills = await repo.bills(db, userId);
    const ids = bills.map((b) => b.id);
    const [charges, payments, cardPurchases, card, unbilled] = await Promise.all([
      repo.charges(db, userId, ids),
      repo.payments(db, ids),
      this.deps.cardPaymentOwners.purchasesOf(userId, STAFF_CARD_PURCHASES, { unsettled: true }),
      this.deps.cards.latest(this.deps.database.db, userId),
      this.deps.billRun.unbilledAsRun(userId),
    ]);
    const made = new Set(charges.map((c) => c.id));
    const lineIds = new Set([...charges, ...unbilled].flatMap((c) => (c.line_id ? [c.line_id] : [])));
    const labels = await this.deps.subjects.lines(this.deps.database.db, [...lineIds]);
    const numbers = new Map(labels.map((l) => [l.id, l.msisdn]));
    return {
      customer: {
        id: customer.id,
        name: `${customer.first_name} ${customer.last_name}`.trim(),
        email: customer.email,
      },
      bills: bills.map((b) => ({
        id: b.id,
        number: b.number,
        month: b.month,
        issuedOn: b.issued_on,
        dueOn: b.due_on,
        totalCents: b.total_cents,
        gstCents: b.gst_cents,
        paidCents: b.paid_cents,
        status: b.charging && b.state !== 'paid' ? 'unknown' : b.state,
        emailedAt: b.emailed_at?.toISOString() ?? null,
        items: charges.filter((c) => c.bill_id === b.id).map((c) => chargeOf(c, numbers)),
        payments: payments
          .filter((p) => p.bill_id === b.id)
          .map((p) => ({
            id: p.id,
            method: p.method,
            attempt: p.attempt,
            amountCents: p.amount_cents,
            status: p.state,
            failureCode: p.failure_code,
            createdAt: p.created_at.toISOString(),
            settledAt: p.settled_at?.toISOString() ?? null,
          })),
      })),
      unbilled: unbilled.map((c) => ({ ...chargeOf(c, numbers), atBillRun: !made.has(c.id) })),
      card: card ? savedCardView(card) : null,
      cardPurchases,
    };
  }

  async waive(staff: CurrentStaff, chargeId: string, reason: string): Promise<{ userId: string }> {
    return this.deps.database.transaction(async (tx) => {
      const charge = await repo.lockCharge(tx.client, chargeId);
      if (!charge) throw new AppError(404, Messages.notFound);
      if (charge.waived_at) throw new AppError(409, StaffBillingMessages.alreadyWaived);
      if (charge.amount_cents <= 0) throw new AppError(409, StaffBillingMessages.notACharge);
      if (charge.bill_id) {
        // The bill is locked too, so a payment settling now cannot slip past these checks.
        const bill = await repo.lockBill(tx.client, charge.bill_id);
        if (bill?.state === 'paid') throw new AppError(409, StaffBillingMessages.billPaid);
        if (bill && (bill.paid_cents > 0 || bill.paying))
          throw new AppError(409, StaffBillingMessages.billPaying);
      }
      const now = this.deps.clock.now();
      await repo.waive(tx.client, charge.id, staff.id, reason, now);
      const bill = charge.bill_id ? await repo.revise(tx.client, charge.bill_id, now) : undefined;
      // The customer was sent this bill: they are told what was taken off it and what it is now.
      if (bill)
        // Its month and day as the account's language writes them (ADR 0055).
        await queueNotice(tx, this.deps, bill.user_id, `waive:${charge.id}`, (locale) => ({
          template: 'bill-revised',
          billNumber: bill.number,
          month: formatBillMonth(bill.month, locale),
          waived: chargeIn(locale, { description: charge.reason, words: charge.words }),
          amount: formatMoney(charge.amount_cents),
          wasTotal: formatMoney(bill.issued_total_cents),
          total: formatMoney(bill.total_cents),
          left: formatMoney(Math.max(0, bill.total_cents - bill.paid_cents)),
          date: formatSgDay(sgDate(now), 'day', locale),
          link: new URL(`/bills?bill=${charge.bill_id}`, this.deps.publicUrl).toString(),
        }));
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'waive-charge',
        subject: charge.bill_number ?? charge.reason,
        reason,
        detail: {
          chargeId: charge.id,
          amountCents: charge.amount_cents,
          billId: charge.bill_id,
          userId: charge.user_id,
        },
      });
      return { userId: charge.user_id };
    });
  }

  /**
   * Gives the customer a credit off their next bill (ADR 0043): a negative charge the next bill run
   * takes, as other credits. For a charge, it makes good at most what is left of it. The customer is
   * emailed the amount; the supervisor's reason goes to the audit log only. Once per `requestKey`:
   * a second submit answers the first credit and writes, tells and logs nothing more.
   */
  async credit(
    staff: CurrentStaff,
    userId: string,
    input: { amountCents: number; chargeId: string | null; reason: string; requestKey: string },
  ): Promise<{ userId: string; amountCents: number }> {
    return this.deps.database.transaction(async (tx) => {
      if (!(await repo.customer(tx.client, userId))) throw new AppError(404, Messages.notFound);
      // The charge is locked first, so two credits for it are summed one after the other.
      const charge = input.chargeId ? await repo.lockCharge(tx.client, input.chargeId) : null;
      if (input.chargeId && charge?.user_id !== userId) throw AppError.field('chargeId', Messages.notFound);
      const sourceKey = staffCreditKey(charge?.id ?? null, input.requestKey);
      const done = { userId, amountCents: input.amountCents };
      const earlier = await repo.creditByKey(tx.client, sourceKey);
      if (earlier) {
        if (earlier.user_id !== userId) throw new AppError(409, Messages.invalid('Request'));
        return { userId, amountCents: -earlier.amount_cents };
      }
      if (charge) {
        if (charge.amount_cents <= 0) throw AppError.field('chargeId', StaffBillingMessages.creditNotACharge);
        if (charge.waived_at) throw AppError.field('chargeId', StaffBillingMessages.creditWaived);
        const left = charge.amount_cents - (await repo.creditedFor(tx.client, userId, charge.id));
        if (input.amountCents > left)
          throw AppError.field(
            'amount',
            StaffBillingMessages.creditMoreThanCharge(
              `${charge.reason} (${formatMoney(charge.amount_cents)})`,
              left,
            ),
          );
      }
      const now = this.deps.clock.now();
      const id = await repo.addCredit(tx.client, {
        userId,
        lineId: charge?.line_id ?? null,
        amountCents: input.amountCents,
        reason: creditReason(charge?.reason ?? null),
        // Its words keep the charge's, so that the bill writes its day in the reader's language.
        words: creditWords(charge?.words ?? null),
        sourceKey,
        at: now,
      });
      // The same key sent twice at once: the other request wrote it.
      if (!id) return done;
      // Its day as the account's language writes it (ADR 0055).
      await queueNotice(tx, this.deps, userId, `credit:${id}`, (locale) => ({
        template: 'credit-given',
        amount: formatMoney(input.amountCents),
        for: charge ? chargeIn(locale, { description: charge.reason, words: charge.words }) : undefined,
        date: formatSgDay(sgDate(now), 'day', locale),
        link: new URL('/bills', this.deps.publicUrl).toString(),
      }));
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'give-credit',
        subject: charge?.bill_number ?? userId,
        reason: input.reason,
        detail: { creditId: id, amountCents: input.amountCents, chargeId: charge?.id ?? null, userId },
      });
      return done;
    });
  }

  async resend(staff: CurrentStaff, billId: string): Promise<{ userId: string }> {
    return this.deps.database.transaction(async (tx) => {
      const bill = await repo.markUnsent(tx.client, billId);
      if (!bill) throw new AppError(404, Messages.notFound);
      await recordStaffAudit(tx.client, {
        at: this.deps.clock.now(),
        staffId: staff.id,
        action: 'resend-bill',
        subject: bill.number,
        reason: null,
        detail: { billId, userId: bill.user_id },
      });
      await this.deps.queue.send(sendBillsJob, {}, tx);
      return { userId: bill.user_id };
    });
  }
}
