import { Loader, Stack, Text, Title } from '@mantine/core';
import { Messages, pathFor, type RouteDef } from '@selfcare/domain';
import type { Balances, UsageLine } from '@selfcare/domain/contracts/usage';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useBalances } from '../api/get-balances.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

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
        {pageTitle(route)}
      </Title>
      {balances.isPending ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : balances.isError ? (
        <FormError message={balances.error.message} />
      ) : (
        children(balances.data)
      )}
      {after?.(balances.data)}
    </Stack>
  );
}

/**
 * A page of one of the user's lines (/dashboard/localIndividual/{id}/…): its balances, the API's
 * message when the line is not theirs, and a link back to the list of lines.
 */
export function OneLinePage({
  route,
  children,
}: {
  route: RouteDef;
  children: (balances: Balances, line: UsageLine) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <BalancesPage
      route={route}
      line={id}
      after={() => (
        <Text>
          <Link to={pathFor('localIndividual')}>{t('usage.individual.back')}</Link>
        </Text>
      )}
    >
      {(balances) => {
        const line = balances.lines.find((l) => l.id === id);
        return line ? children(balances, line) : <Text>{tm(Messages.notFound)}</Text>;
      }}
    </BalancesPage>
  );
}
