/**
 * Bills: the monthly cycle's dates, proration, the statuses a customer reads and the messages. Pure
 * rules, shared by the bill run, the API and the pages. Dates are 'YYYY-MM-DD' in Singapore and months
 * 'YYYY-MM' (ADR 0023).
 */
import { LOCALE_TAGS, type Locale } from './locales.ts';

/** The bill run makes the bill for the month just ended on this day (with the bundle reset). */
export const BILL_RUN_DAY = 1;
/** PayNow paid on or after this day is not applied before the card deduction (spec §9). */
export const PAYNOW_CUTOFF_DAY = 23;
/** Unpaid bills are charged to the saved card from this day (spec §9): it is the bill's due date. */
export const DEDUCTION_DAY = 25;
/**
 * Days after the due date on which a failed card deduction is tried again (ADR 0023, after Kill
 * Bill's overdue ladder): the 25th, then 2, 5 and 9 days later.
 */
export const DEDUCTION_RETRY_DAYS = [0, 2, 5, 9] as const;
/** Unpaid this many days after its due date, a bill is overdue and the notice fee is charged once. */
export const OVERDUE_AFTER_DAYS = 10;
/** An overdue bill's PayNow QR may be paid until this many days after it is made (payNowQrExpiresOn). */
export const PAYNOW_QR_DAYS = 2;
/** PayNow takes up to 2 working days: "I have paid" the bank has not credited in this many days lapses. */
export const PAYNOW_CLAIM_DAYS = 5;

/**
 * The states a bill is stored in (ADR 0023): Due Now, "Payment pending" while a PayNow transfer the
 * customer says they made is not credited, and Paid. The table's column and CHECK are made from it.
 */
export const BILL_STATES = ['due', 'pending', 'paid'] as const;
export type BillState = (typeof BILL_STATES)[number];

/** The statuses a customer reads: the stored states, and Unknown while a card charge has no answer. */
export const BILL_STATUSES = [...BILL_STATES, 'unknown'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** How a bill is paid: by card on the page, by PayNow, or by the automated card deduction. */
export const BILL_PAYMENT_METHODS = ['card', 'paynow', 'deduction'] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];

/**
 * What became of one payment of a bill (ADR 0023): waiting for the gateway or the bank, succeeded,
 * failed, void (a PayNow claim taken back or lapsed, or an attempt given up) or refunded. The table's
 * column and CHECK, the contracts and the staff console's words are made from this list.
 */
export const BILL_PAYMENT_STATES = ['pending', 'succeeded', 'failed', 'void', 'refunded'] as const;
export type BillPaymentState = (typeof BILL_PAYMENT_STATES)[number];

/**
 * What the customer reads for each status: the spec's Paid, Due Now and Unknown, and "Payment
 * pending" for a PayNow transfer the bank has not credited yet (customers who paid ask why a bill
 * still says Due Now).
 */
export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  due: 'Due Now',
  pending: 'Payment pending',
  paid: 'Paid',
  unknown: 'Unknown',
};

