import { Stack, Text, Title } from '@mantine/core';
import { Messages, pathFor, type RouteDef } from '@selfcare/domain';
import type { Bucket, UsageLine } from '@selfcare/domain/contracts/usage';
import { usageRangeEnd } from '@selfcare/domain/schemas/usage';
import { useId } from 'react';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { sgDayOf } from '../format.ts';
import { BalanceCard } from './balance-card.tsx';
import { BalancesPage } from './balances-page.tsx';
import { CountrySummary } from './country-summary.tsx';
import { RecordsFilterForm, useRecordsFilter } from './records-filter.tsx';
import { RecordsTable } from './records-table.tsx';
import { bucketOwner, roamingBucketName } from './roaming-groups.tsx';
import '../texts.ts';

/**
 * The Singapore days a bucket is valid, as far as `today` (the portal's): its first day to the day
 * before it ends (it ends at midnight), within the longest period a usage query may span.
 */
export function validDays(b: Pick<Bucket, 'validFrom' | 'validTo'>, today: string) {
  const from = sgDayOf(b.validFrom);
  const last = sgDayOf(new Date(Date.parse(b.validTo) - 1));
  const end = [last, today, usageRangeEnd(from)].sort()[0] as string;
  // A bundle that has not begun yet: its first day alone.
  if (end < from) return { from, last, to: from };
  return { from, last, to: end };
}

function BucketDetail({ bucket, lines, today }: { bucket: Bucket; lines: UsageLine[]; today: string }) {
  const { t } = useTranslation();
  const summaryId = useId();
  const recordsId = useId();
  const days = validDays(bucket, today);
  // A bucket the lines share is drawn by any of them: its records are every line's.
  const line = bucket.shared || bucket.lineId === null ? undefined : bucket.lineId;
  const fixed = { scope: 'roaming', bucket: bucket.id, line } as const;
  const [filter, setFilter] = useRecordsFilter(fixed, { from: days.from, to: days.to });
  const period = { from: formatSg(days.from, 'day'), to: formatSg(days.to, 'day') };
  return (
    <>
      <BalanceCard
        heading={roamingBucketName(bucket, t)}
        subheading={bucketOwner(bucket, lines, t) ?? undefined}
        rows={[{ key: bucket.id, label: t(`usage.kind.${bucket.kind}`), bucket }]}
      >
        <Text size="sm" mt="sm">
          {t('usage.roaming.validity', {
            from: formatSg(days.from, 'day'),
            to: formatSg(days.last, 'day'),
          })}
        </Text>
      </BalanceCard>
      <Stack component="section" aria-labelledby={summaryId} gap="sm">
        <Title order={2} size="h4" id={summaryId}>
          {t('usage.roaming.bundleUse')}
        </Title>
        <CountrySummary
          filter={{ scope: 'roaming', from: days.from, to: days.to, line }}
          caption={t('usage.roaming.caption', period)}
          empty={t('usage.roaming.noUse')}
          withData
        />
      </Stack>
      <Stack component="section" aria-labelledby={recordsId} gap="sm">
        <Title order={2} size="h4" id={recordsId}>
          {t('usage.roaming.records')}
        </Title>
        <RecordsFilterForm value={filter} onChange={setFilter} lines={lines} today={today} fixed={fixed} />
        <RecordsTable filter={filter} />
      </Stack>
    </>
  );
}

/**
 * /dashboard/roamingUsage/{id}/detail and …/detailShareable: one roaming bucket, found among the
 * balances by its id, with the use while it is valid and the records drawn from it.
 */
export function RoamingBucketDetail({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  // The router gives the id decoded: bucket ids hold ':', which links carry encoded.
  const { id = '' } = useParams();
  return (
    <BalancesPage
      route={route}
      after={() => (
        <Text>
          <Link to={pathFor('roamingUsage')}>{t('usage.roaming.back')}</Link>
        </Text>
      )}
    >
      {(balances) => {
        const bucket = balances.buckets.find((b) => b.id === id && b.scope === 'roaming');
        return bucket ? (
          <BucketDetail key={bucket.id} bucket={bucket} lines={balances.lines} today={balances.today} />
        ) : (
          <Text>{tm(Messages.notFound)}</Text>
        );
      }}
    </BalancesPage>
  );
}
