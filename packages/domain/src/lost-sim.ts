import { TypeSim } from './enums.ts';
import { formatAddress } from './ordering/delivery.ts';
import type { Fees } from './ordering/fees.ts';
import { formatSgDay } from './sg-date.ts';

/**
 * A lost SIM on /manage/lostSim (ADR 0029): the line's SIM is blocked at once and for good; a
 * physical line gets a replacement SIM, sent through the delivery flow and activated as a SIM swap
 * (the line keeps its number, plan and products), and an eSIM line gets a new profile.
 *
 * A replacement is 'reported' until staff send a SIM from stock ('sent'), 'delivered' once the
 * parcel arrives, 'activating' while the MVNE moves the line onto the new SIM, then 'completed'. An
 * eSIM replacement has nothing to deliver: it is 'activating' from the start. A line that ends before
 * its replacement is activated has it 'cancelled'.
 */
export const REPLACEMENT_STATES = [
  'reported',
  'sent',
  'delivered',
  'activating',
  'completed',
  'cancelled',
] as const;
export type ReplacementState = (typeof REPLACEMENT_STATES)[number];

/** A replacement still under way: at most one per line. */
export const OPEN_REPLACEMENT_STATES: readonly ReplacementState[] = [
  'reported',
  'sent',
  'delivered',
  'activating',
];
export const isOpenReplacement = (state: ReplacementState) => OPEN_REPLACEMENT_STATES.includes(state);

