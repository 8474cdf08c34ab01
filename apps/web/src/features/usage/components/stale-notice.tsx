import { Alert } from '@mantine/core';
import type { Balances } from '@selfcare/domain/contracts/usage';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import '../texts.ts';

/** When the network did not answer: the figures shown are the last known ones, from when they were read. */
export function StaleNotice({ balances }: { balances: Pick<Balances, 'stale' | 'readAt'> }) {
  const { t } = useTranslation();
  if (!balances.stale) return null;
  return (
    <Alert color="yellow" variant="light" role="status">
      {balances.readAt
        ? t('usage.stale', { time: formatSg(balances.readAt, 'moment') })
        : t('usage.staleNever')}
    </Alert>
  );
}
