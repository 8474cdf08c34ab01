/**
 * Closing and deleting an account at the customer's request (PDPA; ADR 0030), imported as
 * `@selfcare/domain/account-deletion`. The account holder asks with their password once every line
 * has ended or has its end scheduled; staff close the account once nothing is left to settle: no
 * order in progress, every line ended, the final bill made and every bill paid.
 */
import { billIssuedOn, formatBillMonth } from './billing.ts';
import { formatMoney } from './money.ts';
import { formatSgMobile } from './phone.ts';
import { formatSgDay } from './sg-date.ts';

/** The name a closed account's login and orders carry once the person's is erased. */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

/** What an erased column that must hold a value holds: a number, an ID number. */
export const ERASED = '';

export const DELETION_REQUEST_STATES = ['open', 'withdrawn', 'completed'] as const;
export type DeletionRequestState = (typeof DELETION_REQUEST_STATES)[number];

/** What stands between an account and its closing, as the database has it now. */
export interface AccountFacts {
  /** Orders paid and not finished, or waiting for a payment on its way. */
  openOrders: number;
  /** Lines not ended, each with the Singapore day its end is scheduled for, if it is. */
  liveLines: { msisdn: string; endsOn: string | null }[];
  /** The Singapore day the account's last line ended; null when none has. */
  lastEndedOn: string | null;
  /** The latest month ('YYYY-MM') the account has a bill for. */
  lastBilledMonth: string | null;
  /** Charges and credits not on a bill yet. */
  unbilledCharges: number;
  /** What the account's bills still ask for, in cents. */
  unpaidCents: number;
}

export const AccountDeletionMessages = {
  requested:
    'We have your request to close your account and delete your data. We have emailed you a confirmation.',
  withdrawn: 'Your request to close your account is withdrawn. Your account stays open.',
  alreadyRequested: 'You have already asked to close your account.',
  noRequest: 'You have no open request to close your account.',
  subLine: 'Only the account holder can ask to close the account.',
  orderOpen:
    'Your order is still in progress. Please wait until your line is active, or contact us to cancel the order, before asking to close your account.',
  linesLive:
    'Please end your lines first, on Termination (the whole account). You can ask to close your account once every line has ended or has its end scheduled.',
  confirmUnderstood: 'Please confirm that you understand your account and data are deleted for good.',
  completed: 'The account is closed and its personal data erased.',
  notOpen: 'This request is no longer open.',
  blocked: (reasons: string[]) => `The account cannot be closed yet. ${reasons.join(' ')}`,
  waitOrder: 'An order is in progress.',
  waitLine: (msisdn: string, endsOn: string | null) =>
    endsOn
      ? `The line ${formatSgMobile(msisdn)} ends on ${formatSgDay(endsOn)}.`
      : `The line ${formatSgMobile(msisdn)} has no end scheduled.`,
  waitFinalBill: (month: string) =>
    `The final bill, for ${formatBillMonth(month)}, is made on ${formatSgDay(billIssuedOn(month))}.`,
  waitUnbilled: 'Some charges are not billed yet: they go on the next bill.',
  waitUnpaid: (cents: number) => `${formatMoney(cents)} is unpaid on the bills.`,
} as const;

/**
 * Why the customer cannot ask now, or null. Sub lines' users cannot speak for the account; an order
 * in progress would make a line after the account closed; every line must be ended or set to end
 * (on /manage/termination), so that asking is never what stops a line. Unpaid bills do not stop the
 * asking: the final bill is yet to come, and the customer keeps their login to pay it.
 */
export function deletionRequestProblem(isMainLine: boolean, facts: AccountFacts): string | null {
  if (!isMainLine) return AccountDeletionMessages.subLine;
  if (facts.openOrders > 0) return AccountDeletionMessages.orderOpen;
  if (facts.liveLines.some((l) => l.endsOn === null)) return AccountDeletionMessages.linesLive;
  return null;
}

/**
 * The month whose bill is the last one: the bill run charges an ended line up to the day before it
 * ended, so a line that ended on the 1st is last billed for the month before.
 */
export function finalBillMonth(lastEndedOn: string): string {
  const d = new Date(`${lastEndedOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 7);
}

/**
 * What the account still waits for before staff may close it (empty: it may be closed now). Closing
 * deletes the login, the card and the contact details, so nothing may be left that needs them: no
 * order in progress, no line live, the final bill made, nothing waiting for a bill, nothing unpaid.
 */
export function deletionBlockers(facts: AccountFacts): string[] {
  const M = AccountDeletionMessages;
  const reasons: string[] = [];
  if (facts.openOrders > 0) reasons.push(M.waitOrder);
  for (const l of facts.liveLines) reasons.push(M.waitLine(l.msisdn, l.endsOn));
  if (facts.liveLines.length === 0 && facts.lastEndedOn) {
    const month = finalBillMonth(facts.lastEndedOn);
    if (!facts.lastBilledMonth || facts.lastBilledMonth < month) reasons.push(M.waitFinalBill(month));
  }
  if (facts.unbilledCharges > 0) reasons.push(M.waitUnbilled);
  if (facts.unpaidCents > 0) reasons.push(M.waitUnpaid(facts.unpaidCents));
  return reasons;
}
