import type { PortingStatus } from '../enums.ts';

/** What can happen to a port-in request: the customer's steps, the porting run, the donor's answer. */
export const PortAction = {
  /** The customer changes the donor details (only before it is submitted, or after the donor refused). */
  Edit: 'edit',
  Submit: 'submit',
  Cancel: 'cancel',
  /** The porting window opened and the request went to the donor. */
  Start: 'start',
  Accept: 'accept',
  /** The donor refused for a reason the customer can put right. */
  Refuse: 'refuse',
  /** The port cannot happen with this number: the customer must re-initiate via Number Change. */
  Fail: 'fail',
  /** A failed port put in again from Number Change, with the number and its donor details. */
  Reinitiate: 'reinitiate',
} as const;
export type PortAction = (typeof PortAction)[keyof typeof PortAction];

const PORT_TRANSITIONS: Record<PortAction, { from: readonly PortingStatus[]; to: PortingStatus | null }> = {
  // Editing a refused request puts it back to be submitted again.
  edit: { from: ['pending', 'unsuccess'], to: 'pending' },
  submit: { from: ['pending'], to: 'submitted' },
  cancel: { from: ['pending', 'submitted', 'unsuccess'], to: 'canceled' },
  start: { from: ['submitted'], to: 'in progress' },
  accept: { from: ['in progress'], to: 'success' },
  refuse: { from: ['in progress'], to: 'unsuccess' },
  fail: { from: ['in progress'], to: 'failed' },
  reinitiate: { from: ['failed'], to: 'submitted' },
};

export function nextPortStatus(status: PortingStatus, action: PortAction): PortingStatus | null {
  const t = PORT_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/**
 * Whether the port is with the network: submitted for its window, or under way with the donor. Its
 * status moves by itself until the network answers (the portal looks again, the API checks on it).
 */
export const portWithNetwork = (status: PortingStatus) => status === 'submitted' || status === 'in progress';

/** Why a donor network refuses a port, and whether the customer can put it right and resubmit. */
export const DONOR_REFUSALS = {
  'id-mismatch': {
    reason: 'The ID number does not match the donor network’s records.',
    advice: 'Check the ID number with your current network, correct it and submit again.',
    fixable: true,
  },
  'not-active': {
    reason: 'The number is not an active postpaid number with the donor network.',
    advice: 'This number cannot be ported. Please re-initiate via Number Change.',
    fixable: false,
  },
  'outstanding-bill': {
    reason: 'The donor network reports an outstanding bill on this number.',
    advice: 'Pay the outstanding bill with your current network, then submit again.',
    fixable: true,
  },
} as const;
export type DonorRefusal = keyof typeof DONOR_REFUSALS;

/**
 * What the MVNE's finished port means for our request: accepted; refused for a reason the customer
 * can put right ('unsuccess', edit and resubmit); or a number that cannot come over ('failed').
 */
export function portOutcome(completed: boolean, refusal: DonorRefusal | null): PortAction {
  if (completed) return PortAction.Accept;
  return refusal && DONOR_REFUSALS[refusal].fixable ? PortAction.Refuse : PortAction.Fail;
}

export const PortMessages = {
  notSubmitted: 'Not Submitted',
  submitted: 'Your MNP request has been submitted',
  failed: 'The port-in failed. You must re-initiate via Number Change.',
} as const;
