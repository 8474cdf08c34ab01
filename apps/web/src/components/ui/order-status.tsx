import { Badge } from '@mantine/core';
import { customerOrderStatus, type OrderStatus } from '@selfcare/domain';
import type { OrderKind } from '@selfcare/domain/fulfilment';
import { tm } from '../../lib/i18n.ts';

const TONE: Partial<Record<OrderStatus, string>> = {
  'Payment failed': 'red.9',
  'Unsuccessful payment': 'red.9',
  Rejected: 'red.9',
  Cancelled: 'gray.7',
  'Delivery failed': 'red.9',
  Completed: 'teal.9',
  'Delivery completed': 'teal.9',
};

/** An order status in the spec's exact words, as staff work with it. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <Badge color={TONE[status] ?? 'violet.9'} tt="none">
    {status}
  </Badge>
);

/**
 * An order status as the customer reads it: what it means, not our dealings with the MVNE (nor, for
 * an 'Us' line, a payment it never had).
 */
export const CustomerOrderStatusBadge = ({ status, kind }: { status: OrderStatus; kind: OrderKind }) => (
  <Badge color={TONE[status] ?? 'violet.9'} tt="none">
    {tm(customerOrderStatus(status, kind))}
  </Badge>
);
