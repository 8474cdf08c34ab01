import {
  cardName,
  chooseLocale,
  DEDUCTION_RETRY_DAYS,
  formatBillMonth,
  formatMoney,
  formatSgDay,
  type Locale,
  nextDeductionOn,
  OVERDUE_AFTER_DAYS,
  PAYNOW_CLAIM_DAYS,
  PAYNOW_CUTOFF_DAY,
  pathFor,
  toE164,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { BankUnavailableError } from '../../integrations/bank.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import type { BankCredits } from './bank-credits.ts';
import { deductionFailedText, overdueNoticeText } from './bill-emails.ts';
import type { BillPayments } from './bill-payments.ts';
import type { CardsOnFile } from './cards-on-file.ts';
import { deductionRepository as repo } from './deduction.repository.ts';

type EmailContent = z.infer<typeof sendEmailJob.payload>['content'];

export interface DeductionDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  brand: Brand;
  publicUrl: string;
  payments: BillPayments;
  bankCredits: BankCredits;
  /** The cards on file, which orders keep (ADR 0045): a failure names the card it was tried on. */
  cards: Pick<CardsOnFile, 'byIds'>;
  overdueNoticeCents: number;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/** Bills looked at per run; a run that finds this many asks for another at once. */
export const DEDUCTION_PAGE = 500;

/**
 * The automated card deduction (ADR 0023): from the 25th every unpaid bill is charged to the saved
 * card, tried again 2, 5 and 9 days later when it fails; each failure is told once by email and SMS;
 * unpaid 10 days after its due date, a bill is overdue and the notice fee goes on the next bill, once.
 * A PayNow transfer the customer made before the 23rd holds the first try back until the bank credits
 * it or, after 5 days, the claim lapses.
 */
export class Deductions {
  constructor(private readonly deps: DeductionDeps) {}

  async run(): Promise<{ tried: number; told: number; overdue: number; more: boolean }> {
    const { database, clock, payments } = this.deps;
    // The bank's statement first: a bill its credit has paid is never charged to the card. Without
    // it nothing is charged or fined this hour; the next run catches up on the days it missed.
    try {
      await this.deps.bankCredits.reconcile();
    } catch (err) {
      if (!(err instanceof BankUnavailableError)) throw err;
      return { tried: 0, told: await this.tellFailures(), overdue: 0, more: false };
    }
    const today = sgDate(clock.now());
    await repo.expireClaims(
      database.pool,
      new Date(clock.now().getTime() - PAYNOW_CLAIM_DAYS * 86_400_000),
      clock.now(),
    );
    const candidates = await repo.candidates(
      database.pool,
      today,
      DEDUCTION_RETRY_DAYS,
      DEDUCTION_PAGE,
      PAYNOW_CUTOFF_DAY,
    );
    let tried = 0;
    for (const bill of candidates) {
      await payments.deduct(bill.id, bill.attempts);
      tried++;
    }
    const told = await this.tellFailures();
    const overdue = await this.chargeOverdue(today);
    return { tried, told, overdue, more: candidates.length === DEDUCTION_PAGE };
  }

  /**
   * The overdue notice fee, and the notice itself: each bill's customer is told by email and SMS, as
   * a failed deduction is, in the transaction that charges the fee, so the notice goes once with it.
   */
  private chargeOverdue(today: string): Promise<number> {
    const { database, brand, clock, overdueNoticeCents } = this.deps;
    return database.transaction(async (tx) => {
      const bills = await repo.chargeOverdueFees(
        tx.client,
        today,
        OVERDUE_AFTER_DAYS,
        overdueNoticeCents,
        clock.now(),
      );
      for (const b of bills) {
        const locale = this.localeOf(b);
        const facts = {
          month: formatBillMonth(b.month, locale),
          billNumber: b.number,
          amount: formatMoney(b.amount_cents),
          fee: formatMoney(overdueNoticeCents),
          dueOn: formatSgDay(b.due_on, 'day', locale),
        };
        await this.tell(tx, b, locale, overdueNoticeText(brand, facts, locale), {
          template: 'bill-overdue',
          ...facts,
        });
      }
      return bills.length;
    });
  }

  /** The customer's language (ADR 0055): their choice, else the operator's default. */
  private localeOf(to: { language: string | null }): Locale {
    return chooseLocale({ chosen: to.language, configured: this.deps.defaultLocale });
  }

  /**
   * A bill's customer told by SMS and email, in `tx`, both in `locale`: the SMS written in it, the
   * email rendered in it. The email links to the bill on /bills.
   */
  private async tell(
    tx: Tx,
    to: {
      user_id: string;
      phone_number: string | null;
      email: string | null;
      first_name: string;
      bill_id: string;
    },
    locale: Locale,
    sms: string,
    email: { template: 'bill-overdue' | 'bill-deduction-failed' } & Record<string, unknown>,
  ) {
    const { queue, publicUrl } = this.deps;
    // The text is kept for the account's inbox, linked to the bill on /bills (ADR 0058).
    const page = `${pathFor('bills')}?bill=${to.bill_id}`;
    if (to.phone_number)
      await queue.send(
        sendSmsJob,
        { to: toE164(to.phone_number), text: sms, inbox: { userId: to.user_id, link: page } },
        tx,
      );
    if (to.email)
      await queue.send(
        sendEmailJob,
        {
          to: to.email,
          content: {
            ...email,
            name: to.first_name,
            link: new URL(`/bills?bill=${to.bill_id}`, publicUrl).toString(),
          } as EmailContent,
          locale,
        },
        tx,
      );
  }

  /** Each failed deduction, told once: the SMS and the email are queued with the mark that says so. */
  private async tellFailures(): Promise<number> {
    const { database, brand, clock, cards } = this.deps;
    let told = 0;
    const untold = await repo.untold(database.pool, 200);
    const tried = untold.flatMap((f) => (f.payment_method_id ? [f.payment_method_id] : []));
    const cardOf = new Map((await cards.byIds(database.db, [...new Set(tried)])).map((c) => [c.id, c]));
    for (const f of untold) {
      told += await database.transaction(async (tx) => {
        if (!(await repo.markTold(tx.client, f.id, clock.now()))) return 0;
        const next = nextDeductionOn(f.due_on, f.attempt, sgDate(clock.now()));
        const locale = this.localeOf(f);
        const facts = {
          month: formatBillMonth(f.month, locale),
          billNumber: f.number,
          amount: formatMoney(f.amount_cents),
          retryOn: next ? formatSgDay(next, 'day', locale) : null,
        };
        const triedOn = f.payment_method_id ? cardOf.get(f.payment_method_id) : undefined;
        const card = triedOn ? cardName(triedOn) : null;
        await this.tell(tx, f, locale, deductionFailedText(brand, { ...facts, card }, locale), {
          template: 'bill-deduction-failed',
          ...facts,
          card,
        });
        return 1;
      });
    }
    return told;
  }
}
