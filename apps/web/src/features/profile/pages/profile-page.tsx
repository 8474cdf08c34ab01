import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** /profile: the profile's pages, as the menu groups them. */
export default function ProfilePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('profile.index.intro')}</Text>
      <List spacing="xs">
        <List.Item>
          <Anchor component={Link} to={pathFor('myProfile')}>
            {t('profile.index.myProfile')}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={pathFor('checkCIS')}>
            {t('profile.index.checkCIS')}
          </Anchor>
        </List.Item>
      </List>
    </Stack>
  );
}
