import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatUsage } from '@selfcare/domain';
import { type Bucket, USAGE_KINDS, type UsageKind, type UsageLine } from '@selfcare/domain/contracts/usage';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { lineName } from '../format.ts';
import '../texts.ts';

/** One row of a balance card: a bucket, a kind the plan gives without limit, or one it does not give. */
export type BalanceRow =
  | { key: string; label: string; bucket: Bucket }
  | { key: string; label: string; unlimited: true }
  | { key: string; label: string; none: true };

const ORIGIN_ORDER = { plan: 0, rollover: 1, addon: 2 } as const;

function bucketLabel(b: Bucket, t: (key: string) => string): string {
  if (b.origin === 'plan') return t(`usage.kind.${b.kind}`);
  if (b.origin === 'rollover' && b.kind === 'data') return t('usage.rollover');
  return b.name;
}

/** The rows of buckets of one kind, the plan's first, then rollover, then add-ons. */
function bucketRows(buckets: Bucket[], t: (key: string) => string): BalanceRow[] {
  return [...buckets]
    .sort((a, b) => ORIGIN_ORDER[a.origin] - ORIGIN_ORDER[b.origin])
    .map((b) => ({ key: b.id, label: bucketLabel(b, t), bucket: b }));
}

/**
 * A line's local rows, Data, Talk time and SMS in that order. A kind the line has no bucket of and
 * that a shared bucket covers is left to the shared card.
 */
export function lineRows(
  line: UsageLine,
  buckets: Bucket[],
  sharedKinds: ReadonlySet<UsageKind>,
  t: (key: string) => string,
): BalanceRow[] {
  return USAGE_KINDS.flatMap((kind): BalanceRow[] => {
    const label = t(`usage.kind.${kind}`);
    if (line.unlimited[kind]) return [{ key: kind, label, unlimited: true }];
    const own = buckets.filter((b) => b.lineId === line.id && b.kind === kind);
    if (own.length) return bucketRows(own, t);
    return sharedKinds.has(kind) ? [] : [{ key: kind, label, none: true }];
  });
}

/** The shared buckets' rows, by kind. */
export const sharedRows = (shared: Bucket[], t: (key: string) => string): BalanceRow[] =>
  USAGE_KINDS.flatMap((kind) =>
    bucketRows(
      shared.filter((b) => b.kind === kind),
      t,
    ),
  );

/** What is left of a bucket, as text and as a bar of the part left. */
export function BucketRow({ label, bucket }: { label: string; bucket: Bucket }) {
  const { t } = useTranslation();
  const left = formatUsage(bucket.remaining, bucket.unit);
  const size = formatUsage(bucket.size, bucket.unit);
  const percent =
    bucket.size > 0 ? Math.round(Math.min(100, Math.max(0, (bucket.remaining / bucket.size) * 100))) : 0;
  return (
    <Stack gap={4}>
      <Text fw={600}>{label}</Text>
      <Text>{t('usage.left', { left, size })}</Text>
      <Progress value={percent} aria-label={t('usage.leftLabel', { name: label, left, size })} />
      {bucket.origin !== 'plan' && (
        <Text size="sm" c="dimmed">
          {/* validTo is the instant it ends, 00:00 on the next 1st: its last day is the one before,
              and a monthly add-on that goes on renews then. */}
          {bucket.renews
            ? t('usage.addOnRenews', { date: formatSg(bucket.validTo, 'day') })
            : t('usage.expires', {
                date: formatSg(new Date(Date.parse(bucket.validTo) - 1).toISOString(), 'day'),
              })}
        </Text>
      )}
    </Stack>
  );
}

function Row({ row }: { row: BalanceRow }) {
  const { t } = useTranslation();
  if ('bucket' in row) return <BucketRow label={row.label} bucket={row.bucket} />;
  return (
    <Stack gap={4}>
      <Text fw={600}>{row.label}</Text>
      <Text c={'none' in row ? 'dimmed' : undefined}>
        {'unlimited' in row ? t('usage.unlimited') : t('usage.unavailable')}
      </Text>
    </Stack>
  );
}

/** A card of balance rows under a heading: one line's, or those the lines share; `children` close it. */
export function BalanceCard({
  heading,
  subheading,
  rows,
  children,
}: {
  heading: string;
  subheading?: string;
  rows: BalanceRow[];
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {heading}
      </Title>
      {subheading && (
        <Text size="sm" c="dimmed">
          {subheading}
        </Text>
      )}
      <Stack mt="md" gap="md">
        {rows.map((row) => (
          <Row key={row.key} row={row} />
        ))}
      </Stack>
      {children}
    </Paper>
  );
}

/** One line's card: its number, 'Me' or 'Us', its plan, its local buckets, and `children` below. */
export function LineCard({
  line,
  buckets,
  sharedKinds,
  children,
}: {
  line: UsageLine;
  buckets: Bucket[];
  sharedKinds: ReadonlySet<UsageKind>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <BalanceCard
      heading={lineName(line)}
      subheading={line.planName}
      rows={line.ended ? [] : lineRows(line, buckets, sharedKinds, t)}
    >
      {line.ended && <Text>{t('usage.ended')}</Text>}
      {children}
    </BalanceCard>
  );
}