export const BillMessages = {
  paid: 'Bill payment success',
  deductionFailed: 'Payment deduction failed.',
  deductionFailedAdvice: 'Please check your card details or balance, or use another card.',
  cardChanged: 'Change credit card successfully',
  alreadyPaid: 'This bill is already paid.',
  nothingDue: 'This bill has nothing to pay.',
  paymentPending: 'A payment for this bill is on its way. Please wait for it before paying again.',
  noPayNowClaim: 'There is no PayNow payment waiting for the bank on this bill.',
  noCard: 'There is no saved card on your account. Please add a card first.',
  payNowTakes: 'PayNow takes up to 2 working days.',
  payNowCutoff: 'Payments made on or after the 23rd will not be applied before the deduction.',
  paymentsUnavailable: 'We cannot take card payments right now. Please try again in a moment.',
  overdue: 'Overdue',
  // The gateway did not answer in time: one message that says what happens next, never "try again"
  // (a second payment would be charged twice if the first went through).
  paymentNotConfirmed:
    'Your payment is being confirmed with the card company. Please do not pay again: this page updates by itself as soon as they answer.',
  unknownExplained: 'being confirmed with the card company',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month after `month` ('YYYY-MM'). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

/** A bill's period: the whole month it covers, first and last day. */
export function billPeriod(month: string): { month: string; start: string; end: string } {
  return { month, start: `${month}-01`, end: `${month}-${pad(daysInMonth(month))}` };
}

/** The month a bill run on `today` ('YYYY-MM-DD') bills: the one just ended. */
export const monthBilledOn = (today: string): string => previousMonth(today.slice(0, 7));

/** The bill of `month` is issued on the 1st of the next month and due on its 25th. */
export const billIssuedOn = (month: string): string => `${nextMonth(month)}-${pad(BILL_RUN_DAY)}`;
export const billDueOn = (month: string): string => `${nextMonth(month)}-${pad(DEDUCTION_DAY)}`;

/**
 * A monthly price for the days of `month` a line was active, `from` and `until` included (either
 * outside the month means the month's edge): price × days ÷ days in the month, half a cent up. The bill
 * run does the same sum in SQL; a test keeps the two equal.
 */
export function prorate(priceCents: number, month: string, from: string, until?: string | null): number {
  const { start, end } = billPeriod(month);
  const first = from > start ? from : start;
  const last = until && until < end ? until : end;
  if (first > last) return 0;
  const days = (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;
  const dim = daysInMonth(month);
  return Math.floor((priceCents * days * 2 + dim) / (2 * dim));
}

/**
 * The first day a line's plan is billed: the order paid its first month, from the day it was
 * activated to the day before the same date a month later (the 31st of January runs to the 27th of
 * February, as PostgreSQL adds a month: to the month's last day when it has no such date).
 */
export function firstBilledDay(activatedOn: string): string {
  const [y, m, d] = activatedOn.split('-').map(Number) as [number, number, number];
  const month = m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
  return `${month}-${pad(Math.min(d, daysInMonth(month)))}`;
}

/** Whether a PayNow transfer made on `day` is applied before the deduction of a bill due on `dueOn`. */
export function payNowBeforeDeduction(day: string, dueOn: string): boolean {
  return day < `${dueOn.slice(0, 7)}-${pad(PAYNOW_CUTOFF_DAY)}`;
}

/** The day of the deduction attempt number `attempt` (0 first) for a bill due on `dueOn`; null past the last. */
export function deductionAttemptOn(dueOn: string, attempt: number): string | null {
  const offset = DEDUCTION_RETRY_DAYS[attempt];
  if (offset === undefined) return null;
  const d = new Date(`${dueOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * After deduction try `attempt` (0 first) of a bill due on `dueOn` failed, the day the next try is
 * made: its day on the ladder, or `today` when that day has passed already (a try made late, after an
 * outage: the hourly run makes the next at once); null after the last try.
 */
export function nextDeductionOn(dueOn: string, attempt: number, today: string): string | null {
  const next = deductionAttemptOn(dueOn, attempt + 1);
  return next && next < today ? today : next;
}

/** The day an unpaid bill due on `dueOn` becomes overdue. */
export function overdueOn(dueOn: string): string {
  const d = new Date(`${dueOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + OVERDUE_AFTER_DAYS);
  return d.toISOString().slice(0, 10);
}

/**
 * The last day a bill's PayNow QR made on `today` may be paid: until the bill is overdue, as its PDF
 * prints it, so the portal's QR and the PDF's say the same day; once overdue, `PAYNOW_QR_DAYS` ahead.
 */
export function payNowQrExpiresOn(today: string, dueOn: string): string {
  const soonest = new Date(`${today}T00:00:00Z`);
  soonest.setUTCDate(soonest.getUTCDate() + PAYNOW_QR_DAYS);
  const day = soonest.toISOString().slice(0, 10);
  // Days as 'YYYY-MM-DD' sort as they fall: the later of the two.
  return [overdueOn(dueOn), day].sort()[1] as string;
}

/** Whether a bill due on `dueOn`, with something left to pay, is overdue on `today`. */
export function isOverdue(dueOn: string, outstandingCents: number, today: string): boolean {
  return outstandingCents > 0 && today >= overdueOn(dueOn);
}

/** A month as a customer reads it on a bill: 'November 2026' ('2026年11月' in Chinese). */
export function formatBillMonth(month: string, locale: Locale = 'en'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleString(LOCALE_TAGS[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What a payment received for a bill does (ADR 0033). */
export type CreditAllocation =
  /** It pays the bill up to what is outstanding; the rest, if any, is a credit on the next bill. */
  | { kind: 'applied'; appliedCents: number; overpaidCents: number; paysInFull: boolean }
  /** The bill needs nothing: the money is kept for staff, not silently credited. */
  | { kind: 'bill-paid' };

/**
 * How money received for a bill is allocated: to what the bill still owes, a part payment when it is
 * less (the card deduction then charges only the rest), and what the bill did not need credited.
 */
export function allocateCredit(
  bill: { state: BillState; totalCents: number; paidCents: number },
  amountCents: number,
): CreditAllocation {
  const outstanding = bill.totalCents - bill.paidCents;
  if (bill.state === 'paid' || outstanding <= 0) return { kind: 'bill-paid' };
  const appliedCents = Math.min(outstanding, amountCents);
  return {
    kind: 'applied',
    appliedCents,
    overpaidCents: amountCents - appliedCents,
    paysInFull: appliedCents === outstanding,
  };
}

/** The figures a bill's summary shows, stored on the bill when it is made. */
export interface BillFigures {
  /** What the previous bill said was due. */
  previousBalanceCents: number;
  /** Payments received between the previous bill and this one, whichever bill they paid. */
  paymentsCents: number;
  /** This month's charges and credits, GST included: what this bill itself asks for. */
  totalCents: number;
}

/**
 * A bill's summary reads as arithmetic the customer can check: previous balance − payments received
 * + this month's charges = total due. The total due is what the account owed when the bill was made,
 * earlier bills still unpaid included; a negative one is a credit.
 */
export function billTotalDue(bill: BillFigures): number {
  return bill.previousBalanceCents - bill.paymentsCents + bill.totalCents;
}

/**
 * The previous balance of the bill after `bill`: its total due, less a credit it ended with (charges
 * below nothing), which is carried to the next bill as a charge of its own and so counted there.
 */
export function balanceAfter(bill: BillFigures): number {
  return bill.previousBalanceCents - bill.paymentsCents + Math.max(bill.totalCents, 0);
}

/** A card as receipts, bills and the staff console name it: 'VISA •••• 4242'. */
export const cardName = (card: { brand: string; last4: string }) =>
  `${card.brand.toUpperCase()} •••• ${card.last4}`;

/**
 * A card's name as an SMS writes it, 'VISA ending 4242': '•' is outside the GSM-7 alphabet, and one
 * would send the whole SMS as UCS-2, in two or three times the parts.
 */
export const cardNameForSms = (name: string) => name.replace(/\s*•+\s*/g, ' ending ');
