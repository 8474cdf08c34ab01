import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatMoney } from '@selfcare/domain';
import { UNMATCHED_REASON_TEXT, type UnmatchedPayment } from '@selfcare/domain/contracts/unmatched-payments';
import { applyUnmatchedSchema, StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { t, useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

const KEY = ['staff', 'payments', 'unmatched'];

/** '3 days 4 hours', '2 hours 5 minutes', '40 minutes': how long a payment has waited. */
export function waited(seconds: number): string {
  const unit = (count: number, key: 'days' | 'hours' | 'minutes') => t(`staff.payments.${key}`, { count });
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'days')} ${unit(hours, 'hours')}` : unit(days, 'days');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hours')} ${unit(minutes, 'minutes')}` : unit(hours, 'hours');
  return unit(minutes, 'minutes');
}

/** A supervisor names the bill to apply the payment to, and why. */
function ApplyForm({ payment, onDone }: { payment: UnmatchedPayment; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(applyUnmatchedSchema, { billNumber: payment.bill?.number ?? '', reason: '' });
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = form.submit(async (data) => {
    setBusy(true);
    try {
      const res = await staffCall('POST /staff/payments/unmatched/:id/apply', {
        params: { id: payment.id },
        body: data,
      });
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      onDone();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('staff.payments.applyForm', { reference: payment.reference })}
    >
      <Stack gap="xs">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput
          ref={first}
          label={t('staff.payments.billNumber')}
          description={t('staff.payments.billNumberHint')}
          required
          {...form.fieldProps('billNumber')}
        />
        <Textarea
          label={t('staff.common.reason')}
          required
          autosize
          minRows={2}
          {...form.fieldProps('reason')}
        />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            {t('staff.payments.confirmApply', { amount: formatMoney(payment.amountCents) })}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('staff.common.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Payment({ payment, canResolve }: { payment: UnmatchedPayment; canResolve: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'apply' | 'return' | null>(null);
  const customer = payment.bill?.customer;
  const card = payment.source === 'gateway';
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('staff.payments.payment', { reference: payment.reference })}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {card
            ? t('staff.payments.byCard', {
                amount: formatMoney(payment.amountCents),
                reference: payment.reference,
              })
            : t('staff.payments.byPayNow', {
                amount: formatMoney(payment.amountCents),
                reference: payment.reference,
              })}
        </Title>
        <Text size="sm">
          {UNMATCHED_REASON_TEXT[payment.reason]}
          {payment.bill ? ` (${payment.bill.number})` : ''}.{' '}
          {t(card ? 'staff.payments.cardSettled' : 'staff.payments.bankSettled', {
            date: formatSg(payment.settledAt, 'moment'),
            id: payment.id,
          })}
        </Text>
        {customer && (
          <Group gap="md">
            <Text size="sm">
              {customer.name}, {customer.email ?? t('staff.common.noEmail')}
            </Text>
            <Anchor component={Link} to={staffPathFor('staffBilling', { id: customer.id })} size="sm">
              {t('staff.common.customerBills')}
            </Anchor>
          </Group>
        )}
        {canResolve && open === null && (
          <Group>
            {!card && (
              <Button size="xs" variant="default" onClick={() => setOpen('apply')}>
                {t('staff.payments.apply')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setOpen('return')}>
              {card ? t('staff.payments.refund') : t('staff.payments.sendBack')}
            </Button>
          </Group>
        )}
        {open === 'apply' && <ApplyForm payment={payment} onDone={() => setOpen(null)} />}
        {open === 'return' && (
          <StaffReasonForm
            label={t(card ? 'staff.payments.refundReason' : 'staff.payments.sendBackReason', {
              amount: formatMoney(payment.amountCents),
            })}
            confirm={card ? t('staff.payments.confirmRefund') : t('staff.payments.confirmSendBack')}
            send={async (reason) => {
              const res = await staffCall('POST /staff/payments/unmatched/:id/return', {
                params: { id: payment.id },
                body: {
                  reason,
                },
              });
              await queryClient.invalidateQueries({ queryKey: KEY });
              return res;
            }}
            onDone={() => setOpen(null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** /staff/payments: money the bank credited that no bill could take, oldest first (ADR 0033). */
export default function UnmatchedPaymentsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffCall('GET /staff/payments/unmatched')).data,
  });
  const canResolve = !!staff && staffMay(staff.role, StaffPermission.ResolvePayments);
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('staff.payments.title')}
      </Title>
      <Text size="sm">
        {t('staff.payments.intro')}
        {canResolve ? '' : ` ${t('staff.payments.supervisorOnly')}`}
      </Text>
      {query.isPending ? (
        <Text>{t('staff.common.loading')}</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Text>{t('staff.payments.none')}</Text>
      ) : (
        <>
          <Text fw={700} role="status">
            {t('staff.payments.open', {
              count: query.data.items.length,
              waited: waited(query.data.oldestAgeSeconds ?? 0),
            })}
          </Text>
          {query.data.items.map((p) => (
            <Payment key={p.id} payment={p} canResolve={canResolve} />
          ))}
        </>
      )}
    </Stack>
  );
}
