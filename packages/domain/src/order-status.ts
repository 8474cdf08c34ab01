import { PAYMENT_WINDOW_MINUTES } from './constants.ts';
import type { OrderKind, OrderStatus } from './enums.ts';

/**
 * What each order status of SPEC.md section 4 means to the customer. The statuses themselves stay
 * the data, and staff read them exactly; several name our dealings with the MVNE ('Payment success
 * not in MVNE') and mean nothing to a customer, who reads these instead. 'Payment failed' is an
 * attempt the card refused, on an order the customer may still pay; 'Unsuccessful payment' an order
 * closed because it was not paid in time (ADR 0037).
 */
export const CUSTOMER_ORDER_STATUS: Readonly<Record<OrderStatus, string>> = {
  Unpaid: 'Awaiting payment',
  'Payment failed': 'Payment failed',
  'Unsuccessful payment': 'Not paid in time',
  'Payment success not in MVNE': 'Paid, being prepared',
  'Payment success created in MVNE': 'Paid, being checked',
  'Not verified': 'Waiting for an ID check',
  Verified: 'Approved',
  'Delivery in progress': 'SIM on its way',
  'Delivery completed': 'SIM delivered',
  'Delivery failed': 'Delivery failed',
  Completed: 'Completed',
  Rejected: 'Not approved',
  Cancelled: 'Cancelled',
};

/**
 * An 'Us' line is billed monthly with the account and paid for at no checkout (ADR 0031), though its
 * order passes the paid statuses: its words say nothing of a payment.
 */
const SUB_LINE_ORDER_STATUS: Partial<Record<OrderStatus, string>> = {
  'Payment success not in MVNE': 'Being prepared',
  'Payment success created in MVNE': 'Being checked',
};

/** An order's status in the customer's words, for an order of this kind. */
export const customerOrderStatus = (status: OrderStatus, kind: OrderKind): string =>
  (kind === 'sub-line' ? SUB_LINE_ORDER_STATUS[status] : undefined) ??
  CUSTOMER_ORDER_STATUS[status] ??
  status;

/** How an 'Us' line is paid for, wherever an order would say what was paid. */
export const SUB_LINE_PAYMENT = {
  customer: 'Nothing to pay now: billed monthly with your account',
  staff: 'Nothing charged: billed monthly with the account',
} as const;

/** Orders that will not go ahead: the customer may order again, and is told why and what is refunded. */
export const ENDED_ORDER_STATUSES: readonly OrderStatus[] = ['Rejected', 'Cancelled', 'Unsuccessful payment'];

/** The payment window in words: 'an hour'. */
export const PAYMENT_WINDOW_TEXT =
  PAYMENT_WINDOW_MINUTES === 60 ? 'an hour' : `${PAYMENT_WINDOW_MINUTES} minutes`;

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** What a customer reads about an order that did not go ahead. */
export const OrderOutcomeMessages = {
  title: (status: OrderStatus, orderNumber: string) =>
    status === 'Cancelled'
      ? `Your order ${orderNumber} was cancelled`
      : status === 'Unsuccessful payment'
        ? `Your order ${orderNumber} was closed: it was not paid in time`
        : `Your order ${orderNumber} was not approved`,
  /** Why an order closed unpaid: no one wrote a reason for it, the payment window is the reason. */
  notPaidInTime: `An order waits ${PAYMENT_WINDOW_TEXT} for its payment after checkout. This one was not paid in that time, so we closed it: a new number or a promotion code it held is free again.`,
  reason: 'Reason',
  refund: 'Refund',
  refundStatus: {
    pending: 'on its way to your card (it can take up to 10 working days to appear)',
    succeeded: 'refunded to your card',
    failed: 'not yet refunded: we will contact you',
  } satisfies Record<RefundStatus, string>,
  nothingCharged: 'Nothing was charged, so there is nothing to refund.',
  seeOrder: 'See why, and your refund',
  orderAgain: 'You are welcome to place a new order.',
  startNewOrder: 'Place a new order',
} as const;
