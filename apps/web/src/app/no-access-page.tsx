import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Messages, pathFor } from '@selfcare/domain';
import { tm, useTranslation } from '../lib/i18n.ts';
import { Link } from '../lib/router.tsx';
import { settings } from './settings.ts';

export function NoAccessPage() {
  const { t } = useTranslation();
  const s = settings();
  return (
    <Paper withBorder p="xl" maw={640} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          {tm(Messages.noAccessTitle)}
        </Title>
        <Text>{tm(Messages.noAccessText)}</Text>
        <Text c="dimmed">{t('noAccess.help', { email: s.supportEmail, phone: s.supportPhone })}</Text>
        <Button component={Link} to={pathFor('dashboard')} w="fit-content">
          {t('noAccess.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
