import { type OrderKind, type OrderStatus, type StaffRole, TypeSim } from '../enums.ts';
import { myinfoVerifiesIdentity } from '../schemas/myinfo.ts';

/**
 * What staff (and the system, for the outcomes it learns from the MVNE) can do to a placed order.
 * Every staff action is checked here twice: may this role do it, and may this order take it now.
 */
export const OrderAction = {
  Verify: 'verify',
  Reject: 'reject',
  RequestDocuments: 'request-documents',
  CreateDelivery: 'create-delivery',
  MarkDelivered: 'mark-delivered',
  MarkDeliveryFailed: 'mark-delivery-failed',
  Activate: 'activate',
  Cancel: 'cancel',
  /** The MVNE reports the main line active: the order is done. */
  ActivationCompleted: 'activation-completed',
  /** The customer sends the order to the gateway's card page: a new order, or one still unpaid. */
  CheckoutStarted: 'checkout-started',
  /** The gateway confirms the order's live attempt for what it is due (nothing due: the card saved). */
  PaymentSucceeded: 'payment-succeeded',
  /** A roadshow order's card is saved for monthly deduction; it waits for staff to check the identity. */
  RoadshowCardSaved: 'roadshow-card-saved',
  /** The gateway refuses the order's live attempt; the order stays open and the customer may pay again. */
  PaymentFailed: 'payment-failed',
  /**
   * The order's payment window passed with nothing paid and no payment on its way: it is closed for
   * good, and what it held (its number hold, its promotion code's use) is given back (ADR 0037).
   */
  PaymentWindowPassed: 'payment-window-passed',
  /** The MVNE took the paid order in. */
  HandedToMvne: 'handed-to-mvne',
} as const;
export type OrderAction = (typeof OrderAction)[keyof typeof OrderAction];

/** What the system does to an order on what the customer, the gateway or the MVNE did; staff never take these. */
const SYSTEM_ACTIONS = [
  OrderAction.ActivationCompleted,
  OrderAction.CheckoutStarted,
  OrderAction.PaymentSucceeded,
  OrderAction.RoadshowCardSaved,
  OrderAction.PaymentFailed,
  OrderAction.PaymentWindowPassed,
  OrderAction.HandedToMvne,
] as const;
export type SystemOrderAction = (typeof SYSTEM_ACTIONS)[number];
/** The actions staff take in the console. */
export type StaffOrderAction = Exclude<OrderAction, SystemOrderAction>;
export const isStaffOrderAction = (action: OrderAction): action is StaffOrderAction =>
  !(SYSTEM_ACTIONS as readonly OrderAction[]).includes(action);

/** Staff actions other than on an order. */
export const StaffPermission = {
  ViewOrders: 'view-orders',
  ManageInventory: 'manage-inventory',
  /** Move the application's clock (demo and test deployments only). */
  MoveClock: 'move-clock',
  /** See a customer's bills, payments and charges, and send a bill again. */
  ViewBilling: 'view-billing',
  /** Waive a charge, with a reason (ADR 0023). */
  WaiveCharges: 'waive-charges',
  /** Give a customer a credit off their next bill, with a reason (ADR 0043). */
  GiveCredits: 'give-credits',
  /** Resume a line the customer suspended (ADR 0025): only support may. */
  ManageLines: 'manage-lines',
  /** See customers' requests to close their account, and close it, erasing their data (ADR 0030). */
  CloseAccounts: 'close-accounts',
  /** Apply a payment nothing matched to a customer's bill, or send it back (ADR 0033). */
  ResolvePayments: 'resolve-payments',
  /** Write the catalog's descriptions in the portal's other languages (ADR 0055). */
  EditCatalog: 'edit-catalog',
} as const;
export type StaffPermission = (typeof StaffPermission)[keyof typeof StaffPermission];

export type StaffCapability = StaffOrderAction | StaffPermission;

/**
 * Least to most trusted; each role may do what the ones before it may. Agents work the queue and
 * see a customer's bills; moving money back (reject, cancel, waiving a charge, giving a credit) and
 * closing an account for good (erasing its personal data) take a supervisor; loading SIM stock,
 * moving the clock and writing what the catalog says take an admin.
 */
const ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  agent: [
    StaffPermission.ViewOrders,
    StaffPermission.ViewBilling,
    StaffPermission.ManageLines,
    OrderAction.Verify,
    OrderAction.RequestDocuments,
    OrderAction.CreateDelivery,
    OrderAction.MarkDelivered,
    OrderAction.MarkDeliveryFailed,
    OrderAction.Activate,
  ],
  supervisor: [
    OrderAction.Reject,
    OrderAction.Cancel,
    StaffPermission.WaiveCharges,
    StaffPermission.GiveCredits,
    StaffPermission.CloseAccounts,
    StaffPermission.ResolvePayments,
  ],
  admin: [StaffPermission.ManageInventory, StaffPermission.MoveClock, StaffPermission.EditCatalog],
};
const ROLE_ORDER: readonly StaffRole[] = ['agent', 'supervisor', 'admin'];

export function staffMay(role: StaffRole, capability: StaffCapability): boolean {
  const rank = ROLE_ORDER.indexOf(role);
  return ROLE_ORDER.slice(0, rank + 1).some((r) => ROLE_CAPABILITIES[r].includes(capability));
}

/** The least trusted role that may do it, for messages and the console's buttons. */
export function roleFor(capability: StaffCapability): StaffRole {
  return ROLE_ORDER.find((r) => ROLE_CAPABILITIES[r].includes(capability)) ?? 'admin';
}

/** Paid orders waiting for a person to check the customer's identity. */
export const AWAITING_REVIEW: readonly OrderStatus[] = ['Payment success created in MVNE', 'Not verified'];
/** Orders nothing more can happen to. */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  'Completed',
  'Rejected',
  'Cancelled',
  'Unsuccessful payment',
];
/**
 * Orders placed but not paid: the customer may still pay for them (one per customer), and a
 * checkout starts them again. Staff do not see them as open.
 */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['Unpaid', 'Payment failed'];
/**
 * Orders never paid for: still payable, or closed once their payment window passed ('Unsuccessful
 * payment', which nothing can pay any more). Neither made a line or an account.
 */
export const NEVER_PAID_STATUSES: readonly OrderStatus[] = [...UNPAID_STATUSES, 'Unsuccessful payment'];
/** Orders that never became lines: not paid for, or stopped by staff. */
export const NOT_GOING_AHEAD_STATUSES: readonly OrderStatus[] = [
  ...NEVER_PAID_STATUSES,
  'Rejected',
  'Cancelled',
];
/**
 * Whether an ordered line counts toward the limits on lines (limitSubline, lines per person): while
 * its order goes ahead and, once in service (`lineState`, null before), until it has ended.
 */
export const lineCounts = (orderStatus: OrderStatus, lineState: string | null): boolean =>
  !NOT_GOING_AHEAD_STATUSES.includes(orderStatus) && lineState !== 'terminated';

/**
 * Orders open to staff: paid, not yet finished. The staff queue shows these by default; they can be
 * cancelled, and accrue the admin fee when not activated in time.
 */
export const STAFF_OPEN_STATUSES: readonly OrderStatus[] = [
  'Payment success not in MVNE',
  ...AWAITING_REVIEW,
  'Verified',
  'Delivery in progress',
  'Delivery completed',
  'Delivery failed',
];

interface Transition {
  /** null: no order yet (checkout creates it). */
  from: readonly (OrderStatus | null)[];
  to: OrderStatus;
  /** Only for this SIM type. */
  sim?: TypeSim;
}

const TRANSITIONS: Record<OrderAction, Transition> = {
  verify: { from: AWAITING_REVIEW, to: 'Verified' },
  // The order waits, unverified, for the customer's documents.
  'request-documents': { from: AWAITING_REVIEW, to: 'Not verified' },
  reject: {
    from: ['Payment success not in MVNE', ...AWAITING_REVIEW, 'Verified', 'Delivery failed'],
    to: 'Rejected',
  },
  'create-delivery': {
    from: ['Verified', 'Delivery failed'],
    to: 'Delivery in progress',
    sim: TypeSim.Physical,
  },
  'mark-delivered': { from: ['Delivery in progress'], to: 'Delivery completed', sim: TypeSim.Physical },
  'mark-delivery-failed': { from: ['Delivery in progress'], to: 'Delivery failed', sim: TypeSim.Physical },
  // Asking the MVNE to activate does not change the order; its completion does. An eSIM needs no
  // one to activate it: verifying its order releases the profile and activates the line.
  activate: { from: ['Delivery completed'], to: 'Delivery completed', sim: TypeSim.Physical },
  'activation-completed': { from: ['Delivery completed', 'Verified'], to: 'Completed' },
  cancel: { from: STAFF_OPEN_STATUSES, to: 'Cancelled' },
  // Paying again starts over from 'Unpaid', whatever the last attempt's outcome.
  'checkout-started': { from: [null, ...UNPAID_STATUSES], to: 'Unpaid' },
  'payment-succeeded': { from: UNPAID_STATUSES, to: 'Payment success not in MVNE' },
  'roadshow-card-saved': { from: UNPAID_STATUSES, to: 'Not verified' },
  // Only once: a second refusal of an order that already failed changes nothing.
  'payment-failed': { from: ['Unpaid'], to: 'Payment failed' },
  // Final: a payment that still arrives for a closed order is refunded, never placed (ADR 0037).
  'payment-window-passed': { from: UNPAID_STATUSES, to: 'Unsuccessful payment' },
  // A roadshow order, already waiting for review, keeps its status when the MVNE takes it.
  'handed-to-mvne': { from: ['Payment success not in MVNE'], to: 'Payment success created in MVNE' },
};

