import { ChargeMessages } from '../charges.ts';
import { OrderAction } from './order-flow.ts';

/**
 * What an order's timeline and a staff audit entry say for each step recorded on an order. The
 * repositories take only these types, so a new step cannot reach a page without its words.
 */
export const ORDER_EVENT_LABELS = {
  'order-created': 'Order placed',
  'order-updated': 'Order updated',
  'sub-line-added': "'Us' line added to your account",
  paid: 'Payment received',
  'card-saved': 'Card saved for monthly deduction',
  'payment-refused': 'Payment refused',
  'mvne-created': 'Sent to the network for set-up',
  'mvne-refused': 'Waiting for our team to finish the set-up',
  'documents-uploaded': 'ID documents received',
  [OrderAction.Verify]: 'Order verified',
  [OrderAction.Reject]: 'Order not approved',
  [OrderAction.RequestDocuments]: 'ID documents requested',
  [OrderAction.CreateDelivery]: 'SIM sent',
  [OrderAction.MarkDelivered]: 'SIM delivered',
  [OrderAction.MarkDeliveryFailed]: 'Delivery failed: we will arrange another',
  [OrderAction.Cancel]: 'Order cancelled',
  [OrderAction.Activate]: 'Activation requested',
  [OrderAction.ActivationCompleted]: 'Every line is active',
  [OrderAction.CheckoutStarted]: 'Checkout started',
  [OrderAction.PaymentSucceeded]: 'Payment received',
  [OrderAction.RoadshowCardSaved]: 'Card saved for monthly deduction',
  [OrderAction.PaymentFailed]: 'Payment failed',
  [OrderAction.PaymentWindowPassed]: 'Not paid in time: order closed',
  'late-payment': 'Payment received after the order was closed',
  [OrderAction.HandedToMvne]: 'Sent to the network for set-up',
  refunded: 'Refunded',
  'activate-online': 'Activation requested',
  'activation-refused': 'Waiting for our team to finish the activation',
  'line-activated': 'Line active',
  activated: 'Every line is active',
  'esim-issued': 'eSIM ready to install',
  'port-submitted': 'Number porting submitted',
  'port-success': 'Number ported in',
  'port-refused': 'Number porting refused by your current network',
  'admin-fee': 'Admin fee added to your first bill',
} as const satisfies Record<OrderAction, string> & Record<string, string>;

export type OrderEventType = keyof typeof ORDER_EVENT_LABELS;

/** The words for a recorded step; one recorded before its words existed reads as a plain sentence. */
export function orderEventLabel(type: string): string {
  const label = (ORDER_EVENT_LABELS as Record<string, string>)[type];
  if (label) return label;
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The words the API writes as a step's detail where it writes words (ADR 0055): the catalogs
 * translate them as templates, their values (a number, a count) as they are.
 */
export const OrderEventDetails = {
  esimInstallation: (msisdn: string, issue: string, of: string) =>
    `${msisdn}, installation ${issue} of ${of}`,
  portReleased: (msisdn: string, temporary: string) => `${msisdn} (temporary number ${temporary} released)`,
} as const;

/**
 * The details the API writes in words, as templates, by the label of the step they are written for:
 * a page translates such a step's detail that matches one whole, and any other detail (a reason
 * staff typed) only where the catalog has its parts whole. The admin fee's step names the charge's
 * reason.
 */
export const WRITTEN_DETAILS: Readonly<Record<string, readonly string[]>> = {
  [ORDER_EVENT_LABELS['esim-issued']]: [OrderEventDetails.esimInstallation('{msisdn}', '{issue}', '{of}')],
  [ORDER_EVENT_LABELS['port-success']]: [OrderEventDetails.portReleased('{msisdn}', '{temporary}')],
  [ORDER_EVENT_LABELS['admin-fee']]: [
    ChargeMessages.notActivated('{days}', '{orderNumber}'),
    ChargeMessages.orderCancelled('{orderNumber}'),
  ],
};
