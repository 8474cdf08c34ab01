import { Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, formatSgMobile, TypeSim } from '@selfcare/domain';
import type { DraftDelivery } from '@selfcare/domain/contracts/orders';
import { formatAddress, OrderMessages } from '@selfcare/domain/order';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { getSummary, startCheckout } from '../api/checkout.ts';
import '../texts.ts';

/**
 * `notice`: why the customer is back here from the card page, if they are. `termsAccepted`: they
 * are back from it, so they accepted the terms to get there.
 */
export function SummaryStep({
  onBack,
  notice,
  termsAccepted = false,
}: {
  onBack: () => void;
  notice: string | null;
  termsAccepted?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string | undefined>(undefined);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(termsAccepted);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(notice);
  const [paying, setPaying] = useState(false);
  const summary = useQuery({
    queryKey: ['orders', 'summary', applied ?? ''],
    queryFn: () => getSummary(applied),
  });

  const apply = async () => {
    setCodeError(null);
    try {
      await getSummary(code.trim());
      setApplied(code.trim());
    } catch (err) {
      setCodeError((err as Error).message);
    }
  };
  const pay = async () => {
    setError(null);
    if (!accepted) return setTermsError(OrderMessages.acceptTerms);
    setPaying(true);
    try {
      const { redirectUrl } = await startCheckout({ acceptTerms: true, promotionCode: applied ?? null });
      // The card is typed on the gateway's own page; it sends the customer back here.
      window.location.assign(redirectUrl);
    } catch (err) {
      setError((err as Error).message);
      setPaying(false);
    }
  };

  if (summary.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (summary.isError) return <FormError message={summary.error.message} />;
  const { lines, quote, roadshow, typeSim } = summary.data;
  // The summary's contract leaves `delivery` open; it is the draft's step 4 as saved.
  const delivery = summary.data.delivery as DraftDelivery;
  const shipTo = delivery.delivery ?? null;
  const billTo = delivery.billing ?? shipTo;
  return (
    <Stack>
      <FormError message={error} />
      <Paper withBorder p="md" radius="md">
        <Table>
          <Table.Caption>{t('order.linesCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('order.line')}</Table.Th>
              <Table.Th scope="col">{t('order.plan')}</Table.Th>
              <Table.Th scope="col">{t('order.number')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.label}>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td>
                  {l.planName}
                  {l.addons.length > 0 && (
                    <Text size="sm" c="dimmed">
                      {l.addons.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {formatSgMobile(l.msisdn)}
                  <Text size="sm" c="dimmed">
                    {l.numberType === 'RETAIN'
                      ? t('order.portedFrom', { network: l.donorNetwork ?? '' })
                      : t('order.newNumber')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Table>
          <Table.Caption>{t('order.deliveryCaption')}</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('order.simType')}</Table.Th>
              <Table.Td>{typeSim === TypeSim.ESim ? t('order.esim') : t('order.physical')}</Table.Td>
            </Table.Tr>
            {delivery.deliveryMethod !== null && (
              <Table.Tr>
                <Table.Th scope="row">{t('order.deliveryMethod')}</Table.Th>
                <Table.Td>
                  {t(`order.methods.${delivery.deliveryMethod}`)}
                  {delivery.deliveryDate && `, ${formatSg(delivery.deliveryDate, 'weekday')}`}
                </Table.Td>
              </Table.Tr>
            )}
            {shipTo && (
              <Table.Tr>
                <Table.Th scope="row">{t('order.deliveryAddress')}</Table.Th>
                <Table.Td>{formatAddress(shipTo)}</Table.Td>
              </Table.Tr>
            )}
            {billTo && (
              <Table.Tr>
                <Table.Th scope="row">{t('order.billingAddress')}</Table.Th>
                <Table.Td>{formatAddress(billTo)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Table>
          <Table.Caption>{t('order.chargesCaption')}</Table.Caption>
          <Table.Tbody>
            {quote.items.map((i) => (
              <Table.Tr key={`${i.kind}-${i.label}`}>
                <Table.Td>
                  {i.kind === 'delivery' && i.amountCents === 0
                    ? `${tm(i.label)} (${t('order.free')})`
                    : tm(i.label)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(i.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('order.total')}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatMoney(quote.totalCents)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('order.gstIncluded', { percent: quote.gstPercent })}</Table.Td>
              <Table.Td ta="right">{formatMoney(quote.gstCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{roadshow ? t('order.dueNowRoadshow') : t('order.dueNow')}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatMoney(quote.dueNowCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Group align="flex-end">
        <TextInput
          label={t('order.promotionCode')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={codeError}
        />
        <Button variant="outline" onClick={apply}>
          {t('order.applyCode')}
        </Button>
      </Group>
      <Checkbox
        label={t('order.acceptTerms')}
        checked={accepted}
        onChange={(e) => {
          setAccepted(e.currentTarget.checked);
          setTermsError(null);
        }}
        error={termsError && tm(termsError)}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('order.back')}
        </Button>
        <Button onClick={pay} loading={paying}>
          {roadshow ? t('order.saveCard') : t('order.pay', { amount: formatMoney(quote.dueNowCents) })}
        </Button>
      </Group>
    </Stack>
  );
}
