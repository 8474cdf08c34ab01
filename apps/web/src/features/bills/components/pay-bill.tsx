import { Alert, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, pathFor } from '@selfcare/domain';
import type { BillDetail, BillList } from '@selfcare/domain/contracts/bills';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { t, useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { usePayByCard, usePayNowQr, usePayNowSent } from '../api/pay-bill.ts';
import '../texts.ts';
import { formatSgDay } from '../../../lib/sg-date.ts';

type Card = NonNullable<BillList['card']>;

const cardText = (c: Card) =>
  t('bills.cardShort', {
    brand: c.brand.toUpperCase(),
    last4: c.last4,
    funding: c.funding,
    expiry: `${String(c.expMonth).padStart(2, '0')}/${c.expYear}`,
  });

/**
 * Paying what is left on a bill: by the saved card after the customer sees the amount and the card,
 * or by PayNow with a QR, the UEN and the reference, then "I have paid". After a failed deduction it
 * first says when the card deduction is tried again, or that it is not.
 */
export function PayBill({ bill, card }: { bill: BillDetail; card: Card | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const byCard = usePayByCard();
  const qr = usePayNowQr();
  const sent = usePayNowSent();
  const amount = formatMoney(bill.outstandingCents);

  // From the mutation's promise, not mutate's onSuccess: the bills refreshed after paying show this
  // bill paid, which takes this form off the page, and mutate's callbacks are dropped with it. A
  // refusal is shown from byCard.error.
  const payByCard = () =>
    byCard
      .mutateAsync(bill.id)
      .then((p) => navigate(`${pathFor('billResult')}?payment=${p.id}`))
      .catch(() => {});

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pay-title">
      <Stack>
        <Title order={3} size="h4" id="pay-title">
          {t('bills.payTitle', { amount })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <Text fw={600}>{t('bills.byCard')}</Text>
            {card ? (
              <>
                <Text size="sm">{cardText(card)}</Text>
                {confirming ? (
                  <>
                    <Text size="sm">
                      {t('bills.confirmCard', {
                        amount,
                        card: `${card.brand.toUpperCase()} •••• ${card.last4}`,
                      })}
                    </Text>
                    <Group>
                      <Button loading={byCard.isPending} onClick={payByCard}>
                        {t('bills.confirm', { amount })}
                      </Button>
                      <Button
                        variant="default"
                        onClick={() => setConfirming(false)}
                        disabled={byCard.isPending}
                      >
                        {t('bills.cancel')}
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Group>
                    <Button onClick={() => setConfirming(true)}>{t('bills.payCard', { amount })}</Button>
                  </Group>
                )}
              </>
            ) : (
              <Text size="sm">{t('bills.noCard')}</Text>
            )}
            {byCard.isError && <FormError message={byCard.error.message} />}
          </Stack>
          <Stack gap="xs">
            <Text fw={600}>{t('bills.byPayNow')}</Text>
            {!qr.data ? (
              <Group>
                <Button variant="default" loading={qr.isPending} onClick={() => qr.mutate(bill.id)}>
                  {t('bills.showQr')}
                </Button>
              </Group>
            ) : (
              <>
                <Image
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
                  alt={t('bills.qrAlt', {
                    amount: formatMoney(qr.data.amountCents),
                    reference: qr.data.reference,
                  })}
                  w={200}
                  h={200}
                />
                <Text size="sm">{t('bills.uen', { uen: qr.data.uen })}</Text>
                <Text size="sm">{t('bills.reference', { reference: qr.data.reference })}</Text>
                <Text size="sm">{t('bills.qrAmount', { amount: formatMoney(qr.data.amountCents) })}</Text>
                <Text size="sm">{t('bills.qrExpires', { date: formatSgDay(qr.data.expiresOn) })}</Text>
                {qr.data.notices.map((n) => (
                  <Alert key={n} color="blue" p="xs">
                    {n}
                  </Alert>
                ))}
                <Group>
                  <Button loading={sent.isPending} onClick={() => sent.mutate(bill.id)}>
                    {t('bills.paidByPayNow')}
                  </Button>
                </Group>
              </>
            )}
            {qr.isError && <FormError message={qr.error.message} />}
            {sent.isError && <FormError message={sent.error.message} />}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
