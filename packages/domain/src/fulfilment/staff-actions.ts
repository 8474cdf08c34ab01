import type { StaffRole } from '../enums.ts';
import { OrderAction, refundsPayment, roleFor, type StaffOrderAction } from './order-flow.ts';

/** What the console shows and sends for one staff action on an order, and what the API asks of it. */
export interface StaffActionInfo {
  action: StaffOrderAction;
  /** The button's label; its form's confirm button reads 'Confirm: <label>'. */
  label: string;
  /** Where it is sent: POST /api/v1/staff/orders/{id}/<path>. */
  path: string;
  /** The customer is told why: the action takes a reason (`staffReasonSchema`), not an optional note. */
  needsReason: boolean;
  /** It turns the order away and refunds it: shown in red. */
  endsOrder: boolean;
  /** The least trusted role that may take it. */
  role: StaffRole;
}

const action = (a: StaffOrderAction, label: string, path: string, needsReason: boolean): StaffActionInfo => ({
  action: a,
  label,
  path,
  needsReason,
  endsOrder: refundsPayment(a),
  role: roleFor(a),
});

/** Every staff action on an order, in the order the console offers them. */
export const STAFF_ACTIONS: Readonly<Record<StaffOrderAction, StaffActionInfo>> = {
  verify: action(OrderAction.Verify, 'Verify', 'verify', false),
  reject: action(OrderAction.Reject, 'Reject order', 'reject', true),
  'request-documents': action(OrderAction.RequestDocuments, 'Request documents', 'request-documents', true),
  'create-delivery': action(OrderAction.CreateDelivery, 'Create delivery order', 'deliveries', false),
  'mark-delivered': action(OrderAction.MarkDelivered, 'Mark delivered', 'delivered', false),
  'mark-delivery-failed': action(
    OrderAction.MarkDeliveryFailed,
    'Mark delivery failed',
    'delivery-failed',
    true,
  ),
  activate: action(OrderAction.Activate, 'Enter IMSI to activate', 'activate', false),
  cancel: action(OrderAction.Cancel, 'Cancel order', 'cancel', true),
};

/** The table's entry for an action name the API sent, or undefined for one this console does not know. */
export const staffActionInfo = (name: string): StaffActionInfo | undefined =>
  Object.hasOwn(STAFF_ACTIONS, name) ? STAFF_ACTIONS[name as StaffOrderAction] : undefined;