/**
 * Whether an order is verified without staff review once the MVNE has it: an eSIM order ('eSIM ID
 * Verification') whose identity MyInfo verified has no documents for anyone to look at. Orders
 * with ID copies, and every physical SIM order, wait for staff.
 */
export function verifiedWithoutReview(order: {
  typeSim: number;
  myinfoVerified: readonly string[] | null | undefined;
}): boolean {
  return order.typeSim === TypeSim.ESim && myinfoVerifiesIdentity(order.myinfoVerified);
}

/**
 * The status an order moves to when `action` is taken, or null when the order cannot take it now.
 * `status` is null for an order not yet made, which only a checkout makes. A physical SIM is
 * activated once delivered; an eSIM, which is never delivered, once verified. Taking 'activate'
 * leaves the status as it is: the MVNE's completion moves it on.
 */
export function nextOrderStatus(
  status: OrderStatus | null,
  action: OrderAction,
  typeSim: TypeSim,
): OrderStatus | null {
  const t = TRANSITIONS[action];
  if (!t.from.includes(status)) return null;
  if (t.sim !== undefined && t.sim !== typeSim) return null;
  if (action === OrderAction.ActivationCompleted) {
    const ready = typeSim === TypeSim.ESim ? 'Verified' : 'Delivery completed';
    return status === ready ? 'Completed' : null;
  }
  return t.to;
}

/** Every staff action the order can take now, for the console to offer. */
export function availableActions(status: OrderStatus, typeSim: TypeSim): StaffOrderAction[] {
  return Object.values(OrderAction)
    .filter(isStaffOrderAction)
    .filter((a) => nextOrderStatus(status, a, typeSim) !== null);
}

export { ORDER_KINDS, type OrderKind } from '../enums.ts';

/**
 * Whether an order of `kind` ever takes `action`. An added 'Us' line is checked by its user's NRIC
 * or FIN on the order, and its holder is an active customer: nothing sends them back to uploading
 * their own ID ('Request documents').
 */
export const kindTakes = (kind: OrderKind, action: OrderAction): boolean =>
  !(kind === 'sub-line' && action === OrderAction.RequestDocuments);

/**
 * Whether the order's course moves its customer's status (ordered, documents asked for, back to
 * new when it will not go ahead). An added line's holder is active whatever becomes of the line.
 */
export const movesCustomerStatus = (kind: OrderKind): boolean => kind === 'order';

/**
 * What the console offers now: `availableActions` that the order's kind takes, less 'Enter IMSI to
 * activate' once every line's activation has been asked for (`lineServices`: each line's service
 * state, null before it is asked).
 */
export function offeredActions(
  status: OrderStatus,
  typeSim: TypeSim,
  kind: OrderKind,
  lineServices: readonly (string | null)[],
): StaffOrderAction[] {
  const requested = lineServices.length > 0 && lineServices.every((s) => s !== null);
  return availableActions(status, typeSim).filter(
    (a) => kindTakes(kind, a) && !(a === OrderAction.Activate && requested),
  );
}

/**
 * Whether the order waits on the MVNE rather than on staff: handed over and not yet taken in, or a
 * line's activation asked for and not yet reported live. The console looks again until it is not.
 */
export function awaitingMvne(status: OrderStatus, lineServices: readonly (string | null)[]): boolean {
  if (status === 'Payment success not in MVNE') return true;
  if (FINAL_STATUSES.includes(status)) return false;
  return lineServices.includes('activating');
}

/** Whether a reject or a cancel gives the customer their money back (anything was charged). */
export const refundsPayment = (action: OrderAction) =>
  action === OrderAction.Reject || action === OrderAction.Cancel;

/** Staff sessions are shorter than customers': a 5-minute access token, 8 hours at most in all. */
export const STAFF_ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const STAFF_SESSION_TTL_SECONDS = 8 * 60 * 60;
