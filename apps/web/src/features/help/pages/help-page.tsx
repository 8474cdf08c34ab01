import { Anchor, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { decideNavigation, type RouteDef, type RouteName, routeByName } from '@selfcare/domain';
import { useId, useState } from 'react';
import { settings } from '../../../app/settings.ts';
import { hasText, useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { answerVars, matches, namesAFee, normalize, paragraphKeys, TOPICS } from '../components/faq.ts';
import { type Answer, FaqItem } from '../components/faq-item.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** The support contacts of the operator's configuration, as links a phone or mail app opens. */
function SupportContacts() {
  const { t } = useTranslation();
  const s = settings();
  return (
    <Group component="ul" className="plain-list" gap="lg">
      <li>
        <Anchor href={`mailto:${s.supportEmail}`}>
          {t('help.contact.email', { email: s.supportEmail })}
        </Anchor>
      </li>
      <li>
        <Anchor href={`tel:${s.supportPhone.replace(/[^\d+]/g, '')}`}>
          {t('help.contact.phone', { phone: s.supportPhone })}
        </Anchor>
      </li>
    </Group>
  );
}

/** Every answer by topic, in the reader's language, linking only to the pages they may open. */
function useAnswers() {
  const { t } = useTranslation();
  const { user } = useSession();
  const s = settings();
  const vars = answerVars({ email: s.supportEmail, phone: s.supportPhone }, s.fees);
  const mayOpen = (name: RouteName) => !!user && decideNavigation(user, routeByName(name)).kind === 'allow';
  return TOPICS.map((topic) => ({
    id: topic.id,
    title: t(`help.topics.${topic.id}`),
    // The fees are the operator's, from the settings; without them an answer that names one is left out.
    answers: topic.questions
      .filter(({ id }) => s.fees !== null || !namesAFee(id))
      .map(({ id, links = [] }): Answer => {
        const question = t(`help.faq.${id}.q`);
        const paragraphs = paragraphKeys(id).map((key) => t(key, vars));
        const open = links
          .filter(mayOpen)
          .map((name) => ({ route: name, page: pageTitle(routeByName(name)) }));
        // The words customers search with that the answer does not use ('late fee', 'terminate').
        const keywords = hasText(`help.faq.${id}.k`) ? t(`help.faq.${id}.k`) : '';
        const searchText = normalize(
          [question, ...paragraphs, ...open.map((l) => l.page), keywords].join(' '),
        );
        return { id, question, paragraphs, links: open, searchText };
      }),
  }));
}

/** /helps: answers to common questions, searchable as the customer types, and how to reach support. */
export default function HelpPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const topics = useAnswers();
  const contactId = useId();
  const ids = useId();

  const q = query.trim();
  const shown = topics
    .map((topic) => ({ ...topic, answers: topic.answers.filter((a) => matches(a.searchText, q)) }))
    .filter((topic) => topic.answers.length > 0);
  const count = shown.reduce((n, topic) => n + topic.answers.length, 0);
  const total = topics.reduce((n, topic) => n + topic.answers.length, 0);
  const announcement = !q
    ? t('help.all', { count: total })
    : count === 0
      ? t('help.none', { query: q })
      : count === 1
        ? t('help.one', { query: q })
        : t('help.many', { count, query: q });

  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('help.intro')}</Text>
      <TextInput
        type="search"
        label={t('help.search')}
        description={t('help.searchHint')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        autoComplete="off"
        maw={560}
      />
      <Text role="status" aria-live="polite" aria-atomic="true" size="sm" fw={600}>
        {announcement}
      </Text>

      {count === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Text>{t('help.noneHelp')}</Text>
            <SupportContacts />
          </Stack>
        </Paper>
      )}

      {shown.map((topic) => (
        <Stack component="section" key={topic.id} gap="xs" aria-labelledby={`${ids}-${topic.id}`}>
          <Title order={2} size="h3" id={`${ids}-${topic.id}`}>
            {topic.title}
          </Title>
          {topic.answers.map((answer) => (
            <FaqItem key={answer.id} answer={answer} />
          ))}
        </Stack>
      ))}

      <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={contactId}>
        <Title order={2} size="h3" id={contactId} mb="xs">
          {t('help.contact.title')}
        </Title>
        <Text mb="xs">{t('help.contact.text')}</Text>
        <SupportContacts />
      </Paper>
    </Stack>
  );
}
