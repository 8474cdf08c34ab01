import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { manageServicesFor, type RouteDef, titleOf } from '@selfcare/domain';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { servicesEn } from '../locales.ts';

addResources('en', 'services', servicesEn);

/** /manage (index): the services this user may use, each with what it is for. */
export default function ManagePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const services = user ? manageServicesFor(user) : [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      {services.length === 0 && (
        <Text>
          {t(user?.isMainLine === false ? 'services.manage.holderManages' : 'services.manage.none')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className="plain-list">
        {services.map((s) => (
          <li key={s.id}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Anchor component={Link} to={s.link} fw={600}>
                {s.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {s.description}
              </Text>
            </Paper>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
