import { Button, Paper, Text, Title } from '@mantine/core';
import type { OfferPlan } from '@selfcare/domain/contracts/orders';
import type { MyinfoRef } from '@selfcare/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CisCodeForm } from '../../../components/cis/cis-code-form.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { goToMyinfo } from '../api/myinfo.ts';
import '../texts.ts';

/**
 * CIS eligibility in the wizard: a code to a company email address, or the employer MyInfo reports.
 * Passing adds that company's plans to the offer.
 */
export function CisCheck({ plans, myinfoRef }: { plans: OfferPlan[]; myinfoRef: MyinfoRef }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [myinfoError, setMyinfoError] = useState<string | null>(null);
  const companies = [...new Set(plans.filter((p) => p.group === 'cis').map((p) => p.name))];

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
      <CisCodeForm
        labels={{
          email: t('order.cis.email'),
          sendCode: t('order.cis.sendCode'),
          code: t('order.cis.code'),
          check: t('order.cis.check'),
        }}
        onPassed={() => client.invalidateQueries({ queryKey: ['orders', 'offer'] })}
      />
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
