import type { OrderStatus } from './enums.ts';

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
