import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { manageServicesFor, type RouteDef, titleOf } from '@selfcare/domain';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';

/** /manage (index): the services this user may use, each with what it is for. */
export default function ManagePage({ route }: { route: RouteDef }) {
  const { user } = useSession();
  const services = user ? manageServicesFor(user) : [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
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
