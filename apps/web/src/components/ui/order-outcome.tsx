import { Paper, Text, Title } from '@mantine/core';
import { formatMoney, OrderOutcomeMessages as M, type OrderStatus, pathFor } from '@selfcare/domain';
import type { OrderOutcome } from '@selfcare/domain/contracts/order-history';
import { type ReactNode, useId } from 'react';
import { tm } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';

export type { OrderOutcome };

/**
 * An order that did not go ahead (rejected or cancelled, or closed unpaid): why, as staff wrote it
 * for the customer or, for an order not paid in time, the payment window; and the refund of what it
 * charged, with its amount and where it is. `link` adds a way to the order. A section with its own
 * heading, not an alert: it is read when reached, not announced.
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
  const heading = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={heading}
      withBorder
      p="lg"
      radius="md"
      style={{ borderLeft: '4px solid var(--mantine-color-red-9)' }}
    >
      <Title order={2} size="h4" mb="xs" id={heading}>
        {tm(M.title(order.status, order.orderNumber))}
      </Title>
      {order.status === 'Unsuccessful payment' && <Text>{tm(M.notPaidInTime)}</Text>}
      {outcome.reason && (
        <Text>
          <strong>{tm(M.reason)}:</strong> {outcome.reason}
        </Text>
      )}
      <Text>
        <strong>{tm(M.refund)}:</strong>{' '}
        {outcome.refund
          ? `${formatMoney(outcome.refund.amountCents)}, ${tm(M.refundStatus[outcome.refund.status])}`
          : tm(M.nothingCharged)}
      </Text>
      {link && (
        <Text mt="xs">
          <Link to={pathFor('orderDetail', { id: order.id })}>{tm(M.seeOrder)}</Link>
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** For a customer who may order again (status 0): the way back to the order wizard, which keeps their choices. */
export function OrderAgain({ roadshow }: { roadshow: boolean }) {
  return (
    <Text mt="xs">
      {tm(M.orderAgain)}{' '}
      <Link to={pathFor(roadshow ? 'getStartedNoBill' : 'getStarted')}>{tm(M.startNewOrder)}</Link>
    </Text>
  );
}
