import { Stack, Text, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { Balances } from '@selfcare/domain/contracts/usage';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { BalancesPage } from '../components/balances-page.tsx';
import { CountrySummary } from '../components/country-summary.tsx';
import { thisMonth } from '../components/records-filter.tsx';
import { ROAMING_GROUPS, RoamingGroupList, roamingGroups } from '../components/roaming-groups.tsx';
import { StaleNotice } from '../components/stale-notice.tsx';
import '../texts.ts';

/** Each group that has roaming buckets, as a list; a sentence when there are none at all. */
function Groups({ balances }: { balances: Balances }) {
  const { t } = useTranslation();
  const groups = roamingGroups(balances.buckets);
  const shown = ROAMING_GROUPS.filter((g) => groups[g].length > 0);
  return (
    <>
      <StaleNotice balances={balances} />
      {shown.length === 0 ? (
        <Text>{t('usage.roaming.none')}</Text>
      ) : (
        shown.map((g) => <RoamingGroupList key={g} group={g} buckets={groups[g]} lines={balances.lines} />)
      )}
    </>
  );
}

/** This month's roaming use by country (to `today`, the portal's): data, calls, SMS and charges. */
function ThisMonth({ today }: { today: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const period = thisMonth(today);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t('usage.roaming.byCountry')}
      </Title>
      <CountrySummary
        filter={{ scope: 'roaming', ...period }}
        caption={t('usage.roaming.caption', {
          from: formatSg(period.from, 'day'),
          to: formatSg(period.to, 'day'),
        })}
        empty={t('usage.roaming.noUse')}
        withData
      />
    </Stack>
  );
}

/** /dashboard/roamingUsage: what is left of each roaming bundle, by group, and this month's use abroad. */
export default function RoamingUsagePage({ route }: { route: RouteDef }) {
  return (
    <BalancesPage route={route}>
      {(balances) => (
        <>
          <Groups balances={balances} />
          <ThisMonth today={balances.today} />
        </>
      )}
    </BalancesPage>
  );
}
