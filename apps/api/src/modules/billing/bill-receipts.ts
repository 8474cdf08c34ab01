import { cardName, formatBillMonth, formatMoney, formatSgDay, type Locale } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { Brand } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { type Notice, queueNotices } from '../auth/index.ts';
import { RECEIPT_SOME_CARD } from './bill-emails.ts';

export interface BillReceiptDeps {
  queue: Queue;
  brand: Brand;
  publicUrl: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/**
 * Emails the receipt of money applied to a bill (a card payment, a deduction, a PayNow credit), in
 * the transaction that applies it: told once per payment (`key`, the payment's or the credit's id),
 * and only of what was recorded. `bill` is as it stands after the payment.
 */
export interface BillReceipt {
  key: string;
  userId: string;
  bill: { id: string; number: string; month: string; totalCents: number; paidCents: number };
  amountCents: number;
  paidWith: string;
  at: Date;
}

export async function queueBillReceipts(tx: Tx, deps: BillReceiptDeps, receipts: BillReceipt[]) {
  await queueNotices(
    tx,
    deps,
    receipts.map((r) => noticeOf(deps, r)),
  );
}

const noticeOf = (deps: BillReceiptDeps, r: BillReceipt): Notice => ({
  userId: r.userId,
  key: `bill:${r.key}`,
  // Its month and day as the account's language writes them (ADR 0055).
  notice: (locale) => ({
    template: 'bill-payment-receipt',
    billNumber: r.bill.number,
    month: formatBillMonth(r.bill.month, locale),
    amount: formatMoney(r.amountCents),
    paidWith: r.paidWith,
    date: formatSgDay(sgDate(r.at), 'day', locale),
    reference: r.key.replace(/-/g, '').slice(0, 10).toUpperCase(),
    left: formatMoney(Math.max(0, r.bill.totalCents - r.bill.paidCents)),
    link: new URL(`/bills?bill=${r.bill.id}`, deps.publicUrl).toString(),
  }),
});

/** The card as a receipt names it: 'VISA •••• 4242'; 'your card', which the email translates, when not known. */
export const cardOnReceipt = (card: { brand: string; last4: string } | undefined) =>
  card ? cardName(card) : RECEIPT_SOME_CARD;
