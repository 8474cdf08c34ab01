import { Badge } from '@mantine/core';
import type { OrderStatus } from '@selfcare/domain';

const TONE: Partial<Record<OrderStatus, string>> = {
  'Payment failed': 'red.9',
  'Unsuccessful payment': 'red.9',
  Rejected: 'red.9',
  Cancelled: 'gray.7',
  'Delivery failed': 'orange.9',
  Completed: 'teal.9',
  'Delivery completed': 'teal.9',
};

/** An order status in the spec's exact words. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <Badge color={TONE[status] ?? 'violet.9'} tt="none">
    {status}
  </Badge>
);
