import { Paper, Stack, Text, Title } from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import type { Bucket, UsageLine } from '@selfcare/domain/contracts/usage';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { lineName } from '../format.ts';
import { BucketRow } from './balance-card.tsx';
import '../texts.ts';

export const ROAMING_GROUPS = ['shareable', 'nonShareable', 'plan'] as const;
export type RoamingGroup = (typeof ROAMING_GROUPS)[number];

/**
 * The roaming buckets in their groups, each a list however many it holds: shareable (shared by the
 * lines), non-shareable (a line's own add-ons) and the plan's own roaming.
 */
export function roamingGroups(buckets: Bucket[]): Record<RoamingGroup, Bucket[]> {
  const roaming = buckets.filter((b) => b.scope === 'roaming');
  return {
    shareable: roaming.filter((b) => b.shared),
    nonShareable: roaming.filter((b) => !b.shared && b.origin !== 'plan'),
    plan: roaming.filter((b) => !b.shared && b.origin === 'plan'),
  };
}

/** Where a bucket's records are: the shareable page for one the lines share. */
export const roamingDetailPath = (b: Pick<Bucket, 'id' | 'shared'>) =>
  pathFor(b.shared ? 'roamingUsageDetailShareable' : 'roamingUsageDetail', { id: b.id });

/** A roaming bucket's name: the plan's own roaming data in the reader's words, a pack by its name. */
export const roamingBucketName = (b: Bucket, t: (key: string) => string): string =>
  b.origin === 'plan' ? t('usage.roaming.planData') : b.name;

/** Whose a bucket is: a line's, or the lines' together. */
export function bucketOwner(b: Bucket, lines: UsageLine[], t: (key: string) => string): string | null {
  if (b.shared || b.lineId === null) return t('usage.shared');
  const line = lines.find((l) => l.id === b.lineId);
  return line ? lineName(line) : null;
}

function RoamingBucket({ bucket, lines }: { bucket: Bucket; lines: UsageLine[] }) {
  const { t } = useTranslation();
  const owner = bucketOwner(bucket, lines, t);
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={4}>
        <BucketRow label={roamingBucketName(bucket, t)} bucket={bucket} />
        {owner && (
          <Text size="sm" c="dimmed">
            {owner}
          </Text>
        )}
        <Text size="sm">
          <Link
            to={roamingDetailPath(bucket)}
            aria-label={t('usage.roaming.detailsOf', { name: roamingBucketName(bucket, t) })}
          >
            {t('usage.roaming.details')}
          </Link>
        </Text>
      </Stack>
    </Paper>
  );
}

/** One group's buckets as a list under its heading. */
export function RoamingGroupList({
  group,
  buckets,
  lines,
}: {
  group: RoamingGroup;
  buckets: Bucket[];
  lines: UsageLine[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t(`usage.roaming.groups.${group}`)}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {buckets.map((b) => (
          <RoamingBucket key={b.id} bucket={b} lines={lines} />
        ))}
      </Stack>
    </Stack>
  );
}
