import { Loader, Stack, Title } from '@mantine/core';
import { type RouteDef, titleOf } from '@selfcare/domain';
import type { Balances } from '@selfcare/domain/contracts/usage';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useBalances } from '../api/get-balances.ts';

/**
 * A usage page built on the balances: its title, then the balances loading, the API's message when
 * they fail, or what `children` makes of them, and then `after`. `line` reads one line's only
 * (another's is not found).
 */
export function BalancesPage({
  route,
  line,
  children,
  after,
}: {
  route: RouteDef;
  line?: string;
  children: (balances: Balances) => ReactNode;
  /** What follows whether or not the balances have come (a chart, a link back). */
  after?: (balances: Balances | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const balances = useBalances(line);
  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      {balances.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : balances.isError ? (
        <FormError message={balances.error.message} />
      ) : (
        children(balances.data)
      )}
      {after?.(balances.data)}
    </Stack>
  );
}