/** What staff read for each state in the console. */
export const REPLACEMENT_STATE_LABELS: Readonly<Record<ReplacementState, string>> = {
  reported: 'Waiting for a delivery order',
  sent: 'Delivery in progress',
  delivered: 'Delivery completed',
  activating: 'Activating',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * What moves a replacement on. The staff actions have the names, and so the rights, of the same
 * actions on an order (agents send, mark delivered or failed, and activate); the MVNE's answers
 * and a line's end are the system's.
 */
export const ReplacementAction = {
  CreateDelivery: 'create-delivery',
  MarkDelivered: 'mark-delivered',
  MarkDeliveryFailed: 'mark-delivery-failed',
  Activate: 'activate',
  /** The MVNE moved the line onto the new SIM. */
  Swapped: 'swapped',
  /** The MVNE refused the new SIM: back to staff, the SIM still with the customer. */
  SwapRefused: 'swap-refused',
  /** The line ended before its replacement was activated. */
  Cancel: 'cancel',
} as const;
export type ReplacementAction = (typeof ReplacementAction)[keyof typeof ReplacementAction];

/** The actions staff take in the console, in the order it offers them. */
export const STAFF_REPLACEMENT_ACTIONS = [
  ReplacementAction.CreateDelivery,
  ReplacementAction.MarkDelivered,
  ReplacementAction.MarkDeliveryFailed,
  ReplacementAction.Activate,
] as const;
export type StaffReplacementAction = (typeof STAFF_REPLACEMENT_ACTIONS)[number];

const TRANSITIONS: Readonly<
  Record<
    ReplacementAction,
    { from: readonly ReplacementState[]; to: ReplacementState; physicalOnly: boolean }
  >
> = {
  'create-delivery': { from: ['reported'], to: 'sent', physicalOnly: true },
  'mark-delivered': { from: ['sent'], to: 'delivered', physicalOnly: true },
  // The parcel comes back: its SIM returns to stock and another is sent.
  'mark-delivery-failed': { from: ['sent'], to: 'reported', physicalOnly: true },
  // A parcel not yet marked delivered is delivered: the SIM is in the customer's hand.
  activate: { from: ['sent', 'delivered'], to: 'activating', physicalOnly: true },
  swapped: { from: ['activating'], to: 'completed', physicalOnly: false },
  'swap-refused': { from: ['activating'], to: 'delivered', physicalOnly: true },
  cancel: { from: OPEN_REPLACEMENT_STATES, to: 'cancelled', physicalOnly: false },
};

/** Where `action` takes a replacement of a line of `typeSim` in `state`, or null when it may not happen now. */
export function nextReplacementState(
  state: ReplacementState,
  action: ReplacementAction,
  typeSim: number,
): ReplacementState | null {
  const t = TRANSITIONS[action];
  if (t.physicalOnly && typeSim !== TypeSim.Physical) return null;
  return t.from.includes(state) ? t.to : null;
}

/** Where a replacement starts: a physical SIM waits for staff to send it; an eSIM's profile is asked for at once. */
export const initialReplacementState = (typeSim: number): ReplacementState =>
  typeSim === TypeSim.Physical ? 'reported' : 'activating';

/** The staff actions a replacement can take now. */
export const offeredReplacementActions = (
  state: ReplacementState,
  typeSim: number,
): StaffReplacementAction[] =>
  STAFF_REPLACEMENT_ACTIONS.filter((a) => nextReplacementState(state, a, typeSim) !== null);

/**
 * What replacing the SIM costs: SPEC.md's SIM replacement fee for a physical SIM (the card and its
 * delivery), on the next bill once it is sent; a new eSIM profile costs nothing to issue.
 */
export const replacementFeeCents = (typeSim: number, fees: Pick<Fees, 'simReplacementCents'>) =>
  typeSim === TypeSim.Physical ? fees.simReplacementCents : 0;

/**
 * Where a replacement goes, on one line: the address its line's order was sent to (or billed to),
 * as the order stored it; null when that holds no address (a roadshow order, an eSIM order).
 */
export function replacementAddress(a: Record<string, string | null | undefined> | null): string | null {
  if (!a?.postalCode || !a.blockNumber || !a.roadName) return null;
  return formatAddress({
    postalCode: a.postalCode,
    blockNumber: a.blockNumber,
    roadName: a.roadName,
    building: a.building,
    unitNumber: a.unitNumber,
  });
}

/** What of a line decides whether its SIM may be reported lost now. */
export interface LostSimLine {
  state: 'active' | 'suspended';
  /** A replacement of its SIM is under way. */
  replacementOpen: boolean;
  /** A confirmed number change the network has not made yet. */
  numberChangePending: boolean;
  /** The day a termination is scheduled for ('YYYY-MM-DD'), if one is. */
  terminationOn: string | null;
}

/**
 * Why the line's SIM cannot be reported lost now, or null. Each refusal changes nothing: a
 * suspended line is support's to resume first (ADR 0025: nothing is bought or changed on it); a
 * line ending soon is cancelled first; a number change is waited for (minutes), so the network
 * never has two changes of the line in flight.
 */
export function lostSimRefusal(line: LostSimLine): string | null {
  if (line.replacementOpen) return LostSimMessages.alreadyOpen;
  if (line.state === 'suspended') return LostSimMessages.suspended;
  if (line.terminationOn) return LostSimMessages.terminationScheduled(line.terminationOn);
  if (line.numberChangePending) return LostSimMessages.numberChangePending;
  return null;
}

export const LostSimMessages = {
  reported: 'Your SIM is being blocked. Nobody can use it any more.',
  chooseLine: 'Please choose a line.',
  alreadyOpen: 'This line’s SIM has been reported lost already. Its replacement is under way.',
  suspended: 'This line is suspended. Please contact support to resume it.',
  /** `day` is the termination's day (YYYY-MM-DD). */
  terminationScheduled: (day: string) =>
    `This line is set to end on ${formatSgDay(day)}. Cancel the termination first to replace its SIM.`,
  numberChangePending:
    'This line’s number change is still with the network. Please try again once it is done, usually within minutes.',
  sent: 'Replacement SIM sent',
  notNow: (state: ReplacementState) =>
    `This cannot be done while the replacement is '${REPLACEMENT_STATE_LABELS[state]}'.`,
  swapRefused: (why: string) => `The network refused the new SIM: ${why}`,
} as const;
