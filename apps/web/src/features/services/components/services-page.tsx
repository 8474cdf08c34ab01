import { Paper, Stack, Text, Title } from '@mantine/core';
import { pathFor, type RouteDef, routeByName } from '@selfcare/domain';
import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { type ReactNode, useId } from 'react';
import { QueryList } from '../../../components/ui/query-view.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useLineServices } from '../api/line-services.ts';
import { lineName } from './line-name.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** A page of the line services: its title, its intro, then what `children` makes of the lines. */
export function ServicesPage({
  route,
  intro,
  children,
}: {
  route: RouteDef;
  intro?: string;
  children: (lines: LineServices[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const read = useLineServices();
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      {intro && <Text>{intro}</Text>}
      <QueryList query={read} empty={t('services.noLines')}>
        {children}
      </QueryList>
    </Stack>
  );
}

/** One line's card: its name as a heading, its status, a note while the network applies a change. */
export function LineCard({ line, children }: { line: LineServices; children: ReactNode }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={nameId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={nameId}>
          {lineName(line)}
        </Title>
        <Text fw={600}>{t('services.status', { status: tm(line.status) })}</Text>
        {line.pending && (
          <Text size="sm" c="dimmed">
            {t('services.pending')}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** An edit page's answer for a line that is not among the customer's live lines: back to the list. */
export function LineNotFound({ list }: { list: 'suspension' | 'internationalCall' }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t('services.notFound')}</Text>
      <Link to={pathFor(list)}>{t('services.back', { page: pageTitle(routeByName(list)) })}</Link>
    </Stack>
  );
}
