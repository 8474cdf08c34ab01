import { Badge, Group, Text } from '@mantine/core';
import { BILL_STATUS_LABELS, BillMessages, type BillStatus } from '@selfcare/domain';
import { tm } from '../../../lib/i18n.ts';

const TONE: Record<BillStatus, string> = {
  due: 'red.9',
  pending: 'yellow.9',
  paid: 'teal.9',
  unknown: 'gray.7',
};

/**
 * A bill's status in the spec's words (and "Payment pending" while PayNow is on its way); an overdue
 * bill is still Due Now, with Overdue beside it (ADR 0023); Unknown (a card payment the gateway has
 * not answered) says beside it that the payment is being confirmed with the card company.
 */
export const BillStatusBadge = ({ status, overdue = false }: { status: BillStatus; overdue?: boolean }) => (
  <Group gap={4} wrap="nowrap" component="span">
    <Badge color={TONE[status]} tt="none">
      {tm(BILL_STATUS_LABELS[status])}
    </Badge>
    {status === 'unknown' && (
      <Text span size="xs" c="dimmed">
        {tm(BillMessages.unknownExplained)}
      </Text>
    )}
    {overdue && status !== 'paid' && (
      <Badge color="red.9" variant="outline" tt="none">
        {tm(BillMessages.overdue)}
      </Badge>
    )}
  </Group>
);
