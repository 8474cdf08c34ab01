import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { pathFor, type RouteName } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import '../texts.ts';

/** One question and its answer, resolved to the reader's language and what they may open. */
export interface Answer {
  id: string;
  question: string;
  paragraphs: string[];
  links: { route: RouteName; page: string }[];
  /** Question, answer and the pages it links to, as the search compares them. */
  searchText: string;
}

/**
 * A question as a native disclosure: the summary is its button (Enter and Space open it, and screen
 * readers say whether it is expanded), the answer and its links to the portal's pages beneath.
 */
export function FaqItem({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  return (
    <Paper component="details" withBorder radius="md">
      <Box component="summary" p="md" fw={600} style={{ cursor: 'pointer' }}>
        {answer.question}
      </Box>
      <Stack gap="xs" px="md" pb="md">
        {answer.paragraphs.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
        {answer.links.length > 0 && (
          <Group component="ul" className="plain-list" gap="md" aria-label={t('help.related')}>
            {answer.links.map((l) => (
              <li key={l.route}>
                <Anchor component={Link} to={pathFor(l.route)} fw={600}>
                  {t('help.goTo', { page: l.page })}
                </Anchor>
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
