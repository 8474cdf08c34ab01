import { Paper, Stack, Text, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import { useTranslation } from '../lib/i18n.ts';
import { pageTitle } from '../lib/route-texts.ts';
import { settings } from './settings.ts';

/** For a service the portal does not offer online yet: says so and where to get help. */
export default function UnavailablePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const s = settings();
  return (
    <Paper withBorder p="xl" maw={720}>
      <Stack>
        <Title order={1} size="h2">
          {pageTitle(route)}
        </Title>
        <Text>{t('unavailable.text', { email: s.supportEmail, phone: s.supportPhone })}</Text>
      </Stack>
    </Paper>
  );
}
