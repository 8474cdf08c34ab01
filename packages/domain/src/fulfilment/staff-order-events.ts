import { type OrderEventType, orderEventLabel } from './order-events.ts';
import { OrderAction } from './order-flow.ts';

/**
 * The steps staff read otherwise: the customer's words speak to the customer ("your account") or of
 * staff as "our team", which the console's timeline and audit log should not.
 */
const STAFF_LABELS: Partial<Record<OrderEventType, string>> = {
  'sub-line-added': "'Us' line added to the customer's account",
  'mvne-refused': 'Refused by the network: the set-up needs an agent',
  'activation-refused': 'Refused by the network: the activation needs an agent',
  [OrderAction.MarkDeliveryFailed]: 'Delivery failed: another to arrange',
  'port-refused': "Number porting refused by the customer's current network",
  'admin-fee': 'Admin fee added to the first bill',
};

/**
 * The words for a recorded step in the console's timeline and audit log (a module of its own, so the
 * customer's pages do not carry them).
 */
export const staffOrderEventLabel = (type: string): string =>
  (STAFF_LABELS as Record<string, string>)[type] ?? orderEventLabel(type);
