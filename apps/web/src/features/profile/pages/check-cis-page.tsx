import { Anchor, Button, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, pathFor, type RouteDef, titleOf } from '@selfcare/domain';
import { cisEmailSchema, cisOtpSchema } from '@selfcare/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { reloadSessionUser } from '../../../lib/api.ts';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { checkCisCode, sendCisCode, useCorporatePlans } from '../api/cis.ts';
import { profileEn } from '../locales.ts';

addResources('en', 'profile', profileEn);

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
              · {t('profile.cis.price', { price: formatMoney(p.monthlyCents) })} · {p.description}
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

/** /profile/checkCIS: a customer with a line checks their company's scheme by a code to their work email. */
export default function CheckCisPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const emailForm = useZodForm(cisEmailSchema, { email: '' });
  const codeForm = useZodForm(cisOtpSchema, { email: '', otp: '' });

  const send = emailForm.submit(async ({ email }) => {
    const res = await sendCisCode(email);
    setSentTo(email);
    codeForm.setField('email', email);
    setNotice(res.message);
  });
  const check = codeForm.submit(async ({ email, otp }) => {
    const res = await checkCisCode(email, otp);
    notifySuccess(res.message);
    setSentTo(null);
    setNotice(res.message);
    await reloadSessionUser();
    await client.invalidateQueries({ queryKey: ['plan-changes'] });
  });

  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      <Text>{t('profile.cis.intro')}</Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={send} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t('profile.cis.email')}
              type="email"
              autoComplete="work email"
              value={emailForm.values.email}
              onChange={(e) => emailForm.setField('email', e.currentTarget.value)}
              error={emailForm.errors.email ?? emailForm.formError}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" variant="outline">
              {t('profile.cis.sendCode')}
            </Button>
          </Group>
        </form>
        {sentTo && (
          <form onSubmit={check} noValidate>
            <Group align="flex-end" mt="sm">
              <TextInput
                label={t('profile.cis.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={codeForm.values.otp}
                onChange={(e) => codeForm.setField('otp', e.currentTarget.value)}
                error={codeForm.errors.otp ?? codeForm.errors.email ?? codeForm.formError}
              />
              <Button type="submit">{t('profile.cis.check')}</Button>
            </Group>
          </form>
        )}
        {notice && (
          <Text mt="sm" role="status">
            {notice}
          </Text>
        )}
      </Paper>
      <CorporatePlans />
    </Stack>
  );
}
