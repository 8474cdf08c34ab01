import { Alert, Text } from '@mantine/core';
import {
  formatMoney,
  OrderOutcomeMessages as M,
  type OrderStatus,
  pathFor,
  type RefundStatus,
} from '@selfcare/domain';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router.tsx';

export interface OrderOutcome {
  reason: string | null;
  at: string | null;
  refund: { amountCents: number; status: RefundStatus } | null;
}

/**
 * An order that did not go ahead (rejected or cancelled): why, as staff wrote it for the customer,
 * and the refund of what it charged, with its amount and where it is. `link` adds a way to the order.
 */
export function OrderOutcomeNotice({
  order,
  outcome,
  link = false,
  children,
}: {
  order: { id: string; orderNumber: string; status: OrderStatus };
  outcome: OrderOutcome;
  link?: boolean;
  children?: ReactNode;
}) {
  return (
    <Alert
      color={order.status === 'Cancelled' ? 'gray' : 'red'}
      variant="light"
      title={M.title(order.status, order.orderNumber)}
      component="section"
      aria-label={M.title(order.status, order.orderNumber)}
    >
      {outcome.reason && (
        <Text>
          <strong>{M.reason}:</strong> {outcome.reason}
        </Text>
      )}
      <Text>
        <strong>{M.refund}:</strong>{' '}
        {outcome.refund
          ? `${formatMoney(outcome.refund.amountCents)}, ${M.refundStatus[outcome.refund.status]}`
          : M.nothingCharged}
      </Text>
      {link && (
        <Text mt="xs">
          <Link to={pathFor('orderDetail', { id: order.id })}>{M.seeOrder}</Link>
        </Text>
      )}
      {children}
    </Alert>
  );
}
