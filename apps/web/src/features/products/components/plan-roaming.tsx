import { Loader, Paper, Stack, Text } from '@mantine/core';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePlanRoaming } from '../api/plan-roaming.ts';
import { lastDay } from './format.ts';
import { lineName } from './line-heading.ts';
import { GroupList } from './owned-products.tsx';
import '../texts.ts';

/** The roaming data each line's plan includes, with the plan's name and until when it serves. */
export function PlanRoamingGroup({ view }: { view: ProductsView }) {
  const { t } = useTranslation();
  const plan = usePlanRoaming();
  const heading = t('products.groups.plan');
  if (plan.isPending)
    return (
      <GroupList
        heading={heading}
        items={[]}
        empty={<Loader size="sm" role="status" aria-label={t('common.loading')} />}
      />
    );
  if (plan.isError)
    return (
      <GroupList
        heading={heading}
        items={[]}
        empty={<Text size="sm">{t('products.owned.planUnavailable')}</Text>}
      />
    );
  const items = plan.data.flatMap((b) => {
    const line = view.lines.find((l) => l.id === b.lineId);
    if (!line) return [];
    return [
      <Paper key={b.id} component="li" withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text fw={600}>{line.planName}</Text>
          <Text size="sm">{t('products.owned.includedInPlan')}</Text>
          <Text size="sm">{t('products.owned.serves', { lines: lineName(line) })}</Text>
          <Text size="sm">{t('products.owned.validUntil', { date: lastDay(b.validTo) })}</Text>
        </Stack>
      </Paper>,
    ];
  });
  return <GroupList heading={heading} items={items} />;
}
