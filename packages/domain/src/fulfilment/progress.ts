import { ADMIN_FEE_DAYS } from '../constants.ts';
import { CustomerStatus, type OrderStatus, TypeSim } from '../enums.ts';
import { mayActivateOnline } from './lines.ts';
import { FINAL_STATUSES, NOT_GOING_AHEAD_STATUSES, type OrderKind } from './order-flow.ts';

/** An order not yet activated accrues the admin fee 14 calendar days after it was placed. */
export const ADMIN_FEE_AFTER_MS = ADMIN_FEE_DAYS * 86_400_000;
export const adminFeeDueAt = (orderedAt: Date) => new Date(orderedAt.getTime() + ADMIN_FEE_AFTER_MS);

/** The milestones of an order on /myAccount, in order. */
export type ProgressStep = 'paid' | 'added' | 'verified' | 'sent' | 'delivered' | 'esim' | 'activated';
/** What the customer has to do for the order to go on. */
export type NextStep = 'upload-documents' | 'activate-online' | 'submit-port' | 'fix-port';

export interface ProgressInput {
  status: OrderStatus;
  /** An 'Us' line's order is added to the account, not paid for: billed monthly from activation. */
  kind: OrderKind;
  typeSim: number;
  createdAt: Date;
  customerStatus: number;
  /** The types of the order's recorded events. */
  events: readonly string[];
  /** The statuses of the order's port-in requests. */
  ports: readonly string[];
  adminFeeCharged: boolean;
  /**
   * The admin fee the customer reads: the amount charged once it is, before that the fee this
   * deployment configures (`Fees.adminCents`).
   */
  adminFeeCents: number;
}

const STEP_EVENTS: Record<ProgressStep, readonly string[]> = {
  paid: ['paid', 'card-saved'],
  added: ['sub-line-added'],
  verified: ['verify'],
  sent: ['create-delivery'],
  delivered: ['mark-delivered'],
  esim: ['esim-issued'],
  activated: ['activated'],
};

/**
 * An order's progress as the customer reads it: paid → verified → sent → delivered → activated (an
 * eSIM: paid → verified → eSIM ready → activated; an 'Us' line starts from being added to the account,
 * since it is billed, not paid for), what they must do next, and until when they can activate before
 * the admin fee.
 */
export function orderProgress(input: ProgressInput) {
  const first: ProgressStep = input.kind === 'sub-line' ? 'added' : 'paid';
  const steps: ProgressStep[] =
    input.typeSim === TypeSim.ESim
      ? [first, 'verified', 'esim', 'activated']
      : [first, 'verified', 'sent', 'delivered', 'activated'];
  const happened = (s: ProgressStep) =>
    STEP_EVENTS[s].some((e) => input.events.includes(e)) ||
    (s === 'activated' && input.status === 'Completed');
  // A later milestone implies the earlier ones (a roadshow order is never 'paid', a parcel not marked
  // delivered before online activation still arrived).
  let reached = -1;
  steps.forEach((s, i) => {
    if (happened(s)) reached = i;
  });
  const next: NextStep[] = [];
  if (input.customerStatus === CustomerStatus.DocumentsRequested) next.push('upload-documents');
  const activationAsked = input.events.some((e) => e === 'activate' || e === 'activate-online');
  if (mayActivateOnline(input) && !activationAsked) next.push('activate-online');
  if (input.ports.includes('pending')) next.push('submit-port');
  if (input.ports.includes('unsuccess')) next.push('fix-port');
  const ended = FINAL_STATUSES.includes(input.status);
  return {
    steps: steps.map((key, i) => ({ key, done: i <= reached })),
    ended,
    next: NOT_GOING_AHEAD_STATUSES.includes(input.status) ? [] : next,
    adminFee: {
      amountCents: input.adminFeeCents,
      charged: input.adminFeeCharged,
      // Shown while the order can still be activated in time, once staff have verified it: before
      // that the customer cannot activate it, so a deadline would be a warning they cannot act on.
      deadline:
        !input.adminFeeCharged && !ended && reached >= steps.indexOf('verified')
          ? adminFeeDueAt(input.createdAt).toISOString()
          : null,
    },
  };
}
