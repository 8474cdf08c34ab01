import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { manageServicesFor, type RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import '../texts.ts';
import '../../../lib/menu-texts.ts';
import { menuDescription, menuTitle, pageTitle } from '../../../lib/route-texts.ts';

/** /manage (index): the services this user may use, each with what it is for. */
export default function ManagePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const services = user ? manageServicesFor(user) : [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
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
                {menuTitle(s)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {menuDescription(s)}
              </Text>
            </Paper>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
