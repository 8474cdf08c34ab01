import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import type { OfferPlan } from '@selfcare/domain/contracts/orders';
import { cisEmailSchema, cisOtpSchema, type MyinfoRef } from '@selfcare/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { reloadSessionUser } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { checkCisCode, goToMyinfo, sendCisCode } from '../api/myinfo.ts';

/**
 * CIS eligibility in the wizard: a code to a company email address, or the employer MyInfo reports.
 * Passing adds that company's plans to the offer.
 */
export function CisCheck({ plans, myinfoRef }: { plans: OfferPlan[]; myinfoRef: MyinfoRef }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [myinfoError, setMyinfoError] = useState<string | null>(null);
  const emailForm = useZodForm(cisEmailSchema, { email: '' });
  const codeForm = useZodForm(cisOtpSchema, { email: '', otp: '' });
  const companies = [...new Set(plans.filter((p) => p.group === 'cis').map((p) => p.name))];

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
    await client.invalidateQueries({ queryKey: ['orders', 'offer'] });
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cis-title">
      <Title order={3} size="h4" id="cis-title" mb="xs">
        {t('order.cis.title')}
      </Title>
      {companies.length > 0 && (
        <Text mb="xs">{t('order.cis.eligibleFor', { companies: companies.join(', ') })}</Text>
      )}
      <Text size="sm" mb="sm">
        {t('order.cis.intro')}
      </Text>
      <form onSubmit={send} noValidate>
        <Group align="flex-end">
          <TextInput
            label={t('order.cis.email')}
            type="email"
            autoComplete="work email"
            value={emailForm.values.email}
            onChange={(e) => emailForm.setField('email', e.currentTarget.value)}
            error={emailForm.errors.email ?? emailForm.formError}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" variant="outline">
            {t('order.cis.sendCode')}
          </Button>
        </Group>
      </form>
      {sentTo && (
        <form onSubmit={check} noValidate>
          <Group align="flex-end" mt="sm">
            <TextInput
              label={t('order.cis.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={codeForm.values.otp}
              onChange={(e) => codeForm.setField('otp', e.currentTarget.value)}
              error={codeForm.errors.otp ?? codeForm.errors.email ?? codeForm.formError}
            />
            <Button type="submit">{t('order.cis.check')}</Button>
          </Group>
        </form>
      )}
      {notice && (
        <Text mt="sm" role="status">
          {notice}
        </Text>
      )}
      <Button
        mt="sm"
        variant="subtle"
        onClick={() => goToMyinfo(myinfoRef).catch((err: Error) => setMyinfoError(err.message))}
      >
        {t('order.cis.withMyinfo')}
      </Button>
      {myinfoError && (
        <Text c="red.9" role="alert">
          {myinfoError}
        </Text>
      )}
    </Paper>
  );
}
