import { Anchor, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, pathFor, type RouteDef } from '@selfcare/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CisCodeForm } from '../../../components/cis/cis-code-form.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { Link } from '../../../lib/router.tsx';
import { useCorporatePlans } from '../api/cis.ts';
import { CisMyinfoCheck } from '../components/cis-myinfo-check.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** The corporate plans the customer's lines may move to, with the way to the plan change. */
function CorporatePlans() {
  const { t } = useTranslation();
  const plans = useCorporatePlans();
  if (!plans.data)
    return plans.isError ? null : <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (plans.data.length === 0) return <Text>{t('profile.cis.none')}</Text>;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="cis-plans-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="cis-plans-title">
          {t('profile.cis.plansTitle')}
        </Title>
        <List spacing="xs">
          {plans.data.map((p) => (
            <List.Item key={p.code}>
              <Text span fw={600}>
                {p.name}
              </Text>{' '}
              · {t('profile.cis.price', { price: formatMoney(p.monthlyCents) })} ·{' '}
              {ownWords(p.description, p.descriptions)}
            </List.Item>
          ))}
        </List>
        <Anchor component={Link} to={pathFor('planChange')}>
          {t('profile.cis.change')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * /profile/checkCIS: a customer with a line checks their company's scheme by a code to their work
 * email, or by the employer MyInfo holds for them; passing shows the corporate plans they may move to.
 */
export default function CheckCisPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onPassed = useCallback(() => client.invalidateQueries({ queryKey: ['plan-changes'] }), [client]);
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('profile.cis.intro')}</Text>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="cis-email-title">
        <Title order={2} size="h4" id="cis-email-title" mb="xs">
          {t('profile.cis.byEmail')}
        </Title>
        <CisCodeForm
          labels={{
            email: t('profile.cis.email'),
            sendCode: t('profile.cis.sendCode'),
            code: t('profile.cis.code'),
            check: t('profile.cis.check'),
          }}
          onPassed={onPassed}
        />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="cis-myinfo-title">
        <Title order={2} size="h4" id="cis-myinfo-title" mb="xs">
          {t('profile.cis.byMyinfo')}
        </Title>
        <CisMyinfoCheck path={route.path} onPassed={onPassed} />
      </Paper>
      <CorporatePlans />
    </Stack>
  );
}
