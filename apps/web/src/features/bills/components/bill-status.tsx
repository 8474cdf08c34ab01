import { Badge, Group } from '@mantine/core';
import { BILL_STATUS_LABELS, BillMessages, type BillStatus } from '@selfcare/domain';

const TONE: Record<BillStatus, string> = {
  due: 'red.9',
  pending: 'yellow.9',
  paid: 'teal.9',
  unknown: 'gray.7',
};

/**
 * A bill's status in the spec's words (and "Payment pending" while PayNow is on its way); an overdue
 * bill is still Due Now, with Overdue beside it (ADR 0023).
 */
export const BillStatusBadge = ({ status, overdue = false }: { status: BillStatus; overdue?: boolean }) => (
  <Group gap={4} wrap="nowrap" component="span">
    <Badge color={TONE[status]} tt="none">
      {BILL_STATUS_LABELS[status]}
    </Badge>
    {overdue && status !== 'paid' && (
      <Badge color="red.9" variant="outline" tt="none">
        {BillMessages.overdue}
      </Badge>
    )}
  </Group>
);
