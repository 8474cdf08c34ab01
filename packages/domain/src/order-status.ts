import type { OrderStatus } from './enums.ts';
import type { OrderKind } from './fulfilment/order-flow.ts';

/**
 * What each order status of SPEC.md section 4 means to the customer. The statuses themselves stay
 * the data, and staff read them exactly; several name our dealings with the MVNE ('Payment success
 * not in MVNE') and mean nothing to a customer, who reads these instead.
 */
export const CUSTOMER_ORDER_STATUS: Readonly<Record<OrderStatus, string>> = {
  Unpaid: 'Awaiting payment',
  'Payment failed': 'Payment failed',
  'Unsuccessful payment': 'Payment failed',
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
export const ENDED_ORDER_STATUSES: readonly OrderStatus[] = ['Rejected', 'Cancelled'];

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** What a customer reads about an order that did not go ahead. */
export const OrderOutcomeMessages = {
  title: (status: OrderStatus, orderNumber: string) =>
    status === 'Cancelled'
      ? `Your order ${orderNumber} was cancelled`
      : `Your order ${orderNumber} was not approved`,
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
