import { Box } from '@mantine/core';
import { OrderOutcomeNotice } from '../../../components/ui/order-outcome.tsx';
import { useAccount } from '../api/get-account.ts';

/**
 * Above the order wizard, for a customer whose latest order was rejected or cancelled: why, the
 * refund, and a link to the order. Nothing for a customer who never ordered.
 */
export default function PastOrderNotice() {
  const account = useAccount();
  const latest = account.data?.orders[0];
  const outcome = account.data?.latestOutcome;
  if (!latest || !outcome) return null;
  return (
    <Box mb="lg">
      <OrderOutcomeNotice order={latest} outcome={outcome} link />
    </Box>
  );
}
