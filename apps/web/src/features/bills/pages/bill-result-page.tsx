import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { BillMessages, formatMoney, pathFor, type RouteDef } from '@selfcare/domain';
import { useEffect } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { usePayment } from '../api/pay-bill.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';
import { formatBillMonth } from '../../../lib/sg-date.ts';

/** /bills/billResult: how a card payment of a bill ended, asked again while the gateway is silent. */
export default function BillResultPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const payment = usePayment(params.get('payment') ?? '');
  const succeeded = payment.data?.status === 'succeeded';
  useEffect(() => {
    if (succeeded) notifySuccess(BillMessages.paid);
  }, [succeeded]);
  const back = (
    <Group>
      <Button component={Link} to={pathFor('bills')} variant="default">
        {t('bills.resultBack')}
      </Button>
    </Group>
  );
  const heading = (
    <Title order={1} size="h2">
      {pageTitle(route)}
    </Title>
  );
  if (!params.get('payment'))
    return (
      <Stack>
        {heading}
        {back}
      </Stack>
    );
  if (payment.isPending)
    return (
      <Stack>
        {heading}
        <Loader role="status" aria-label={t('common.loading')} />
      </Stack>
    );
  if (payment.isError)
    return (
      <Stack>
        {heading}
        <FormError message={payment.error.message} />
        {back}
      </Stack>
    );
  const p = payment.data;
  return (
    <Stack>
      {heading}
      {p.status === 'succeeded' && (
        <Alert color="green" role="status">
          <Text fw={700}>{tm(BillMessages.paid)}</Text>
          <Text size="sm">
            {t('bills.paidAmount', {
              amount: formatMoney(p.amountCents),
              card: p.card ?? 'PayNow',
              month: formatBillMonth(p.month),
            })}
          </Text>
        </Alert>
      )}
      {p.status === 'failed' && (
        <Alert color="red" role="alert">
          <Text fw={700}>{tm(p.message ?? BillMessages.deductionFailed)}</Text>
          <Text size="sm">{tm(p.advice ?? '')}</Text>
        </Alert>
      )}
      {(p.status === 'refunded' || p.status === 'void') && (
        <Alert color="gray" role="status">
          <Text fw={700}>{t('bills.resultReturned')}</Text>
        </Alert>
      )}
      {p.status === 'pending' && (
        <Alert color="gray" role="status">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text fw={700}>{tm(p.message ?? BillMessages.paymentNotConfirmed)}</Text>
          </Group>
        </Alert>
      )}
      {back}
    </Stack>
  );
}
