import { Badge } from '@mantine/core';
import { BILL_STATUS_LABELS, type BillStatus } from '@selfcare/domain';

const TONE: Record<BillStatus, string> = {
  due: 'red.9',
  pending: 'yellow.9',
  paid: 'teal.9',
  unknown: 'gray.7',
};

/** A bill's status in the spec's words (and "Payment pending" while PayNow is on its way). */
export const BillStatusBadge = ({ status }: { status: BillStatus }) => (
  <Badge color={TONE[status]} tt="none">
    {BILL_STATUS_LABELS[status]}
  </Badge>
);
