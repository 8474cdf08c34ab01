/**
 * A line's services on /manage/suspension and /manage/internationalCall (ADR 0025): suspending a
 * line at once (only support resumes it), and barring international calls and SMS per line.
 */

/** Why a customer suspends a line (the spec asks for a reason and does not list them). */
export const SUSPENSION_REASONS = ['travel', 'lost-device', 'not-using', 'other'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

export const SUSPENSION_REASON_LABELS: Record<SuspensionReason, string> = {
  travel: 'Travelling overseas for a while',
  'lost-device': 'My phone was lost or stolen',
  'not-using': 'Not using the line for a while',
  other: 'Another reason',
};

/** The spec's line statuses: Active, Suspension, Unsuspension (a line support has resumed). */
export const LINE_SERVICE_STATUSES = ['Active', 'Suspension', 'Unsuspension'] as const;
export type LineServiceStatus = (typeof LINE_SERVICE_STATUSES)[number];

/** What a line's status reads: Unsuspension for an active line support resumed in the last 30 days. */
export function lineServiceStatus(
  state: 'active' | 'suspended',
  resumedAt: Date | null,
  now: Date,
): LineServiceStatus {
  if (state === 'suspended') return 'Suspension';
  return resumedAt && now.getTime() - resumedAt.getTime() < 30 * 86_400_000 ? 'Unsuspension' : 'Active';
}

export const LineServiceMessages = {
  suspended: 'Suspend service successfully',
  unsuspended: 'Unsuspend service successfully',
  updated: 'Data updated successfully',
  alreadySuspended: 'This line is suspended already.',
  notSuspended: 'This line is not suspended.',
  notActive: 'The line is not active.',
  suspendedLine: 'This line is suspended. Please contact support to resume it.',
  chooseReason: 'Please choose a reason.',
  pending: 'The network is applying this change. It will show as done as soon as the network confirms it.',
} as const;

/** How far ahead a termination may be asked for (ADR 0027). */
export const TERMINATION_MAX_DAYS_AHEAD = 90;

const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last day a termination may be asked for, from today (both 'YYYY-MM-DD', Singapore). */
export const latestTerminationDate = (today: string) => addDays(today, TERMINATION_MAX_DAYS_AHEAD);

/** Why `day` cannot be a termination date, or null: from today to `TERMINATION_MAX_DAYS_AHEAD` ahead. */
export function terminationDateProblem(day: string, today: string): string | null {
  if (day < today) return TerminationMessages.dateInPast;
  if (day > latestTerminationDate(today)) return TerminationMessages.dateTooFar;
  return null;
}

export const TerminationMessages = {
  lineScheduled: (day: string) => `The line will end on ${day}. You can cancel this until then.`,
  accountScheduled: (day: string) =>
    `Your account will close on ${day}: every line ends that day. You can cancel this until then.`,
  cancelled: 'The termination is cancelled.',
  dateInPast: 'The date cannot be in the past.',
  dateTooFar: `Please choose a date within ${TERMINATION_MAX_DAYS_AHEAD} days.`,
  mainLineAlone: 'The main line ends only with the whole account. Choose "the whole account" to close it.',
  alreadyScheduled: 'This line is already set to end. Cancel that first to choose another date.',
  alreadyEnded: 'This line has already ended.',
  chooseLine: 'Please choose a line.',
  notScheduled: 'This termination can no longer be cancelled.',
} as const;

/**
 * A line's change of number (ADR 0028): the customer holds a new number while choosing (as in
 * ordering), confirms it, and the MVNE moves the line onto it; the old number is released.
 */
export const NUMBER_CHANGE_STATES = ['held', 'pending', 'completed', 'failed'] as const;
export type NumberChangeState = (typeof NUMBER_CHANGE_STATES)[number];

export const NumberChangeMessages = {
  replacementInProgress:
    "This line's lost SIM is being replaced. You can change its number once the new SIM is active.",
  held: 'The number is held for you. Confirm to change to it.',
  submitted: 'Your number change has been submitted.',
  released: 'The number is no longer held for you.',
  alreadyPending: 'A number change is already pending for this line.',
  holdEnded: 'The hold on this number has ended. Please choose the number again.',
  sameNumber: 'This is the line’s number already.',
  portInProgress: 'This line’s number port is not finished. A new number can be chosen once it has.',
  portNotFailed: 'Only a port-in that failed can be re-initiated here.',
  failed: 'The number could not be given to the line. Nothing was charged. Please choose another number.',
} as const;

/** What of a line decides whether its number may change now, and what the change costs. */
export interface NumberChangeLine {
  state: 'active' | 'suspended';
  /** The number the line works on while its own is ported in, if it came with a port-in. */
  temporaryMsisdn: string | null;
  /** That port-in's status (PORTING_STATUSES), if the line came with one. */
  portStatus: string | null;
  /** A lost SIM's replacement is under way on the line (ADR 0029). */
  replacing: boolean;
  /** The state of the line's open or latest number change, if it had one. */
  changeState: NumberChangeState | null;
}

/** The line waits for its own number after its port-in failed: a new number is free for it. */
export const portInFailed = (l: Pick<NumberChangeLine, 'temporaryMsisdn' | 'portStatus'>) =>
  l.portStatus === 'failed' && l.temporaryMsisdn !== null;

/** A port-in not finished (to submit, with the network, or refused to be put right). */
export const portInOpen = (l: Pick<NumberChangeLine, 'temporaryMsisdn' | 'portStatus'>) =>
  l.temporaryMsisdn !== null && l.portStatus !== null && l.portStatus !== 'failed';

/** The fee for changing the line's number: none for a line whose port-in failed. */
export const numberChangeFeeCents = (l: NumberChangeLine, feeCents: number) =>
  portInFailed(l) ? 0 : feeCents;

/**
 * Why the line's number cannot change now, or null. Each refusal changes nothing: a suspended line
 * is support's to resume first (ADR 0025); a port still going would bring its own number over the new
 * one; a replacement SIM or a change already with the network is waited for, so the network never
 * has two changes of the line in flight. A held number is no refusal: choosing another replaces it.
 */
export function numberChangeRefusal(l: NumberChangeLine): string | null {
  if (l.state === 'suspended') return LineServiceMessages.suspendedLine;
  if (portInOpen(l)) return NumberChangeMessages.portInProgress;
  if (l.replacing) return NumberChangeMessages.replacementInProgress;
  if (l.changeState === 'pending') return NumberChangeMessages.alreadyPending;
  return null;
}

export * from './lost-sim.ts';
